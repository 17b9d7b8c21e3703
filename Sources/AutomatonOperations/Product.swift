extension DFA {
    /// The reachable product of this DFA and `other` (same alphabet): a state per pair of
    /// states reached together, accepting when `accepts(firstAccepts, secondAccepts)`.
    /// A side whose transition is missing continues in an implicit dead state; a pair where
    /// both are dead is left out (a missing transition). Intersection is `{ $0 && $1 }`,
    /// union `{ $0 || $1 }`, symmetric difference `!=`.
    public func product(with other: DFA, accepts: (Bool, Bool) -> Bool) -> DFA {
        precondition(symbols == other.symbols,
                     "Both DFAs must have the same alphabet; use DFA.extended(to:) first.")
        let k = symbols.count
        let dead = -1
        let width = other.stateCount + 1
        var pairs: [(p: Int, q: Int)] = [(stateCount > 0 ? 0 : dead, other.stateCount > 0 ? 0 : dead)]
        var number: [Int: Int] = [(pairs[0].p + 1) * width + pairs[0].q + 1: 0]
        var next: [Int] = []
        var head = 0
        while head < pairs.count {
            let (p, q) = pairs[head]
            for symbol in 0..<k {
                let p2 = p == dead ? dead : target(p, symbol)
                let q2 = q == dead ? dead : other.target(q, symbol)
                guard p2 != dead || q2 != dead else {
                    next.append(DFA.missing)
                    continue
                }
                let key = (p2 + 1) * width + q2 + 1
                if let known = number[key] {
                    next.append(known)
                } else {
                    number[key] = pairs.count
                    next.append(pairs.count)
                    pairs.append((p2, q2))
                }
            }
            head += 1
        }
        let flags = pairs.map { pair in
            accepts(pair.p != dead && accepting[pair.p], pair.q != dead && other.accepting[pair.q])
        }
        return DFA(symbols: symbols, stateCount: pairs.count, accepting: flags, next: next)
    }
}
