import Testing
@testable import DrawingClassifier

/// The one rule that picks a convolution's algorithm, for training and inference.
@Suite struct ConvolutionAlgorithmTests {
    /// The drawing classifier's three blocks (1→16, 16→32, 32→64, 3×3, padding 1, on 28×28,
    /// 14×14 and 7×7) and shapes no fast kernel fits, with vectors of 8 and of 16 floats.
    @Test(arguments: [8, 16])
    func theClassifierLayersGetTheirFastKernels(vectorWidth v: Int) {
        func choose(_ c: Int, _ o: Int, _ k: Int, _ ow: Int, _ layout: ConvolutionAlgorithm.Layout,
                    outputHeight oh: Int? = nil) -> ConvolutionAlgorithm {
            .choose(inputs: c, outputs: o, kernelSize: k, outputHeight: oh ?? ow,
                    outputWidth: ow, layout: layout, vectorWidth: v)
        }
        // Training, channels first.
        #expect(choose(1, 16, 3, 28, .channelsFirst) == .directSingleChannel)
        #expect(choose(16, 32, 3, 14, .channelsFirst) == .winograd)
        #expect(choose(32, 64, 3, 7, .channelsFirst) == .winograd)
        #expect(choose(1, 16, 3, v - 1, .channelsFirst) == .im2col)  // a row under a vector
        #expect(choose(16, 32, 5, 14, .channelsFirst) == .im2col)    // not 3×3
        #expect(choose(3, 32, 3, 14, .channelsFirst) == .im2col)     // part of a vector
        // Inference, channels last: the direct kernel needs whole vectors of outputs, and
        // Winograd runs only fused with ReLU and the 2×2 pool.
        #expect(choose(1, 16, 3, 28, .channelsLast(pooled: true)) == .directSingleChannel)
        #expect(choose(1, 16, 3, 2, .channelsLast(pooled: false)) == .directSingleChannel)
        #expect(choose(1, 5, 3, 28, .channelsLast(pooled: true)) == .im2col)
        #expect(choose(16, 32, 3, 14, .channelsLast(pooled: true)) == .winograd)
        #expect(choose(16, 32, 3, 14, .channelsLast(pooled: false)) == .im2col)
        // F(3×3, 3×3) where the pooled map comes in 3×3 groups of windows (7×7 → 3×3,
        // 12×12 → 6×6), in both directions, and never in training.
        #expect(choose(32, 64, 3, 7, .channelsLast(pooled: true)) == .winogradF3)
        #expect(choose(32, 64, 3, 12, .channelsLast(pooled: true)) == .winogradF3)
        #expect(choose(32, 64, 3, 7, .channelsLast(pooled: true), outputHeight: 8) == .winograd)
        #expect(choose(32, 64, 3, 8, .channelsLast(pooled: true), outputHeight: 7) == .winograd)
        #expect(choose(32, 64, 3, 7, .channelsLast(pooled: false)) == .im2col)
        #expect(choose(32, 64, 3, 12, .channelsFirst) == .winograd)
    }

    /// Regions of floats start 16 apart (64 bytes), of 8-byte words 8 apart.
    @Test func arenaRegionsFollowOneAnotherOnWholeLines() {
        var floats = ArenaLayout()
        #expect(floats.region(10) == 0)
        #expect(floats.region(16) == 16)
        #expect(floats.region(0) == 32)
        #expect(floats.region(17) == 32)
        #expect(floats.count == 64)
        var words = ArenaLayout()
        #expect(words.region(3, elementBytes: 8) == 0)
        #expect(words.region(1, elementBytes: 8) == 8)
        #expect(words.count == 16)
    }
}
