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
