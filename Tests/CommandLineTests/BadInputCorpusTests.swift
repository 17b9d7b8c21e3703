import DrawingClassifier
import Foundation
import Testing
import Pictures

/// Both tools over hostile inputs: the committed corpus `BadInputs/` (written by
/// `scripts/make-bad-inputs`, listed in its MANIFEST.tsv), big inputs made here in a
/// temporary folder, and broken dataset folders. Every case must end with exit code 1, one
/// line naming the file and the problem, no signal, no hang, and no file left behind.
@Suite struct BadInputCorpusTests {
    static let corpus = Tool.packageRoot.appendingPathComponent("Tests/CommandLineTests/BadInputs")
    static let defaultModel = Tool.packageRoot.appendingPathComponent("models/default.model").path

    /// One MANIFEST.tsv row.
    struct Entry: Sendable, CustomTestStringConvertible {
        var file: String
        /// drawing, drawing-batch, png, model or model-recognize (see scripts/make-bad-inputs).
        var kind: String
        /// A text the error must contain ("" when the library's wording is libpng's own).
        var expected: String
        var path: String { BadInputCorpusTests.corpus.appendingPathComponent(file).path }
        var testDescription: String { file }
    }

    static let entries: [Entry] = {
        let url = corpus.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(file: fields[0], kind: fields[1], expected: fields.count > 2 ? fields[2] : "")
        }
    }()

    @Test func theCorpusIsThereAndSmall() throws {
        #expect(Self.entries.count >= 40)
        var total = 0
        for entry in Self.entries {
            let size = try FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int
            total += try #require(size)
        }
        #expect(total < 1_000_000)
    }

    @Test(arguments: entries)
    func eachCorpusFileFailsCleanly(_ entry: Entry) throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        switch entry.kind {
        case "drawing":
            try Self.expectDrawingError(["fa-recognize", entry.path], file: entry.path,
                                        expected: entry.expected, in: folder)
        case "drawing-batch":
            let run = try Tool.run("fa-recognize", [entry.path], timeout: 30, directory: folder)
            Self.expectCleanExit(run)
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 2, "\(run.stdout)")
            #expect(lines.first.map { !$0.contains("\"error\"") } == true)
            let error = try Self.errorField(of: String(lines.last ?? ""))
            #expect(error.contains(entry.file) && error.contains(entry.expected), "\(error)")
        case "png":
            let run = try Tool.run("fa-train", ["predict", "--model", Self.defaultModel, entry.path],
                                   timeout: 30, directory: folder)
            Self.expectOneErrorLine(run, naming: entry.file, expected: entry.expected)
            #expect(run.stdout.isEmpty)
        case "model", "model-recognize":
            let drawing = folder.appendingPathComponent("good.json")
            try Data(#"[[{"x":0,"y":0},{"x":10,"y":10}]]"#.utf8).write(to: drawing)
            let run = try Tool.run("fa-recognize", ["--model", entry.path, drawing.path],
                                   timeout: 30, directory: folder)
            Self.expectOneErrorLine(run, naming: entry.file, expected: entry.expected)
            #expect(run.stdout.isEmpty)
            let png = folder.appendingPathComponent("good.png")
            try GrayImage(width: 28, height: 28).writePNG(to: png.path)
            let predict = try Tool.run("fa-train", ["predict", "--model", entry.path, png.path],
                                       timeout: 30, directory: folder)
            if entry.kind == "model" {
                Self.expectOneErrorLine(predict, naming: entry.file, expected: entry.expected)
            } else {  // a valid model in itself: fa-train fits the image to its input
                #expect(predict.status == 0, "\(predict.stderr)")
            }
            try FileManager.default.removeItem(at: drawing)
            try FileManager.default.removeItem(at: png)
        default:
            Issue.record("unknown kind \(entry.kind) in MANIFEST.tsv")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty,
                "a tool left a file behind")
    }

    // MARK: - Big inputs, made at test time

    /// Refused before parsing (JSONSerialization needed 3 GB and 50 s for this file).
    @Test func aMillionPointStrokeIsRefusedByTheLimit() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("million.json")
        var text = "[["
        text.reserveCapacity(16_000_000)
        for i in 0..<1_000_000 { text += i == 0 ? "{\"x\":1,\"y\":2}" : ",{\"x\":1,\"y\":2}" }
        try Data((text + "]]").utf8).write(to: json)
        try Self.expectDrawingError(["fa-recognize", json.path], file: json.path,
                                    expected: "1000000 points, over the limit of 100000",
                                    in: folder, keeping: ["million.json"])
        try Self.expectDrawingError(["fa-recognize", "--max-points", "10", json.path],
                                    file: json.path, expected: "over the limit of 10 (",
                                    in: folder, keeping: ["million.json"])

        let xml = folder.appendingPathComponent("million.xml")
        let handle = try Self.create(xml)
        handle.write(Data("<Gesture Name=\"m\">\n".utf8))
        let points = Data(String(repeating: "<Point X=\"1\" Y=\"2\"/>\n", count: 10_000).utf8)
        for _ in 0..<100 { handle.write(points) }
        handle.write(Data("</Gesture>\n".utf8))
        try handle.close()
        // 21 MB: over the 16 MiB document limit unless raised; then the point limit.
        try Self.expectDrawingError(["fa-recognize", xml.path], file: xml.path,
                                    expected: "exceeds the limit of 16777216 bytes", in: folder,
                                    keeping: ["million.json", "million.xml"])
        try Self.expectDrawingError(["fa-recognize", "--max-line-bytes", "100000000", xml.path],
                                    file: xml.path, expected: "over the limit of 100000",
                                    in: folder, keeping: ["million.json", "million.xml"])
    }

    @Test func aHundredMegabyteLineIsRefusedWithoutParsing() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long-line.jsonl")
        let handle = try Self.create(file)
        handle.write(Data("[[{\"x\":1,\"y\":2}]]\n[".utf8))
        let block = Data(repeating: UInt8(ascii: "["), count: 1 << 20)
        for _ in 0..<100 { handle.write(block) }
        handle.write(Data("\n".utf8))
        try handle.close()
        let start = Date()
        let run = try Tool.run("fa-recognize", [file.path], timeout: 60,
                               directory: folder)
        Self.expectCleanExit(run)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let error = try Self.errorField(of: String(lines.last ?? ""))
        #expect(error.contains("long-line.jsonl line 2"), "\(error)")
        #expect(error.contains("exceeds the limit of 16777216 bytes"), "\(error)")
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test func tooManyStrokesAreRefusedByTheOption() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dots.json")
        let dots = (0..<50).map { "[{\"x\":\($0),\"y\":1}]" }.joined(separator: ",")
        try Data("[\(dots)]".utf8).write(to: file)
        try Self.expectDrawingError(["fa-recognize", "--max-strokes", "20", file.path],
                                    file: file.path, expected: "50 strokes exceed the limit of 20",
                                    in: folder, keeping: ["dots.json"])
    }

    @Test func standardInputIsBoundedToo() throws {
        let run = try Tool.run("fa-recognize", ["--max-line-bytes", "1000", "-"],
                               stdin: Data(("[" + String(repeating: "[", count: 5_000)).utf8),
                               timeout: 30)
        Self.expectCleanExit(run)
        let error = try Self.errorField(of: run.stdout)
        #expect(error.hasPrefix("file stdin: document of at least 5001 bytes"), "\(error)")
    }

    // MARK: - Broken dataset folders (fa-train)

    /// A dataset of two good classes, broken by `damage`; fa-train must stop with one line
    /// naming `expected` and write neither the model nor the report.
    @Test(arguments: ["symlink-loop-class", "self-symlink-png", "unreadable-png", "fifo-png",
                      "dangling-symlink-png"])
    func aBrokenDatasetStopsTraining(_ damage: String) throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FATrainTests.makeDataset(in: data)
        let manager = FileManager.default
        var expected: [String]
        switch damage {
        case "symlink-loop-class":  // data/loop → data: a class folder holding class folders
            try manager.createSymbolicLink(atPath: data.path + "/loop", withDestinationPath: data.path)
            expected = ["class loop has no readable PNG"]
        case "self-symlink-png":  // data/bar/self.png → itself (ELOOP)
            try manager.createSymbolicLink(atPath: data.path + "/bar/self.png",
                                           withDestinationPath: "self.png")
            expected = ["self.png", "Too many levels of symbolic links"]
        case "unreadable-png":  // chmod 000; root reads it anyway, so its content is bad too
            let file = data.path + "/bar/0.png"
            try Data("secret".utf8).write(to: URL(fileURLWithPath: file))
            try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
            expected = [file, geteuid() == 0 ? "bad signature" : "Permission denied"]
        case "fifo-png":  // opening a FIFO without a writer would block forever
            #expect(mkfifo(data.path + "/pole/pipe.png", 0o644) == 0)
            expected = ["pipe.png", "not a regular file"]
        default:  // dangling-symlink-png
            try manager.createSymbolicLink(atPath: data.path + "/pole/gone.png",
                                           withDestinationPath: folder.path + "/nowhere.png")
            expected = ["gone.png", "No such file or directory"]
        }
        let model = folder.appendingPathComponent("out.model").path
        let report = folder.appendingPathComponent("report.json").path
        let run = try Tool.run("fa-train", ["--data", data.path, "--strict", "--epochs", "1",
                                            "--threads", "1", "--output", model, "--report", report],
                               timeout: 30, directory: folder)
        Self.expectOneErrorLine(run, naming: expected[0], expected: expected.last ?? "")
        #expect(try manager.contentsOfDirectory(atPath: folder.path) == ["data"])
    }

    // MARK: - Checks

    static func expectCleanExit(_ run: Tool.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut, "timed out", sourceLocation: sourceLocation)
        #expect(!run.signaled, "killed by signal \(run.status)\n\(run.stderr)",
                sourceLocation: sourceLocation)
        #expect(run.status == 1, "exit code \(run.status)\n\(run.stderr)",
                sourceLocation: sourceLocation)
    }

    /// Exit 1 and exactly one `Error:` line on stderr, naming `file` and saying `expected`.
    static func expectOneErrorLine(_ run: Tool.Outcome, naming file: String, expected: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        expectCleanExit(run, sourceLocation: sourceLocation)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        let line = errors.first.map(String.init) ?? ""
        #expect(line.contains(file) && (expected.isEmpty || line.contains(expected)),
                "wanted \(file) and \"\(expected)\" in: \(run.stderr)", sourceLocation: sourceLocation)
    }

    /// fa-recognize on one unreadable drawing: exit 1, one JSON line whose `"error"` names the
    /// file and says `expected`, one summary line on stderr, nothing left in `folder` but
    /// `keeping`.
    static func expectDrawingError(_ command: [String], file: String, expected: String,
                                   in folder: URL, keeping: [String] = [], timeout: Double = 30,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try Tool.run(command[0], Array(command.dropFirst()), timeout: timeout,
                               directory: folder)
        expectCleanExit(run, sourceLocation: sourceLocation)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stdout)", sourceLocation: sourceLocation)
        let error = try errorField(of: String(lines.first ?? ""))
        #expect(error.hasPrefix("file \(file):") && (expected.isEmpty || error.contains(expected)),
                "wanted \"\(expected)\" in: \(error)", sourceLocation: sourceLocation)
        #expect(!error.contains("\n"), sourceLocation: sourceLocation)
        #expect(run.stderr == "1 of 1 inputs could not be read\n", "\(run.stderr)",
                sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == keeping,
                sourceLocation: sourceLocation)
    }

    /// The `"error"` of one fa-recognize output line.
    static func errorField(of line: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return try #require(object?["error"] as? String, "no error in \(line)")
    }

    static func create(_ url: URL) throws -> FileHandle {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        return try FileHandle(forWritingTo: url)
    }
}
