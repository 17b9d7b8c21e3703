import Dispatch
import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct NetworkTests {
    @Test func drawingClassifierMapsTwentyEightSquaredImagesToClassScores() {
        var rng = SplitMix64(seed: 1)
        let specs = Network.drawingClassifierSpecs(classCount: 3)
        var network = Network(specs: specs, using: &rng)
        #expect(network.specs == specs)
        let shapes = network.parameterValues().map(\.shape)
        #expect(shapes == [[16, 1, 3, 3], [16], [32, 16, 3, 3], [32], [64, 32, 3, 3], [64],
                           [128, 576], [128], [3, 128], [3]])
        let parameterCount = shapes.reduce(0) { $0 + $1.reduce(1, *) }
        let expectedCount = 160 + 4640 + 18496 + 73856 + 387
        #expect(parameterCount == expectedCount)
        let logits = network.forward(Tensor.random(shape: [2, 1, 28, 28], in: 0..<1, using: &rng))
        #expect(logits.shape == [2, 3])
        #expect(logits.scalars.allSatisfy { $0.isFinite })
    }

    /// A small network with every layer kind, for whole-network gradient checks.
    static func small(using rng: inout SplitMix64) -> Network {
        Network(specs: [
            .conv2D(inputChannels: 1, outputChannels: 3, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2),
            .conv2D(inputChannels: 3, outputChannels: 4, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2), .flatten,
            .dense(inputCount: 4 * 2 * 2, outputCount: 6), .relu,
            .dense(inputCount: 6, outputCount: 3),
        ], using: &rng)
    }

    /// Which side of every ReLU kink and which element of every max-pool window the last
    /// forward pass took. Central differences are only meaningful when a perturbation
    /// leaves this pattern unchanged (the network is then smooth between the two points).
    static func activationPattern(_ network: Network) -> [Int32] {
        network.layers.flatMap { layer -> [Int32] in
            if let relu = layer as? ReLU { return relu.output.scalars.map { $0 > 0 ? 1 : 0 } }
            if let pool = layer as? MaxPool2D { return pool.argmax }
            return []
        }
    }

    @Test func everyParameterGradientMatchesFiniteDifferencesThroughTheLoss() throws {
        var rng = SplitMix64(seed: 21)
        var network = Self.small(using: &rng)
        let input = Tensor.random(shape: [3, 1, 8, 8], in: 0..<1, using: &rng)
        let labels = [0, 2, 1]
        let (_, logitsGrad) = softmaxCrossEntropy(logits: network.forward(input), labels: labels)
        let pattern = Self.activationPattern(network)
        network.backward(logitsGrad)
        let values = network.parameterValues(), grads = network.parameterGradients()
        let one = Tensor(shape: [1], scalars: [1])
        var checked = 0, skipped = 0
        for index in values.indices {
            var crossesKink = [Bool](repeating: false, count: values[index].count)
            var element = 0, evaluations = 0
            let numeric = numericalGradient(at: values[index], probe: one, epsilon: 3e-3) { v in
                var copy = network
                var changed = values
                changed[index] = v
                try! copy.setParameterValues(changed)
                let loss = softmaxCrossEntropySum(logits: copy.forward(input), labels: labels,
                                                  gradientScale: 1).loss / 3
                if Self.activationPattern(copy) != pattern { crossesKink[element] = true }
                evaluations += 1
                if evaluations % 2 == 0 { element += 1 }
                return Tensor(shape: [1], scalars: [Float(loss)])
            }
            let kept = numeric.indices.filter { !crossesKink[$0] }
            skipped += numeric.count - kept.count
            checked += kept.count
            // A bias moves a whole channel, so all its differences may straddle a kink.
            guard !kept.isEmpty else { continue }
            // The forward pass is Float: over the whole network, ~1e-7 noise in the loss
            // divided by the 6e-3 step limits the agreement to a few 1e-3.
            expectGradientsMatch(kept.map { grads[index].scalars[$0] }, kept.map { numeric[$0] },
                                 relativeError: 1e-2)
        }
        #expect(skipped * 4 < checked, "\(skipped) of \(checked + skipped) straddle a kink")
    }

    @Test func parameterValuesRoundTripAndMismatchesThrowWithoutChangingAnything() throws {
        var rng = SplitMix64(seed: 4)
        var network = Self.small(using: &rng)
        let original = network.parameterValues()
        var shifted = original
        shifted[0].scalars[0] += 1
        try network.setParameterValues(shifted)
        #expect(network.parameterValues() == shifted)
        #expect(throws: ParameterMismatchError.self) {
            try network.setParameterValues(Array(original.dropLast()))
        }
        var wrongShape = original
        wrongShape[2] = Tensor(zeros: [4, 3, 3, 2])
        #expect(throws: ParameterMismatchError.self) { try network.setParameterValues(wrongShape) }
        #expect(network.parameterValues() == shifted)
    }

    @Test func probabilitiesAreRowwiseDistributionsAndSafeToComputeConcurrently() {
        var rng = SplitMix64(seed: 8)
        let network = Self.small(using: &rng)
        let input = Tensor.random(shape: [5, 1, 8, 8], in: 0..<1, using: &rng)
        let reference = network.probabilities(input)
        #expect(reference.shape == [5, 3])
        for row in 0..<5 {
            #expect(isClose(reference.scalars[row * 3 ..< row * 3 + 3].reduce(0, +), 1))
        }
        let results = ResultBox(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            results.set(i, network.probabilities(input))
        }
        #expect(results.all.allSatisfy { $0 == reference })
    }

    @Test func anEmptyBatchGivesNoRows() {
        var rng = SplitMix64(seed: 8)
        let network = Self.small(using: &rng)
        #expect(network.probabilities(Tensor(zeros: [0, 1, 8, 8])).shape == [0, 3])
    }

    @Test func topKRanksClassesByProbability() {
        let p = Tensor(shape: [2, 3], scalars: [0.2, 0.5, 0.3, 0.4, 0.4, 0.2])
        let top = Network.topK(p, count: 2)
        #expect(top[0].map(\.index) == [1, 2])
        #expect(top[1].map(\.index) == [0, 1])  // tie: lower index first
        #expect(top[0][0].probability == 0.5)
    }
}

/// Collects results written from several threads (each index written once).
final class ResultBox: @unchecked Sendable {
    private var values: [Tensor?]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Tensor) {
        lock.wait()
        values[index] = value
        lock.signal()
    }
    var all: [Tensor?] { values }
}
