import DrawingClassifier
import Foundation
import Testing
import Pictures

/// `fa-train export` and `fa-train import` end to end: the default model goes out as Core ML
/// and comes back predicting the same, ONNX is written, and a bad .mlmodel is one error line.
@Suite struct ModelExchangeCommandTests {
    static let defaultModel = Tool.packageRoot.appendingPathComponent("models/default.model").path

    @Test func theDefaultModelGoesOutAndComesBackPredictingTheSame() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mlmodel = folder.appendingPathComponent("default.mlmodel").path
        let onnx = folder.appendingPathComponent("default.onnx").path
        let back = folder.appendingPathComponent("back.model").path
        for (format, path) in [("coreml", mlmodel), ("onnx", onnx)] {
            let run = try Tool.run("fa-train", ["export", "--model", Self.defaultModel,
                                                "--format", format, "--output", path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("classes arrow,circle,cycle,other"))
        }
        let size = try FileManager.default.attributesOfItem(atPath: onnx)[.size] as? Int ?? 0
        #expect(size > 97_539 * 4 && size < 97_539 * 4 + 4096)  // 4 bytes a weight plus the graph
        let imported = try Tool.run("fa-train", ["import", "--coreml", mlmodel, "--output", back])
        #expect(imported.status == 0, "\(imported.stderr)")
        let png = folder.appendingPathComponent("ring.png")
        var image = GrayImage(width: 28, height: 28)
        for t in 0..<64 {
            let angle = Double(t) / 64 * 2 * .pi
            image[14 + Int(9 * cos(angle)), 14 + Int(9 * sin(angle))] = 255
        }
        try image.writePNG(to: png.path)
        let original = try Tool.run("fa-train", ["predict", "--json", "--model", Self.defaultModel, png.path])
        let roundTrip = try Tool.run("fa-train", ["predict", "--json", "--model", back, png.path])
        #expect(original.status == 0 && !original.stdout.isEmpty)
        #expect(roundTrip.stdout == original.stdout)
    }

    /// The default model's novelty detector speaks in `fa-train predict`: a blank image and
    /// a scribble of noise are unlike every trained class, a drawn ring is not.
    @Test func predictSaysWhenADrawingIsUnlikeEveryTrainedClass() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blank = folder.appendingPathComponent("blank.png").path
        let noise = folder.appendingPathComponent("noise.png").path
        let ring = folder.appendingPathComponent("ring.png").path
        try GrayImage(width: 28, height: 28).writePNG(to: blank)
        var rng = SplitMix64(seed: 3)
        var noisy = GrayImage(width: 28, height: 28)
        for i in noisy.pixels.indices { noisy.pixels[i] = UInt8(truncatingIfNeeded: rng.next()) }
        try noisy.writePNG(to: noise)
        var image = GrayImage(width: 28, height: 28)
        for t in 0..<64 {
            let angle = Double(t) / 64 * 2 * .pi
            image[14 + Int(9 * cos(angle)), 14 + Int(9 * sin(angle))] = 255
        }
        try image.writePNG(to: ring)
        let run = try Tool.run("fa-train", ["predict", "--model", Self.defaultModel, blank, noise, ring])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let novel = "unlike every trained class (ink outside the training images' range)"
        #expect(lines.first?.hasSuffix(novel) == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasSuffix(novel) == true, "\(lines)")
        #expect(lines.last?.contains("unlike") == false, "\(lines)")
        let json = try Tool.run("fa-train", ["predict", "--json", "--model", Self.defaultModel, blank, ring])
        let objects = json.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        #expect(objects.count == 2)
        #expect(objects.first?["novel"] as? String == novel)
        #expect(objects.last?["novel"] == nil)
    }

    @Test func aTruncatedMLModelIsOneErrorLineAndNoFile() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mlmodel = folder.appendingPathComponent("cut.mlmodel")
        let export = try Tool.run("fa-train", ["export", "--model", Self.defaultModel,
                                               "--format", "coreml", "--output", mlmodel.path])
        #expect(export.status == 0, "\(export.stderr)")
        let bytes = try Data(contentsOf: mlmodel)
        try bytes.prefix(bytes.count / 3).write(to: mlmodel)
        let output = folder.appendingPathComponent("out.model").path
        let run = try Tool.run("fa-train", ["import", "--coreml", mlmodel.path, "--output", output])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr == "Error: file \(mlmodel.path): not a Core ML model (protobuf decoding "
                + "failed: truncated); give an .mlmodel file\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        let usage = try Tool.run("fa-train", ["export", "--model", Self.defaultModel,
                                              "--format", "tflite", "--output", output])
        #expect(usage.status == 64 && usage.stderr.contains("--format must be onnx or coreml"))
    }
}
