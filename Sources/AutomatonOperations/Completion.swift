extension DFA {
    /// The DFA with every missing transition sent to a new rejecting dead state (which loops
    /// on every symbol), and that state's number; nil and the DFA itself when nothing is
    /// missing. A DFA with no states becomes the one dead state.
    public func completed() -> (dfa: DFA, deadState: Int?) {
        guard !isComplete else { return (self, nil) }
        let dead = stateCount
        var next = self.next.map { $0 == DFA.missing ? dead : $0 }
        next += Array(repeating: dead, count: symbols.count)
        let dfa = DFA(symbols: symbols, stateCount: stateCount + 1, accepting: accepting + [false],
                      next: next)
        return (dfa, dead)
    }
}
