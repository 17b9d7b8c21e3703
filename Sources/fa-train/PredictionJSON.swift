import DrawingClassifier
import Foundation
import Pictures

/// One line of `fa-train predict --json`: every class probability at full precision and the
/// exact pixels the network saw, so another runtime (onnxruntime, a NumPy forward pass) can
/// be compared on the same input.
struct PredictionJSON: Encodable {
    var file: String
    var label: String
    /// In the model's class order.
    var probabilities: [Float]
    /// The fitted image, row by row (0…255); network input = pixel × the model's scale.
    var pixels: [UInt8]
    /// Why the model's novelty detector calls the drawing unlike every trained class (absent
    /// when it does not, or the model has none).
    var novel: String?

    init(file: String, image: GrayImage, classifier: Classifier) {
        let (classified, novel) = Predict.classified(image, classifier)
        let probabilities = classified.scalars
        let best = probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
        self.file = file
        self.label = classifier.classes[best]
        self.probabilities = probabilities
        self.pixels = image.pixels
        self.novel = novel
    }

    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and arrays of them cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
