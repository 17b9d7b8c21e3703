import DrawingClassifier
import Foundation
import Testing
import TestSupport
@testable import AutomatonRecognition

/// The model built into the library is `models/default.model`, byte for byte.
struct DefaultModelTests {
    static let modelPath = SharedData.file("models/default.model").path

    @Test func embeddedBytesAreTheCommittedModelFile() throws {
        let file = try #require(FileManager.default.contents(atPath: Self.modelPath),
                                "models/default.model is missing")
        #expect(DefaultModel.bytes.count == file.count)
        #expect(DefaultModel.bytes == Array(file))
    }

    @Test func embeddedModelDecodesWithItsClasses() throws {
        let classifier = try DefaultModel.classifier()
        #expect(classifier.classes.contains("circle"))
        #expect(classifier.classes.contains("arrow"))
    }
}
