import Foundation
import Testing
@testable import DrawingClassifier

@Suite struct ModelFileTests {
    static func smallClassifier(seed: UInt64 = 3) -> Classifier {
        var rng = SplitMix64(seed: seed)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        var training = TrainingMetadata()
        training.dataset = "unit-test"
        training.options = TrainingOptions(epochs: 3, schedule: .cosine(minimumFactor: 0.01), seed: seed)
        training.testAccuracy = 0.5
        return Classifier(network: network, classes: ["arrow", "circle", "cycle"], training: training)
    }

    static func randomInput(count: Int, seed: UInt64) -> Tensor {
        var rng = SplitMix64(seed: seed)
        return Tensor(shape: [count, 1, 28, 28], scalars: (0..<(count * 784)).map { _ in rng.nextUnitFloat() })
    }

    @Test func aSavedModelReloadsWithBitIdenticalProbabilities() throws {
        var classifier = Self.smallClassifier()
        let input = Self.randomInput(count: 5, seed: 9)
        classifier.fitNoveltyDetector(images: Self.randomInput(count: 24, seed: 10),
                                      labels: (0..<24).map { $0 % 3 })
        let bytes = ModelFile.encode(classifier)
        let loaded = try ModelFile.decode(bytes, path: "m.model")
        let before = classifier.probabilities(input).scalars.map(\.bitPattern)
        let after = loaded.probabilities(input).scalars.map(\.bitPattern)
        #expect(before == after)
        #expect(loaded.classes == ["arrow", "circle", "cycle"])
        #expect(loaded.training == classifier.training)
        #expect(loaded.preprocessing == .mnistMaker)
        #expect(loaded.novelty == classifier.novelty)
        #expect(loaded.network.specs == classifier.network.specs)
        // Encoding is deterministic: the same model gives the same bytes.
        #expect(ModelFile.encode(loaded) == bytes)
    }

    @Test func aModelFileOnDiskRoundTrips() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.model").path
        let classifier = Self.smallClassifier()
        try ModelFile.write(classifier, to: path)
        let loaded = try ModelFile.read(from: path)
        #expect(loaded.network.parameterValues() == classifier.network.parameterValues())
        // Only the model is left in the folder: no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.model"])
    }

    @Test func truncatedFilesAreRejectedAsTruncatedOrCorrupt() {
        let bytes = ModelFile.encode(Self.smallClassifier())
        for length in [0, 5, 8, 15, 100, bytes.count / 2, bytes.count - 1] {
            #expect(throws: ModelFileError.self) {
                try ModelFile.decode(Array(bytes.prefix(length)), path: "t.model")
            }
        }
        #expect(throws: ModelFileError.truncated(path: "t.model")) {
            try ModelFile.decode(Array(bytes.prefix(12)), path: "t.model")
        }
    }

    @Test func aFlippedBitIsACheckSumMismatch() {
        var bytes = ModelFile.encode(Self.smallClassifier())
        bytes[bytes.count / 2] ^= 0x10
        #expect(throws: ModelFileError.checksumMismatch(path: "f.model")) {
            try ModelFile.decode(bytes, path: "f.model")
        }
        let message = ModelFileError.checksumMismatch(path: "f.model").description
        #expect(message == "file f.model: model file is corrupt (checksum mismatch)")
    }

    @Test func aWrongSignatureOrVersionIsRejected() {
        var bytes = ModelFile.encode(Self.smallClassifier())
        #expect(throws: ModelFileError.notAModel(path: "x")) {
            try ModelFile.decode(Array("{\"not\": \"a model\"}".utf8), path: "x")
        }
        bytes[8] = 7  // version 7
        #expect(throws: ModelFileError.unsupportedVersion(path: "v", version: 7)) {
            try ModelFile.decode(bytes, path: "v")
        }
    }

    @Test func anArchitectureThatDoesNotMatchItsWeightsIsRejected() throws {
        // A model whose header claims a dense layer of another size, with a valid checksum.
        var rng = SplitMix64(seed: 1)
        let other = Classifier(network: Network(specs: [.flatten, .dense(inputCount: 784, outputCount: 2)],
                                                using: &rng), classes: ["a", "b"])
        let bytes = ModelFile.encode(other)
        let loaded = try ModelFile.decode(bytes, path: "ok")  // a consistent other architecture loads
        #expect(loaded.network.specs == other.network.specs)
        // Now splice: header of the 3-class CNN with the weights of the small model.
        let cnn = ModelFile.encode(Self.smallClassifier())
        let headerLength = Int(cnn[12]) | Int(cnn[13]) << 8 | Int(cnn[14]) << 16 | Int(cnn[15]) << 24
        var spliced = Array(cnn[0..<(16 + headerLength)])
        let otherHeader = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        spliced += bytes[(16 + otherHeader)..<(bytes.count - 4)]
        var crc = UInt32(0)
        crc = spliced.withUnsafeBufferPointer { UInt32(crc32Of($0)) }
        withUnsafeBytes(of: crc.littleEndian) { spliced.append(contentsOf: $0) }
        #expect(throws: ModelFileError.truncated(path: "s")) { try ModelFile.decode(spliced, path: "s") }
    }

    @Test func layerSpecsMustChainToTheClassCount() {
        let specs = Network.drawingClassifierSpecs(classCount: 3)
        #expect(throws: Never.self) { try specs.validate(inputShape: [1, 28, 28], classCount: 3) }
        #expect(throws: ArchitectureError.self) { try specs.validate(inputShape: [1, 28, 28], classCount: 4) }
        #expect(throws: ArchitectureError.self) { try specs.validate(inputShape: [1, 32, 32], classCount: 3) }
        #expect(throws: ArchitectureError.self) {
            try [LayerSpec.dense(inputCount: 5_000_000, outputCount: 90_000)]
                .validate(inputShape: [5_000_000], classCount: 90_000)
        }
    }

    /// The options are one record in the header (`training.options`), not copied fields.
    @Test func theTrainingOptionsAreOneRecordInTheHeader() throws {
        let bytes = ModelFile.encode(Self.smallClassifier(seed: 7))
        let headerLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16
        let header = try #require(try JSONSerialization.jsonObject(
            with: Data(bytes[16..<(16 + headerLength)])) as? [String: Any])
        let training = try #require(header["training"] as? [String: Any])
        #expect(training["seed"] == nil && training["epochs"] == nil)
        let options = try #require(training["options"] as? [String: Any])
        #expect(options["seed"] as? Int == 7 && options["epochs"] as? Int == 3)
        #expect(options["schedule"] as? [String: [String: Double]]
                == ["cosine": ["minimumFactor": 0.01]])
        #expect(options["threadCount"] == nil)  // the weights are the same for any count
    }

    /// Files written before the record stored each setting on its own (as Doubles, the
    /// schedule as its description); they are read into the record.
    @Test func aHeaderWithTheSettingsOneByOneIsReadIntoTheRecord() throws {
        let legacy = #"{"batchSize":16,"dataset":"automata-editor","epochs":40,"#
            + #""learningRate":0.009999999776482582,"momentum":0.8999999761581421,"#
            + #""schedule":"cosine(minimumFactor: 0.01)","seed":1,"testFraction":0.2,"#
            + #""threadCount":2,"trainExamples":6181,"validationFraction":0,"weightDecay":0}"#
        let metadata = try JSONDecoder().decode(TrainingMetadata.self, from: Data(legacy.utf8))
        #expect(metadata.options == TrainingOptions(epochs: 40, batchSize: 16, learningRate: 0.01,
                                                    momentum: 0.9, weightDecay: 0,
                                                    schedule: .cosine(minimumFactor: 0.01), seed: 1,
                                                    threadCount: 2))
        #expect(metadata.dataset == "automata-editor" && metadata.testFraction == 0.2)
        #expect(metadata.trainExamples == 6181)
        let none = try JSONDecoder().decode(TrainingMetadata.self, from: Data(#"{"notes":"x"}"#.utf8))
        #expect(none.options == nil && none.notes == "x")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TrainingMetadata.self, from: Data(#"{"schedule":"wavy"}"#.utf8))
        }
    }

    @Test func schedulesAreReadBackFromTheirDescriptions() {
        for schedule: LearningRateSchedule in [.constant, .stepDecay(every: 20, factor: 0.1),
                                               .cosine(minimumFactor: 0.01)] {
            #expect(LearningRateSchedule(description: schedule.description) == schedule)
        }
        #expect(LearningRateSchedule(description: "cosine(minimumFactor: x)") == nil)
    }

    /// A classifier whose detector was fitted with an ink range (on 24 random images).
    static func classifierWithInkRange() throws -> Classifier {
        var classifier = Self.smallClassifier()
        classifier.fitNoveltyDetector(images: Self.randomInput(count: 24, seed: 10),
                                      labels: (0..<24).map { $0 % 3 })
        return classifier
    }

    @Test func theInkRangeRoundTripsThroughTheModelFile() throws {
        let classifier = try Self.classifierWithInkRange()
        let range = try #require(classifier.novelty?.inkRange)
        let loaded = try ModelFile.decode(ModelFile.encode(classifier), path: "m.model")
        #expect(loaded.novelty?.inkRange == range)
        // Random pixels in 0…1 are all inked; the range holds that, not a blank image.
        #expect(range.contains(1) && !range.contains(0))
    }

    /// A file written before the detector learned the ink range: the same header without
    /// `novelty.inkRange`. It loads, and its score is the feature distance alone.
    @Test func aModelFileWithoutAnInkRangeLoadsAndHasNoInkTest() throws {
        let bytes = ModelFile.encode(try Self.classifierWithInkRange())
        let headerLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16
        var header = try #require(try JSONSerialization.jsonObject(
            with: Data(bytes[16..<(16 + headerLength)])) as? [String: Any])
        var novelty = try #require(header["novelty"] as? [String: Any])
        #expect(novelty.removeValue(forKey: "inkRange") != nil)
        header["novelty"] = novelty
        let oldHeader = Array(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
        var old = Array(bytes[0..<12])
        withUnsafeBytes(of: UInt32(oldHeader.count).littleEndian) { old.append(contentsOf: $0) }
        old += oldHeader + bytes[(16 + headerLength)..<(bytes.count - 4)]
        let crc = UInt32(old.withUnsafeBufferPointer { crc32Of($0) })
        withUnsafeBytes(of: crc.littleEndian) { old.append(contentsOf: $0) }

        let loaded = try ModelFile.decode(old, path: "old.model")
        let detector = try #require(loaded.novelty)
        #expect(detector.inkRange == nil)
        let blank = Tensor(zeros: [1, 1, 28, 28])
        let feature = loaded.features(blank).scalars
        let score = try #require(loaded.classify(blank).noveltyScores?.first)
        #expect(score.isFinite && score == detector.squaredDistance(feature))
    }

    @Test func anInkRangeThatIsNoRangeIsABadHeader() throws {
        var classifier = try Self.classifierWithInkRange()
        classifier.novelty?.inkRange = .init(minimum: 0.5, maximum: 0.1)
        #expect(throws: ModelFileError.badHeader(path: "r.model",
                                                 reason: "novelty ink range is not a range of numbers")) {
            try ModelFile.decode(ModelFile.encode(classifier), path: "r.model")
        }
    }
}
