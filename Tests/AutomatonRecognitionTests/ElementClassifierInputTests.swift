import AutomatonRecognition
import DrawingClassifier
import Foundation
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

    /// A stroke is fed to the network as its PNG would be (coverage rounded to a byte,
    /// then `Preprocessing.input`), as the training images were: the verdict's confidence
    /// is exactly the classifier's probability for the rasterized image.
    @Test func aStrokeGetsTheInputsOfItsImage() throws {
        let classifier = Self.model(side: 28)
        let stroke = Stroke(points: (0..<40).map { i in
            let t = Double(i) / 39 * 2 * Double.pi
            return Point(x: 100 + 50 * cos(t), y: 80 + 35 * sin(t))
        })
        let elements = ElementClassifier(classifier: classifier, minimumConfidence: 0,
                                         rejectsNovelStrokes: false, penPerMedianExtent: nil)
        let verdict = try #require(elements.classify(Drawing(strokes: [stroke])).first)
        let image = Rasterizer.standard.rasterize([stroke])
        let (probabilities, _) = classifier.classify(classifier.preprocessing.inputs([image]))
        #expect(verdict.confidence == Double(probabilities.scalars.max() ?? -1))
        // Unrounded coverage gives other inputs (so this test can tell the two apart).
        var coverage = [Float](repeating: 0, count: 28 * 28)
        Rasterizer.standard.rasterize([stroke], into: &coverage)
        let unrounded = classifier.classify(Tensor(shape: [1, 1, 28, 28], scalars: coverage))
        #expect(unrounded.probabilities.scalars != probabilities.scalars)
    }

    @Test func preprocessingMapsPixelsAndCoverageAlike() {
        let p = Preprocessing.mnistMaker
        #expect(p.input(0) == 0)
        #expect(p.input(255) == 255 * p.scale)
        #expect(p.input(coverage: 0.5) == p.input(128))  // 127.5 rounds up
        #expect(p.input(coverage: 0.3) == p.input(77))   // 76.5 rounds up
        #expect(p.input(coverage: 1) == p.input(255))
    }
}
