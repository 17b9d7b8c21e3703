import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct Conv2DTests {
    @Test func onesKernelSumsEachNeighbourhoodOfARamp() {
        let ramp = Tensor(shape: [1, 1, 3, 3], scalars: (0..<9).map(Float.init))
        var conv = Conv2D(weight: Tensor(shape: [1, 1, 3, 3], scalars: Array(repeating: 1, count: 9)),
                          bias: Tensor(shape: [1], scalars: [0.5]), padding: 1)
        // 3×3 neighbourhood sums of 0…8 with zero padding, plus the bias.
        let sums: [Float] = [8, 15, 12, 21, 36, 27, 20, 33, 24]
        #expect(conv.forward(ramp) == Tensor(shape: [1, 1, 3, 3], scalars: sums.map { $0 + 0.5 }))
    }

    @Test func offCentreTapShiftsTheImageAndChannelsAddUp() {
        // Channel 0: the tap at (ky 1, kx 2) reads the right neighbour; channel 1 (×2): the
        // tap at (ky 0, kx 1) reads the pixel above.
        var weight = Tensor(zeros: [1, 2, 3, 3])
        weight.scalars[1 * 3 + 2] = 1
        weight.scalars[9 + 0 * 3 + 1] = 2
        let ramp = Tensor(shape: [1, 2, 3, 3], scalars: (0..<18).map(Float.init))
        var conv = Conv2D(weight: weight, bias: Tensor(zeros: [1]), padding: 1)
        let right: [Float] = [1, 2, 0, 4, 5, 0, 7, 8, 0]
        let above: [Float] = [0, 0, 0, 9, 10, 11, 12, 13, 14]
        #expect(conv.forward(ramp).scalars == zip(right, above).map { $0 + 2 * $1 })
    }

    @Test func validPaddingShrinksTheOutput() {
        var rng = SplitMix64(seed: 1)
        var conv = Conv2D(inputChannels: 2, outputChannels: 5, kernelSize: 3, padding: 0, using: &rng)
        #expect(conv.forward(Tensor(zeros: [3, 2, 6, 4])).shape == [3, 5, 4, 2])
        #expect(conv.spec == .conv2D(inputChannels: 2, outputChannels: 5, kernelSize: 3, padding: 0))
    }

    @Test func glorotInitialisationStaysWithinItsLimitAndBiasesStartAtZero() {
        var rng = SplitMix64(seed: 2)
        let conv = Conv2D(inputChannels: 16, outputChannels: 32, kernelSize: 3, padding: 1, using: &rng)
        let limit = (6.0 / Float(16 * 9 + 32 * 9)).squareRoot()
        #expect(conv.weight.value.scalars.allSatisfy { abs($0) <= limit })
        #expect(conv.weight.value.scalars.map(abs).max()! > 0.9 * limit)
        #expect(conv.bias.value.scalars.allSatisfy { $0 == 0 })
    }

    // Finite differences: loss = Σ output·probe.
    private func fixture() -> (Conv2D, Tensor, Tensor) {
        var rng = SplitMix64(seed: 11)
        let weight = Tensor.random(shape: [3, 2, 3, 3], using: &rng)
        let bias = Tensor.random(shape: [3], using: &rng)
        let input = Tensor.random(shape: [2, 2, 5, 4], using: &rng)
        let probe = Tensor.random(shape: [2, 3, 5, 4], using: &rng)
        return (Conv2D(weight: weight, bias: bias, padding: 1), input, probe)
    }

    @Test func inputGradientMatchesFiniteDifferences() {
        var (layer, input, probe) = fixture()
        _ = layer.forward(input)
        let analytic = layer.backward(probe)
        let numeric = numericalGradient(at: input, probe: probe) { x in
            var copy = layer
            return copy.forward(x)
        }
        expectGradientsMatch(analytic.scalars, numeric)
    }

    @Test func weightGradientMatchesFiniteDifferences() {
        var (layer, input, probe) = fixture()
        _ = layer.forward(input)
        _ = layer.backward(probe)
        let bias = layer.bias.value
        let numeric = numericalGradient(at: layer.weight.value, probe: probe) { w in
            var copy = Conv2D(weight: w, bias: bias, padding: 1)
            return copy.forward(input)
        }
        expectGradientsMatch(layer.weight.grad.scalars, numeric)
    }

    @Test func biasGradientMatchesFiniteDifferences() {
        var (layer, input, probe) = fixture()
        _ = layer.forward(input)
        _ = layer.backward(probe)
        let weight = layer.weight.value
        let numeric = numericalGradient(at: layer.bias.value, probe: probe) { b in
            var copy = Conv2D(weight: weight, bias: b, padding: 1)
            return copy.forward(input)
        }
        expectGradientsMatch(layer.bias.grad.scalars, numeric)
    }

    @Test func gradientsAccumulateAcrossBackwardPasses() {
        var (layer, input, probe) = fixture()
        _ = layer.forward(input)
        _ = layer.backward(probe)
        let once = layer.weight.grad.scalars
        _ = layer.forward(input)
        _ = layer.backward(probe)
        for (twice, single) in zip(layer.weight.grad.scalars, once) {
            #expect(isClose(twice, 2 * single))
        }
    }

    @Test func firstLayerCanSkipItsInputGradient() {
        var (layer, input, probe) = fixture()
        var full = layer
        layer.computesInputGradient = false
        _ = layer.forward(input)
        #expect(layer.backward(probe).count == 0)
        _ = full.forward(input)
        _ = full.backward(probe)
        #expect(layer.weight.grad == full.weight.grad)
    }

    /// Several examples share one matrix product (7×7 with 32 channels: four), so a batch of
    /// five ends in a group of one. Each example's output and input gradient come out as if
    /// it ran alone; the weight gradient is the sum, up to rounding.
    @Test func groupedExamplesMatchExampleByExample() {
        var rng = SplitMix64(seed: 17)
        let layer = Conv2D(inputChannels: 32, outputChannels: 64, kernelSize: 3, padding: 1,
                           using: &rng)
        let (n, example) = (5, 32 * 7 * 7)
        let input = Tensor.random(shape: [n, 32, 7, 7], using: &rng)
        let probe = Tensor.random(shape: [n, 64, 7, 7], using: &rng)
        var batch = layer
        let output = batch.forward(input)
        let inputGrad = batch.backward(probe)
        var weightGrad = [Float](repeating: 0, count: layer.weight.value.count)
        for s in 0..<n {
            var single = layer
            let x = Tensor(shape: [1, 32, 7, 7],
                           scalars: Array(input.scalars[(s * example)..<((s + 1) * example)]))
            let g = Tensor(shape: [1, 64, 7, 7],
                           scalars: Array(probe.scalars[(s * 64 * 49)..<((s + 1) * 64 * 49)]))
            #expect(single.forward(x).scalars
                    == Array(output.scalars[(s * 64 * 49)..<((s + 1) * 64 * 49)]))
            #expect(single.backward(g).scalars
                    == Array(inputGrad.scalars[(s * example)..<((s + 1) * example)]))
            for i in weightGrad.indices { weightGrad[i] += single.weight.grad.scalars[i] }
        }
        for (grouped, summed) in zip(batch.weight.grad.scalars, weightGrad) {
            #expect(isClose(grouped, summed, absolute: 1e-4, relative: 1e-4))
        }
    }
}
