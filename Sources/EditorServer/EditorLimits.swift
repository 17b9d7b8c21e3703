import StrokeFormats

/// What one request to `fa-serve` may cost (FORMATS.md §6). Every limit is checked before
/// the work it guards: the body size while it is read, strokes and points while the drawing
/// is parsed (`StrokeLimits`), the total number of points before recognition.
public struct EditorLimits: Sendable, Equatable {
    /// Largest request body, in bytes (8 MiB); a larger one is answered 413.
    public var maxBodyBytes: Int
    /// The stroke readers' limits for a drawing sent to `/api/recognize` (answered 400,
    /// naming the limit).
    public var strokes: StrokeLimits
    /// Most points in one drawing, all strokes together.
    public var maxPointsPerDrawing: Int
    /// Most words in one `/api/simulate` request, and longest word (characters).
    public var maxInputs: Int
    public var maxInputLength: Int
    /// Most states and transitions in an automaton sent to `/api/simulate`.
    public var maxAutomatonSize: Int
    /// Seconds a request may take, from its first byte to its answer (408 after that);
    /// a connection idle this long is closed.
    public var requestTimeout: Double

    public init(maxBodyBytes: Int = 8 << 20, maxStrokesPerDrawing: Int = 1_000,
                maxPointsPerStroke: Int = 100_000, maxPointsPerDrawing: Int = 400_000,
                maxInputs: Int = 1_000, maxInputLength: Int = 10_000,
                maxAutomatonSize: Int = 10_000, requestTimeout: Double = 30) {
        self.maxBodyBytes = maxBodyBytes
        self.strokes = StrokeLimits(maxInputBytes: maxBodyBytes, maxDocumentBytes: maxBodyBytes,
                                    maxStrokesPerDrawing: maxStrokesPerDrawing,
                                    maxPointsPerStroke: maxPointsPerStroke)
        self.maxPointsPerDrawing = maxPointsPerDrawing
        self.maxInputs = maxInputs
        self.maxInputLength = maxInputLength
        self.maxAutomatonSize = maxAutomatonSize
        self.requestTimeout = requestTimeout
    }

    /// The defaults of `fa-serve`.
    public static let standard = EditorLimits()
}
