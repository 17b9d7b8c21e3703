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

    public init(maxRotationDegrees: Float = 10, maxScaleChange: Float = 0.1, maxShift: Float = 1.5) {
        self.maxRotationDegrees = maxRotationDegrees
        self.maxScaleChange = maxScaleChange
        self.maxShift = maxShift
    }

    public static let none = ImageAugmentation(maxRotationDegrees: 0, maxScaleChange: 0, maxShift: 0)

    /// Distorts every image of a batch `[N, C, H, W]` in place (bilinear resampling, zero
    /// outside the image, the same transform for all channels of one image).
    public func apply(to batch: inout Tensor, using rng: inout SplitMix64) {
        guard self != .none else { return }
        precondition(batch.shape.count == 4, "Augmentation expects a batch [N, C, H, W].")
        let (n, c, h, w) = (batch.shape[0], batch.shape[1], batch.shape[2], batch.shape[3])
        var source = [Float](repeating: 0, count: h * w)
        let (cx, cy) = (Float(w - 1) / 2, Float(h - 1) / 2)
        for image in 0..<n {
            let angle = rng.nextFloat(in: -maxRotationDegrees..<(maxRotationDegrees + 1e-6)) * .pi / 180
            let scale = 1 + rng.nextFloat(in: -maxScaleChange..<(maxScaleChange + 1e-6))
            let dx = rng.nextFloat(in: -maxShift..<(maxShift + 1e-6))
            let dy = rng.nextFloat(in: -maxShift..<(maxShift + 1e-6))
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
