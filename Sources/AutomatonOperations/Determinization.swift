/// The DFA of a subset construction, with the NFA states each DFA state stands for.
public struct Determinization: Sendable, Equatable {
    /// A partial DFA: the empty set is not a state, so a missing transition means "no run".
    public var dfa: DFA
    /// `subsets[state]`: the NFA states (sorted) that DFA state `state` stands for.
    public var subsets: [[Int]]
}

extension NFA {
    /// The subset construction (Rabin–Scott): DFA state 0 is the ε-closure of the initial
    /// states; the state reached on `a` is the ε-closure of the `a`-moves of its members.
    /// States are numbered in breadth-first order, symbols in alphabet order, so the result
    /// does not depend on hashing. With no initial state the DFA is one rejecting state.
    ///
    /// Throws `.tooManyStates` as soon as more than `maxStates` subsets are reached, so the
    /// n-th-symbol-from-the-end family (2ⁿ states) fails fast instead of exhausting memory.
    public func determinized(maxStates: Int = 1_000_000) throws(AutomatonOperationError)
        -> Determinization {
        let k = symbols.count
        var closure = EpsilonClosure(self)
        var subsets: [[Int]] = [closure.closure(of: initial)]
        var index: [[Int]: Int] = [subsets[0]: 0]
        var next: [Int] = []
        var moves = [[Int]](repeating: [], count: k)
        var state = 0
        while state < subsets.count {
            for symbol in 0..<k { moves[symbol].removeAll(keepingCapacity: true) }
            for member in subsets[state] {
                for edge in edges[member] where edge.symbol != NFA.epsilon {
                    moves[edge.symbol].append(edge.to)
                }
            }
            for symbol in 0..<k {
                guard !moves[symbol].isEmpty else {
                    next.append(DFA.missing)
                    continue
                }
                let target = closure.closure(of: moves[symbol])
                if let known = index[target] {
                    next.append(known)
                } else {
                    guard subsets.count < maxStates else { throw .tooManyStates(limit: maxStates) }
                    index[target] = subsets.count
                    next.append(subsets.count)
                    subsets.append(target)
                }
            }
            state += 1
        }
        let accepting = subsets.map { $0.contains { self.accepting[$0] } }
        let dfa = DFA(symbols: symbols, stateCount: subsets.count, accepting: accepting, next: next)
        return Determinization(dfa: dfa, subsets: subsets)
    }
}
