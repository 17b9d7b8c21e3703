import Testing
import DrawingClassifier
import Pictures

@Suite struct ConfusionHeatMapTests {
    static let matrix: ConfusionMatrix = {
        // counts [[50, 3, 0], [5, 40, 1], [0, 2, 60]]
        var m = ConfusionMatrix(classes: ["arrow", "circle", "cycle"])
        let counts = [[50, 3, 0], [5, 40, 1], [0, 2, 60]]
        for (t, row) in counts.enumerated() {
            for (p, n) in row.enumerated() {
                for _ in 0..<n { m.add(trueLabel: t, predictedLabel: p) }
            }
        }
        return m
    }()

    @Test func cellColoursGetDarkerAsCountsGrow() throws {
        let heatMap = ConfusionHeatMap()
        let canvas = try heatMap.render(Self.matrix)
        let layout = heatMap.layout(classes: Self.matrix.classes)
        #expect(canvas.width == layout.width && canvas.height == layout.height)
        var cells: [(count: Int, luma: UInt8)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let (x, y) = layout.cellOrigin(row: row, column: column)
                let colour = canvas[x + 3, y + 3]  // a corner, away from the text and grid lines
                #expect(colour == ConfusionHeatMap.color(count: Self.matrix.counts[row][column],
                                                         maximum: 60))
                cells.append((Self.matrix.counts[row][column], colour.luma))
            }
        }
        cells.sort { $0.count < $1.count }
        for (a, b) in zip(cells, cells.dropFirst()) {
            if a.count < b.count { #expect(a.luma > b.luma, "\(a) vs \(b)") }
            else { #expect(a.luma == b.luma) }
        }
    }

    @Test func theScaleRunsFromTheLightestToTheDarkestColour() {
        #expect(ConfusionHeatMap.color(count: 0, maximum: 60)
                == RGBColor(red: 247, green: 251, blue: 255))
        #expect(ConfusionHeatMap.color(count: 60, maximum: 60)
                == RGBColor(red: 8, green: 48, blue: 107))
        #expect(ConfusionHeatMap.color(count: 0, maximum: 0)
                == ConfusionHeatMap.color(count: 0, maximum: 60))
        // sqrt scale: a quarter of the maximum is half way.
        #expect(ConfusionHeatMap.color(count: 15, maximum: 60)
                == RGBColor(red: 247, green: 251, blue: 255)
                    .mixed(with: RGBColor(red: 8, green: 48, blue: 107), fraction: 0.5))
    }

    @Test func anEmptyMatrixStillRenders() throws {
        let canvas = try ConfusionHeatMap().render(ConfusionMatrix(classes: ["a", "b"]))
        #expect(canvas.width > 100 && canvas.height > 100)
    }
}
