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

/// Reads the syntax of FORMATS.md §5 by recursive descent; whitespace is ignored.
///
///     union   := concat ('|' concat)*
///     concat  := postfix postfix*
///     postfix := atom ('*' | '+' | '?')*
///     atom    := symbol | 'ε' | '∅' | '(' union ')'
///
/// The tree keeps the structure as written (no simplification).
public struct RegexParser {
    /// Longest expression read, in characters.
    public static let maximumLength = 100_000
    /// Deepest nesting of parentheses read.
    public static let maximumDepth = 500

    private let text: String
    private let characters: [Character]
    private var position = 0
    private var depth = 0

    public static func parse(_ text: String) throws(RegexSyntaxError) -> Regex {
        var parser = RegexParser(text: text)
        return try parser.parseWhole()
    }

    private init(text: String) {
        self.text = text
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
            throw failure("the expression is empty (write ε for the empty word, ∅ for no word)")
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

    private mutating func parseUnion() throws(RegexSyntaxError) -> Regex {
        var alternatives = [try parseConcatenation()]
        while next == "|" {
            position += 1
            skipSpaces()
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .union(alternatives)
    }

    private mutating func parseConcatenation() throws(RegexSyntaxError) -> Regex {
        var items: [Regex] = []
        while let c = next, c != "|", c != ")" {
            items.append(try parsePostfix())
        }
        guard !items.isEmpty else {
            if next == ")" && depth == 0 {
                throw failure("unbalanced parentheses: this ')' closes nothing")
            }
            let what = next.map { "'\($0)'" } ?? "the end"
            throw failure("an alternative is empty before \(what) (write ε for the empty word)")
        }
        return items.count == 1 ? items[0] : .concatenation(items)
    }

    private mutating func parsePostfix() throws(RegexSyntaxError) -> Regex {
        var regex = try parseAtom()
        var operators = 0
        while let c = next, c == "*" || c == "+" || c == "?" {
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
        case "*", "+", "?":
            throw failure("'\(c)' has nothing before it to repeat", at: start)
        case "ε": atom = .epsilon
        case "∅": atom = .emptySet
        default: atom = .symbol(String(c))
        }
        skipSpaces()
        return atom
    }
}
