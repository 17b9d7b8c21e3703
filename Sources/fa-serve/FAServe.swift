import ArgumentParser
import AutomatonRecognition
import DrawingClassifier
import EditorServer
import Foundation

@main
struct FAServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fa-serve",
        abstract: "Serve the automaton editor: the page at / and the JSON API of FORMATS.md §6.",
        discussion: """
            POST /api/recognize takes a drawing document and answers the fa-recognize object; \
            POST /api/simulate takes {"automaton": {...}, "inputs": [...]} and answers \
            {"runs": [...]}; GET /healthz answers ok. The page is built into the server. \
            Bodies over 8 MiB are refused (413), bad drawings and JSON answered 400.
            """)

    @Option(help: "Address to listen on (127.0.0.1: this machine only).") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, printed when ready).") var port = 8080
    @Option(help: "Model file (default: the model built into this tool).") var model: String?
    @Option(help: "Seconds a request may take before it is answered 408.") var timeout = 30.0

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must lie in 0...65535.") }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must lie in (0, 3600].") }
    }

    func run() async throws {
        let classifier = try model.map { try ModelFile.read(from: $0) } ?? DefaultModel.classifier()
        if let mismatch = ElementClassifier.inputMismatch(of: classifier) {
            throw ValidationError("model \(model ?? "<built-in default model>"): \(mismatch)")
        }
        var limits = EditorLimits.standard
        limits.requestTimeout = timeout
        let api = EditorAPI(recognizer: Recognizer(elementClassifier: ElementClassifier(classifier: classifier)),
                            limits: limits)
        let host = self.host
        try await EditorServer(api: api, host: host, port: port).run { port in
            FileHandle.standardOutput.write(Data("fa-serve: listening on http://\(host):\(port)/\n".utf8))
        }
    }
}
