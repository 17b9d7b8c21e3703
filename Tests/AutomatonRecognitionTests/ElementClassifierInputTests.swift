import AutomatonRecognition
import DrawingClassifier
import Testing
import StrokeFormats

/// A model that loads fine but was made for another image size must not be fed the
/// rasterizer's 28×28 strokes (that overran the rasterizer's buffer and trapped).
@Suite struct ElementClassifierInputTests {
    static func model(side: Int) -> Classifier {
        var rng = SplitMix64(seed: 5)
        var input = Preprocessing.mnistMaker
        (input.width, input.height) = (side, side)
        return Classifier(network: Network(specs: [.flatten, .dense(inputCount: side * side,
                                                                    outputCount: 3)],
                                           using: &rng),
                          classes: ["arrow", "circle", "cycle"], preprocessing: input)
    }

    @Test func aModelForAnotherImageSizeIsNamedAsAMismatch() {
        #expect(ElementClassifier.inputMismatch(of: Self.model(side: 28)) == nil)
        #expect(ElementClassifier.inputMismatch(of: Self.model(side: 8))
                == "the model takes 8×8 images but strokes are rasterized at 28×28")
    }

    @Test func itsStrokesAreRejectedInsteadOfTrapping() {
        let stroke = Stroke(points: [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 20, y: 0)])
        let verdicts = ElementClassifier(classifier: Self.model(side: 8))
            .classify(Drawing(strokes: [stroke, stroke]))
        #expect(verdicts.count == 2)
        #expect(verdicts.allSatisfy { $0.rejection?.hasPrefix("the model takes 8×8") == true })
    }
}
