extension DFA {
    /// The DFA accepting exactly the words over `symbols` that this one rejects: completed
    /// first, then every state's accepting flag flipped. The dead state added by the
    /// completion (if any) is returned: it accepts everything in the complement.
    public func complemented() -> (dfa: DFA, addedState: Int?) {
        var (complete, added) = completed()
        complete.accepting = complete.accepting.map { !$0 }
        return (complete, added)
    }
}
