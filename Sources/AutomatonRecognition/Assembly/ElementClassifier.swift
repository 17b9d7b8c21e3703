import DrawingClassifier
import StrokeFormats

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
    /// When set, the pen follows the drawing's scale: its width is this fraction of the
    /// median stroke extent (longer side of each stroke's bounds) of the drawing, so a
    /// diagram drawn twice as large rasterizes the same. 0.036 × a typical 110-unit state
    /// gives the calibrated 4-unit pen. When nil, `rasterizer`'s pen is used as is.
    public var penPerMedianExtent: Double?

    public init(classifier: Classifier, rasterizer: Rasterizer = .standard,
                minimumConfidence: Double = 0.5, rejectsNovelStrokes: Bool = true,
                penPerMedianExtent: Double? = 0.036) {
        self.classifier = classifier
        self.rasterizer = rasterizer
        self.minimumConfidence = minimumConfidence
        self.rejectsNovelStrokes = rejectsNovelStrokes
        self.penPerMedianExtent = penPerMedianExtent
    }

    /// The rasterizer for one drawing (pen scaled to the drawing, see `penPerMedianExtent`).
    func rasterizer(for strokes: [Stroke]) -> Rasterizer {
        guard let fraction = penPerMedianExtent else { return rasterizer }
        let extents = strokes.compactMap { stroke -> Double? in
            guard let first = stroke.points.first else { return nil }
            var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
            for p in stroke.points {
                (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
                (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
            }
            let extent = max(maxX - minX, maxY - minY)
            return extent.isFinite && extent > 0 ? extent : nil
        }.sorted()
        guard !extents.isEmpty else { return rasterizer }
        var scaled = rasterizer
        scaled.penWidth = .drawingUnits(fraction * extents[extents.count / 2])
        return scaled
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

    /// The verdict on one stroke's class probabilities (`scores`, in `classes` order; index
    /// and stroke left for the caller). The best class is the label, and:
    /// - an element class at `minimumConfidence` or above is taken as it is;
    /// - a class that is no element (e.g. `other`) is the classifier's "none of these": soft
    ///   evidence, not a veto — the best element class is kept as `tentative`, whatever the
    ///   confidence, and the stroke's geometry decides (`Assembler`);
    /// - an element class below `minimumConfidence` is `tentative` when a class that is no
    ///   element comes next (that element or none); taken as it is when circle and loop
    ///   come first and second with `minimumConfidence` together (the assembler tells them
    ///   apart by where the stroke lies); else too uncertain.
    func verdict(_ scores: [Float], classes: [String]) -> ClassifiedStroke {
        let ranked = scores.indices.sorted { (scores[$1], $0) < (scores[$0], $1) }
        let kinds = ranked.map { ClassifiedStroke.Kind(rawValue: classes[$0]) }
        var verdict = ClassifiedStroke(index: 0, stroke: Stroke(points: []),
                                       label: classes[ranked[0]],
                                       confidence: Double(scores[ranked[0]]))
        let bestElement = kinds.first { $0 != nil } ?? nil
        guard let best = kinds[0] else {
            verdict.tentative = bestElement
            return verdict
        }
        guard verdict.confidence < minimumConfidence, ranked.count > 1 else { return verdict }
        let together = Double(scores[ranked[0]] + scores[ranked[1]])
        if kinds[1] == nil {
            verdict.tentative = best
        } else if Set([best, kinds[1]]) == [.circle, .cycle], together >= minimumConfidence {
            // taken as it is
        } else {
            verdict.rejection = "too uncertain (confidence below \(minimumConfidence))"
        }
        return verdict
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
        let rasterizer = rasterizer(for: usable.map { drawing.strokes[$0] })
        let preprocessing = classifier.preprocessing
        for (row, index) in usable.enumerated() {
            rasterizer.rasterize([drawing.strokes[index]], into: &buffer)
            buffer.withUnsafeBufferPointer { coverage in
                scalars.withUnsafeMutableBufferPointer { inputs in
                    preprocessing.inputs(coverage: coverage,
                                         into: inputs.baseAddress! + row * side * side)
                }
            }
        }
        var verdicts = [ClassifiedStroke?](repeating: nil, count: drawing.strokes.count)
        if !usable.isEmpty {
            let (probabilities, noveltyScores) = classifier.classify(
                Tensor(shape: [usable.count, 1, side, side], scalars: scalars))
            let k = classifier.classes.count
            for (row, index) in usable.enumerated() {
                let scores = Array(probabilities.scalars[(row * k)..<((row + 1) * k)])
                var verdict = self.verdict(scores, classes: classifier.classes)
                verdict.index = index
                verdict.stroke = drawing.strokes[index]
                if rejectsNovelStrokes, let score = noveltyScores?[row],
                   let reason = classifier.novelty?.reason(score: score) {
                    verdict.rejection = reason
                }
                verdicts[index] = verdict
            }
        }
        return drawing.strokes.indices.map { index in
            verdicts[index] ?? ClassifiedStroke(index: index, stroke: drawing.strokes[index],
                                                label: "none", confidence: 0,
                                                rejection: "a stroke needs at least 2 points")
        }
    }
}
