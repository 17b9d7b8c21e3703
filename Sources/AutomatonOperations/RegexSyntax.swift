/// The two ways of writing a regular expression that `RegexParser` reads and `Regex` writes.
///
/// - `plain` (FORMATS.md §5): `|` union, postfix `*` `+` `?`, `ε` the empty word, `∅` the
///   empty language.
/// - `jflap`, as JFLAP writes expressions: `+` union, postfix `*` only, `!` (or `λ`, as JFLAP
///   shows it) the empty word; `ε` and `∅` as in `plain`. `|` and `?` are refused rather than
///   read as symbols, as JFLAP would, since who writes them means the plain operators.
///
/// Both: symbols are single characters, juxtaposition concatenates, parentheses group, and
/// white space is ignored.
public enum RegexSyntax: String, Sendable, CaseIterable {
    case plain
    case jflap

    /// The characters that cannot be symbols.
    public var reservedCharacters: Set<Character> {
        switch self {
        case .plain: Regex.reservedCharacters
        case .jflap: ["(", ")", "+", "*", "!", "λ", "ε", "∅", "|", "?"]
        }
    }

    /// The union operator.
    var union: Character { self == .plain ? "|" : "+" }

    /// The postfix operators.
    var postfix: Set<Character> { self == .plain ? ["*", "+", "?"] : ["*"] }

    /// Characters that stand for the empty word.
    var epsilon: Set<Character> { self == .plain ? ["ε"] : ["ε", "!", "λ"] }

    /// Why `c` cannot appear where it is, when this syntax refuses it outright.
    func refusal(of c: Character) -> String? {
        switch (self, c) {
        case (.jflap, "|"): "'|' is no operator in JFLAP's syntax: write '+' for a union"
        case (.jflap, "?"): "'?' is no operator in JFLAP's syntax: write (r+!) for an optional r"
        default: nil
        }
    }
}
