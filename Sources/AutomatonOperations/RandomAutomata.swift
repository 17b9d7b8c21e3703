import SeededRandom

extension DFA {
    /// A complete DFA with `stateCount` states over the symbols `a`, `b`, … whose every
    /// transition goes to a uniformly random state and every state accepts with probability
    /// `acceptingProbability`; the same seed gives the same DFA. (For benchmarks and tests.)
    public static func random(stateCount: Int, symbolCount: Int, acceptingProbability: Double = 0.5,
                              using rng: inout SplitMix64) -> DFA {
        let symbols = (0..<symbolCount).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        let next = (0..<(stateCount * symbolCount)).map { _ in rng.nextInt(below: stateCount) }
        let accepting = (0..<stateCount).map { _ in
            Double(rng.next() >> 11) / Double(1 << 53) < acceptingProbability
        }
        return DFA(symbols: symbols, stateCount: stateCount, accepting: accepting, next: next)
    }
}

extension NFA {
    /// The classic blow-up family over {0, 1}: words whose `n`-th symbol from the end is 1.
    /// n + 1 states; its minimal DFA has 2ⁿ states.
    public static func nthSymbolFromEndIsOne(_ n: Int) -> NFA {
        precondition(n >= 1, "The family starts at n = 1.")
        var edges = [[Edge]](repeating: [], count: n + 1)
        edges[0] = [Edge(symbol: 0, to: 0), Edge(symbol: 1, to: 0), Edge(symbol: 1, to: 1)]
        for i in 1..<n { edges[i] = [Edge(symbol: 0, to: i + 1), Edge(symbol: 1, to: i + 1)] }
        var accepting = [Bool](repeating: false, count: n + 1)
        accepting[n] = true
        return NFA(symbols: ["0", "1"], stateCount: n + 1, initial: [0], accepting: accepting,
                   edges: edges)
    }
}
