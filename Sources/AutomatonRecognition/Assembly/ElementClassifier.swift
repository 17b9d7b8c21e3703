import DrawingClassifier

/// Decides what each stroke of a drawing is: rasterizes every stroke on its own (as the
/// MNIST Maker PNGs were made), classifies the batch, and refuses strokes the classifier
/// should not be trusted on — too few points, too unlike every class (the model's novelty
/// detector), or too uncertain.
public struct ElementClassifier: Sendable {
    public var classifier: Classifier
    public var rasterizer: Rasterizer
    /// Below this probability the best class is not trusted (`rejected`).
    public var minimumConfidence: Double
    /// Whether strokes unlike every training class are rejected (needs a model with a
    /// novelty detector; models without one accept everything).
    public var rejectsNovelStrokes: Bool

    public init(classifier: Classifier, rasterizer: Rasterizer = .standard,
                minimumConfidence: Double = 0.5, rejectsNovelStrokes: Bool = true) {
        self.classifier = classifier
        self.rasterizer = rasterizer
        self.minimumConfidence = minimumConfidence
        self.rejectsNovelStrokes = rejectsNovelStrokes
    }

    /// Why `classifier` cannot take strokes rasterized by `rasterizer`, or nil if it can: its
    /// input must be the rasterizer's `side × side` (a valid model made for 8×8 images would
    /// otherwise overrun the rasterizer's buffer).
    public static func inputMismatch(of classifier: Classifier,
                                     rasterizer: Rasterizer = .standard) -> String? {
        let (w, h) = (classifier.preprocessing.width, classifier.preprocessing.height)
        guard w != rasterizer.side || h != rasterizer.side else { return nil }
        return "the model takes \(w)×\(h) images but strokes are rasterized at "
            + "\(rasterizer.side)×\(rasterizer.side)"
    }

    /// One `ClassifiedStroke` per stroke of `drawing`, in stroke order. With a model whose
    /// input does not match the rasterizer (`inputMismatch`) every stroke is rejected.
    public func classify(_ drawing: Drawing) -> [ClassifiedStroke] {
        if let mismatch = Self.inputMismatch(of: classifier, rasterizer: rasterizer) {
            return drawing.strokes.indices.map { index in
                ClassifiedStroke(index: index, stroke: drawing.strokes[index], label: "none",
                                 confidence: 0, rejection: mismatch)
            }
        }
        let side = classifier.preprocessing.width
        let usable = drawing.strokes.indices.filter { drawing.strokes[$0].points.count >= 2 }
        var scalars = [Float](repeating: 0, count: usable.count * side * side)
        var buffer = [Float](repeating: 0, count: side * side)
        for (row, index) in usable.enumerated() {
            rasterizer.rasterize([drawing.strokes[index]], into: &buffer)
            let scale = classifier.preprocessing.scale * 255
            for i in 0..<(side * side) { scalars[row * side * side + i] = buffer[i] * scale }
        }
        var verdicts = [ClassifiedStroke?](repeating: nil, count: drawing.strokes.count)
        if !usable.isEmpty {
            let (probabilities, distances) = classifier.classify(
                Tensor(shape: [usable.count, 1, side, side], scalars: scalars))
            let k = classifier.classes.count
            for (row, index) in usable.enumerated() {
                let scores = probabilities.scalars[(row * k)..<((row + 1) * k)]
                let best = scores.indices.max { scores[$0] < scores[$1] } ?? row * k
                let confidence = Double(scores[best])
                var rejection: String?
                if rejectsNovelStrokes, let distances, let detector = classifier.novelty,
                   distances[row] > detector.threshold {
                    rejection = "unlike every trained class (novelty distance \(Int(distances[row]))"
                        + " > \(Int(detector.threshold)))"
                } else if confidence < minimumConfidence {
                    rejection = "too uncertain (confidence below \(minimumConfidence))"
                }
                verdicts[index] = ClassifiedStroke(index: index, stroke: drawing.strokes[index],
                                                   label: classifier.classes[best - row * k],
                                                   confidence: confidence, rejection: rejection)
            }
        }
        return drawing.strokes.indices.map { index in
            verdicts[index] ?? ClassifiedStroke(index: index, stroke: drawing.strokes[index],
                                                label: "none", confidence: 0,
                                                rejection: "a stroke needs at least 2 points")
        }
    }
}
