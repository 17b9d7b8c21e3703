import DrawingClassifier
import StrokeFormats

/// What one input stroke, or a group of strokes drawn as one element, became after
/// assembly (one entry of FORMATS.md §2 `elements`).
public struct Element: Sendable, Equatable {
    /// What the stroke is in the automaton.
    public enum Role: Sendable, Equatable {
        /// A state's circle.
        case state(id: String, center: Point, radius: Double)
        /// A ring drawn around state `state`, making it final.
        case final(state: String)
        /// A drawn arrow; an end that reaches no state is nil (a dangling arrow, which never
        /// fires). `from == to` for an arrow drawn as a self-loop.
        case transition(ArrowGeometry, from: String?, to: String?)
        /// An arrow with no source state: it marks `to` as initial.
        case initial(ArrowGeometry, to: String)
        /// A self-loop on `state`, snapped to a clean arc.
        case cycle(state: String, loop: LoopGeometry)
        /// Not part of the automaton, with a reason a user can act on.
        case rejected(reason: String)

        /// The role's name as written in JSON.
        public var name: String {
            switch self {
            case .state: "state"
            case .final: "final"
            case .transition: "transition"
            case .initial: "initial"
            case .cycle: "cycle"
            case .rejected: "rejected"
            }
        }
    }

    /// 0-based index of the stroke in the input (the first, when there are several).
    public var stroke: Int
    /// Every input stroke of the element, ascending (`[stroke]` for a one-stroke element;
    /// a shaft and its head, or the arcs of a circle, for a grouped one).
    public var strokes: [Int]
    /// The classifier's class name.
    public var label: String
    public var confidence: Double
    public var role: Role
    /// Symbols of the labels attached to a transition or cycle (sorted, unique).
    public var symbols: [String] = []
    /// True when an attached label is `ε`/`eps`.
    public var epsilon = false

    public init(stroke: Int, label: String, confidence: Double, role: Role,
                strokes: [Int]? = nil) {
        self.stroke = stroke
        self.strokes = strokes ?? [stroke]
        self.label = label
        self.confidence = confidence
        self.role = role
    }
}
