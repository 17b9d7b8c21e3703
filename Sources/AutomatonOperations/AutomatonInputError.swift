/// Why a file does not hold an automaton this module can read. The description names the
/// file and says what to fix.
public struct AutomatonInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name, or `stdin`.
    public var source: String
    public var reason: String

    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "\(source): \(reason)" }
}
