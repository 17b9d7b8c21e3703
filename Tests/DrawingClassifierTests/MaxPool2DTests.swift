import Testing
@testable import DrawingClassifier

@Suite struct MaxPool2DTests {
    @Test func keepsTheLargestOfEachWindow() {
        var pool = MaxPool2D(size: 2)
        let ramp = Tensor(shape: [1, 1, 4, 4], scalars: (0..<16).map(Float.init))
        #expect(pool.forward(ramp) == Tensor(shape: [1, 1, 2, 2], scalars: [5, 7, 13, 15]))
    }

    @Test func dropsTheOddTrailingRowAndColumn() {
        var pool = MaxPool2D(size: 2)
        let ramp = Tensor(shape: [1, 1, 7, 7], scalars: (0..<49).map(Float.init))
        #expect(pool.forward(ramp)
                == Tensor(shape: [1, 1, 3, 3], scalars: [8, 10, 12, 22, 24, 26, 36, 38, 40]))
    }

    @Test func routesTheGradientToEachMaximumOnly() {
        var pool = MaxPool2D(size: 2)
        let input = Tensor(shape: [1, 1, 2, 4], scalars: [1, 9, 3, 2, 4, 0, 8, 7])
        _ = pool.forward(input)
        let grad = pool.backward(Tensor(shape: [1, 1, 1, 2], scalars: [10, 20]))
        #expect(grad == Tensor(shape: [1, 1, 2, 4], scalars: [0, 10, 0, 0, 0, 0, 20, 0]))
    }

    @Test func gradientMatchesFiniteDifferences() {
        var rng = SplitMix64(seed: 5)
        let input = distinctValues(shape: [2, 3, 5, 6], using: &rng)
        let probe = Tensor.random(shape: [2, 3, 2, 3], using: &rng)
        var pool = MaxPool2D(size: 2)
        _ = pool.forward(input)
        let analytic = pool.backward(probe)
        let numeric = numericalGradient(at: input, probe: probe, epsilon: 1e-3) { x in
            var copy = pool
            return copy.forward(x)
        }
        expectGradientsMatch(analytic.scalars, numeric)
    }

    /// Five windows a row: two blocks of four that overlap in one window.
    @Test func rowsOfFiveWindowsKeepEveryMaximumAndItsGradient() {
        var pool = MaxPool2D(size: 2)
        let scalars: [Float] = [0, 1, 9, 3, 4, 5, 6, 7, 8, 2,
                                10, 11, 2, 13, 14, 15, 16, 17, 18, 19]
        let input = Tensor(shape: [1, 1, 2, 10], scalars: scalars)
        #expect(pool.forward(input) == Tensor(shape: [1, 1, 1, 5], scalars: [11, 13, 15, 17, 19]))
        let grad = pool.backward(Tensor(shape: [1, 1, 1, 5], scalars: [1, 2, 3, 4, 5]))
        #expect(grad == Tensor(shape: [1, 1, 2, 10],
                               scalars: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5]))
    }
}
