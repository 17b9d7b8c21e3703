import Testing
@testable import DrawingClassifier

/// The Winograd weight gradient (dW = Gᵀ [Σ_tiles (A dY Aᵀ) ⊙ (Bᵀ d B)] G) against its naive
/// twin, the direct sum of `NaiveKernels.convolutionGradients`, on every kernel path.
@Suite struct WinogradWeightGradientTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var batch: Int, channels: Int, height: Int, width: Int, outputs: Int, padding: Int
        var testDescription: String {
            "[\(batch),\(channels),\(height),\(width)] * \(outputs)×3² pad \(padding)"
        }
    }

    @Test func theRuleTakesEvenOutputsOnly() {
        #expect(ConvolutionAlgorithm.winogradWeightGradient(outputHeight: 14, outputWidth: 14))
        #expect(!ConvolutionAlgorithm.winogradWeightGradient(outputHeight: 7, outputWidth: 7))
        #expect(!ConvolutionAlgorithm.winogradWeightGradient(outputHeight: 8, outputWidth: 7))
    }

    // The drawing classifier's 16→32 layer on a training chunk, more examples than one
    // product group (accumulating across groups), and no padding with a non-square map.
    @Test(arguments: [
        Case(batch: 4, channels: 16, height: 14, width: 14, outputs: 32, padding: 1),
        Case(batch: 5, channels: 16, height: 14, width: 14, outputs: 32, padding: 1),
        Case(batch: 2, channels: 32, height: 10, width: 8, outputs: 16, padding: 0),
    ])
    func matchesTheDirectSumWithin1e5OfItsLargestValue(_ c: Case) {
        var rng = SplitMix64(seed: UInt64(c.channels + c.height))
        let input = Tensor.random(shape: [c.batch, c.channels, c.height, c.width], using: &rng)
        let weight = Tensor.random(shape: [c.outputs, c.channels, 3, 3], using: &rng)
        let bias = Tensor.random(shape: [c.outputs], using: &rng)
        let (oh, ow) = (c.height + 2 * c.padding - 2, c.width + 2 * c.padding - 2)
        #expect(ConvolutionAlgorithm.winogradWeightGradient(outputHeight: oh, outputWidth: ow))
        let outputGrad = Tensor.random(shape: [c.batch, c.outputs, oh, ow], using: &rng)
        let want = NaiveKernels.convolutionGradients(
            input: input, weight: weight, padding: c.padding, outputGrad: outputGrad).1.scalars
        let largest = want.map { abs(Double($0)) }.max()!
        #expect(largest > 1)  // sums of many terms: the bound below is a relative one
        for path in KernelPath.allCases where path.isSupported {
            var layer = Conv2D(weight: weight, bias: bias, padding: c.padding)
            layer.kernelPath = path
            layer.computesInputGradient = false
            _ = layer.forward(input)
            _ = layer.backward(outputGrad)
            let worst = zip(layer.weight.grad.scalars, want)
                .map { abs(Double($0) - Double($1)) }.max()!
            #expect(worst <= 1e-5 * largest, "\(path): worst error \(worst) of \(largest)")
        }
    }
}
