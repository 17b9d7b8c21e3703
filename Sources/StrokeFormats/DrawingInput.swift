/// What one input held: a single drawing, or a JSON Lines batch in which every non-blank
/// line was read independently (a bad line is an error in its place; the others still count).
public enum DrawingInput: Sendable, Equatable {
    /// One drawing: a JSON document or stroke list, or a gesture XML file.
    case single(Drawing)
    /// One result per non-blank line, in input order. Errors carry their 1-based line.
    case batch([Result<Drawing, StrokeFormatError>])

    /// Every result in order (a single drawing is a batch of one success).
    public var results: [Result<Drawing, StrokeFormatError>] {
        switch self {
        case .single(let drawing): return [.success(drawing)]
        case .batch(let results): return results
        }
    }

    /// Whether the input was JSON Lines (so output should be one line per drawing).
    public var isBatch: Bool {
        if case .batch = self { return true }
        return false
    }
}
