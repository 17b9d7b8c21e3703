extension NFA {
    /// A shortest word the NFA accepts (ties: the first in symbol order), as symbol numbers,
    /// or nil when the language is empty: the shortest word of the subset construction.
    public func shortestAcceptedWord() -> [Int]? {
        let dfa = (try? determinized(maxStates: Int.max))?.dfa
        guard let dfa else { return nil }
        return dfa.shortestAcceptedWord()
    }

    /// Whether the NFA accepts no word: no accepting state is reachable from an initial one.
    public var isEmpty: Bool {
        var seen = [Bool](repeating: false, count: stateCount)
        var pending = initial
        for state in initial { seen[state] = true }
        while let state = pending.popLast() {
            if accepting[state] { return false }
            for edge in edges[state] where !seen[edge.to] {
                seen[edge.to] = true
                pending.append(edge.to)
            }
        }
        return true
    }
}

extension DFA {
    /// A shortest accepted word (ties: the first in symbol order), as symbol numbers, or nil
    /// when the DFA accepts nothing. Breadth-first search expanding symbols in order finds
    /// each state first by its shortest, then lexicographically first, word.
    public func shortestAcceptedWord() -> [Int]? {
        guard stateCount > 0 else { return nil }
        var parent = [Int](repeating: -2, count: stateCount)
        var via = [Int](repeating: -1, count: stateCount)
        parent[0] = -1
        var queue = [0]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            if accepting[state] {
                var word: [Int] = []
                var s = state
                while parent[s] >= 0 {
                    word.append(via[s])
                    s = parent[s]
                }
                return word.reversed()
            }
            for symbol in symbols.indices {
                let t = target(state, symbol)
                if t != DFA.missing && parent[t] == -2 {
                    parent[t] = state
                    via[t] = symbol
                    queue.append(t)
                }
            }
        }
        return nil
    }

    /// Whether the DFA accepts no word.
    public var isEmpty: Bool { shortestAcceptedWord() == nil }
}
