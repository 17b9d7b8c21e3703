/// The minimal complete DFA of a language, and which of its states is dead.
public struct Minimization: Sendable, Equatable {
    /// Complete; state 0 is initial; states numbered in breadth-first order (symbols in
    /// alphabet order), so two DFAs accept the same language over the same alphabet exactly
    /// when their minimal DFAs are equal.
    public var dfa: DFA
    /// The state from which no word is accepted, when there is one (at most one remains).
    public var deadState: Int?
    /// `classes[state]`: the input DFA's states merged into `state` (unreachable ones and an
    /// added dead state are not listed).
    public var classes: [[Int]]
}

extension DFA {
    /// The minimal complete DFA for the same language over the same alphabet: unreachable
    /// states dropped, missing transitions sent to a dead state, then Hopcroft's partition
    /// refinement (1971) in O(n·k·log n) for n states and k symbols.
    public func minimized() -> Minimization {
        let k = symbols.count
        // 1. The reachable part, completed (`original[i]` is the input state of new state i).
        var number = [Int](repeating: -1, count: stateCount)
        var original: [Int] = []
        if stateCount > 0 {
            number[0] = 0
            original.append(0)
            var head = 0
            while head < original.count {
                let state = original[head]
                head += 1
                for symbol in 0..<k {
                    let t = target(state, symbol)
                    if t != DFA.missing && number[t] < 0 {
                        number[t] = original.count
                        original.append(t)
                    }
                }
            }
        }
        let reachable = original.count
        // The dead state, number `reachable`, loops on every symbol.
        var delta = [Int](repeating: reachable, count: (reachable + 1) * k)
        var needsDead = reachable == 0
        for (i, state) in original.enumerated() {
            for symbol in 0..<k {
                let t = target(state, symbol)
                if t == DFA.missing { needsDead = true }
                delta[i * k + symbol] = t == DFA.missing ? reachable : number[t]
            }
        }
        let n = reachable + (needsDead ? 1 : 0)
        if !needsDead { delta.removeLast(k) }
        var accepting = original.map { self.accepting[$0] }
        if needsDead { accepting.append(false) }

        // 2. Hopcroft: the coarsest partition compatible with acceptance and transitions.
        let (classOf, classCount) = hopcroftClasses(stateCount: n, symbolCount: k,
                                                    delta: delta, accepting: accepting)

        // 3. The quotient DFA, classes renumbered breadth-first from the initial class.
        var representative = [Int](repeating: -1, count: classCount)
        for state in 0..<n where representative[classOf[state]] < 0 {
            representative[classOf[state]] = state
        }
        var newNumber = [Int](repeating: -1, count: classCount)
        var order = [classOf[0]]
        newNumber[classOf[0]] = 0
        var head = 0
        while head < order.count {
            let state = representative[order[head]]
            head += 1
            for symbol in 0..<k {
                let c = classOf[delta[state * k + symbol]]
                if newNumber[c] < 0 {
                    newNumber[c] = order.count
                    order.append(c)
                }
            }
        }
        var next = [Int](repeating: 0, count: classCount * k)
        var minimalAccepting = [Bool](repeating: false, count: classCount)
        for (i, c) in order.enumerated() {
            let state = representative[c]
            minimalAccepting[i] = accepting[state]
            for symbol in 0..<k { next[i * k + symbol] = newNumber[classOf[delta[state * k + symbol]]] }
        }
        var classes = [[Int]](repeating: [], count: classCount)
        for (i, state) in original.enumerated() { classes[newNumber[classOf[i]]].append(state) }
        let dfa = DFA(symbols: symbols, stateCount: classCount, accepting: minimalAccepting,
                      next: next)
        return Minimization(dfa: dfa, deadState: dfa.deadStates().first, classes: classes)
    }

    /// The states from which no accepting state can be reached, in order.
    public func deadStates() -> [Int] {
        let k = symbols.count
        var predecessors = [[Int]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for symbol in 0..<k where target(state, symbol) != DFA.missing {
                predecessors[target(state, symbol)].append(state)
            }
        }
        var alive = accepting
        var pending = (0..<stateCount).filter { accepting[$0] }
        while let state = pending.popLast() {
            for p in predecessors[state] where !alive[p] {
                alive[p] = true
                pending.append(p)
            }
        }
        return (0..<stateCount).filter { !alive[$0] }
    }
}

/// Hopcroft's algorithm on a complete DFA (`delta[state * symbolCount + symbol]`): the class
/// of each state in the coarsest partition that separates accepting from rejecting states
/// and is stable under every symbol.
///
/// Blocks are contiguous ranges of `elements`; a splitter (block, symbol) marks the
/// predecessors of its states by moving them to the front of their blocks, then each
/// touched block splits into its marked and unmarked parts. Of the two parts, the one not
/// already waiting as a splitter is added only when smaller ("process the smaller half"),
/// which bounds the work by O(n·k·log n).
func hopcroftClasses(stateCount n: Int, symbolCount k: Int, delta: [Int],
                     accepting: [Bool]) -> (classOf: [Int], classCount: Int) {
    guard n > 0 else { return ([], 0) }
    // Predecessors on each symbol, compressed: those of `t` on `a` are
    // sources[start[a * n + t] ..< start[a * n + t + 1]].
    var start = [Int](repeating: 0, count: k * n + 1)
    for state in 0..<n {
        for symbol in 0..<k { start[symbol * n + delta[state * k + symbol] + 1] += 1 }
    }
    for i in 0..<(k * n) { start[i + 1] += start[i] }
    var fill = start
    var sources = [Int](repeating: 0, count: k * n)
    for state in 0..<n {
        for symbol in 0..<k {
            let key = symbol * n + delta[state * k + symbol]
            sources[fill[key]] = state
            fill[key] += 1
        }
    }

    // The initial partition: accepting states first, then the others.
    var elements = (0..<n).filter { accepting[$0] } + (0..<n).filter { !accepting[$0] }
    let acceptingCount = accepting.lazy.filter { $0 }.count
    var location = [Int](repeating: 0, count: n)
    for (i, state) in elements.enumerated() { location[state] = i }
    var blockOf = [Int](repeating: 0, count: n)
    var first = [Int](repeating: 0, count: n)
    var end = [Int](repeating: 0, count: n)
    var marked = [Int](repeating: 0, count: n)
    var blockCount = 1
    end[0] = n
    var waiting = [Int]()  // splitters, block * k + symbol
    var isWaiting = [Bool](repeating: false, count: n * k)
    if acceptingCount > 0 && acceptingCount < n {
        end[0] = acceptingCount
        first[1] = acceptingCount
        end[1] = n
        for i in acceptingCount..<n { blockOf[elements[i]] = 1 }
        blockCount = 2
        let smaller = acceptingCount <= n - acceptingCount ? 0 : 1
        for symbol in 0..<k {
            waiting.append(smaller * k + symbol)
            isWaiting[smaller * k + symbol] = true
        }
    }

    var predecessors: [Int] = []
    var touched: [Int] = []
    while let splitter = waiting.popLast() {
        isWaiting[splitter] = false
        let (block, symbol) = splitter.quotientAndRemainder(dividingBy: k)
        predecessors.removeAll(keepingCapacity: true)
        for i in first[block]..<end[block] {
            let key = symbol * n + elements[i]
            for j in start[key]..<start[key + 1] { predecessors.append(sources[j]) }
        }
        for state in predecessors {
            let b = blockOf[state]
            let front = first[b] + marked[b]
            let at = location[state]
            guard at >= front else { continue }  // already marked
            let other = elements[front]
            elements[front] = state
            location[state] = front
            elements[at] = other
            location[other] = at
            if marked[b] == 0 { touched.append(b) }
            marked[b] += 1
        }
        for b in touched {
            let markedCount = marked[b]
            marked[b] = 0
            let size = end[b] - first[b]
            guard markedCount < size else { continue }
            let newBlock = blockCount
            blockCount += 1
            first[newBlock] = first[b]
            end[newBlock] = first[b] + markedCount
            first[b] += markedCount
            for i in first[newBlock]..<end[newBlock] { blockOf[elements[i]] = newBlock }
            let newIsSmaller = markedCount <= size - markedCount
            for c in 0..<k {
                let added = isWaiting[b * k + c] || newIsSmaller ? newBlock : b
                if !isWaiting[added * k + c] {
                    isWaiting[added * k + c] = true
                    waiting.append(added * k + c)
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
    }
    return (blockOf, blockCount)
}
