import Foundation
import Testing
@testable import DrawingClassifier

@Suite struct DrawingVariationTests {
    static let side = 28

    /// A 28×28 image with ink where `isInk(x, y)`.
    static func image(_ isInk: (Int, Int) -> Bool) -> [Float] {
        (0..<(side * side)).map { isInk($0 % side, $0 / side) ? 1 : 0 }
    }

    /// Columns (or rows) that hold ink above one half.
    static func inkedColumns(_ image: [Float]) -> [Int] {
        (0..<side).filter { x in (0..<side).contains { image[$0 * side + x] > 0.5 } }
    }
    static func inkedRows(_ image: [Float]) -> [Int] {
        (0..<side).filter { y in (0..<side).contains { image[y * side + $0] > 0.5 } }
    }

    @Test func allAmountsZeroChangeNeitherBatchNorGenerator() {
        let variation = DrawingVariation()
        #expect(variation.isIdentity)
        let batch = Tensor(shape: [1, 1, 28, 28], scalars: Self.image { x, _ in x == 5 })
        var copy = batch
        var rng = SplitMix64(seed: 3), untouched = SplitMix64(seed: 3)
        variation.apply(to: &copy, using: &rng)
        #expect(copy == batch)
        #expect(rng.next() == untouched.next())
    }

    /// A bar two pixels thick along the top edge, turned by 90°, becomes a bar two pixels
    /// thick down the middle (refitted: centred, as long as the frame).
    @Test func rotationBy90DegreesTurnsATopBarIntoACentredColumn() {
        let bar = Self.image { _, y in y < 2 }
        let turned = DrawingVariation.transformAndRefit(bar, 28, 28, (a: 0, b: -1, c: 1, d: 0), nil)
        #expect(Self.inkedColumns(turned) == [13, 14])
        #expect(Self.inkedRows(turned).count == 28)
        for y in 0..<28 { #expect(abs(turned[y * 28 + 13] - 1) < 1e-4 && abs(turned[y * 28 + 14] - 1) < 1e-4) }
    }

    /// Width ×1.5 and height ÷1.5 turn a square outline (2 pixels thick) into a 2.25 : 1
    /// rectangle, fitted to the full width: 28 / 2.25 ≈ 12.4 rows high, centred.
    @Test func aspectChangeStretchesASquareIntoAWideRectangle() {
        let square = Self.image { x, y in x < 2 || x > 25 || y < 2 || y > 25 }
        let wide = DrawingVariation.transformAndRefit(square, 28, 28, (a: 1.5, b: 0, c: 0, d: 1 / 1.5), nil)
        let rows = Self.inkedRows(wide)
        #expect(Self.inkedColumns(wide).count == 28)
        #expect((11...14).contains(rows.count), "\(rows)")
        #expect(abs(Double(rows.first! + rows.last!) / 2 - 13.5) <= 1)
    }

    /// A shear of 0.5 slants a vertical bar: after refitting, its top and bottom lie about
    /// half its height apart sideways, in opposite directions from the centre.
    @Test func shearSlantsAVerticalBar() {
        let bar = Self.image { x, _ in x == 13 || x == 14 }
        let slanted = DrawingVariation.transformAndRefit(bar, 28, 28, (a: 1, b: 0.5, c: 0, d: 1), nil)
        func centre(ofRow y: Int) -> Double {
            let ink = (0..<28).map { Double(slanted[y * 28 + $0]) }
            return zip(ink, 0...).reduce(0) { $0 + $1.0 * Double($1.1) } / ink.reduce(0, +)
        }
        let (top, bottom) = (centre(ofRow: 0), centre(ofRow: 27))
        // The bar spans 27 rows and 13.5 + 1 columns after the shear; fitted to 28 pixels
        // high, its ends are 13.5 · 28 / 28 ≈ 13 pixels apart.
        #expect(abs((bottom - top) - 13) < 1.5, "top \(top), bottom \(bottom)")
    }

    /// The warp never moves a point by more than its amplitude on either axis, and varies
    /// (it is not the same everywhere).
    @Test func elasticWarpIsBoundedByItsAmplitude() {
        var rng = SplitMix64(seed: 7)
        let warp = DrawingVariation.Warp(cells: 3, amplitude: 2, using: &rng)
        var largest: Float = 0, smallest: Float = .infinity
        for i in 0...50 {
            for j in 0...50 {
                let (dx, dy) = warp.offset(Float(i) / 50, Float(j) / 50)
                largest = max(largest, abs(dx), abs(dy))
                smallest = min(smallest, dx)
            }
        }
        #expect(largest <= 2 && largest > 0.5)
        #expect(smallest < largest)
        // On an image that fills the frame (refitting changes nothing), every pixel of ink
        // after the warp lies within the amplitude (plus one for interpolation) of old ink.
        let square = Self.image { x, y in x == 0 || x == 27 || y == 0 || y == 27 }
        let warped = DrawingVariation.transformAndRefit(square, 28, 28, (a: 1, b: 0, c: 0, d: 1), warp)
        for y in 0..<28 {
            for x in 0..<28 where warped[y * 28 + x] > 0.05 {
                #expect(min(x, 27 - x, y, 27 - y) <= 3, "ink at (\(x), \(y))")
            }
        }
        #expect(warped != square)
    }

    /// Full dilation makes a one-pixel line three pixels thick; full erosion thins it back.
    @Test func thicknessChangeDilatesAndErodes() {
        let line = Self.image { x, y in y == 14 && (4...23).contains(x) }
        var thick = line
        DrawingVariation.changeThickness(&thick, 28, 28, 1)
        #expect(Self.inkedRows(thick) == [13, 14, 15])
        #expect(thick.reduce(0, +) == 22 * 3)
        DrawingVariation.changeThickness(&thick, 28, 28, -1)
        #expect(thick == line)
        var half = line
        DrawingVariation.changeThickness(&half, 28, 28, 0.5)
        #expect(half[13 * 28 + 10] == 0.5 && half[14 * 28 + 10] == 1)
    }

    /// Erasing takes a disc off one end of a line, never from its middle.
    @Test func erasingRemovesAPieceAtAnEnd() {
        let line = Self.image { x, y in y == 14 && (2...25).contains(x) }
        for seed in 0..<8 {
            var erased = line
            var rng = SplitMix64(seed: UInt64(seed))
            DrawingVariation.eraseAnEnd(&erased, 28, 28, radius: 3, using: &rng)
            let left = Self.inkedColumns(erased)
            #expect(left.count == 20)  // 4 of the 24 pixels: one end and the 3 beside it
            #expect(left == Array(6...25) || left == Array(2...21), "\(left)")
        }
    }

    @Test func sameSeedSameBatchAndEveryImageVaried() {
        let variation = DrawingVariation(maxRotationDegrees: 30, maxAspectChange: 0.2, maxShear: 0.3,
                                         elasticAmplitude: 1.5, maxThicknessChange: 0.5, erasing: 0.5)
        let one = Self.image { x, y in y == 14 && (2...25).contains(x) || x == 20 && (3...24).contains(y) }
        let batch = Tensor(shape: [3, 1, 28, 28], scalars: one + one + one)
        var (a, b) = (batch, batch)
        var (r1, r2) = (SplitMix64(seed: 5), SplitMix64(seed: 5))
        variation.apply(to: &a, using: &r1)
        variation.apply(to: &b, using: &r2)
        #expect(a == b)
        for image in 0..<3 {
            #expect(Array(a.scalars[(image * 784)..<((image + 1) * 784)]) != one)
        }
        #expect(a.scalars[0..<784] != a.scalars[784..<1568])
    }
}
