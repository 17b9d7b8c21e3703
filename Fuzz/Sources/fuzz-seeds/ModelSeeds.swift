import AutomatonRecognition
import DrawingClassifier
import Pictures
import StrokeFormats

/// Model files written by `ModelFile.encode`: two tiny networks on 8×8 input (one with a
/// novelty detector) and the embedded default model.
enum ModelSeeds {
    static func all(using rng: inout SplitMix64) -> [(name: String, bytes: [UInt8])] {
        var input = Preprocessing.mnistMaker
        (input.width, input.height) = (8, 8)
        let convolutional: [LayerSpec] = [.conv2D(inputChannels: 1, outputChannels: 2, kernelSize: 3,
                                                  padding: 1),
                                          .relu, .maxPool2D(size: 2), .flatten,
                                          .dense(inputCount: 32, outputCount: 3)]
        var small = Classifier(network: Network(specs: convolutional, using: &rng),
                               classes: ["arrow", "circle", "cycle"], preprocessing: input)
        let linear = Classifier(network: Network(specs: [.flatten, .dense(inputCount: 64,
                                                                          outputCount: 2)],
                                                 using: &rng),
                                classes: ["a", "b"], preprocessing: input)
        let plain = ModelFile.encode(small)
        let images = Tensor(shape: [12, 1, 8, 8],
                            scalars: (0..<(12 * 64)).map { _ in rng.nextUnitFloat() })
        small.fitNoveltyDetector(images: images, labels: (0..<12).map { $0 % 3 })
        return [("conv.model", plain), ("conv-novelty.model", ModelFile.encode(small)),
                ("linear.model", ModelFile.encode(linear)), ("default.model", DefaultModel.bytes)]
    }
}
