/// Why a drawing input could not be read. The `description` names the source, the line (in
/// JSON Lines batches) and the stroke/point, and says what to do:
/// `file a.jsonl line 3: stroke 1 has no points (a stroke needs at least one point)`.
public struct StrokeFormatError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Kind: Error, Sendable, Equatable {
        /// The input holds nothing but whitespace (or a byte-order mark).
        case emptyInput
        /// The file could not be opened or read.
        case unreadableFile
        /// The content is none of the formats of FORMATS.md §1.
        case unknownFormat(hint: String)
        /// The input is larger than `StrokeLimits.maxInputBytes`.
        case inputTooLarge(bytes: Int, limit: Int)
        /// One JSON document or line is larger than `StrokeLimits.maxDocumentBytes`.
        case documentTooLarge(bytes: Int, limit: Int)
        /// The JSON parser refused the text.
        case malformedJSON(reason: String)
        /// The gesture XML could not be scanned.
        case malformedXML(reason: String)
        /// The InkML could not be parsed, or declares a DTD (refused: entities).
        case malformedInkML(reason: String)
        /// Valid JSON or XML whose shape is not a drawing (`where` says which value).
        case unexpectedStructure(where: String, expected: String)
        /// A stroke with no points.
        case emptyStroke(stroke: Int)
        /// More strokes than `StrokeLimits.maxStrokesPerDrawing`.
        case tooManyStrokes(count: Int, limit: Int)
        /// More points in one stroke than `StrokeLimits.maxPointsPerStroke`.
        case tooManyPoints(stroke: Int, count: Int, limit: Int)
        /// A coordinate that is NaN, infinite, or larger than
        /// `StrokeLimits.maxCoordinateMagnitude`.
        case coordinateOutOfRange(stroke: Int, point: Int, value: Double, limit: Double)
    }

    /// The file name (or `"stdin"`, or any caller-chosen name).
    public var source: String
    /// The 1-based line in a JSON Lines batch; `nil` for a single document.
    public var line: Int?
    public var kind: Kind

    public init(source: String, line: Int? = nil, kind: Kind) {
        self.source = source
        self.line = line
        self.kind = kind
    }

    public var description: String {
        var place = "file \(source)"
        if let line { place += " line \(line)" }
        return "\(place): \(message)"
    }

    private var message: String {
        switch kind {
        case .emptyInput:
            return "no drawing (the input is empty)"
        case .unreadableFile:
            return "cannot be read (check that it exists, is a file and is readable)"
        case .unknownFormat(let hint):
            return "unknown drawing format (\(hint)); expected a JSON stroke list, a drawing "
                + "document, JSON Lines, $1 gesture XML or InkML (see FORMATS.md §1)"
        case .inputTooLarge(let bytes, let limit):
            return "input of \(bytes) bytes exceeds the limit of \(limit) bytes "
                + "(raise StrokeLimits.maxInputBytes to accept it)"
        case .documentTooLarge(let bytes, let limit):
            return "document of at least \(bytes) bytes exceeds the limit of \(limit) bytes "
                + "(raise StrokeLimits.maxDocumentBytes to accept it)"
        case .malformedJSON(let reason):
            return "malformed JSON: \(reason)"
        case .malformedXML(let reason):
            return "malformed gesture XML: \(reason)"
        case .malformedInkML(let reason):
            return "malformed InkML: \(reason)"
        case .unexpectedStructure(let place, let expected):
            return "\(place): expected \(expected)"
        case .emptyStroke(let stroke):
            return "stroke \(stroke) has no points (a stroke needs at least one point)"
        case .tooManyStrokes(let count, let limit):
            return "\(count) strokes exceed the limit of \(limit) "
                + "(raise StrokeLimits.maxStrokesPerDrawing to accept them)"
        case .tooManyPoints(let stroke, let count, let limit):
            return "stroke \(stroke) has \(count) points, over the limit of \(limit) "
                + "(raise StrokeLimits.maxPointsPerStroke to accept it)"
        case .coordinateOutOfRange(let stroke, let point, let value, let limit):
            return "stroke \(stroke) point \(point): coordinate \(value) is not a finite number "
                + "within ±\(limit) (raise StrokeLimits.maxCoordinateMagnitude if it is real)"
        }
    }
}
