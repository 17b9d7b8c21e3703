/// The one approximate-equality rule for computed floats in these tests:
/// |actual − expected| ≤ absolute + relative·|expected|.
func isClose(_ actual: Double, _ expected: Double,
             absolute: Double = 1e-6, relative: Double = 1e-5) -> Bool {
    abs(actual - expected) <= absolute + relative * abs(expected)
}
