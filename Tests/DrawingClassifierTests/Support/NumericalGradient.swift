import Testing
@testable import DrawingClassifier

/// Σ output·probe in `Double`: the scalar "loss" whose gradient with respect to the output
/// is exactly `probe` (llm.c's fake loss), so a layer's `backward(probe)` can be checked.
func probedLoss(_ output: Tensor, _ probe: Tensor) -> Double {
    precondition(output.shape == probe.shape, "probe must have the output's shape")
    var sum = 0.0
    for (o, p) in zip(output.scalars, probe.scalars) { sum += Double(o) * Double(p) }
    return sum
}

/// Central finite differences of `probedLoss(f(x), probe)` at every scalar of `point`.
/// The step actually taken (after `Float` rounding) is used as the denominator.
func numericalGradient(at point: Tensor, probe: Tensor, epsilon: Float = 1e-2,
                       _ f: (Tensor) -> Tensor) -> [Double] {
    (0..<point.count).map { i in
        var plus = point, minus = point
        plus.scalars[i] += epsilon
        minus.scalars[i] -= epsilon
        let step = Double(plus.scalars[i]) - Double(minus.scalars[i])
        return (probedLoss(f(plus), probe) - probedLoss(f(minus), probe)) / step
    }
}

/// Checks analytic against numerical gradients: every element within 1e-3 + 1e-2·|n|
/// (STYLE.md) and the whole vector within `relativeError` (‖a − n‖ / ‖n‖).
func expectGradientsMatch(_ analytic: [Float], _ numeric: [Double],
                          relativeError: Double = 1e-3,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(analytic.count == numeric.count, sourceLocation: sourceLocation)
    var difference = 0.0, norm = 0.0, worst = 0.0
    for (a, n) in zip(analytic, numeric) {
        let error = abs(Double(a) - n)
        worst = max(worst, error - (1e-3 + 1e-2 * abs(n)))
        difference += error * error
        norm += n * n
    }
    #expect(worst <= 0, "an element is off by \(worst) beyond tolerance",
            sourceLocation: sourceLocation)
    #expect(norm > 0, "the numerical gradient is all zero: the check tests nothing",
            sourceLocation: sourceLocation)
    let relative = (difference / max(norm, 1e-30)).squareRoot()
    #expect(relative < relativeError, "relative gradient error \(relative)",
            sourceLocation: sourceLocation)
}

/// Uniform values whose magnitude is in [0.1, 1) with random sign: far from ReLU's kink
/// compared with the finite-difference step.
func awayFromZero(shape: [Int], using rng: inout SplitMix64) -> Tensor {
    var t = Tensor.random(shape: shape, in: 0.1..<1, using: &rng)
    for i in t.scalars.indices where rng.next() & 1 == 0 { t.scalars[i] = -t.scalars[i] }
    return t
}

/// Distinct values spaced 0.05 apart, shuffled: no max-pool window has a near tie.
func distinctValues(shape: [Int], using rng: inout SplitMix64) -> Tensor {
    let count = shape.reduce(1, *)
    var values = (0..<count).map { Float($0) * 0.05 - Float(count) * 0.025 }
    rng.shuffle(&values)
    return Tensor(shape: shape, scalars: values)
}
