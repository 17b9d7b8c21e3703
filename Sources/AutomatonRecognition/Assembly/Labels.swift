import DrawingClassifier
import StrokeFormats

/// What a typed label means for a transition.
public struct LabelMeaning: Sendable, Equatable {
    /// Real symbols, in typed order.
    public var symbols: [String]
    /// True when the label contains `ε` or `eps`.
    public var epsilon: Bool

    public init(symbols: [String], epsilon: Bool) {
        self.symbols = symbols
        self.epsilon = epsilon
    }

    /// Parses a label's text. Symbols are separated by commas or white space, so "a, b"
    /// gives two symbols; `ε` and `eps` (any case) mark epsilon; empty text means nothing.
    public init(text: String) {
        var symbols: [String] = []
        var epsilon = false
        let tokens = text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        for token in tokens {
            if token == "ε" || token.lowercased() == "eps" {
                epsilon = true
            } else {
                symbols.append(token)
            }
        }
        self.symbols = symbols
        self.epsilon = epsilon
    }
}

/// Attaches each label to the path that passes nearest its point.
///
/// - Parameters:
///   - labels: the typed labels.
///   - paths: one polyline per candidate (the drawn ink of a transition or loop).
/// - Returns: for each label, the index of its path in `paths`, or nil when `paths` is
///   empty. Ties go to the lower index, so the result does not depend on float noise in
///   the order of evaluation.
public func nearestPaths(for labels: [Label], among paths: [[Point]]) -> [Int?] {
    labels.map { label in
        var best: (index: Int, distance: Double)?
        for (i, path) in paths.enumerated() {
            let d = distance(from: label.position, toPolyline: path)
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }
}
