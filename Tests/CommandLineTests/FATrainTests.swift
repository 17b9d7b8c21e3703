import DrawingClassifier
import Foundation
import Testing
import Pictures

/// End-to-end runs of the built `fa-train`: exit codes, one-line errors, files written.
@Suite struct FATrainTests {
    /// A tiny two-class dataset: horizontal bars and vertical bars, 6 of each.
    static func makeDataset(in folder: URL) throws {
        for (name, vertical) in [("bar", false), ("pole", true)] {
            let classFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
            for i in 0..<6 {
                var image = GrayImage(width: 28, height: 28)
                for t in 4..<24 {
                    for d in 0..<2 {
                        let (x, y) = vertical ? (10 + i + d, t) : (t, 10 + i + d)
                        image[x, y] = 255
                    }
                }
                try image.writePNG(to: classFolder.appendingPathComponent("\(i).png").path)
            }
        }
    }

    @Test func trainsEvaluatesAndExportsATinyModel() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makeDataset(in: folder.appendingPathComponent("data"))
        let model = folder.appendingPathComponent("tiny.model").path
        let report = folder.appendingPathComponent("report.json").path
        let run = try Tool.run("fa-train", ["--data", folder.appendingPathComponent("data").path,
                                            "--epochs", "2", "--test-split", "0.34", "--threads", "1",
                                            "--output", model, "--report", report], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(" epoch  train loss"))
        #expect(run.stdout.contains("true\\pred"))
        #expect(run.stderr.contains("no class 'arrow' in the data: no arrows with redrawn heads added"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        let object = try #require(json as? [String: Any])
        #expect(object["classes"] as? [String] == ["bar", "pole"])
        #expect(object["examples"] as? Int == 4)  // round(6 × 0.34) = 2 per class
        let loaded = try ModelFile.read(from: model)
        #expect(loaded.classes == ["bar", "pole"])
        #expect(loaded.training.options?.epochs == 2)

        let predict = try Tool.run("fa-train", ["predict", "--model", model, "--top", "2",
            folder.appendingPathComponent("data/pole/0.png").path])
        #expect(predict.status == 0, "\(predict.stderr)")
        #expect(predict.stdout.contains("pole") && predict.stdout.contains("bar"))
    }

    /// On 1 thread and on 2: the thread count changes neither the weights nor the header.
    @Test func theSameSeedWritesTheSameModelBytes() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makeDataset(in: folder.appendingPathComponent("data"))
        var outputs: [Data] = []
        for run in 0..<2 {
            let model = folder.appendingPathComponent("m\(run).model").path
            let result = try Tool.run("fa-train", ["--data", folder.appendingPathComponent("data").path,
                                                   "--epochs", "1", "--seed", "7",
                                                   "--threads", "\(run + 1)", "--output", model],
                                      timeout: 300)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: model)))
        }
        #expect(outputs[0] == outputs[1])
    }

    /// Each bad input: exit code 1, a one-line message naming the problem, no model written.
    @Test(arguments: ["missing", "empty", "single-class", "no-readable-png", "truncated-strict",
                      "text-as-png-strict", "huge-header-strict"])
    func badDataGetsAOneLineErrorAndExitCodeOne(_ kind: String) throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        var extra: [String] = []
        var expected = ""
        switch kind {
        case "missing":
            expected = "does not exist"
        case "empty":
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            expected = "no class"
        case "single-class":
            try Self.makeDataset(in: data)
            try FileManager.default.removeItem(at: data.appendingPathComponent("pole"))
            expected = "class"
        case "no-readable-png":
            try Self.makeDataset(in: data)
            let pole = data.appendingPathComponent("pole")
            for i in 0..<6 { try Data("not a png".utf8).write(to: pole.appendingPathComponent("\(i).png")) }
            expected = "pole"
        case "truncated-strict", "text-as-png-strict", "huge-header-strict":
            try Self.makeDataset(in: data)
            let file = data.appendingPathComponent("pole/0.png")
            let bytes = try Data(contentsOf: file)
            switch kind {
            case "truncated-strict": try bytes.prefix(bytes.count / 2).write(to: file)
            case "text-as-png-strict": try Data("hello, I am text".utf8).write(to: file)
            default: try Self.hugeHeaderPNG().write(to: file)
            }
            extra = ["--strict"]
            expected = "0.png"
        default:
            Issue.record("unknown case \(kind)")
        }
        let model = folder.appendingPathComponent("out.model").path
        let run = try Tool.run("fa-train", ["--data", data.path, "--epochs", "1", "--output", model] + extra)
        #expect(run.status == 1)
        #expect(!run.timedOut)
        let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errorLines.count == 1, "\(run.stderr)")
        #expect(errorLines.first?.contains(expected) == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: model))
    }

    /// By default a data set with an `arrow` class gets 150 synthetic arrows with redrawn
    /// heads in its training split (8 real images + 150); `--head-variants 0` adds none.
    @Test func syntheticArrowsWithRedrawnHeadsAreAddedByDefault() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try Self.makeDataset(in: data)
        try FileManager.default.moveItem(at: data.appendingPathComponent("bar"),
                                         to: data.appendingPathComponent("arrow"))
        for (variants, examples) in [(nil, 158), ("0", 8)] {
            let model = folder.appendingPathComponent("m.model").path
            let run = try Tool.run("fa-train", ["--data", data.path, "--epochs", "1", "--test-split", "0.34",
                                                "--threads", "1", "--output", model]
                                   + (variants.map { ["--head-variants", $0] } ?? []), timeout: 300)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("added 150 synthetic arrows with redrawn heads") == (variants == nil))
            #expect(try ModelFile.read(from: model).training.trainExamples == examples)
        }
    }

    /// Redrawn arrows need an `arrow` class in the training data, and arrows in the stroke
    /// dataset: otherwise exit code 1, one line that says so, no model written.
    @Test func arrowStrokesNeedArrowsOnBothSides() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try Self.makeDataset(in: data)  // classes bar and pole
        let strokes = folder.appendingPathComponent("strokes/circle")
        try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: true)
        try Data("[[{\"x\": 0, \"y\": 0}, {\"x\": 50, \"y\": 0}, {\"x\": 50, \"y\": 50}, {\"x\": 0, \"y\": 50}, {\"x\": 100, \"y\": 100}]]".utf8)
            .write(to: strokes.appendingPathComponent("c.json"))
        let model = folder.appendingPathComponent("out.model").path
        func expectRefused(_ expected: String) throws {
            let run = try Tool.run("fa-train", ["--data", data.path, "--epochs", "1", "--output", model,
                                                "--arrow-strokes", strokes.deletingLastPathComponent().path])
            #expect(run.status == 1, "\(run.stderr)")
            let errorLines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
            #expect(errorLines.count == 1 && errorLines.first?.contains(expected) == true, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: model))
        }
        try expectRefused("does not have")
        try FileManager.default.moveItem(at: data.appendingPathComponent("bar"),
                                         to: data.appendingPathComponent("arrow"))
        try expectRefused("no one-stroke drawing")
    }

    @Test func usageErrorsExitWith64() throws {
        let run = try Tool.run("fa-train", ["--data", "x", "--epochs", "0"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--epochs"))
        for range in ["0.5-0.2", "0-0.4", "0.2", "0.1-3", "a-b", "-0.2-0.5", "0.2--0.5"] {
            let run = try Tool.run("fa-train", ["--data", "x", "--head-length=\(range)"])
            #expect(run.status == 64, "\(range): \(run.stderr)")
            #expect(run.stderr.contains("--head-length must be LOW-HIGH"), "\(range): \(run.stderr)")
        }
    }

    @Test func aCorruptModelIsRefusedWithAMessage() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("bad.model")
        try Data("FAMODEL\n garbage".utf8).write(to: model)
        let run = try Tool.run("fa-train", ["evaluate", "--model", model.path, "--data", folder.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.model"))
    }

    /// A valid PNG signature and IHDR claiming 100000×100000 pixels, then nothing.
    static func hugeHeaderPNG() -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let length = UInt32(body.count).bigEndian
            let crc = UInt32(crc32Checksum(typed)).bigEndian
            return withUnsafeBytes(of: length, Array.init) + typed + withUnsafeBytes(of: crc, Array.init)
        }
        let side = withUnsafeBytes(of: UInt32(100_000).bigEndian, Array.init)
        let ihdr = side + side + [8, 0, 0, 0, 0]
        return Data([137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr) + chunk("IEND", []))
    }
}

/// CRC-32 (the PNG chunk checksum), bitwise.
func crc32Checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
