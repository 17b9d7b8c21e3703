import DrawingClassifier
import Foundation
import Testing
import Pictures
import TestSupport

/// The real MNIST Maker PNGs of ../shared/datasets/automata-editor (8-bit gray with iCCP,
/// eXIf and iDOT chunks).
@Suite(.enabled(if: SharedData.hasAutomataEditor, "needs ../shared/datasets/automata-editor"))
struct SharedDatasetTests {
    @Test func allRealPNGsLoadAs28By28() throws {
        let dataset = try ImageFolderDataset(root: SharedData.automataEditor.path,
                                             options: ImageFolderDataset.Options(strict: true))
        #expect(dataset.classNames == ["arrow", "circle", "cycle"])
        #expect(dataset.classCounts == [184, 234, 259])
        #expect(dataset.unreadableFiles.isEmpty)
        #expect(dataset.skippedFiles == [SharedData.automataEditor.path + "/LICENSE.md"])
        #expect(dataset.images.allSatisfy { $0.width == 28 && $0.height == 28 })

        // Mean pixel of the circles, in 0...1: 25.84/255 (STYLE.md guessed ≈ 21/255). Checked
        // outside Swift with Python's zlib on the raw IDAT samples: arrow 10.08/255,
        // circle 25.84/255 (0.1013278), cycle 24.13/255.
        let circles = dataset.tensors(at: dataset.labels.indices.filter { dataset.labels[$0] == 1 })
        let mean = circles.images.scalars.reduce(0.0) { $0 + Double($1) }
            / Double(circles.images.count)
        #expect(isClose(mean, 0.1013278, absolute: 1e-6), "mean circle pixel \(mean * 255)/255")

        var rng = SplitMix64(seed: 1)
        let split = DatasetSplit(stratifying: dataset.labels, using: &rng)
        let summary = split.summary(labels: dataset.labels, classNames: dataset.classNames)
        #expect(summary.test == [37, 47, 52] && summary.training == [147, 187, 207])
    }

    @Test func libpngLeavesRealGrayValuesUnchanged() throws {
        // Every real file decoded by libpng equals the test-only decoder's raw samples.
        for className in ["arrow", "circle", "cycle"] {
            let folder = SharedData.automataEditor.appendingPathComponent(className).path
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
                let path = folder + "/" + name
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                let raw = try #require(TestPNG.decodeGray8(bytes), "\(path) is not 8-bit gray")
                let image = try GrayImage(contentsOfPNG: path)
                #expect(image.pixels == raw.pixels, "\(path)")
            }
        }
    }
}
