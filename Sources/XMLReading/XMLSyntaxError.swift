/// Why `XMLReader` refused a document: the line (from 1) where reading stopped and what
/// is wrong there, in words a user can act on.
public struct XMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
