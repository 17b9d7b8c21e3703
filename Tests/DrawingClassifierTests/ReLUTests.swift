import Testing
@testable import DrawingClassifier

@Suite struct ReLUTests {
    @Test func clampsNegativesToZero() {
        var relu = ReLU()
        let output = relu.forward(Tensor(shape: [1, 4], scalars: [-2, -0.5, 0, 3]))
        #expect(output == Tensor(shape: [1, 4], scalars: [0, 0, 0, 3]))
    }

    @Test func gradientMatchesFiniteDifferences() {
        var rng = SplitMix64(seed: 9)
        let input = awayFromZero(shape: [3, 2, 4, 4], using: &rng)
        let probe = Tensor.random(shape: [3, 2, 4, 4], using: &rng)
        var relu = ReLU()
        _ = relu.forward(input)
        let analytic = relu.backward(probe)
        let numeric = numericalGradient(at: input, probe: probe, epsilon: 1e-3) { x in
            var copy = relu
            return copy.forward(x)
        }
        expectGradientsMatch(analytic.scalars, numeric)
    }
}

@Suite struct FlattenTests {
    @Test func reshapesToBatchByFeaturesAndBack() {
        var flatten = Flatten()
        let input = Tensor(shape: [2, 2, 1, 3], scalars: (0..<12).map(Float.init))
        let output = flatten.forward(input)
        #expect(output.shape == [2, 6])
        #expect(output.scalars == input.scalars)
        #expect(flatten.backward(output) == input)
    }
}
