import Foundation
import Testing
import DrawingClassifier
import StrokeFormats
import Pictures
import TestSupport

@Suite struct CanvasTests {
    @Test func aOnePixelLineOnPixelCentresCoversExactlyOneRow() {
        var canvas = Canvas(width: 40, height: 20)
        canvas.strokeLine(from: Point(x: 2, y: 10.5), to: Point(x: 30, y: 10.5), width: 1,
                          color: .black)
        #expect(canvas[15, 10] == .black)
        #expect(canvas[15, 9] == .white)
        #expect(canvas[15, 11] == .white)
        #expect(canvas[35, 10] == .white)  // beyond the round cap
    }

    @Test func aOnePixelLineOnAPixelBoundaryHalfCoversTwoRows() {
        var canvas = Canvas(width: 40, height: 20)
        canvas.strokeLine(from: Point(x: 2, y: 10), to: Point(x: 30, y: 10), width: 1,
                          color: .black)
        // coverage 0.5 → 255 − 255·0.5 = 127.5, rounded to 128
        #expect(canvas[15, 9] == RGBColor(gray: 128))
        #expect(canvas[15, 10] == RGBColor(gray: 128))
        #expect(canvas[15, 8] == .white)
    }

    @Test func aRingCoversItsCircleAndLeavesItsCentre() {
        var canvas = Canvas(width: 41, height: 41)
        canvas.strokeCircle(center: Point(x: 20.5, y: 20.5), radius: 10, width: 1, color: .black)
        #expect(canvas[30, 20] == .black)   // centre (30.5, 20.5) lies on the circle
        #expect(canvas[20, 10] == .black)
        #expect(canvas[20, 20] == .white)
        #expect(canvas[35, 20] == .white)
        #expect(canvas[31, 20] == RGBColor(gray: 255))  // distance 1: coverage 0
    }

    @Test func aFilledDiscHasAHalfCoveredEdge() {
        var canvas = Canvas(width: 21, height: 21)
        canvas.fillCircle(center: Point(x: 10.5, y: 10.5), radius: 5, color: .black)
        #expect(canvas[10, 10] == .black)
        #expect(canvas[10, 15] == RGBColor(gray: 128))  // distance 5: coverage 0.5
        #expect(canvas[10, 16] == .white)
    }

    @Test func halfTransparentRedOverWhiteIsPink() {
        var canvas = Canvas(width: 4, height: 4)
        canvas.fillRect(x: 1, y: 1, width: 2, height: 2,
                        color: RGBColor(red: 255, green: 0, blue: 0), alpha: 0.5)
        #expect(canvas[1, 1] == RGBColor(red: 255, green: 128, blue: 128))
        #expect(canvas[0, 0] == .white)
        #expect(canvas[3, 3] == .white)
    }

    @Test func polylineJoinsAreNotPaintedTwice() {
        var canvas = Canvas(width: 30, height: 30)
        let corner = [Point(x: 5.5, y: 5.5), Point(x: 20.5, y: 5.5), Point(x: 20.5, y: 20.5)]
        canvas.strokePolyline(corner, width: 1, color: .black, alpha: 0.5)
        #expect(canvas[20, 5] == canvas[12, 5])
        #expect(canvas[12, 5] == RGBColor(gray: 128))
    }

    @Test func shapesOutsideTheCanvasAndNonFinitePointsAreIgnored() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.strokeLine(from: Point(x: -100, y: -100), to: Point(x: -50, y: -60), width: 3,
                          color: .black)
        canvas.strokePolyline([Point(x: .nan, y: 1), Point(x: .infinity, y: 2)], width: 2,
                              color: .black)
        canvas.strokeCircle(center: Point(x: 5, y: 5), radius: .infinity, width: 1, color: .black)
        canvas.fillRect(x: Int.max - 1, y: 0, width: 5, height: 5, color: .black)
        #expect(canvas == Canvas(width: 10, height: 10))
    }

    @Test func aGrayImageIsCopiedAsBlocksOfScaleSquared() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.drawImage(GrayImage(width: 2, height: 1, pixels: [0, 200]), x: 1, y: 1, scale: 3)
        #expect(canvas[1, 1] == .black)
        #expect(canvas[3, 3] == .black)
        #expect(canvas[4, 2] == RGBColor(gray: 200))
        #expect(canvas[6, 3] == RGBColor(gray: 200))
        #expect(canvas[7, 3] == .white)
        #expect(canvas[1, 4] == .white)
    }

    @Test func dashesAlternateWithGapsOfTheSameLength() {
        let pieces = VectorPicture.dashed([Point(x: 0, y: 0), Point(x: 30, y: 0)], dash: 5)
        #expect(pieces.count == 3)
        let starts = pieces.map { $0.first!.x }, ends = pieces.map { $0.last!.x }
        for (actual, expected) in zip(starts + ends, [0.0, 10, 20, 5, 15, 25]) {
            #expect(isClose(actual, expected, absolute: 1e-9))
        }
    }

    @Test func colourMixingAndHexAreExact() {
        #expect(RGBColor.white.mixed(with: .black, fraction: 0.25) == RGBColor(gray: 191))
        #expect(RGBColor(red: 8, green: 48, blue: 107).hex == "#08306b")
        #expect(RGBColor(red: 255, green: 0, blue: 0).luma == 54)
    }
}

@Suite struct BitmapFontTests {
    @Test func aCapitalTIsABarAndAStem() {
        var canvas = Canvas(width: 8, height: 9)
        canvas.drawText("T", x: 1, y: 1, color: .black)
        for x in 1...5 { #expect(canvas[x, 1] == .black) }
        for y in 2...7 { #expect(canvas[3, y] == .black) }
        #expect(canvas[1, 2] == .white)
        #expect(canvas[5, 7] == .white)
        #expect(canvas[6, 1] == .white)
    }

    @Test func scaleTwoDrawsEachFontPixelAsATwoByTwoBlock() {
        var canvas = Canvas(width: 12, height: 16)
        canvas.drawText("T", x: 0, y: 0, scale: 2, color: .black)
        for x in 0..<10 { #expect(canvas[x, 0] == .black && canvas[x, 1] == .black) }
        #expect(canvas[4, 13] == .black && canvas[5, 13] == .black)
        #expect(canvas[4, 14] == .white)
        #expect(canvas[3, 2] == .white)
    }

    @Test func aLowerCaseYHangsBelowTheBaseline() {
        var canvas = Canvas(width: 7, height: 10)
        canvas.drawText("y", x: 1, y: 1, color: .black)
        #expect(canvas[2, 8] == .black && canvas[4, 8] == .black)  // tail, row 7
        #expect(canvas[5, 7] == .black)                              // stem, row 6
        #expect(canvas[1, 2] == .white)                              // x-height starts at row 2
    }

    @Test func sizesAdvanceSixPixelsPerCharacter() {
        #expect(BitmapFont.size(of: "ab") == (11, 8))
        #expect(BitmapFont.size(of: "q0", scale: 2) == (22, 16))
        #expect(BitmapFont.size(of: "") == (0, 8))
    }

    @Test func epsilonAndTheArrowAreKnownAndTheirGlyphsDiffer() {
        #expect(BitmapFont.contains("ε"))
        #expect(BitmapFont.contains("→"))
        #expect(!BitmapFont.contains("λ"))
        #expect(BitmapFont.glyph(for: "ε") != BitmapFont.glyph(for: "e"))
        // ε: a top bar, a shorter middle bar, a bottom bar.
        let epsilon: [UInt8] = [0, 0, 0b01110, 0b10000, 0b01100, 0b10000, 0b01110, 0]
        #expect(BitmapFont.glyph(for: "ε") == epsilon)
    }
}
