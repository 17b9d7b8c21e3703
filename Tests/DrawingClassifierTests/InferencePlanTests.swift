import Foundation
import Testing
@testable import DrawingClassifier
@testable import StrokeFormats
import TestSupport

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
                case let .winogradF3(weights):
                    #expect(weights.count == 25 * conv.inputChannels * conv.outputChannels)
                    kinds.append("winograd F3")
                }
            }
            #expect(kinds == ["single channel", "winograd", "winograd F3"], "\(path)")
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

    /// Windows that hold only background are copied from the blank example's run: the same
    /// bits as computing them, on every path, for drawings with much background (an arrow),
    /// little (a circle), none (noise) and only background; with non-zero biases, so that the
    /// blank example's maps are not zero. The counts of copied windows are by hand: a window
    /// of the 28×28 → 14×14 block covers input rows 2·py − 1 … 2·py + 2 (and columns alike),
    /// and the windows of the next block cover the previous one's active windows the same way.
    /// The third block (Winograd F(3×3, 3×3)) computes all its windows.
    @Test func blankWindowsAreCopiedWithTheBitsTheyWouldBeComputedWith() throws {
        var rng = SplitMix64(seed: 11)
        var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        network.updateParameters { p in
            if p.value.shape.count == 1 {
                p.value = Tensor.random(shape: p.value.shape, in: -0.2..<0.3, using: &rng)
            }
        }
        func raster(_ points: [(Double, Double)]) -> [Float] {
            var pixels = [Float](repeating: 0, count: 784)
            let stroke = Stroke(points: points.map { Point(x: $0.0, y: $0.1) })
            Rasterizer.standard.rasterize([stroke], into: &pixels)
            return pixels
        }
        func pixel(_ y: Int, _ x: Int) -> [Float] {
            var pixels = [Float](repeating: 0, count: 784)
            pixels[y * 28 + x] = 0.5
            return pixels
        }
        let circle = raster((0...40).map { i in
            let t = Double(i) / 40 * 2 * Double.pi
            return (100 + 60 * cos(t), 100 + 50 * sin(t))
        })
        let arrow = raster([(0, 0), (100, 30), (80, 40), (100, 30), (85, 15)])
        let noise = Tensor.random(shape: [784], in: 0.1..<1, using: &rng).scalars
        let blank = [Float](repeating: 0, count: 784)
        // Windows per block: 196, 49 (245 in all) and the third block's 9, never skipped.
        let cases: [(name: String, image: [Float], skipped: Int?)] = [
            ("blank", blank, 245), ("corner pixel", pixel(0, 0), 195 + 48),
            ("middle pixel", pixel(13, 13), 192 + 40 + 0), ("noise", noise, 0),
            ("arrow", arrow, nil), ("circle", circle, nil),
        ]
        for path in KernelPath.allCases where path.isSupported {
            network.useKernels(path)
            let skipping = try #require(InferencePlan(network: network, exampleShape: [1, 28, 28]))
            let computing = try #require(InferencePlan(network: network, exampleShape: [1, 28, 28],
                                                       skipsBlankWindows: false))
            for c in cases {
                var workspace = InferencePlan.Workspace(for: skipping)
                var skippedByPrefix: [Int] = []
                for layers in [3, 6, 9, 13] {
                    let before = workspace.skippedWindows
                    var fast = [Float](repeating: .nan, count: skipping.outputCount(layers: layers))
                    c.image.withUnsafeBufferPointer { x in
                        fast.withUnsafeMutableBufferPointer { y in
                            skipping.run(x.baseAddress!, layers: layers, into: y.baseAddress!,
                                         workspace: &workspace)
                        }
                    }
                    skippedByPrefix.append(workspace.skippedWindows - before)
                    let full = computing.outputs(Tensor(shape: [1, 1, 28, 28], scalars: c.image),
                                                 layers: layers)
                    #expect(fast.map(\.bitPattern) == full.scalars.map(\.bitPattern),
                            "\(path), \(c.name), \(layers) layers")
                }
                let skipped = skippedByPrefix.last!
                if let expected = c.skipped {
                    #expect(skipped == expected, "\(path), \(c.name)")
                } else {
                    #expect(skipped > 0 && skipped < 245, "\(path), \(c.name): \(skipped)")
                }
            }
        }
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

/// Winograd F(3×3, 3×3) (the third block of the drawing classifier) on what it meets in use:
/// the default model's second block's outputs for real drawings.
@Suite struct WinogradF3RealDataTests {
    /// Within 1e-5 of the largest output of each drawing, against the naive convolution
    /// (summed in Double), ReLU and pool, on every path: every 8th of the 677 PNGs.
    @Test(.enabled(if: SharedData.hasAutomataEditor && FileManager.default.fileExists(
        atPath: SharedData.file("models/default.model").path)))
    func theThirdBlockMatchesTheNaiveConvolutionOnRealDrawings() throws {
        var classifier = try ModelFile.read(from: SharedData.file("models/default.model").path)
        let images = try ImageFolderDataset(root: SharedData.automataEditor.path).tensors().images
        guard let conv = classifier.network.layers[6] as? Conv2D else {
            Issue.record("layer 6 is not the third convolution")
            return
        }
        for path in KernelPath.allCases where path.isSupported {
            classifier.network.useKernels(path)
            let plan = try #require(classifier.plan)
            var worst = 0.0
            for index in stride(from: 0, to: images.shape[0], by: 8) {
                let x = Tensor(shape: [1, 1, 28, 28],
                               scalars: Array(images.scalars[index * 784..<(index + 1) * 784]))
                let blockInput = plan.outputs(x, layers: 6)
                var convolved = NaiveKernels.convolution(input: blockInput, weight: conv.weight.value,
                                                         bias: conv.bias.value, padding: 1)
                convolved = Tensor(shape: convolved.shape, scalars: convolved.scalars.map { max($0, 0) })
                let expected = NaiveKernels.maxPool(convolved, size: 2).scalars
                let fast = plan.outputs(x, layers: 9).scalars
                let scale = Double(expected.map(abs).max() ?? 1)
                for (a, e) in zip(fast, expected) {
                    worst = max(worst, abs(Double(a) - Double(e)) / scale)
                }
            }
            print("Winograd F(3×3, 3×3) on real drawings, \(path): largest error "
                  + "\(worst) of the largest output")
            #expect(worst <= 1e-5, "\(path): \(worst)")
        }
    }
}
