import Automata

/// An automaton read from a file, with warnings: what the reader changed to read it (a
/// several-character JFLAP label, a repeated state name) and what it accepts although it is
/// likely a mistake (no initial state, several). Each warning names the file, as errors do.
public struct ReadAutomaton: Sendable, Equatable {
    public var automaton: Automaton
    /// "a.jff: …", in the order found.
    public var warnings: [String]

    public init(automaton: Automaton, warnings: [String] = []) {
        self.automaton = automaton
        self.warnings = warnings
    }

    /// Warnings about the initial states of `automaton`, read from `source`: none is the
    /// empty language (JFLAP refuses to run such an automaton), several a union of languages
    /// (JFLAP allows one).
    static func initialStateWarnings(of automaton: Automaton, source: String) -> [String] {
        let initial = automaton.states.filter(\.initial).map(\.id)
        switch initial.count {
        case 0:
            return ["\(source): no initial state, so the automaton accepts no word (JFLAP "
                    + "refuses to run it; mark one state initial)"]
        case 1:
            return []
        default:
            let names = initial.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                + (initial.count > 5 ? ", …" : "")
            return ["\(source): \(initial.count) initial states (\(names)): read as the union of "
                    + "their languages (JFLAP allows one)"]
        }
    }
}
