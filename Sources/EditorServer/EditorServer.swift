import Dispatch
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The HTTP server of the editor (FORMATS.md §6): the page at `/` and its files, the JSON
/// API of `EditorAPI`, `/healthz`. Bodies over the limit are refused (413) from their
/// `Content-Length` or while they are read; each request has a deadline (408); recognition
/// runs in a `WorkerPool` of one thread per core, first come first served, off the network
/// threads.
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
        let workers = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount)
        router.post("/api/recognize") { request, _ in
            await Self.answer(request, api: api, workers: workers) { api.recognize(body: $0) }
        }
        router.post("/api/simulate") { request, _ in
            await Self.answer(request, api: api, workers: workers) { api.simulate(body: $0) }
        }
        router.post("/api/operate") { request, _ in
            await Self.answer(request, api: api, workers: workers) { api.operate(body: $0) }
        }
        router.post("/api/jflap") { request, _ in
            await Self.answer(request, api: api, workers: workers) { api.jflap(body: $0) }
        }
        for (path, file) in PageFile.all {
            router.get(RouterPath(path)) { _, _ in
                Self.response(APIResponse(status: 200, contentType: file.contentType, body: file.text))
            }
        }
        var logger = Logger(label: "fa-serve")
        logger.logLevel = .warning
        // Idle connections close a little after the request deadline, so a stalled request
        // still gets its 408.
        let seconds = Int64(api.limits.requestTimeout.rounded(.up)) + 5
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(seconds))),
            configuration: .init(address: .hostname(host, port: port), serverName: "fa-serve",
                                 backlog: 1024),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    /// Reads the body, runs `work` on it on one of `workers`' threads, and answers; past
    /// the deadline the answer is 408. A body over the limit is read to its end and dropped
    /// (so the client, still sending, gets the 413 instead of a reset connection), within
    /// the same deadline.
    static func answer(_ request: Request, api: EditorAPI, workers: WorkerPool,
                       work: @escaping @Sendable ([UInt8]) -> APIResponse) async -> Response {
        let limit = api.limits.maxBodyBytes
        let declared = request.headers[.contentLength].flatMap(Int.init)
        let deadline = api.limits.requestTimeout
        let answer = await withTaskGroup(of: APIResponse?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                var total = 0
                do {
                    for try await chunk in request.body {
                        total += chunk.readableBytes
                        if total <= limit, (declared ?? 0) <= limit {
                            bytes.append(contentsOf: chunk.readableBytesView)
                        }
                    }
                } catch {
                    if Task.isCancelled { return nil }
                    return .error(400, "the request body could not be read (\(error))")
                }
                if total > limit || (declared ?? 0) > limit { return api.tooLarge(max(total, declared ?? 0)) }
                let body = bytes
                return await workers.run { work(body) }
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
