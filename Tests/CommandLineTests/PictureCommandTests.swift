import DrawingClassifier
import Foundation
import Testing
import Pictures

/// End-to-end runs of the picture options: `fa-train montage`, `fa-train train
/// --confusion-png/--mistakes-png`, `fa-recognize --render`.
@Suite struct PictureCommandTests {
    @Test func montageWritesOneRowPerClass() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FATrainTests.makeDataset(in: folder.appendingPathComponent("data"))
        let output = folder.appendingPathComponent("montage.png").path
        let data = folder.appendingPathComponent("data").path
        let run = try Tool.run("fa-train", ["montage", "--data", data, "--per-class", "4",
                                            "--scale", "2", "--output", output])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try GrayImage(contentsOfPNG: output)
        // 2 rows of 56-pixel images under a title: 12 + 28 + 56 + 12 + 56 + 12.
        #expect(image.height == 176)
        let bad = try Tool.run("fa-train", ["montage", "--data", "x", "--per-class", "0",
                                            "--output", output])
        #expect(bad.status == 64)
    }

    @Test func trainingDrawsTheConfusionMatrixAndTheMistakes() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FATrainTests.makeDataset(in: folder.appendingPathComponent("data"))
        let confusion = folder.appendingPathComponent("confusion.png").path
        let mistakes = folder.appendingPathComponent("mistakes.png").path
        let data = folder.appendingPathComponent("data").path
        let model = folder.appendingPathComponent("m.model").path
        let run = try Tool.run("fa-train", ["--data", data, "--epochs", "1", "--test-split", "0.34",
                                            "--threads", "1", "--output", model,
                                            "--confusion-png", confusion,
                                            "--mistakes-png", mistakes], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try GrayImage(contentsOfPNG: confusion).width > 200)
        #expect(try GrayImage(contentsOfPNG: mistakes).width > 100)
    }

    @Test func recognizeRendersTheExampleAsSVGAndPNG() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = Tool.packageRoot.appendingPathComponent("examples/two-states.json").path
        let svg = folder.appendingPathComponent("two-states.svg").path
        let png = folder.appendingPathComponent("two-states.png").path
        for output in [svg, png] {
            let run = try Tool.run("fa-recognize", [example, "--render", output])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.components(separatedBy: "<circle").count - 1 == 3)  // q0, q1 and its ring
        #expect(text.contains(">q0</text>") && text.contains(">q1</text>"))
        #expect(text.contains(">ε</text>") && text.contains(">b</text>"))
        let image = try GrayImage(contentsOfPNG: png)
        #expect(image.width == 640)
    }
}
