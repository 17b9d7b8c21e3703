import DrawingClassifier
import Testing
import Pictures

@Suite struct GrayImageResizeTests {
    /// 4 × 4 ramp 0, 10, ..., 150.
    let ramp = GrayImage(width: 4, height: 4, pixels: (0..<16).map { UInt8($0 * 10) })

    @Test func halvingAveragesEachTwoByTwoBlock() {
        // Blocks: (0+10+40+50)/4 = 25, (20+30+60+70)/4 = 45, 105, 125.
        #expect(ramp.resized(width: 2, height: 2).pixels == [25, 45, 105, 125])
        #expect(ramp.resized(width: 1, height: 1).pixels == [75])
    }

    @Test func integerFactorsGiveRoundedBlockMeans() {
        var rng = SplitMix64(seed: 11)
        let pixels = (0..<(84 * 56)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let source = GrayImage(width: 84, height: 56, pixels: pixels)
        let small = source.resized(width: 28, height: 28)  // 3 × 2 blocks
        for y in 0..<28 {
            for x in 0..<28 {
                var sum = 0
                for dy in 0..<2 { for dx in 0..<3 { sum += Int(source[3 * x + dx, 2 * y + dy]) } }
                #expect(Int(small[x, y]) == (sum + 3) / 6)
            }
        }
    }

    @Test func fractionalFactorsWeightPartialPixels() {
        // 3 → 2 columns: output 0 covers pixel 0 fully and half of pixel 1.
        let row = GrayImage(width: 3, height: 1, pixels: [0, 90, 180])
        // (0·2 + 90·1) / 3 = 30, (90·1 + 180·2) / 3 = 150
        #expect(row.resized(width: 2, height: 1).pixels == [30, 150])
    }

    @Test func enlargingRepeatsPixels() {
        let image = GrayImage(width: 2, height: 1, pixels: [10, 200])
        #expect(image.resized(width: 4, height: 2).pixels == [10, 10, 200, 200,
                                                             10, 10, 200, 200])
        // 2 → 3: the middle output straddles both inputs equally.
        #expect(image.resized(width: 3, height: 1).pixels == [10, 105, 200])
    }

    @Test func aConstantImageStaysConstantAtAnySize() {
        let gray = GrayImage(width: 17, height: 9, pixels: [UInt8](repeating: 77, count: 153))
        for (w, h) in [(28, 28), (5, 3), (40, 11), (1, 1)] {
            #expect(gray.resized(width: w, height: h).pixels.allSatisfy { $0 == 77 })
        }
    }

    @Test func fittingKeepsTheAspectAndCentresOnBlack() {
        // 56 × 28 white → 28 × 14 white band centred vertically: rows 7..<21.
        let wide = GrayImage(width: 56, height: 28, pixels: [UInt8](repeating: 255, count: 56 * 28))
        let fitted = wide.fitted()
        #expect(fitted.width == 28 && fitted.height == 28)
        for y in 0..<28 {
            let expected: UInt8 = (7..<21).contains(y) ? 255 : 0
            #expect((0..<28).allSatisfy { fitted[$0, y] == expected }, "row \(y)")
        }
        // On white for black-on-white drawings.
        let tall = GrayImage(width: 1, height: 2, pixels: [0, 0]).fitted(toSide: 4,
                                                                         polarity: .blackInkOnWhite)
        #expect(tall.pixels == [255, 0, 0, 255,
                                255, 0, 0, 255,
                                255, 0, 0, 255,
                                255, 0, 0, 255])
    }

    @Test func fittingASquareOnlyResizes() {
        #expect(ramp.fitted(toSide: 2).pixels == [25, 45, 105, 125])
        #expect(ramp.fitted(toSide: 4) == ramp)
    }

    @Test func borderMeanAndInversion() {
        // Border of the ramp: all but 50, 60, 90, 100.
        #expect(ramp.borderMean == Double((0..<16).map { $0 * 10 }.reduce(0, +) - 300) / 12)
        #expect(!ramp.hasLightBackground)
        #expect(ramp.inverted().hasLightBackground)
        #expect(ramp.inverted().inverted() == ramp)
    }
}
