import DrawingClassifier
import Foundation
import Testing
import StrokeFormats
import TestSupport

@Suite struct StrokeDatasetTests {
    /// A fresh temporary folder holding `files` (relative path → contents).
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("strokes-\(UUID().uuidString)").path
        for (relative, contents) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    static let dot = #"[[{"x":1,"y":2}]]"#
    static let gesture = "\u{FEFF}<Gesture Name=\"x\"><Point X=\"1\" Y=\"2\"/></Gesture>"

    @Test func classFoldersGiveOneSamplePerFileOrLine() throws {
        let root = try Self.folder([
            "circle/a.json": Self.dot, "circle/b.xml": Self.gesture,
            "arrow/batch.jsonl": Self.dot + "\n" + Self.dot + "\n", "arrow/.hidden": "junk",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let dataset = try StrokeDataset.load(at: root)
        #expect(dataset.classes == ["arrow", "circle"])
        #expect(dataset.samples.map(\.label) == ["arrow", "arrow", "circle", "circle"])
        #expect(dataset.samples[1].source.hasSuffix("arrow/batch.jsonl#2"))
        #expect(dataset.samples.allSatisfy { $0.writer == nil })
        #expect(dataset.samples[3].strokes == [Stroke(points: [Point(x: 1, y: 2)])])
    }

    @Test func dollarLogsGiveClassAndWriter() throws {
        let root = try Self.folder([
            "s01/slow/circle01.xml": Self.gesture, "s01/fast/left_sq_bracket10.xml": Self.gesture,
            "s11/medium/circle03.xml": Self.gesture,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let dataset = try StrokeDataset.load(at: root)
        #expect(dataset.classes == ["circle", "left_sq_bracket"])
        #expect(dataset.writers == ["s01", "s11"])
        let (train, test) = dataset.splitByWriter(heldOut: ["s11"])
        #expect(train.samples.count == 2 && test.samples.map(\.writer) == ["s11"])
    }

    @Test func badFoldersAndFilesAreErrorsNamingThem() throws {
        #expect(throws: StrokeDatasetError.notAFolder(path: "/nonexistent")) {
            try StrokeDataset.load(at: "/nonexistent")
        }
        let empty = try Self.folder(["circle/.keep": ""])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: StrokeDatasetError.noSamples(path: empty)) {
            try StrokeDataset.load(at: empty)
        }
        let bad = try Self.folder(["circle/a.json": "[[{\"x\":1}]]"])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        do {
            _ = try StrokeDataset.load(at: bad)
            Issue.record("a bad file should throw")
        } catch {
            #expect(error.description.hasPrefix("file \(bad)/circle/a.json: stroke 0 point 0"))
        }
    }

    @Test(.enabled(if: SharedData.hasDollarGestures, "needs ../shared/datasets"))
    func theDollarTreeLoadsEveryGestureOfEveryWriter() throws {
        let dataset = try StrokeDataset.load(at: SharedData.dollarGestures.path)
        #expect(dataset.samples.count == 3840)  // 8 writers × 3 speeds × 16 gestures × 10
        #expect(dataset.classes.count == 16 && dataset.classes.contains("delete_mark"))
        #expect(dataset.writers == ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s11"])
    }
}

@Suite struct StrokeAugmentationTests {
    static let stroke = Stroke(points: (0...20).map { Point(x: Double($0) * 5, y: Double($0 % 3)) })

    @Test func theSameSeedGivesTheSameStrokes() {
        let augmentation = StrokeAugmentation(resampleSpacing: 0.02...0.05)
        var a = SplitMix64(seed: 3), b = SplitMix64(seed: 3), c = SplitMix64(seed: 4)
        let first = augmentation.apply(to: [Self.stroke], using: &a)
        #expect(first == augmentation.apply(to: [Self.stroke], using: &b))
        #expect(first != augmentation.apply(to: [Self.stroke], using: &c))
    }

    @Test func noAugmentationIsTheIdentity() {
        var rng = SplitMix64(seed: 1)
        #expect(StrokeAugmentation.none.apply(to: [Self.stroke], using: &rng) == [Self.stroke])
    }

    @Test func dropoutKeepsTheEndsAndChangesStayBounded() {
        let augmentation = StrokeAugmentation(maxRotation: 0.1, maxScaleChange: 0.1,
                                              maxJitter: 0, dropout: 0.5)
        var rng = SplitMix64(seed: 9)
        for _ in 0..<20 {
            let points = augmentation.apply(to: [Self.stroke], using: &rng)[0].points
            #expect(points.count >= 2 && points.count <= 21)
            // The ends stay within rotation and scale of where they were (about the centre).
            let centreX = 50.0, centreY = 1.0
            let (dx, dy) = (points[0].x - centreX, points[0].y - centreY)
            let radius = (dx * dx + dy * dy).squareRoot()
            #expect(radius > 50 * 0.9 - 1 && radius < 50 * 1.1 + 1)
        }
    }

    @Test func resamplingSpacesPointsEvenly() {
        let line = Stroke(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        let resampled = line.resampled(spacing: 2.5)
        #expect(resampled.points.map(\.x) == [0, 2.5, 5, 7.5, 10, 10, 10, 10, 10])
        #expect(resampled.points.map(\.y) == [0, 0, 0, 0, 0, 2.5, 5, 7.5, 10])
        #expect(line.length == 20)
    }
}
