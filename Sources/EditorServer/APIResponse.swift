import Automata
import AutomatonRecognition

/// One answer of the editor's API, independent of the HTTP library: a status code, a
/// content type and the body.
public struct APIResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: String

    public init(status: Int, contentType: String = "application/json", body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// `{"error": message}` with `status` (400 bad input, 413 too large, 500 internal).
    public static func error(_ status: Int, _ message: String) -> APIResponse {
        APIResponse(status: status, body: JSONValue.object([("error", .string(message))])
            .rendered(pretty: false))
    }

    /// A JSON body with status 200.
    public static func json(_ value: JSONValue) -> APIResponse {
        APIResponse(status: 200, body: value.rendered(pretty: false))
    }
}
