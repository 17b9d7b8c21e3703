import Dispatch
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The HTTP server of the editor (FORMATS.md §6): the page at `/` and its files, the JSON
/// API of `EditorAPI`, `/healthz`. Bodies over the limit are refused (413) from their
/// `Content-Length` or while they are read; each request has a deadline (408); recognition
/// runs on Dispatch's global queue (one thread per core), off the network threads.
public struct EditorServer: Sendable {
    public var api: EditorAPI
    public var host: String
    public var port: Int

    public init(api: EditorAPI, host: String = "127.0.0.1", port: Int = 8080) {
        self.api = api
        self.host = host
        self.port = port
    }

    /// Serves until the process is stopped. `onReady` gets the bound port (useful with port 0).
    public func run(onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let router = Router()
        router.get("/healthz") { _, _ in Self.response(APIResponse(status: 200, contentType: "text/plain; charset=utf-8", body: "ok")) }
        let api = self.api
        router.post("/api/recognize") { request, _ in
            await Self.answer(request, api: api) { api.recognize(body: $0) }
        }
        router.post("/api/simulate") { request, _ in
            await Self.answer(request, api: api) { api.simulate(body: $0) }
        }
        for (path, file) in PageFile.all {
            router.get(RouterPath(path)) { _, _ in
                Self.response(APIResponse(status: 200, contentType: file.contentType, body: file.text))
            }
        }
        var logger = Logger(label: "fa-serve")
        logger.logLevel = .warning
        let seconds = Int64(api.limits.requestTimeout.rounded(.up))
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(max(seconds, 1)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "fa-serve",
                                 backlog: 1024),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    /// Reads the body (refusing one over the limit), runs `work` on it off the network
    /// threads, and answers; past the deadline the answer is 408.
    static func answer(_ request: Request, api: EditorAPI,
                       work: @escaping @Sendable ([UInt8]) -> APIResponse) async -> Response {
        let limit = api.limits.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return response(api.tooLarge(length))
        }
        let deadline = api.limits.requestTimeout
        let answer = await withTaskGroup(of: APIResponse?.self) { group in
            group.addTask {
                let buffer: ByteBuffer
                do {
                    buffer = try await request.body.collect(upTo: limit)
                } catch let error as HTTPError where error.status == .contentTooLarge {
                    return api.tooLarge(nil)
                } catch {
                    if Task.isCancelled { return nil }
                    return .error(400, "the request body could not be read (\(error))")
                }
                let bytes = Array(buffer.readableBytesView)
                return await withCheckedContinuation { continuation in
                    DispatchQueue.global().async { continuation.resume(returning: work(bytes)) }
                }
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(deadline * 1e9))
                return Task.isCancelled ? nil
                    : .error(408, "the request took longer than \(deadline) s")
            }
            var first: APIResponse?
            while first == nil, let next = await group.next() {
                first = next
            }
            group.cancelAll()
            return first ?? .error(500, "the request was cancelled")
        }
        return response(answer)
    }

    static func response(_ answer: APIResponse) -> Response {
        var headers: HTTPFields = [.contentType: answer.contentType, .cacheControl: "no-store"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        headers[.init("Content-Security-Policy")!] =
            "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'"
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body)))
    }
}
