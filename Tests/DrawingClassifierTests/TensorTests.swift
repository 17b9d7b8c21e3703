import Testing
@testable import DrawingClassifier

@Suite struct TensorTests {
    @Test func zerosHasTheProductOfItsShapeAsCount() {
        #expect(Tensor(zeros: [2, 3, 4]).count == 24)
    }
    @Test func splitMixIsReproducibleFromItsSeed() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
        #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
        var c = SplitMix64(seed: 0)
        // First output of SplitMix64 seeded with 0 (reference value from the published algorithm).
        #expect(c.next() == 0xE220_A839_7B1D_CDAF)
    }
}
