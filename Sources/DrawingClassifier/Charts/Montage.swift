import Pictures
/// Contact sheets of small gray images: a few samples of every class, one row per class
/// with its name (a first look at a dataset), or a grid of captioned images (such as the
/// test images a classifier got wrong). Images are enlarged by `scale` with visible pixels.
///
/// ```swift
/// let sheet = try Montage(scale: 3).classRows(of: dataset, perClass: 8)
/// try sheet.writePNG(to: "docs/montage.png")
/// ```
public struct Montage: Sendable, Equatable {
    /// Every image pixel becomes a `scale`×`scale` block.
    public var scale: Int
    /// Pixels between images.
    public var gap: Int
    /// Images per line before a row wraps.
    public var columns: Int

    public static let background = RGBColor(gray: 250)
    static let ink = RGBColor(red: 30, green: 40, blue: 60)
    static let quiet = RGBColor(gray: 110)
    static let margin = 12

    public init(scale: Int = 3, gap: Int = 4, columns: Int = 12) {
        precondition(scale >= 1 && gap >= 0 && columns >= 1,
                     "A montage needs scale ≥ 1, gap ≥ 0 and columns ≥ 1.")
        self.scale = scale
        self.gap = gap
        self.columns = columns
    }

    /// One row per class (classes sorted by name), named on the left, with `images[class]`
    /// after it; `counts[class]`, when given, is written under the name.
    public func classRows(_ images: [String: [GrayImage]], counts: [String: Int] = [:],
                          title: String? = nil) throws(PictureSizeError) -> Canvas {
        let classes = images.keys.sorted()
        let cell = cellSide(images.values.flatMap { $0 })
        let nameWidth = classes.map { BitmapFont.size(of: $0, scale: 2).width }.max() ?? 0
        let countWidth = counts.values.map { BitmapFont.size(of: "\($0) images").width }.max() ?? 0
        let left = Self.margin + max(nameWidth, countWidth) + 2 * gap + 8
        let titleHeight = title == nil ? 0 : 16 + 12
        let lineCount = classes.map { max(1, (images[$0]!.count + columns - 1) / columns) }
        let widest = min(columns, classes.map { images[$0]!.count }.max() ?? 0)
        let width = left + max(widest, 1) * (cell + gap) - gap + Self.margin
        let rowGap = 3 * gap
        let height = 2 * Self.margin + titleHeight
            + lineCount.reduce(0) { $0 + $1 * (cell + gap) - gap }
            + max(classes.count - 1, 0) * rowGap
        try PictureSizeError.check(width: width, height: height)

        var canvas = Canvas(width: width, height: height, background: Self.background)
        var y = Self.margin
        if let title {
            canvas.drawText(title, x: Self.margin, y: y, scale: 2, color: Self.ink)
            y += titleHeight
        }
        for (row, name) in classes.enumerated() {
            canvas.drawText(name, x: Self.margin, y: y + 4, scale: 2, color: Self.ink)
            if let count = counts[name] {
                canvas.drawText("\(count) images", x: Self.margin, y: y + 24, color: Self.quiet)
            }
            for (k, image) in images[name]!.enumerated() {
                let x = left + (k % columns) * (cell + gap)
                draw(image, in: &canvas, x: x, y: y + (k / columns) * (cell + gap), cell: cell)
            }
            y += lineCount[row] * (cell + gap) - gap + rowGap
        }
        return canvas
    }

    /// `perClass` images of every class of `dataset`, spread evenly over each class's
    /// files (the first, then every count/perClass-th), with the class sizes.
    public func classRows(of dataset: ImageFolderDataset, perClass: Int,
                          title: String? = nil) throws(PictureSizeError) -> Canvas {
        var picked: [String: [GrayImage]] = [:]
        var counts: [String: Int] = [:]
        for (label, name) in dataset.classNames.enumerated() {
            let members = dataset.labels.indices.filter { dataset.labels[$0] == label }
            counts[name] = members.count
            let n = min(max(perClass, 0), members.count)
            picked[name] = (0..<n).map { dataset.images[members[$0 * members.count / n]] }
        }
        return try classRows(picked, counts: counts, title: title)
    }

    /// A grid of images, `columns` per line, each with its caption under it.
    public func grid(_ tiles: [(image: GrayImage, caption: String)],
                     title: String? = nil) throws(PictureSizeError) -> Canvas {
        let imageSide = cellSide(tiles.map(\.image))
        let captionWidth = tiles.map { BitmapFont.size(of: $0.caption).width }.max() ?? 0
        let cell = max(imageSide, captionWidth)
        let cellHeight = imageSide + 4 + BitmapFont.glyphHeight
        let perLine = max(1, min(columns, tiles.count))
        let lines = max(1, (tiles.count + perLine - 1) / perLine)
        let titleHeight = title == nil ? 0 : 16 + 12
        let width = max(2 * Self.margin + perLine * (cell + 2 * gap) - 2 * gap,
                        2 * Self.margin + BitmapFont.size(of: title ?? "", scale: 2).width)
        let height = 2 * Self.margin + titleHeight + lines * (cellHeight + 2 * gap) - 2 * gap
        try PictureSizeError.check(width: width, height: height)

        var canvas = Canvas(width: width, height: height, background: Self.background)
        if let title {
            canvas.drawText(title, x: Self.margin, y: Self.margin, scale: 2, color: Self.ink)
        }
        for (k, tile) in tiles.enumerated() {
            let x = Self.margin + (k % perLine) * (cell + 2 * gap)
            let y = Self.margin + titleHeight + (k / perLine) * (cellHeight + 2 * gap)
            draw(tile.image, in: &canvas, x: x + (cell - imageSide) / 2, y: y, cell: imageSide)
            let textWidth = BitmapFont.size(of: tile.caption).width
            canvas.drawText(tile.caption, x: x + (cell - textWidth) / 2, y: y + imageSide + 4,
                            color: Self.ink)
        }
        return canvas
    }

    /// The misclassified test images, captioned "true → predicted".
    public func mistakes(_ mistakes: [ClassifierTrainingResult.Mistake], classNames: [String],
                         title: String? = nil) throws(PictureSizeError) -> Canvas {
        func name(_ label: Int) -> String {
            classNames.indices.contains(label) ? classNames[label] : "#\(label)"
        }
        return try self.mistakes(images: mistakes.map(\.image),
                            trueLabels: mistakes.map { name($0.trueLabel) },
                            predictedLabels: mistakes.map { name($0.predictedLabel) }, title: title)
    }

    /// Images captioned "true → predicted" from parallel arrays (extra entries are ignored).
    public func mistakes(images: [GrayImage], trueLabels: [String], predictedLabels: [String],
                         title: String? = nil) throws(PictureSizeError) -> Canvas {
        let tiles = zip(images, zip(trueLabels, predictedLabels)).map { image, names in
            (image: image, caption: "\(names.0) → \(names.1)")
        }
        return try grid(tiles, title: title ?? "\(tiles.count) misclassified (true → predicted)")
    }

    /// Side of the square cell that holds the largest image at `scale`.
    private func cellSide(_ images: [GrayImage]) -> Int {
        let side = images.map { max($0.width, $0.height) }.max() ?? 28
        return min(max(side, 1), Canvas.maximumSide) * scale
    }

    /// Draws `image` centred in a cell×cell square with its top-left corner at (x, y).
    private func draw(_ image: GrayImage, in canvas: inout Canvas, x: Int, y: Int, cell: Int) {
        canvas.fillRect(x: x, y: y, width: cell, height: cell, color: .black)
        canvas.drawImage(image, x: x + (cell - image.width * scale) / 2,
                         y: y + (cell - image.height * scale) / 2, scale: scale)
    }
}
