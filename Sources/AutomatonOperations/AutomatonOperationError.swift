/// Why an operation on automata could not give its result.
public enum AutomatonOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Subset construction would make more than `limit` states.
    case tooManyStates(limit: Int)
    /// A symbol that the regular-expression syntax reserves (`()|*+?ε∅`, JFLAP's `()+*!λ`) or
    /// cannot write.
    case symbolNotWritableInRegex(String)
    /// State elimination made an expression longer than `limit` symbols and operators.
    case regexTooLarge(limit: Int)

    public var description: String {
        switch self {
        case let .tooManyStates(limit):
            "determinization stopped: the DFA would have more than \(limit) states "
                + "(raise the limit with --max-states if the memory allows)"
        case let .symbolNotWritableInRegex(symbol):
            "the symbol '\(symbol)' cannot be written in a regular expression "
                + "(the syntax reserves it — ( ) | * + ? ε ∅, or in JFLAP's ( ) + * ! λ — or it "
                + "is a space)"
        case let .regexTooLarge(limit):
            "the regular expression would have more than \(limit) symbols and operators "
                + "(state elimination grows exponentially on dense automata)"
        }
    }
}
