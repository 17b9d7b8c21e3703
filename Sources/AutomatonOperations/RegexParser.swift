/// Why a text is not a regular expression, with the character position (0-based) where
/// reading stopped.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var regex: String
    public var position: Int
    public var reason: String

    public var description: String {
        "regular expression '\(regex)': \(reason) (at character \(position))"
    }
}

/// Reads the syntax of FORMATS.md §5, or JFLAP's (`RegexSyntax`), by recursive descent;
/// whitespace is ignored.
///
///     union   := concat ('|' concat)*                   JFLAP: '+' for '|'
///     concat  := postfix postfix*
///     postfix := atom ('*' | '+' | '?')*                JFLAP: '*' only
///     atom    := symbol | 'ε' | '∅' | '(' union ')'     JFLAP: also '!' and 'λ' for ε
///
/// The tree keeps the structure as written (no simplification).
public struct RegexParser {
    /// Longest expression read, in characters.
    public static let maximumLength = 100_000
    /// Deepest nesting of parentheses read.
    public static let maximumDepth = 500

    private let text: String
    private let syntax: RegexSyntax
    private let characters: [Character]
    private var position = 0
    private var depth = 0

    public static func parse(_ text: String, syntax: RegexSyntax = .plain)
        throws(RegexSyntaxError) -> Regex {
        var parser = RegexParser(text: text, syntax: syntax)
        return try parser.parseWhole()
    }

    /// Warnings about an expression that reads (`parse`) but likely not as meant: in the
    /// plain syntax, a `+` between two operands (`a+b`, `(0+1)*`) when the expression has no
    /// `|`, which is how JFLAP and textbooks write a union, is "one or more" here.
    public static func warnings(for text: String, syntax: RegexSyntax = .plain) -> [String] {
        guard syntax == .plain, !text.contains("|") else { return [] }
        let characters = Array(text).filter { !$0.isWhitespace }
        var places: [Int] = []
        var position = 0  // in `text`, white space counted
        var k = 0
        for c in text {
            defer { position += 1 }
            guard !c.isWhitespace else { continue }
            defer { k += 1 }
            guard c == "+", k > 0, k + 1 < characters.count else { continue }
            if !["(", "|"].contains(characters[k - 1])
                && ![")", "*", "+", "?", "|"].contains(characters[k + 1]) {
                places.append(position)
            }
        }
        guard !places.isEmpty else { return [] }
        let list = places.map(String.init).joined(separator: ", ")
        return ["regular expression '\(text)': '+' between two operands (at character"
                + "\(places.count > 1 ? "s" : "") \(list)) means 'one or more' here, so 'a+b' is "
                + "one or more a then b; write '|' for a union, or read the expression in "
                + "JFLAP's syntax (+ union, ! the empty word)"]
    }

    private init(text: String, syntax: RegexSyntax) {
        self.text = text
        self.syntax = syntax
        characters = Array(text)
    }

    private func failure(_ reason: String, at position: Int? = nil) -> RegexSyntaxError {
        RegexSyntaxError(regex: text.count > 80 ? String(text.prefix(77)) + "..." : text,
                         position: position ?? self.position, reason: reason)
    }

    private mutating func parseWhole() throws(RegexSyntaxError) -> Regex {
        guard characters.count <= Self.maximumLength else {
            throw failure("longer than \(Self.maximumLength) characters", at: 0)
        }
        skipSpaces()
        guard position < characters.count else {
            throw failure("the expression is empty (write \(emptyWord) for the empty word, ∅ for "
                          + "no word)")
        }
        let regex = try parseUnion()
        if position < characters.count {  // only a ')' stops parseUnion early
            throw failure("unbalanced parentheses: this ')' closes nothing")
        }
        return regex
    }

    private mutating func skipSpaces() {
        while position < characters.count && characters[position].isWhitespace { position += 1 }
    }

    private var next: Character? {
        position < characters.count ? characters[position] : nil
    }

    /// How the syntax writes the empty word, for messages.
    private var emptyWord: String { syntax == .plain ? "ε" : "!" }

    private mutating func parseUnion() throws(RegexSyntaxError) -> Regex {
        var alternatives = [try parseConcatenation()]
        while next == syntax.union {
            position += 1
            skipSpaces()
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .union(alternatives)
    }

    private mutating func parseConcatenation() throws(RegexSyntaxError) -> Regex {
        var items: [Regex] = []
        while let c = next, c != syntax.union, c != ")" {
            items.append(try parsePostfix())
        }
        guard !items.isEmpty else {
            if next == ")" && depth == 0 {
                throw failure("unbalanced parentheses: this ')' closes nothing")
            }
            let what = next.map { "'\($0)'" } ?? "the end"
            throw failure("an alternative is empty before \(what) (write \(emptyWord) for the "
                          + "empty word)")
        }
        return items.count == 1 ? items[0] : .concatenation(items)
    }

    private mutating func parsePostfix() throws(RegexSyntaxError) -> Regex {
        var regex = try parseAtom()
        var operators = 0
        while let c = next, syntax.postfix.contains(c) {
            operators += 1
            guard operators <= Self.maximumDepth else {  // each one nests the tree deeper
                throw failure("more than \(Self.maximumDepth) repetition operators in a row")
            }
            switch c {
            case "*": regex = .star(regex)
            case "+": regex = .plus(regex)
            default: regex = .optional(regex)
            }
            position += 1
            skipSpaces()
        }
        return regex
    }

    private mutating func parseAtom() throws(RegexSyntaxError) -> Regex {
        let start = position
        let c = characters[position]
        position += 1
        let atom: Regex
        switch c {
        case "(":
            depth += 1
            guard depth <= Self.maximumDepth else {
                throw failure("parentheses nested deeper than \(Self.maximumDepth)", at: start)
            }
            skipSpaces()
            atom = try parseUnion()
            guard next == ")" else {
                throw failure("unbalanced parentheses: the '(' here is never closed", at: start)
            }
            position += 1
            depth -= 1
        case _ where syntax.postfix.contains(c):
            throw failure("'\(c)' has nothing before it to repeat", at: start)
        case _ where syntax.epsilon.contains(c): atom = .epsilon
        case "∅": atom = .emptySet
        default:
            if let refusal = syntax.refusal(of: c) { throw failure(refusal, at: start) }
            atom = .symbol(String(c))
        }
        skipSpaces()
        return atom
    }
}
