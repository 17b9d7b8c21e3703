import Foundation
import StrokeFormats
import Pictures

/// A confusion matrix as a picture: rows are true classes, columns predicted classes (the
/// order of `ConfusionMatrix.classes`), each cell coloured by its count on a white → blue
/// scale and labelled with the count and, below it, the share of its row. A colour bar on
/// the right gives the scale.
///
/// ```swift
/// try ConfusionHeatMap().render(matrix).writePNG(to: "docs/confusion.png")
/// ```
public struct ConfusionHeatMap: Sendable, Equatable {
    /// Side of one cell in pixels.
    public var cellSize: Int

    static let low = RGBColor(red: 247, green: 251, blue: 255)
    static let high = RGBColor(red: 8, green: 48, blue: 107)
    static let ink = RGBColor(red: 30, green: 40, blue: 60)
    static let margin = 16

    public init(cellSize: Int = 84) {
        precondition(cellSize >= 16, "A heat-map cell needs at least 16 pixels; got \(cellSize).")
        self.cellSize = cellSize
    }

    /// The colour of a cell holding `count` when the largest cell holds `maximum`: the
    /// square root of count/maximum along the white → blue scale, so small confusions stay
    /// visible next to a large diagonal. Monotonic in `count`; 0 is the lightest colour.
    public static func color(count: Int, maximum: Int) -> RGBColor {
        guard maximum > 0, count > 0 else { return low }
        return low.mixed(with: high, fraction: (Double(min(count, maximum)) / Double(maximum))
            .squareRoot())
    }

    /// Where things go in the picture of a matrix with these class names.
    public struct Layout: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// Top-left corner of cell (row 0, column 0).
        public var gridX: Int
        public var gridY: Int
        public var cellSize: Int
        /// Scale of the class names (2, or 1 when names are long).
        public var nameScale: Int

        /// Top-left corner of the cell of true class `row`, predicted class `column`.
        public func cellOrigin(row: Int, column: Int) -> (x: Int, y: Int) {
            (gridX + column * cellSize, gridY + row * cellSize)
        }
    }

    public func layout(classes: [String]) -> Layout {
        let n = max(classes.count, 1)
        let widest = classes.map(\.count).max() ?? 0
        let nameScale = widest * BitmapFont.advance * 2 <= cellSize - 6 ? 2 : 1
        let nameWidth = classes.map { BitmapFont.size(of: $0, scale: 2).width }.max() ?? 0
        let rowLabelWidth = max(nameWidth, BitmapFont.size(of: "true", scale: 2).width)
        let gridX = Self.margin + rowLabelWidth + 10
        // title (16) + 14 + "predicted" (16) + 6 + class names + 6
        let gridY = Self.margin + 16 + 14 + 16 + 6 + BitmapFont.glyphHeight * nameScale + 6
        let barRight = gridX + n * cellSize + 20 + 18 + 6 + 7 * BitmapFont.advance + Self.margin
        let titleRight = 2 * Self.margin + BitmapFont.size(of: Self.widestTitle, scale: 2).width
        let height = max(gridY + n * cellSize + Self.margin, gridY + 120)
        return Layout(width: max(barRight, titleRight), height: height, gridX: gridX,
                      gridY: gridY, cellSize: cellSize, nameScale: nameScale)
    }

    /// As wide as any title `render` writes ("accuracy 100.0% on 9999999 test images").
    static let widestTitle = "accuracy 100.0% on 9999999 test images"

    public func render(_ matrix: ConfusionMatrix) throws(PictureSizeError) -> Canvas {
        let classes = matrix.classes
        let layout = layout(classes: classes)
        try PictureSizeError.check(width: layout.width, height: layout.height)
        var canvas = Canvas(width: layout.width, height: layout.height)
        let maximum = matrix.counts.flatMap { $0 }.max() ?? 0
        let size = cellSize

        let title = "accuracy " + String(format: "%.1f%%", 100 * matrix.accuracy)
            + " on \(matrix.total) test images"
        canvas.drawText(title, x: Self.margin, y: Self.margin, scale: 2, color: Self.ink)
        let gridWidth = classes.count * size
        canvas.drawText("predicted", x: layout.gridX + (gridWidth - BitmapFont.size(of: "predicted",
                                                                          scale: 2).width) / 2,
                        y: Self.margin + 16 + 14, scale: 2, color: Self.ink)
        canvas.drawText("true", x: Self.margin, y: layout.gridY - 6 - 7 * 2, scale: 2,
                        color: Self.ink)
        for (k, name) in classes.enumerated() {
            let label = fitted(name, width: size - 4, scale: layout.nameScale)
            let labelWidth = BitmapFont.size(of: label, scale: layout.nameScale).width
            canvas.drawText(label, x: layout.gridX + k * size + (size - labelWidth) / 2,
                            y: layout.gridY - 6 - 7 * layout.nameScale,
                            scale: layout.nameScale, color: Self.ink)
            let rowWidth = BitmapFont.size(of: name, scale: 2).width
            canvas.drawText(name, x: layout.gridX - 10 - rowWidth,
                            y: layout.gridY + k * size + (size - 14) / 2, scale: 2, color: Self.ink)
        }
        for row in classes.indices {
            let support = matrix.support(of: row)
            for column in classes.indices {
                let count = matrix.counts[row][column]
                let color = Self.color(count: count, maximum: maximum)
                let (x, y) = layout.cellOrigin(row: row, column: column)
                canvas.fillRect(x: x, y: y, width: size, height: size, color: color)
                let text = color.luma < 128 ? RGBColor.white : Self.ink
                let middle = Point(x: Double(x) + Double(size) / 2, y: Double(y) + Double(size) / 2)
                canvas.drawText("\(count)", centeredAt: Point(x: middle.x, y: middle.y - 6),
                                scale: 2, color: text)
                let share = support > 0
                    ? String(format: "%.0f%%", 100 * Double(count) / Double(support)) : "-"
                canvas.drawText(share, centeredAt: Point(x: middle.x, y: middle.y + 12),
                                color: text)
            }
        }
        // Grid lines between cells.
        let n = classes.count
        for k in 0...n {
            canvas.fillRect(x: layout.gridX + k * size, y: layout.gridY, width: 1,
                            height: n * size + 1, color: RGBColor(gray: 200))
            canvas.fillRect(x: layout.gridX, y: layout.gridY + k * size, width: n * size + 1,
                            height: 1, color: RGBColor(gray: 200))
        }
        // Colour bar: maximum at the top, 0 at the bottom.
        let barX = layout.gridX + n * size + 20
        let barHeight = max(n * size, 100)
        for i in 0..<barHeight {
            let fraction = 1 - Double(i) / Double(max(barHeight - 1, 1))
            let color = maximum > 0 ? Self.low.mixed(with: Self.high, fraction: fraction) : Self.low
            canvas.fillRect(x: barX, y: layout.gridY + i, width: 18, height: 1, color: color)
        }
        canvas.drawText("\(maximum)", x: barX + 24, y: layout.gridY, color: Self.ink)
        canvas.drawText("0", x: barX + 24, y: layout.gridY + barHeight - 7, color: Self.ink)
        return canvas
    }

    /// `name`, shortened with a final "." if it is wider than `width` at `scale`.
    private func fitted(_ name: String, width: Int, scale: Int) -> String {
        var text = name
        while text.count > 1 && BitmapFont.size(of: text, scale: scale).width > width {
            text = String(text.dropLast(2)) + "."
        }
        return text
    }
}
