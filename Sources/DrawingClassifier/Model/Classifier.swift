import Pictures
/// How raw images become network input. Recorded in the model file so that whoever loads
/// the model feeds it exactly what it was trained on.
public struct Preprocessing: Codable, Sendable, Equatable {
    /// Input size in pixels; the network sees `[N, 1, height, width]`.
    public var width: Int
    public var height: Int
    /// `"white-ink-on-black"`: ink is bright, background 0; transparent PNG pixels are
    /// composited on black. (The MNIST Maker convention.)
    public var polarity: String
    /// Network input = pixel × scale (pixel in 0…255); see `input(_:)`.
    public var scale: Float
    /// How images of another size are brought to `width`×`height`.
    public var resize: String

    public static let mnistMaker = Preprocessing(
        width: 28, height: 28, polarity: "white-ink-on-black", scale: 1.0 / 255.0,
        resize: "area-average, aspect kept, centred on black")
}

/// One class and its probability.
public struct Prediction: Sendable, Equatable {
    public var label: String
    public var index: Int
    public var probability: Float
}

/// A trained network together with what it needs to be used: class labels in output
/// order, preprocessing, and where it came from. This is what a model file holds.
public struct Classifier: Sendable {
    public var network: Network {
        didSet { plan = Self.plan(of: network, preprocessing: preprocessing) }
    }
    public var classes: [String]
    public var preprocessing: Preprocessing
    public var training: TrainingMetadata
    /// Rejects inputs unlike every class ("none of these"); nil when not fitted.
    public var novelty: NoveltyDetector?
    /// The network's forward-only form for inputs of the model's size, made once (nil for
    /// a network it does not cover). For one image at a time with no allocation, keep an
    /// `InferencePlan.Workspace` and call the plan's `run`.
    public private(set) var plan: InferencePlan?

    public init(network: Network, classes: [String], preprocessing: Preprocessing = .mnistMaker,
                training: TrainingMetadata = TrainingMetadata(), novelty: NoveltyDetector? = nil) {
        self.network = network
        self.classes = classes
        self.preprocessing = preprocessing
        self.training = training
        self.novelty = novelty
        self.plan = Self.plan(of: network, preprocessing: preprocessing)
    }

    private static func plan(of network: Network, preprocessing: Preprocessing) -> InferencePlan? {
        InferencePlan(network: network,
                      exampleShape: [1, preprocessing.height, preprocessing.width])
    }

    /// The penultimate features `[N, D]`: the activations that feed the last layer,
    /// computed in slices of `batchSize` so memory stays bounded.
    public func features(_ input: Tensor, batchSize: Int = 256) -> Tensor {
        let penultimate = network.layers.count - 1
        if let plan, plan.fits(input) { return plan.outputs(input, layers: penultimate) }
        return network.outputs(input, layers: penultimate, sliceSize: batchSize)
    }

    /// Class probabilities `[N, K]` and, when a novelty detector is fitted, each input's
    /// novelty score (`NoveltyDetector.score`: its squared distance to the nearest class in
    /// feature space, or +infinity when its ink is unlike the training images'), from one
    /// forward pass.
    public func classify(_ input: Tensor) -> (probabilities: Tensor, noveltyScores: [Float]?) {
        let x = features(input)
        let scores = novelty.map { detector in
            let width = x.count / max(1, x.shape[0])
            let inputWidth = input.count / max(1, input.shape[0])
            return (0..<x.shape[0]).map { row in
                detector.score(Array(x.scalars[row * width ..< (row + 1) * width]),
                               input: input.scalars[row * inputWidth ..< (row + 1) * inputWidth])
            }
        }
        var last = network.layers[network.layers.count - 1]
        return (softmax(last.forward(x)), scores)
    }

    /// Fits the novelty detector on (training) images `[N, 1, H, W]` and their labels.
    public mutating func fitNoveltyDetector(images: Tensor, labels: [Int]) {
        novelty = NoveltyDetector.fit(features: features(images), inputs: images, labels: labels,
                                      classCount: classes.count)
    }

    /// The network input for images of the model's size: `[N, 1, height, width]`.
    public func inputTensor(_ images: [GrayImage]) -> Tensor {
        preprocessing.inputs(images)
    }

    /// Class probabilities `[N, K]` for a batch of inputs `[N, 1, height, width]`.
    public func probabilities(_ input: Tensor) -> Tensor {
        if let plan, plan.fits(input) {
            return softmax(plan.outputs(input, layers: network.layers.count))
        }
        return network.probabilities(input)
    }

    /// The `k` most probable classes of each image, most probable first.
    public func topPredictions(_ images: [GrayImage], k: Int = 1) -> [[Prediction]] {
        guard !images.isEmpty else { return [] }
        return topPredictions(probabilities(inputTensor(images)), k: k)
    }

    /// The `k` most probable classes of each row of class probabilities `[N, K]`, most
    /// probable first.
    public func topPredictions(_ probabilities: Tensor, k: Int = 1) -> [[Prediction]] {
        let classCount = classes.count
        return (0..<probabilities.shape[0]).map { row in
            let slice = probabilities.scalars[row * classCount ..< (row + 1) * classCount]
            return slice.enumerated()
                .sorted { $0.element != $1.element ? $0.element > $1.element : $0.offset < $1.offset }
                .prefix(max(1, k))
                .map { Prediction(label: classes[$0.offset], index: $0.offset, probability: $0.element) }
        }
    }
}
