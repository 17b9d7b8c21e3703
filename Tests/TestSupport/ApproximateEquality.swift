/// The one approximate-equality rule for computed floats in the tests:
/// |actual − expected| ≤ absolute + relative·|expected|.
public func isClose(_ actual: Double, _ expected: Double,
                    absolute: Double = 1e-6, relative: Double = 1e-5) -> Bool {
    abs(actual - expected) <= absolute + relative * abs(expected)
}

public func isClose(_ actual: Float, _ expected: Float,
                    absolute: Double = 1e-6, relative: Double = 1e-5) -> Bool {
    isClose(Double(actual), Double(expected), absolute: absolute, relative: relative)
}
