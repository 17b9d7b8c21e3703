import DrawingClassifier

/// A classifier's layers paired with their weights, checked once for what both export
/// formats need: a single-channel image input, white ink on black, labels without commas.
struct ExportableNetwork {
    /// One layer with its weights `[O, C, k, k]` / `[O, I]` and bias `[O]` (empty for
    /// parameterless layers).
    struct Layer {
        var spec: LayerSpec
        var weight: Tensor?
        var bias: Tensor?
        /// The per-example output shape (`[C, H, W]` or `[features]`).
        var outputShape: [Int]
    }

    var layers: [Layer]
    var classes: [String]
    var width: Int
    var height: Int
    /// Network input = pixel × scale.
    var scale: Float

    init(_ classifier: Classifier) throws(ModelExchangeError) {
        let p = classifier.preprocessing
        guard p.polarity == Preprocessing.mnistMaker.polarity else {
            throw .notExportable(reason: "its input polarity is '\(p.polarity)'; both formats "
                + "take white ink on black (\(Preprocessing.mnistMaker.polarity))")
        }
        guard !classifier.classes.contains(where: { $0.contains(",") }) else {
            throw .notExportable(reason: "a class label contains a comma, and the labels are "
                + "stored comma-separated")
        }
        var values = classifier.network.parameterValues()[...]
        var shape = [1, p.height, p.width]
        layers = []
        for spec in classifier.network.specs {
            do {
                shape = try spec.outputShape(for: shape)
            } catch {
                throw .notExportable(reason: "\(error)")
            }
            var layer = Layer(spec: spec, outputShape: shape)
            if spec.parameterCount > 0 {
                layer.weight = values.popFirst()
                layer.bias = values.popFirst()
            }
            layers.append(layer)
        }
        classes = classifier.classes
        width = p.width
        height = p.height
        scale = p.scale
    }
}
