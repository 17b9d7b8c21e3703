import StrokeFormats

/// A nondeterministic finite automaton with ε-transitions, as recognised from a drawing.
/// States keep their drawn position so the automaton can be rendered and written back.
public struct Automaton: Sendable, Equatable {
    public struct State: Sendable, Equatable {
        /// Name used by transitions (`q0`, `q1`, … by position, see `Assembler`).
        public var id: String
        public var center: Point
        /// Radius of the state's circle (the inner circle of a final state).
        public var radius: Double
        public var initial: Bool
        public var final: Bool
        /// Radius of a final state's outer ring, when drawn.
        public var ringRadius: Double?

        public init(id: String, center: Point = Point(x: 0, y: 0), radius: Double = 1,
                    initial: Bool = false, final: Bool = false, ringRadius: Double? = nil) {
            self.id = id
            self.center = center
            self.radius = radius
            self.initial = initial
            self.final = final
            self.ringRadius = ringRadius
        }
    }

    /// One drawn arrow or loop. It fires on any of `symbols`, and without input when
    /// `epsilon` is set. `from == to` for a self-loop.
    public struct Transition: Sendable, Equatable {
        public var from: String
        public var to: String
        /// Real symbols, sorted, without duplicates; never contains ε.
        public var symbols: [String]
        public var epsilon: Bool

        public init(from: String, to: String, symbols: [String] = [], epsilon: Bool = false) {
            self.from = from
            self.to = to
            self.symbols = symbols
            self.epsilon = epsilon
        }
    }

    public var states: [State]
    public var transitions: [Transition]

    public init(states: [State] = [], transitions: [Transition] = []) {
        self.states = states
        self.transitions = transitions
    }

    /// Ids of the states marked initial, in state order.
    public var initialStates: [String] { states.filter(\.initial).map(\.id) }
    /// Ids of the states marked final.
    public var finalStates: Set<String> { Set(states.filter(\.final).map(\.id)) }
    /// Every symbol some transition fires on, sorted.
    public var alphabet: [String] { Set(transitions.flatMap(\.symbols)).sorted() }

    /// The states reachable from `states` by following ε-transitions only (including
    /// `states` themselves). Terminates on ε-cycles: each state is visited once.
    public func epsilonClosure(of states: Set<String>) -> Set<String> {
        var closure = states
        var pending = Array(states)
        while let state = pending.popLast() {
            for t in transitions where t.epsilon && t.from == state && !closure.contains(t.to) {
                closure.insert(t.to)
                pending.append(t.to)
            }
        }
        return closure
    }

    /// The states reached from `states` by one transition on `symbol` (no ε-closure).
    public func move(from states: Set<String>, on symbol: String) -> Set<String> {
        var next: Set<String> = []
        for t in transitions where states.contains(t.from) && t.symbols.contains(symbol) {
            next.insert(t.to)
        }
        return next
    }
}
