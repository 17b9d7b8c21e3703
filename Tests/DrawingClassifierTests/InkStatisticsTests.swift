import DrawingClassifier
import Testing
import Pictures
import TestSupport

@Suite struct InkStatisticsTests {
    @Test func aBarAndAFaintDotGiveHandComputedNumbers() {
        // Lab/scripts/png_ink_stats.py agrees: ink_statistics(10, 10, pixels) gives mean 30.7,
        // over128 0.12, width 2.0, box 8×6, margin 0.
        // 10×10 black image; a 6×2 bar of 255 at x 2...7, y 4...5; a faint pixel 10 at (9, 9).
        var image = GrayImage(width: 10, height: 10)
        for y in 4...5 { for x in 2...7 { image[x, y] = 255 } }
        image[9, 9] = 10
        let stats = InkStatistics(image: image)
        #expect(isClose(stats.mean, (12 * 255 + 10) / 100))
        #expect(isClose(stats.fractionOver128, 0.12))
        #expect(isClose(stats.strokeWidth, 2))  // every bar pixel: min(run 6 across, 2 down)
        #expect(stats.boxLonger == 8 && stats.boxShorter == 6)  // x 2...9, y 4...9
        #expect(stats.margin == 0)  // the faint pixel touches the corner
    }

    @Test func aBlackImageHasNoInk() {
        let stats = InkStatistics(image: GrayImage(width: 28, height: 28))
        #expect(stats == InkStatistics(image: GrayImage(width: 28, height: 28)))
        #expect(stats.mean == 0 && stats.strokeWidth == 0 && stats.boxLonger == 0)
    }
}
