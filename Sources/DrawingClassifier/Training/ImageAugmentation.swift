import Foundation

/// Random small affine distortions of training images — rotation, scale and shift — so a
/// model sees each drawing slightly differently every epoch. Each image gets its own
/// random transform from the run's `SplitMix64`; with all ranges at zero it changes nothing.
public struct ImageAugmentation: Sendable, Equatable {
    /// Largest rotation either way, in degrees.
    public var maxRotationDegrees: Float
    /// Largest relative scale change either way (0.1 = 90 %…110 %).
    public var maxScaleChange: Float
    /// Largest shift either way, in pixels, per axis.
    public var maxShift: Float
    /// Fit the rotated ink back into the frame (aspect kept, centred), as MNIST Maker fits
    /// every drawing, instead of cropping it; scale and shift are then not used. This makes
    /// large rotations look like drawings made at that angle.
    public var refits: Bool

    public init(maxRotationDegrees: Float = 10, maxScaleChange: Float = 0.1, maxShift: Float = 1.5,
                refits: Bool = false) {
        self.maxRotationDegrees = maxRotationDegrees
        self.maxScaleChange = maxScaleChange
        self.maxShift = maxShift
        self.refits = refits
    }

    public static let none = ImageAugmentation(maxRotationDegrees: 0, maxScaleChange: 0, maxShift: 0)

    /// Whether it changes nothing: no rotation, and no scale or shift either (which refitting
    /// does not use). Refitting an unrotated image would only resample it.
    public var isIdentity: Bool {
        maxRotationDegrees == 0 && (refits || (maxScaleChange == 0 && maxShift == 0))
    }

    /// Distorts every image of a batch `[N, C, H, W]` in place (bilinear resampling, zero
    /// outside the image, the same transform for all channels of one image). An identity
    /// augmentation leaves the batch and the generator as they are.
    public func apply(to batch: inout Tensor, using rng: inout SplitMix64) {
        guard !isIdentity else { return }
        precondition(batch.shape.count == 4, "Augmentation expects a batch [N, C, H, W].")
        let (n, c, h, w) = (batch.shape[0], batch.shape[1], batch.shape[2], batch.shape[3])
        var source = [Float](repeating: 0, count: h * w)
        let (cx, cy) = (Float(w - 1) / 2, Float(h - 1) / 2)
        for image in 0..<n {
            let angle = rng.nextFloat(in: -maxRotationDegrees..<(maxRotationDegrees + 1e-6)) * .pi / 180
            let scale = 1 + rng.nextFloat(in: -maxScaleChange..<(maxScaleChange + 1e-6))
            let dx = rng.nextFloat(in: -maxShift..<(maxShift + 1e-6))
            let dy = rng.nextFloat(in: -maxShift..<(maxShift + 1e-6))
            if refits {
                for channel in 0..<c {
                    let base = (image * c + channel) * h * w
                    for i in 0..<(h * w) { source[i] = batch.scalars[base + i] }
                    Self.rotateAndRefit(source, into: &batch.scalars, at: base, w, h, angle)
                }
                continue
            }
            // Inverse map: output pixel → source position.
            let (cosA, sinA) = (cos(angle) / scale, sin(angle) / scale)
            for channel in 0..<c {
                let base = (image * c + channel) * h * w
                for i in 0..<(h * w) { source[i] = batch.scalars[base + i] }
                for y in 0..<h {
                    for x in 0..<w {
                        let (ox, oy) = (Float(x) - cx - dx, Float(y) - cy - dy)
                        let sx = cosA * ox + sinA * oy + cx
                        let sy = -sinA * ox + cosA * oy + cy
                        batch.scalars[base + y * w + x] = Self.bilinear(source, w, h, sx, sy)
                    }
                }
            }
        }
    }

    /// Rotates the ink by `angle` about the centre and fits its new bounds into the frame.
    private static func rotateAndRefit(_ source: [Float], into output: inout [Float], at base: Int,
                                       _ w: Int, _ h: Int, _ angle: Float) {
        let (cx, cy) = (Float(w - 1) / 2, Float(h - 1) / 2)
        let (cosA, sinA) = (cos(angle), sin(angle))
        var (minX, maxX, minY, maxY) = (Float.infinity, -Float.infinity, Float.infinity, -Float.infinity)
        for y in 0..<h {
            for x in 0..<w where source[y * w + x] > 0.05 {
                let (px, py) = (Float(x) - cx, Float(y) - cy)
                let (rx, ry) = (cosA * px - sinA * py, sinA * px + cosA * py)
                (minX, maxX) = (min(minX, rx), max(maxX, rx))
                (minY, maxY) = (min(minY, ry), max(maxY, ry))
            }
        }
        guard minX <= maxX else { return }  // no ink: leave the image as it is
        let extent = max(maxX - minX, maxY - minY) + 1
        let units = extent / Float(max(w, h))  // rotated units per output pixel
        let (mx, my) = ((minX + maxX) / 2, (minY + maxY) / 2)
        for y in 0..<h {
            for x in 0..<w {
                let (rx, ry) = (mx + (Float(x) - cx) * units, my + (Float(y) - cy) * units)
                // Back to the source: rotate by −angle.
                let (sx, sy) = (cosA * rx + sinA * ry + cx, -sinA * rx + cosA * ry + cy)
                output[base + y * w + x] = bilinear(source, w, h, sx, sy)
            }
        }
    }

    private static func bilinear(_ pixels: [Float], _ w: Int, _ h: Int, _ x: Float, _ y: Float) -> Float {
        let (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
        let (fx, fy) = (x - Float(x0), y - Float(y0))
        func at(_ px: Int, _ py: Int) -> Float {
            px >= 0 && px < w && py >= 0 && py < h ? pixels[py * w + px] : 0
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
