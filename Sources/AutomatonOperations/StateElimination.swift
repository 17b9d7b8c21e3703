extension NFA {
    /// A short regular expression for the language: state elimination on this automaton
    /// and on its minimal DFA (when that has at most `maxDFAStates` states), the shorter
    /// text kept. Random dense NFAs give expressions exponential in their states; past
    /// `maxSize` symbols and operators an elimination gives up, and when both do this
    /// throws `.regexTooLarge`.
    ///
    /// Throws `.symbolNotWritableInRegex` for a symbol the syntax reserves.
    public func regex(maxSize: Int = 20_000, maxDFAStates: Int = 200)
        throws(AutomatonOperationError) -> Regex {
        for symbol in symbols {
            guard symbol.count == 1, let c = symbol.first, !Regex.reservedCharacters.contains(c),
                  !c.isWhitespace else { throw .symbolNotWritableInRegex(symbol) }
        }
        var candidates: [Regex] = []
        if let r = try? eliminatingStates(maxSize: maxSize) { candidates.append(r) }
        if let dfa = try? determinized(maxStates: maxDFAStates).dfa.minimized().dfa,
           dfa.stateCount <= maxDFAStates,
           let r = try? dfa.nfa.eliminatingStates(maxSize: maxSize) {
            candidates.append(r)
        }
        let shorter = { (a: Regex, b: Regex) in
            (a.size, a.description.count) < (b.size, b.description.count)
        }
        guard let best = candidates.min(by: shorter) else { throw .regexTooLarge(limit: maxSize) }
        return best
    }

    /// A regular expression for the language, by state elimination (Brzozowski–McCluskey):
    /// states that are unreachable or cannot reach an accepting state are dropped, a new
    /// start and a new end are joined by ε-edges, then states are removed one at a time —
    /// the one whose removal writes the least (sizes of the expressions it multiplies) first,
    /// lower number on ties — rewriting `p → k → q` as `R(p,q) | R(p,k) R(k,k)* R(k,q)`.
    /// The `Regex` constructors simplify as they go, so the text stays readable.
    ///
    /// Throws `.regexTooLarge` as soon as an expression exceeds `maxSize`.
    public func eliminatingStates(maxSize: Int) throws(AutomatonOperationError) -> Regex {
        let useful = usefulStates()
        // Node numbers: the useful states, then start and end.
        let start = stateCount, end = stateCount + 1
        var out = [[Int: Regex]](repeating: [:], count: stateCount + 2)
        var into = [Set<Int>](repeating: [], count: stateCount + 2)
        func add(_ p: Int, _ q: Int, _ r: Regex) {
            out[p][q] = Regex.unite(out[p][q] ?? .emptySet, r)
            into[q].insert(p)
        }
        for state in 0..<stateCount where useful[state] {
            for edge in edges[state] where useful[edge.to] {
                let label: Regex = edge.symbol == NFA.epsilon ? .epsilon : .symbol(symbols[edge.symbol])
                add(state, edge.to, label)
            }
            if accepting[state] { add(state, end, .epsilon) }
        }
        for state in Set(initial) where useful[state] { add(start, state, .epsilon) }

        var remaining = Set((0..<stateCount).filter { useful[$0] })
        while !remaining.isEmpty {
            let k = remaining.min { a, b in
                let (wa, wb) = (eliminationCost(a, out, into), eliminationCost(b, out, into))
                return wa != wb ? wa < wb : a < b
            }!
            remaining.remove(k)
            let loop = Regex.kleeneStar(out[k][k] ?? .emptySet)
            let sources = into[k].subtracting([k]).sorted()
            let targets = out[k].keys.filter { $0 != k }.sorted()
            for p in sources {
                for q in targets {
                    add(p, q, Regex.concatenation(of: [out[p][k]!, loop, out[k][q]!]))
                    guard out[p][q]!.size <= maxSize else { throw .regexTooLarge(limit: maxSize) }
                }
            }
            for p in sources { out[p][k] = nil }
            for q in targets { into[q].remove(k) }
            out[k] = [:]
            into[k] = []
        }
        return out[start][end] ?? .emptySet
    }

    /// Roughly how much text removing `k` writes: each expression into `k` is copied once
    /// per edge out of it and vice versa, and the loop once per pair.
    private func eliminationCost(_ k: Int, _ out: [[Int: Regex]], _ into: [Set<Int>]) -> Int {
        let sources = into[k].subtracting([k])
        let targets = out[k].keys.filter { $0 != k }
        let loop = out[k][k]?.size ?? 0
        let inSize = sources.reduce(0) { $0 + out[$1][k]!.size }
        let outSize = targets.reduce(0) { $0 + out[k][$1]!.size }
        return inSize * targets.count + outSize * sources.count + loop * sources.count * targets.count
    }

    /// States on some path from an initial state to an accepting one.
    func usefulStates() -> [Bool] {
        var reachable = [Bool](repeating: false, count: stateCount)
        var pending = initial
        for s in initial { reachable[s] = true }
        var predecessors = [[Int]](repeating: [], count: stateCount)
        while let s = pending.popLast() {
            for edge in edges[s] where !reachable[edge.to] {
                reachable[edge.to] = true
                pending.append(edge.to)
            }
        }
        for s in 0..<stateCount {
            for edge in edges[s] { predecessors[edge.to].append(s) }
        }
        var productive = accepting
        pending = (0..<stateCount).filter { accepting[$0] }
        while let s = pending.popLast() {
            for p in predecessors[s] where !productive[p] {
                productive[p] = true
                pending.append(p)
            }
        }
        return (0..<stateCount).map { reachable[$0] && productive[$0] }
    }
}
