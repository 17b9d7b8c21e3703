import Automata

/// An automaton made by an operation, with what the operation knows about its states
/// (FORMATS.md §5): the original states a determinized state stands for, and dead states.
public struct AnnotatedAutomaton: Sendable, Equatable {
    public var automaton: Automaton
    /// `members[id]`: the ids of the original states that state `id` stands for.
    public var members: [String: [String]]
    /// States from which no word is accepted (`"dead": true`).
    public var deadStates: Set<String>

    public init(automaton: Automaton, members: [String: [String]] = [:],
                deadStates: Set<String> = []) {
        self.automaton = automaton
        self.members = members
        self.deadStates = deadStates
    }

    /// The automaton object of FORMATS.md §2 (`states`, `transitions`), each state with its
    /// `members` and `"dead": true` when known.
    public var json: JSONValue {
        automaton.json { s in
            var m: [(String, JSONValue)] = []
            if let ids = members[s.id] { m.append(("members", .array(ids.map(JSONValue.string)))) }
            if deadStates.contains(s.id) { m.append(("dead", .bool(true))) }
            return m
        }
    }
}

extension EquivalenceVerdict {
    /// `{"equivalent": false, "counterexample": "ab", "acceptedBy": firstName}`; only
    /// `equivalent` when the languages are equal.
    public func json(firstName: String, secondName: String) -> JSONValue {
        guard let counterexample else { return .object([("equivalent", .bool(true))]) }
        return .object([("equivalent", .bool(false)), ("counterexample", .string(counterexample)),
                        ("acceptedBy", .string(acceptedByFirst ? firstName : secondName))])
    }
}
