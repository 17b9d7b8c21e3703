/// Resource limits for reading drawings (FORMATS.md §1). Every limit is checked before the
/// work it guards: byte counts before parsing, stroke and point counts before converting
/// points, so an absurd input is refused quickly and without large allocations.
/// Raise them by building your own value: `StrokeLimits(maxPointsPerStroke: 1_000_000)`.
public struct StrokeLimits: Sendable, Equatable {
    /// Largest input accepted as a whole (a file, or all lines of a JSON Lines batch).
    public var maxInputBytes: Int
    /// Largest single JSON document, JSON Lines line or gesture XML file. Checked by scanning
    /// for the line end only, so a 100 MB line is refused without being parsed.
    public var maxDocumentBytes: Int
    /// Most strokes in one drawing.
    public var maxStrokesPerDrawing: Int
    /// Most points in one stroke.
    public var maxPointsPerStroke: Int
    /// Largest accepted |x| or |y|. Beyond it coordinates are treated as corrupt (a real
    /// canvas is at most a few thousand units wide; squares of 1e300 overflow to ∞).
    public var maxCoordinateMagnitude: Double

    /// The defaults: 1 GiB input, 16 MiB per document or line, 10 000 strokes per drawing,
    /// 100 000 points per stroke, |coordinate| ≤ 1e9.
    public init(maxInputBytes: Int = 1 << 30,
                maxDocumentBytes: Int = 16 << 20,
                maxStrokesPerDrawing: Int = 10_000,
                maxPointsPerStroke: Int = 100_000,
                maxCoordinateMagnitude: Double = 1e9) {
        self.maxInputBytes = maxInputBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStrokesPerDrawing = maxStrokesPerDrawing
        self.maxPointsPerStroke = maxPointsPerStroke
        self.maxCoordinateMagnitude = maxCoordinateMagnitude
    }

    /// The default limits.
    public static let standard = StrokeLimits()

    /// Whether `value` is a coordinate these limits accept: finite, within
    /// ±`maxCoordinateMagnitude`.
    public func accepts(coordinate value: Double) -> Bool {
        value.isFinite && abs(value) <= maxCoordinateMagnitude
    }
}
