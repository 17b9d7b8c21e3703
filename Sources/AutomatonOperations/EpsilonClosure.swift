/// ε-closures of sets of states: every state reachable by ε-moves alone, the set itself
/// included. Keeps a visit stamp per state, so one closure costs the states and ε-moves it
/// visits, and ε-cycles end.
public struct EpsilonClosure {
    private let epsilonTargets: [[Int]]
    private var stamp: [Int]
    private var round = 0

    public init(_ nfa: NFA) {
        epsilonTargets = nfa.edges.map { edges in
            edges.filter { $0.symbol == NFA.epsilon }.map(\.to)
        }
        stamp = Array(repeating: 0, count: nfa.stateCount)
    }

    /// The ε-closure of `states` (duplicates allowed), sorted.
    public mutating func closure(of states: [Int]) -> [Int] {
        round += 1
        var result: [Int] = []
        var pending: [Int] = []
        for state in states where stamp[state] != round {
            stamp[state] = round
            pending.append(state)
        }
        while let state = pending.popLast() {
            result.append(state)
            for target in epsilonTargets[state] where stamp[target] != round {
                stamp[target] = round
                pending.append(target)
            }
        }
        return result.sorted()
    }
}

extension NFA {
    /// An equivalent NFA without ε-moves, on the same states: a state moves on `a` wherever
    /// a state of its ε-closure moves on `a`, then takes the closure of the targets, and
    /// accepts when its closure holds an accepting state.
    public func removingEpsilons() -> NFA {
        var closure = EpsilonClosure(self)
        var newEdges = [[Edge]](repeating: [], count: stateCount)
        var newAccepting = accepting
        for state in 0..<stateCount {
            let reach = closure.closure(of: [state])
            newAccepting[state] = reach.contains { accepting[$0] }
            var seen = Set<Edge>()
            for member in reach {
                for edge in edges[member] where edge.symbol != NFA.epsilon {
                    for target in closure.closure(of: [edge.to]) {
                        let moved = Edge(symbol: edge.symbol, to: target)
                        if seen.insert(moved).inserted { newEdges[state].append(moved) }
                    }
                }
            }
        }
        return NFA(symbols: symbols, stateCount: stateCount, initial: closure.closure(of: initial),
                   accepting: newAccepting, edges: newEdges)
    }
}
