/// A deterministic finite automaton whose states and symbols are numbers. State 0 is the
/// initial state; a DFA with no states accepts nothing. Transitions may be missing (a
/// partial DFA): a run that meets one rejects.
public struct DFA: Sendable, Equatable {
    /// The target of a missing transition.
    public static let missing = -1

    /// The alphabet, sorted, without duplicates.
    public var symbols: [String]
    public var stateCount: Int
    public var accepting: [Bool]
    /// `next[state * symbols.count + symbol]`: the target, or `DFA.missing`.
    public var next: [Int]

    public init(symbols: [String], stateCount: Int, accepting: [Bool], next: [Int]) {
        precondition(accepting.count == stateCount && next.count == stateCount * symbols.count,
                     "A DFA needs one accepting flag per state and one target per state and symbol.")
        self.symbols = symbols
        self.stateCount = stateCount
        self.accepting = accepting
        self.next = next
    }

    /// The state reached from `state` on `symbol`, or `DFA.missing`.
    @inline(__always)
    public func target(_ state: Int, _ symbol: Int) -> Int { next[state * symbols.count + symbol] }

    /// Whether every state has a transition on every symbol.
    public var isComplete: Bool { stateCount > 0 && !next.contains(DFA.missing) }

    /// Whether the DFA accepts the word of symbol numbers `word`.
    public func accepts(symbols word: [Int]) -> Bool {
        guard stateCount > 0 else { return false }
        var state = 0
        for symbol in word {
            state = target(state, symbol)
            if state == DFA.missing { return false }
        }
        return accepting[state]
    }

    /// Whether the DFA accepts `word`; a character outside the alphabet rejects it.
    public func accepts(_ word: String) -> Bool {
        let symbolIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        var encoded: [Int] = []
        for character in word {
            guard let symbol = symbolIndex[String(character)] else { return false }
            encoded.append(symbol)
        }
        return accepts(symbols: encoded)
    }

    /// The same DFA over the alphabet `alphabet` (a superset of `symbols`, sorted or not):
    /// the new symbols have no transitions.
    public func extended(to alphabet: [String]) -> DFA {
        let all = Array(Set(alphabet).union(symbols)).sorted()
        guard all != symbols else { return self }
        let oldIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
        var next = [Int](repeating: DFA.missing, count: stateCount * all.count)
        for state in 0..<stateCount {
            for (symbol, name) in all.enumerated() {
                if let old = oldIndex[name] { next[state * all.count + symbol] = target(state, old) }
            }
        }
        return DFA(symbols: all, stateCount: stateCount, accepting: accepting, next: next)
    }

    /// The DFA as an NFA with the same states.
    public var nfa: NFA {
        var edges = [[NFA.Edge]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for symbol in symbols.indices where target(state, symbol) != DFA.missing {
                edges[state].append(NFA.Edge(symbol: symbol, to: target(state, symbol)))
            }
        }
        return NFA(symbols: symbols, stateCount: stateCount, initial: stateCount > 0 ? [0] : [],
                   accepting: accepting, edges: edges)
    }
}
