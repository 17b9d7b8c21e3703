import Testing
@testable import DrawingClassifier

/// The forward-only plan (channels last, one example at a time) against the layers' own
/// forward pass, which the other suites check against the naive kernels.
@Suite struct InferencePlanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var specs: [LayerSpec]
        var example: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "drawing classifier", specs: Network.drawingClassifierSpecs(classCount: 4),
             example: [1, 28, 28]),
        Case(name: "3 channels, 5×5 kernel, pool 3, no padding", specs: [
            .conv2D(inputChannels: 3, outputChannels: 5, kernelSize: 5, padding: 2), .relu,
            .maxPool2D(size: 3),
            .conv2D(inputChannels: 5, outputChannels: 17, kernelSize: 3, padding: 0), .relu,
            .flatten, .dense(inputCount: 17 * 2 * 3, outputCount: 33), .relu,
            .dense(inputCount: 33, outputCount: 2),
        ], example: [3, 13, 16]),
        Case(name: "1×1 kernel, odd pool", specs: [
            .conv2D(inputChannels: 2, outputChannels: 40, kernelSize: 1, padding: 0),
            .maxPool2D(size: 2), .relu,
            .conv2D(inputChannels: 40, outputChannels: 3, kernelSize: 3, padding: 1),
        ], example: [2, 7, 5]),
        Case(name: "one channel, 24 outputs, odd width", specs: [
            .conv2D(inputChannels: 1, outputChannels: 24, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2), .flatten, .dense(inputCount: 24 * 4 * 6, outputCount: 5),
        ], example: [1, 9, 13]),
        Case(name: "fused blocks on odd sizes, no padding in the second", specs: [
            .conv2D(inputChannels: 1, outputChannels: 16, kernelSize: 3, padding: 1), .relu,
            .maxPool2D(size: 2),
            .conv2D(inputChannels: 16, outputChannels: 32, kernelSize: 3, padding: 0), .relu,
            .maxPool2D(size: 2), .flatten, .dense(inputCount: 32 * 2 * 1, outputCount: 5),
        ], example: [1, 13, 11]),
        Case(name: "dense only", specs: [
            .dense(inputCount: 37, outputCount: 20), .relu, .dense(inputCount: 20, outputCount: 5),
        ], example: [37]),
    ]

    @Test(arguments: cases)
    func everyPrefixOfTheNetworkMatchesTheLayers(_ c: Case) throws {
        var rng = SplitMix64(seed: 7)
        var network = Network(specs: c.specs, using: &rng)
        // Non-zero biases, so that a bias added in the wrong place shows.
        network.updateParameters { p in
            if p.value.shape.count == 1 { p.value = Tensor.random(shape: p.value.shape, using: &rng) }
        }
        let input = Tensor.random(shape: [3] + c.example, using: &rng)
        for path in KernelPath.allCases where path.isSupported {
            network.useKernels(path)
            let plan = try #require(InferencePlan(network: network, exampleShape: c.example))
            var layers = network
            var x = input
            for count in 0...network.layers.count {
                if count > 0 { x = layers.layers[count - 1].forward(x) }
                let fast = plan.outputs(input, layers: count)
                #expect(fast.shape == x.shape, "\(path), \(count) layers")
                // Each sum has at most a few hundred terms of magnitude ≤ a few units.
                expectAllClose(fast.scalars, x.scalars, absolute: 1e-4)
            }
        }
    }

    /// The drawing classifier's three blocks (convolution, ReLU, 2×2 pool) run as fused steps
    /// on every path, so the cases above test the fused kernels and not only the fallback.
    @Test func theDrawingClassifierBlocksRunFused() throws {
        var rng = SplitMix64(seed: 5)
        var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        for path in KernelPath.allCases where path.isSupported {
            network.useKernels(path)
            let plan = try #require(InferencePlan(network: network, exampleShape: [1, 28, 28]))
            var kinds: [String] = []
            for step in plan.steps {
                guard case let .convolution(conv) = step else { continue }
                switch conv.fused {
                case .none: kinds.append("none")
                case .singleChannel: kinds.append("single channel")
                case let .winograd(weights):
                    #expect(weights.count == 16 * conv.inputChannels * conv.outputChannels)
                    kinds.append("winograd")
                }
            }
            #expect(kinds == ["single channel", "winograd", "winograd"], "\(path)")
        }
    }

    /// U = G g Gᵀ by hand for one 3×3 kernel: rows of G are (1,0,0), (½,½,½), (½,−½,½), (0,0,1).
    @Test func winogradWeightTransformMatchesHandValues() {
        let g: [Float] = [1, 2, 3,
                          4, 5, 6,
                          7, 8, 9]
        let u = WinogradTransforms.transformWeights(g, inputs: 1, outputs: 1)
        // G g: rows (1,2,3), (6,7.5,9), (2,2.5,3), (7,8,9); then (G g) Gᵀ row by row.
        let expected: [Float] = [1, 3, 1, 3,
                                 6, 11.25, 3.75, 9,
                                 2, 3.75, 1.25, 3,
                                 7, 12, 4, 9]
        #expect(u == expected)
    }

    @Test func aRunReusesItsWorkspaceWithoutCarryingAnythingOver() throws {
        var rng = SplitMix64(seed: 2)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        let plan = try #require(InferencePlan(network: network, exampleShape: [1, 28, 28]))
        let a = Tensor.random(shape: [1, 1, 28, 28], in: 0..<1, using: &rng)
        let b = Tensor.random(shape: [1, 1, 28, 28], in: 0..<1, using: &rng)
        var workspace = InferencePlan.Workspace(for: plan)
        func run(_ x: Tensor) -> [Float] {
            var out = [Float](repeating: 0, count: 3)
            x.scalars.withUnsafeBufferPointer { px in
                out.withUnsafeMutableBufferPointer { po in
                    plan.run(px.baseAddress!, layers: network.layers.count,
                             into: po.baseAddress!, workspace: &workspace)
                }
            }
            return out
        }
        let first = run(a)
        _ = run(b)
        #expect(run(a) == first)
        #expect(plan.outputs(a, layers: network.layers.count).scalars == first)
    }

    @Test func shapesThatDoNotFitGiveNoPlan() {
        var rng = SplitMix64(seed: 3)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        #expect(InferencePlan(network: network, exampleShape: [2, 28, 28]) == nil)
        #expect(InferencePlan(network: network, exampleShape: [1, 20, 20]) == nil)  // not 576
        #expect(InferencePlan(network: network, exampleShape: [784]) == nil)
        #expect(InferencePlan(network: network, exampleShape: [1, 28, 28]) != nil)
    }

    @Test func classifierFeaturesAndProbabilitiesMatchTheLayers() {
        var rng = SplitMix64(seed: 4)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        let classifier = Classifier(network: network, classes: ["arrow", "circle", "cycle"])
        let input = Tensor.random(shape: [5, 1, 28, 28], in: 0..<1, using: &rng)
        var layers = network
        var x = input
        for index in layers.layers.indices.dropLast() { x = layers.layers[index].forward(x) }
        let features = classifier.features(input)
        #expect(features.shape == [5, 128])
        expectAllClose(features.scalars, x.scalars, absolute: 1e-4)
        let probabilities = classifier.probabilities(input)
        let last = layers.layers.count - 1
        expectAllClose(probabilities.scalars, softmax(layers.layers[last].forward(x)).scalars,
                       absolute: 1e-6)
        // An empty batch.
        #expect(classifier.features(Tensor(zeros: [0, 1, 28, 28])).shape == [0, 128])
    }
}
