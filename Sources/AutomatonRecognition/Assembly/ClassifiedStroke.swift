import DrawingClassifier
import StrokeFormats

/// One input stroke with the classifier's verdict: the assembler's input.
///
/// Build one per stroke of the drawing, with `index` its 0-based position in the input:
/// ```swift
/// let classified = drawing.strokes.enumerated().map { i, stroke in
///     ClassifiedStroke(index: i, stroke: stroke, label: "circle", confidence: 0.98)
/// }
/// ```
/// `label` is written as the element's `class`. Labels `circle`, `arrow` and `cycle` are
/// assembled; any other label, or a non-nil `rejection` (e.g. confidence below the
/// caller's threshold), makes the element `rejected` with that reason — except where a
/// `tentative` stroke's geometry is strongly that element's (see `tentative`).
public struct ClassifiedStroke: Sendable, Equatable {
    /// What the assembler does with a stroke.
    public enum Kind: String, Sendable, CaseIterable {
        case circle, arrow, cycle
    }

    public var index: Int
    public var stroke: Stroke
    /// The classifier's class name (`circle`, `arrow`, `cycle`, or anything else).
    public var label: String
    /// The classifier's probability for `label`, 0…1.
    public var confidence: Double
    /// Why the caller refuses this stroke before assembly; nil to assemble it.
    public var rejection: String?
    /// The element the stroke would be, when the classifier leans to no element at all —
    /// its best class is none of `Kind` (e.g. `other`), or an element class short of the
    /// caller's confidence with a non-element class next: soft evidence, not a veto. The
    /// assembler takes such a stroke as this element only where its geometry is strongly
    /// that element's (an arrow joining two states or reaching one with a drawn head, a
    /// closed round of state size); elsewhere it is rejected as no element.
    public var tentative: Kind?

    public init(index: Int, stroke: Stroke, label: String, confidence: Double,
                rejection: String? = nil, tentative: Kind? = nil) {
        self.index = index
        self.stroke = stroke
        self.label = label
        self.confidence = confidence
        self.rejection = rejection
        self.tentative = tentative
    }

    /// A stroke the caller refuses before assembly (e.g. the classifier's confidence is
    /// below a threshold): it becomes a `rejected` element with `reason`, keeping the
    /// classifier's `label` and `confidence` for the output.
    public static func rejected(index: Int, stroke: Stroke, label: String, confidence: Double,
                                reason: String) -> ClassifiedStroke {
        ClassifiedStroke(index: index, stroke: stroke, label: label, confidence: confidence,
                         rejection: reason)
    }

    /// The assembled kind, or nil when `label` is not one of `Kind`'s names or the stroke
    /// is only `tentative`ly an element.
    public var kind: Kind? { tentative == nil ? Kind(rawValue: label) : nil }
}
