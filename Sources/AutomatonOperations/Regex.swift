/// A regular expression (FORMATS.md §5): symbols are single characters other than
/// `()|*+?ε∅`; juxtaposition concatenates, `|` unites, `*` `+` `?` are postfix, `ε` is the
/// empty word and `∅` the empty language.
///
/// Build expressions with the static functions (`.union`, `.concatenation`, `.star`, …):
/// they simplify as they build (∅ and ε absorbed, `r r*` → `r+`, `(r*)*` → `r*`, …), so
/// the text of an expression made by state elimination stays readable.
public indirect enum Regex: Sendable, Hashable, CustomStringConvertible {
    case emptySet
    case epsilon
    case symbol(String)
    case concatenation([Regex])
    case union([Regex])
    case star(Regex)
    case plus(Regex)
    case optional(Regex)

    /// The characters that cannot be symbols.
    public static let reservedCharacters: Set<Character> = ["(", ")", "|", "*", "+", "?", "ε", "∅"]

    /// Whether the expression matches the empty word.
    public var isNullable: Bool {
        switch self {
        case .emptySet, .symbol: false
        case .epsilon, .star, .optional: true
        case let .concatenation(items): items.allSatisfy(\.isNullable)
        case let .union(items): items.contains(where: \.isNullable)
        case let .plus(inner): inner.isNullable
        }
    }

    /// The number of symbols, operators and constants in the expression.
    public var size: Int {
        switch self {
        case .emptySet, .epsilon, .symbol: 1
        case let .concatenation(items), let .union(items): items.reduce(0) { $0 + $1.size }
        case let .star(inner), let .plus(inner), let .optional(inner): 1 + inner.size
        }
    }

    // MARK: Building with simplification

    /// `left` followed by `right`, simplified.
    public static func concatenate(_ left: Regex, _ right: Regex) -> Regex {
        concatenation(of: [left, right])
    }

    /// The concatenation of `items`, simplified: nested concatenations flattened, ε dropped,
    /// ∅ absorbing, and `r r*`, `r* r` → `r+`, `r* r*` → `r*`.
    public static func concatenation(of items: [Regex]) -> Regex {
        var result: [Regex] = []
        for item in items.flatMap(\.concatenatedItems) {
            switch item {
            case .emptySet: return .emptySet
            case .epsilon: continue
            default: break
            }
            guard let last = result.last else {
                result.append(item)
                continue
            }
            switch (last, item) {
            case let (.star(a), .star(b)) where a == b: continue
            case let (a, .star(b)) where a == b: result[result.count - 1] = .plus(b)
            case let (.star(a), b) where a == b: result[result.count - 1] = .plus(a)
            case let (.plus(a), .star(b)) where a == b: continue
            case let (.star(a), .plus(b)) where a == b: result[result.count - 1] = .plus(a)
            default: result.append(item)
            }
        }
        switch result.count {
        case 0: return .epsilon
        case 1: return result[0]
        default: return .concatenation(result)
        }
    }

    /// `left | right`, simplified.
    public static func unite(_ left: Regex, _ right: Regex) -> Regex { union(of: [left, right]) }

    /// The union of `items`, simplified: nested unions flattened, ∅ and duplicates dropped,
    /// single symbols put first in symbol order, ε dropped beside a nullable alternative,
    /// and `ε | r` written `r?`.
    public static func union(of items: [Regex]) -> Regex {
        var result: [Regex] = []
        var seen = Set<Regex>()
        for item in items.flatMap(\.unitedItems) where item != .emptySet {
            if seen.insert(item).inserted { result.append(item) }
        }
        // Single symbols first, in symbol order ("a|b|cd*"); the rest keep their order.
        let symbols = result.compactMap { if case let .symbol(s) = $0 { s } else { nil } }.sorted()
        let others = result.filter { if case .symbol = $0 { false } else { true } }
        result = symbols.map(Regex.symbol) + others
        if result.contains(.epsilon) && result.contains(where: { $0 != .epsilon && $0.isNullable }) {
            result.removeAll { $0 == .epsilon }
        }
        if result.count == 2, let i = result.firstIndex(of: .epsilon) {
            return zeroOrOne(result[1 - i])
        }
        if result.count > 2, let i = result.firstIndex(of: .epsilon) {
            result.remove(at: i)
            return zeroOrOne(.union(result))
        }
        switch result.count {
        case 0: return .emptySet
        case 1: return result[0]
        default: return .union(result)
        }
    }

    /// `inner*`, simplified: `∅*` = `ε*` = ε, and stars, pluses and options inside a star
    /// (directly, or on the alternatives of a union) are dropped.
    public static func kleeneStar(_ inner: Regex) -> Regex {
        switch inner {
        case .emptySet, .epsilon: return .epsilon
        case .star: return inner
        case let .plus(r), let .optional(r): return kleeneStar(r)
        case let .union(items):
            let inner = union(of: items.map(\.withoutRepetition))
            if case .union = inner { return .star(inner) }
            return kleeneStar(inner)
        case let .concatenation(items) where items.allSatisfy(\.isNullable):
            return kleeneStar(union(of: items.map(\.withoutRepetition)))
        default: return .star(inner)
        }
    }

    /// `inner+`, simplified (`r+` of a nullable `r` is `r*`).
    public static func oneOrMore(_ inner: Regex) -> Regex {
        switch inner {
        case .emptySet, .epsilon, .plus, .star: return inner
        case let .optional(r): return kleeneStar(r)
        default: return inner.isNullable ? kleeneStar(inner) : .plus(inner)
        }
    }

    /// `inner?`, simplified (a nullable `r` needs no `?`; `∅?` is ε).
    public static func zeroOrOne(_ inner: Regex) -> Regex {
        switch inner {
        case .emptySet, .epsilon: return .epsilon
        case let .plus(r): return kleeneStar(r)
        default: return inner.isNullable ? inner : .optional(inner)
        }
    }

    private var concatenatedItems: [Regex] {
        if case let .concatenation(items) = self { items } else { [self] }
    }

    private var unitedItems: [Regex] {
        if case let .union(items) = self { items } else { [self] }
    }

    /// The expression without an outer `*`, `+` or `?` (the same language under a star).
    private var withoutRepetition: Regex {
        switch self {
        case let .star(r), let .plus(r), let .optional(r): r
        default: self
        }
    }

    // MARK: Text

    /// The expression in the plain syntax `RegexParser` reads, with the fewest parentheses.
    public var description: String { text(precedence: 0, syntax: .plain) }

    /// The expression in `syntax`, with the fewest parentheses. JFLAP's syntax has no `r+`
    /// or `r?`: they are written `rr*` and `(r+!)`.
    public func text(in syntax: RegexSyntax) -> String {
        (syntax == .jflap ? withoutPlusOrOptional : self).text(precedence: 0, syntax: syntax)
    }

    /// The same expression with `r+` made `r r*` and `r?` made `r | ε` (no simplification).
    private var withoutPlusOrOptional: Regex {
        switch self {
        case .emptySet, .epsilon, .symbol: return self
        case let .concatenation(items):
            return .concatenation(items.flatMap(\.withoutPlusOrOptional.concatenatedItems))
        case let .union(items): return .union(items.flatMap(\.withoutPlusOrOptional.unitedItems))
        case let .star(r): return .star(r.withoutPlusOrOptional)
        case let .plus(r):
            let inner = r.withoutPlusOrOptional
            return .concatenation(inner.concatenatedItems + [.star(inner)])
        case let .optional(r): return .union(r.withoutPlusOrOptional.unitedItems + [.epsilon])
        }
    }

    /// Precedence: 0 union, 1 concatenation, 2 postfix, 3 atom. (In JFLAP's syntax, after
    /// `withoutPlusOrOptional`: no `+` or `?` is left to write.)
    private func text(precedence: Int, syntax: RegexSyntax) -> String {
        let own: Int
        let body: String
        switch (self, syntax) {
        case (.emptySet, _): return "∅"
        case (.epsilon, .plain): return "ε"
        case (.epsilon, .jflap): return "!"
        case let (.symbol(s), _): return s
        case let (.union(items), _):
            own = 0
            body = items.map { $0.text(precedence: 1, syntax: syntax) }
                .joined(separator: String(syntax.union))
        case let (.concatenation(items), _):
            own = 1
            body = items.map { $0.text(precedence: 2, syntax: syntax) }.joined()
        case let (.star(r), _): own = 2; body = r.text(precedence: 3, syntax: syntax) + "*"
        case let (.plus(r), _): own = 2; body = r.text(precedence: 3, syntax: syntax) + "+"
        case let (.optional(r), _): own = 2; body = r.text(precedence: 3, syntax: syntax) + "?"
        }
        return own < precedence ? "(" + body + ")" : body
    }
}
