extension NFA {
    /// Thompson's construction (1968): an ε-NFA for `regex` with one initial and one
    /// accepting state, at most two states per symbol and operator. The alphabet is
    /// `alphabet` ∪ the expression's symbols.
    public init(regex: Regex, alphabet: [String] = []) {
        var builder = ThompsonBuilder(symbols: Array(Set(alphabet).union(regex.symbols)).sorted())
        let (start, accept) = builder.fragment(regex)
        var accepting = [Bool](repeating: false, count: builder.edges.count)
        accepting[accept] = true
        self.init(symbols: builder.symbols, stateCount: builder.edges.count, initial: [start],
                  accepting: accepting, edges: builder.edges)
    }
}

extension Regex {
    /// The symbols the expression names (also those under ∅ concatenations), sorted.
    public var symbols: [String] {
        var found = Set<String>()
        var pending = [self]
        while let regex = pending.popLast() {
            switch regex {
            case .emptySet, .epsilon: break
            case let .symbol(s): found.insert(s)
            case let .concatenation(items), let .union(items): pending += items
            case let .star(r), let .plus(r), let .optional(r): pending.append(r)
            }
        }
        return found.sorted()
    }
}

/// Builds Thompson fragments, each a (start, accept) pair of new states.
private struct ThompsonBuilder {
    let symbols: [String]
    let symbolIndex: [String: Int]
    var edges: [[NFA.Edge]] = []

    init(symbols: [String]) {
        self.symbols = symbols
        symbolIndex = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, $0) })
    }

    mutating func newState() -> Int {
        edges.append([])
        return edges.count - 1
    }

    mutating func connect(_ from: Int, _ to: Int, on symbol: Int = NFA.epsilon) {
        edges[from].append(NFA.Edge(symbol: symbol, to: to))
    }

    mutating func fragment(_ regex: Regex) -> (start: Int, accept: Int) {
        switch regex {
        case .emptySet:
            return (newState(), newState())
        case .epsilon:
            let (s, f) = (newState(), newState())
            connect(s, f)
            return (s, f)
        case let .symbol(symbol):
            let (s, f) = (newState(), newState())
            connect(s, f, on: symbolIndex[symbol]!)
            return (s, f)
        case let .concatenation(items):
            var (start, accept) = fragment(items[0])
            for item in items.dropFirst() {
                let (s, f) = fragment(item)
                connect(accept, s)
                accept = f
            }
            return (start, accept)
        case let .union(items):
            let (s, f) = (newState(), newState())
            for item in items {
                let (s1, f1) = fragment(item)
                connect(s, s1)
                connect(f1, f)
            }
            return (s, f)
        case let .star(inner), let .plus(inner), let .optional(inner):
            // s →ε inner →ε f; `*` and `?` may skip the inner part, `*` and `+` repeat it.
            let (s, f) = (newState(), newState())
            let (s1, f1) = fragment(inner)
            connect(s, s1)
            connect(f1, f)
            if case .plus = regex {} else { connect(s, f) }
            if case .optional = regex {} else { connect(f1, s1) }
            return (s, f)
        }
    }
}
