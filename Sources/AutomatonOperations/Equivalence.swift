/// Whether two automata accept the same language, and if not a word that shows it.
public struct EquivalenceVerdict: Sendable, Equatable {
    /// A shortest word accepted by exactly one of the two (ties: the lexicographically first
    /// in symbol order); nil when the languages are equal.
    public var counterexample: String?
    /// Whether the first automaton is the one accepting `counterexample`.
    public var acceptedByFirst: Bool

    public var equivalent: Bool { counterexample == nil }

    public init(counterexample: String?, acceptedByFirst: Bool) {
        self.counterexample = counterexample
        self.acceptedByFirst = acceptedByFirst
    }
}

/// Compares two DFAs over the same alphabet by breadth-first search over their product
/// (a missing transition goes to an implicit dead state). Symbols are expanded in
/// alphabet order, so each pair of states is first reached by its shortest, then
/// lexicographically first, word, and the first pair that one side accepts and the other
/// rejects gives the shortest, lexicographically first counterexample.
public func equivalence(_ first: DFA, _ second: DFA) -> EquivalenceVerdict {
    precondition(first.symbols == second.symbols,
                 "Both DFAs must have the same alphabet; use DFA.extended(to:) first.")
    let k = first.symbols.count
    let dead = -1
    // Pair (p, q) with p, q ∈ {dead} ∪ states is numbered (p + 1) * (second + 1) + q + 1.
    let width = second.stateCount + 1
    func key(_ p: Int, _ q: Int) -> Int { (p + 1) * width + q + 1 }
    func accepts(_ dfa: DFA, _ state: Int) -> Bool { state != dead && dfa.accepting[state] }
    var pairs: [(p: Int, q: Int)] = [(first.stateCount > 0 ? 0 : dead,
                                      second.stateCount > 0 ? 0 : dead)]
    var parent = [-1]
    var via = [-1]
    var seen: Set<Int> = [key(pairs[0].p, pairs[0].q)]
    var head = 0
    while head < pairs.count {
        let (p, q) = pairs[head]
        if accepts(first, p) != accepts(second, q) {
            var word: [Int] = []
            var i = head
            while parent[i] >= 0 {
                word.append(via[i])
                i = parent[i]
            }
            let text = word.reversed().map { first.symbols[$0] }.joined()
            return EquivalenceVerdict(counterexample: text, acceptedByFirst: accepts(first, p))
        }
        for symbol in 0..<k {
            let p2 = p == dead ? dead : first.target(p, symbol)
            let q2 = q == dead ? dead : second.target(q, symbol)
            if p2 == dead && q2 == dead { continue }  // both reject everything from here
            if seen.insert(key(p2, q2)).inserted {
                pairs.append((p2, q2))
                parent.append(head)
                via.append(symbol)
            }
        }
        head += 1
    }
    return EquivalenceVerdict(counterexample: nil, acceptedByFirst: false)
}

extension NFA {
    /// Compares this NFA with `other` over the union of their alphabets, through their
    /// subset constructions (each limited to `maxStates`).
    public func equivalence(to other: NFA, maxStates: Int = 1_000_000)
        throws(AutomatonOperationError) -> EquivalenceVerdict {
        let alphabet = Array(Set(symbols).union(other.symbols)).sorted()
        let a = try determinized(maxStates: maxStates).dfa.extended(to: alphabet)
        let b = try other.determinized(maxStates: maxStates).dfa.extended(to: alphabet)
        return AutomatonOperations.equivalence(a, b)
    }
}
