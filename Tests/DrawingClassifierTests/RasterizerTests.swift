import DrawingClassifier
import Foundation
import Testing
import StrokeFormats
import Pictures
import TestSupport

@Suite struct RasterizerTests {
    static func line(_ points: [(Double, Double)]) -> Stroke {
        Stroke(points: points.map { Point(x: $0.0, y: $0.1) })
    }

    /// A closed polygon approximating a circle of the given radius.
    static func circle(radius: Double, count: Int = 40) -> Stroke {
        line((0...count).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(count)
            return (100 + radius * cos(angle), 100 + radius * sin(angle))
        })
    }

    func rowSums(_ image: GrayImage) -> [Int] {
        (0..<image.height).map { y in (0..<image.width).reduce(0) { $0 + Int(image[$1, y]) } }
    }

    @Test func aHorizontalLineLandsSymmetricallyInTheCentreRows() {
        // Pen 4 units on a 100-unit line: scale 28/104 px per unit, pen ≈ 1.077 px wide,
        // centred on y = 14, so rows 13 and 14 each get half: coverage 0.538 → 137.
        let image = Rasterizer.standard.rasterize([Self.line([(0, 50), (100, 50)])])
        let rows = rowSums(image)
        #expect(rows[13] == rows[14] && rows[13] > 0)
        #expect(rows.indices.allSatisfy { $0 == 13 || $0 == 14 || rows[$0] == 0 })
        #expect(image[14, 13] == 137 && image[14, 14] == 137)
        for x in 0..<14 { #expect(image[x, 13] == image[27 - x, 13]) }  // left-right symmetric
        #expect(image[0, 13] > 0 && image[27, 13] > 0)  // the ink spans the width
    }

    @Test func aVerticalLineIsTheTransposeOfAHorizontalOne() {
        let r = Rasterizer.standard
        let horizontal = r.rasterize([Self.line([(0, 0), (70, 0)])])
        let vertical = r.rasterize([Self.line([(5, -10), (5, 60)])])
        for y in 0..<28 { for x in 0..<28 { #expect(horizontal[x, y] == vertical[y, x]) } }
    }

    @Test func theAspectRatioIsKeptAndTheDrawingCentred() {
        // A 100×50 rectangle outline: the long side spans 28 px, the short about 28/2.
        let rectangle = Self.line([(0, 0), (100, 0), (100, 50), (0, 50), (0, 0)])
        let stats = InkStatistics(image: Rasterizer.standard.rasterize([rectangle]))
        #expect(stats.boxLonger == 28)
        #expect((14...16).contains(stats.boxShorter))
        let rows = rowSums(Rasterizer.standard.rasterize([rectangle]))
        let inked = rows.indices.filter { rows[$0] > 0 }
        #expect(inked.first! + inked.last! == 27)  // vertically centred
    }

    @Test func aMarginLeavesBlackBorders() {
        let image = Rasterizer(margin: 2).rasterize([Self.circle(radius: 40)])
        let stats = InkStatistics(image: image)
        #expect(stats.margin == 2)
        #expect(stats.boxLonger == 24)
    }

    @Test func aSinglePointOrEmptyDrawingDoesNotDivideByZero() {
        let dot = Rasterizer.standard.rasterize([Self.line([(5, 5)])])
        #expect(dot[13, 13] > 0 && dot[14, 14] == dot[13, 13] && dot[13, 14] == dot[14, 13])
        #expect(dot[0, 0] == 0 && dot.pixels.reduce(0) { $0 + Int($1) } < 255 * 12)
        let samePoints = Rasterizer(penWidth: .fractionOfSide(0.1)).rasterize(
            [Self.line([(5, 5), (5, 5)]), Self.line([(5, 5)])])
        #expect(samePoints[14, 14] > 0 && samePoints[0, 0] == 0)
        #expect(Rasterizer.standard.rasterize([]) == GrayImage(width: 28, height: 28))
        #expect(Rasterizer.standard.rasterize(Drawing(strokes: [Stroke(points: [])]))
                == GrayImage(width: 28, height: 28))
    }

    @Test func aTinyOrHugeDrawingKeepsTheLineBetweenThePenLimits() {
        let small = InkStatistics(image: Rasterizer.standard.rasterize(
            [Self.line([(0, 0), (0.01, 0.005)])]))
        let big = InkStatistics(image: Rasterizer.standard.rasterize(
            [Self.line([(0, 0), (1e6, 5e5)])]))
        #expect(small.mean < 40 && small.mean > 5)  // a 3 px line, not a blob
        #expect(big.mean > 3)  // a 0.5 px line, not nothing
    }

    func differences(_ strokes: [Stroke], _ rasterizer: Rasterizer) -> (mean: Double, max: Int) {
        let fast = rasterizer.rasterize(strokes)
        let naive = rasterizer.rasterizeBySupersampling(strokes, samples: 8)
        let differences = zip(fast.pixels, naive.pixels).map { abs(Int($0) - Int($1)) }
        return (Double(differences.reduce(0, +)) / Double(differences.count), differences.max()!)
    }

    @Test func handBuiltNonFinitePointsDrawNothingAndDoNotCrash() {
        let image = Rasterizer.standard.rasterize([Self.line([(.nan, 1), (2, .infinity)])])
        #expect(image == GrayImage(width: 28, height: 28))
        let mixed = Rasterizer.standard.rasterize([Self.line([(0, 0), (10, 0)]),
                                                   Self.line([(1e308, 0), (-1e308, 5)])])
        #expect(mixed.width == 28)
    }

    @Test func theFastPathAgreesWithSupersampling() {
        let shapes = [[Self.circle(radius: 30)], [Self.line([(0, 0), (50, 100), (100, 0)])]]
        for rasterizer in [Rasterizer.standard, Rasterizer(penWidth: .fractionOfSide(0.08))] {
            for strokes in shapes {
                let (mean, max) = differences(strokes, rasterizer)
                #expect(mean < 1.5)  // measured 0.84...1.26 (out of 255)
                #expect(max < 40)  // measured 8...24
            }
        }
    }

    /// Where two paths pass within a pixel of each other (a sharp turn, a stroke grazing
    /// another) the fast path inks only the nearest one and so underestimates the union.
    @Test func theFastPathUnderestimatesOnlyWhereInkCrowds() {
        let crossing = [Self.line([(0, 0), (100, 30)]), Self.line([(20, 90), (60, -10)])]
        let crowded = [Self.circle(radius: 30), Self.line([(60, 60), (140, 140), (130, 70)])]
        for strokes in [crossing, crowded] {
            let (mean, max) = differences(strokes, .standard)
            #expect(mean < 2.5)  // measured 0.77 and 1.80
            #expect(max < 128)  // measured 59 and 115
        }
    }

    @Test func theFloatBufferHoldsPixelsOver255() {
        let strokes = [Self.circle(radius: 30)]
        var buffer = [Float](repeating: 7, count: 28 * 28)
        Rasterizer.standard.rasterize(strokes, into: &buffer)
        let image = Rasterizer.standard.rasterize(strokes)
        for (value, pixel) in zip(buffer, image.pixels) {
            #expect(UInt8((value * 255).rounded()) == pixel)
        }
    }

    @Test func inkIsWhiteOnBlack() {
        let image = Rasterizer(penWidth: .fractionOfSide(0.1)).rasterize([Self.circle(radius: 30)])
        #expect(image[0, 0] == 0 && image[14, 14] == 0)  // outside and inside the ring
        #expect(image.pixels.max() == 255)
    }

    /// The PNG circles' mean pixel, from Lab/scripts/png_ink_stats.py over the 234 automata-editor
    /// circles: 25.839 (sd 4.743 per image).
    static let pngCircleMean = 25.839

    @Test(.enabled(if: SharedData.hasDollarGestures, "needs ../shared/datasets"))
    func aRasterizedDollarCircleHasThePNGCirclesInk() throws {
        var means: [Double] = []
        for writer in ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s11"] {
            for number in 1...10 {
                let path = SharedData.dollarGestures.path
                    + "/\(writer)/medium/circle\(String(format: "%02d", number)).xml"
                let drawing = try StrokeReader.read(contentsOfFile: path).results[0].get()
                means.append(InkStatistics(image: Rasterizer.standard.rasterize(drawing)).mean)
            }
        }
        let mean = means.reduce(0, +) / Double(means.count)
        // Measured 26.7 over all 240 $1 circles and 80 medium ones (see docs/rasterizer.md);
        // the PNGs' own spread of the mean of 80 images is about ±0.5.
        #expect(abs(mean - Self.pngCircleMean) < 2.5, "mean pixel \(mean)")
    }
}

@Suite struct RasterizerPixelValueTests {
    /// `pixelValue(coverage:)` against `pixel(coverage:)` on every multiple of 2⁻²⁰ in 0…1
    /// and on both sides of every rounding boundary (k + ½)/255.
    @Test func roundsAsPixelRoundsWithoutACall() {
        var coverages = (0...(1 << 20)).map { Float($0) / Float(1 << 20) }
        for k in 0..<255 {
            let boundary = (Float(k) + 0.5) / 255
            var below = boundary, above = boundary
            for _ in 0..<4 {
                coverages += [below, above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        let mismatches = coverages.filter { c in
            Rasterizer.pixelValue(coverage: c) != Float(Rasterizer.pixel(coverage: c))
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
