import Testing
@testable import DrawingClassifier

@Suite struct DenseTests {
    @Test func computesWeightsTimesInputPlusBias() {
        let weight = Tensor(shape: [3, 2], scalars: [1, 2, 3, 4, 5, 6])
        var dense = Dense(weight: weight, bias: Tensor(shape: [3], scalars: [0.5, 0, -1]))
        let input = Tensor(shape: [2, 2], scalars: [1, 1, 2, -1])
        // Row 0: [1+2, 3+4, 5+6] + b; row 1: [2−2, 6−4, 10−6] + b.
        #expect(dense.forward(input) == Tensor(shape: [2, 3], scalars: [3.5, 7, 10, 0.5, 2, 3]))
        #expect(dense.spec == .dense(inputCount: 2, outputCount: 3))
    }

    private func fixture() -> (Dense, Tensor, Tensor) {
        var rng = SplitMix64(seed: 7)
        let layer = Dense(weight: Tensor.random(shape: [3, 5], using: &rng),
                          bias: Tensor.random(shape: [3], using: &rng))
        let input = Tensor.random(shape: [4, 5], using: &rng)
        let probe = Tensor.random(shape: [4, 3], using: &rng)
        return (layer, input, probe)
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

    @Test func weightAndBiasGradientsMatchFiniteDifferences() {
        var (layer, input, probe) = fixture()
        _ = layer.forward(input)
        _ = layer.backward(probe)
        let (weight, bias) = (layer.weight.value, layer.bias.value)
        let weightNumeric = numericalGradient(at: weight, probe: probe) { w in
            var copy = Dense(weight: w, bias: bias)
            return copy.forward(input)
        }
        expectGradientsMatch(layer.weight.grad.scalars, weightNumeric)
        let biasNumeric = numericalGradient(at: bias, probe: probe) { b in
            var copy = Dense(weight: weight, bias: b)
            return copy.forward(input)
        }
        expectGradientsMatch(layer.bias.grad.scalars, biasNumeric)
    }
}
