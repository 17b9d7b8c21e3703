import Foundation

/// Random changes to training images that mimic how hands and pens vary — the same shape
/// drawn by someone else: turned, stretched along one axis, slanted, wobbly, with a thicker
/// or thinner pen, a piece of the stroke missing. Every image is then fitted back into the
/// frame (aspect kept, centred), as MNIST Maker fits every drawing, so the changes act on
/// the shape rather than on its place or size.
///
/// Each image of a batch gets its own random values from the run's `SplitMix64`; every
/// amount is the largest allowed either way, and all at zero change nothing.
public struct DrawingVariation: Sendable, Equatable {
    /// Largest rotation either way, in degrees.
    public var maxRotationDegrees: Float
    /// Largest relative change of the width against the height (0.2: x scaled by
    /// 0.8…1.2 and y by its inverse).
    public var maxAspectChange: Float
    /// Largest horizontal shear (x moves by `shear · y`).
    public var maxShear: Float
    /// Largest displacement of the smooth, random warp ("elastic distortion"), in pixels
    /// of the 28×28 frame; drawn on a coarse grid and interpolated, so it never exceeds this.
    public var elasticAmplitude: Float
    /// Cells per side of the warp's grid (its wavelength is the frame divided by this).
    public var elasticCells: Int
    /// Largest change of pen width: the image is blended with its dilation (thicker) or its
    /// erosion (thinner) by a random weight up to this (0…2; above 1, thicker images are
    /// dilated once in full and blended with a second dilation, thinner ones eroded at most
    /// once).
    public var maxThicknessChange: Float
    /// Probability that a piece of the stroke is erased, at one of its ends (the pixels of
    /// ink with the least ink around them), as when a pen lifts early or skips.
    public var erasing: Float
    /// Largest radius of the erased disc, in pixels.
    public var maxErasingRadius: Float

    public init(maxRotationDegrees: Float = 0, maxAspectChange: Float = 0, maxShear: Float = 0,
                elasticAmplitude: Float = 0, elasticCells: Int = 1, maxThicknessChange: Float = 0,
                erasing: Float = 0, maxErasingRadius: Float = 3) {
        precondition(maxRotationDegrees >= 0 && (0..<1).contains(maxAspectChange) && maxShear >= 0
                     && elasticAmplitude >= 0 && elasticCells >= 1
                     && (0...2).contains(maxThicknessChange) && (0...1).contains(erasing)
                     && maxErasingRadius >= 0,
                     "Variation amounts must be non-negative (aspect change < 1, thickness ≤ 2, erasing ≤ 1).")
        self.maxRotationDegrees = maxRotationDegrees
        self.maxAspectChange = maxAspectChange
        self.maxShear = maxShear
        self.elasticAmplitude = elasticAmplitude
        self.elasticCells = elasticCells
        self.maxThicknessChange = maxThicknessChange
        self.erasing = erasing
        self.maxErasingRadius = maxErasingRadius
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool {
        maxRotationDegrees == 0 && maxAspectChange == 0 && maxShear == 0 && elasticAmplitude == 0
            && maxThicknessChange == 0 && (erasing == 0 || maxErasingRadius == 0)
    }

    /// Varies every image of a batch `[N, 1, H, W]` in place. An identity variation leaves
    /// the batch and the generator as they are.
    public func apply(to batch: inout Tensor, using rng: inout SplitMix64) {
        guard !isIdentity else { return }
        precondition(batch.shape.count == 4, "Variation expects a batch [N, C, H, W].")
        let (n, c, h, w) = (batch.shape[0], batch.shape[1], batch.shape[2], batch.shape[3])
        var image = [Float](repeating: 0, count: h * w)
        for index in 0..<(n * c) {
            let base = index * h * w
            for i in 0..<(h * w) { image[i] = batch.scalars[base + i] }
            apply(to: &image, width: w, height: h, using: &rng)
            for i in 0..<(h * w) { batch.scalars[base + i] = image[i] }
        }
    }

    /// Varies one image (row-major `width × height`, ink high) in place.
    public func apply(to image: inout [Float], width w: Int, height h: Int, using rng: inout SplitMix64) {
        // Erase first, so the refitting below fits what is left, as MNIST Maker would have.
        var erased = false
        if erasing > 0, maxErasingRadius > 0, rng.nextUnitFloat() < erasing {
            Self.eraseAnEnd(&image, w, h, radius: max(1, rng.nextUnitFloat() * maxErasingRadius), using: &rng)
            erased = true
        }
        let angle = uniform(maxRotationDegrees, &rng) * .pi / 180
        let aspect = 1 + uniform(maxAspectChange, &rng)
        let shear = uniform(maxShear, &rng)
        let warp = elasticAmplitude > 0
            ? Warp(cells: elasticCells, amplitude: elasticAmplitude, using: &rng) : nil
        if erased || angle != 0 || aspect != 1 || shear != 0 || warp != nil {
            // Forward map of a pixel offset from the centre: scale, then shear, then rotate.
            let (cosA, sinA) = (cos(angle), sin(angle))
            let (sx, sy) = (aspect, 1 / aspect)
            let matrix = (a: cosA * sx, b: cosA * shear * sy - sinA * sy,
                          c: sinA * sx, d: sinA * shear * sy + cosA * sy)
            image = Self.transformAndRefit(image, w, h, matrix, warp)
        }
        if maxThicknessChange > 0 {
            let weight = uniform(maxThicknessChange, &rng)
            if weight > 1 {
                Self.changeThickness(&image, w, h, 1)
                Self.changeThickness(&image, w, h, weight - 1)
            } else if weight != 0 {
                Self.changeThickness(&image, w, h, max(weight, -1))
            }
        }
    }

    private func uniform(_ amount: Float, _ rng: inout SplitMix64) -> Float {
        amount == 0 ? 0 : amount * (2 * rng.nextUnitFloat() - 1)
    }

    /// A smooth displacement field: random offsets in [−amplitude, amplitude] on the corners
    /// of a `cells × cells` grid over the frame, bilinearly interpolated in between.
    struct Warp: Equatable {
        var cells: Int
        var dx: [Float], dy: [Float]  // (cells + 1)² corner offsets

        init(cells: Int, amplitude: Float, using rng: inout SplitMix64) {
            self.cells = cells
            let count = (cells + 1) * (cells + 1)
            dx = (0..<count).map { _ in amplitude * (2 * rng.nextUnitFloat() - 1) }
            dy = (0..<count).map { _ in amplitude * (2 * rng.nextUnitFloat() - 1) }
        }

        /// The offset at fractional frame position (u, v) ∈ [0, 1]².
        func offset(_ u: Float, _ v: Float) -> (Float, Float) {
            let (gx, gy) = (min(max(u, 0), 1) * Float(cells), min(max(v, 0), 1) * Float(cells))
            let (i, j) = (min(Int(gx), cells - 1), min(Int(gy), cells - 1))
            let (fx, fy) = (gx - Float(i), gy - Float(j))
            func mix(_ f: [Float]) -> Float {
                let row = cells + 1
                let top = f[j * row + i] * (1 - fx) + f[j * row + i + 1] * fx
                let bottom = f[(j + 1) * row + i] * (1 - fx) + f[(j + 1) * row + i + 1] * fx
                return top * (1 - fy) + bottom * fy
            }
            return (mix(dx), mix(dy))
        }
    }

    /// Maps the ink through `matrix` (about the centre), fits its new bounds into the frame,
    /// and displaces every output pixel's source by the warp.
    static func transformAndRefit(_ source: [Float], _ w: Int, _ h: Int,
                                  _ m: (a: Float, b: Float, c: Float, d: Float), _ warp: Warp?) -> [Float] {
        let (cx, cy) = (Float(w - 1) / 2, Float(h - 1) / 2)
        var (minX, maxX, minY, maxY) = (Float.infinity, -Float.infinity, Float.infinity, -Float.infinity)
        for y in 0..<h {
            for x in 0..<w where source[y * w + x] > 0.05 {
                let (px, py) = (Float(x) - cx, Float(y) - cy)
                let (rx, ry) = (m.a * px + m.b * py, m.c * px + m.d * py)
                (minX, maxX) = (min(minX, rx), max(maxX, rx))
                (minY, maxY) = (min(minY, ry), max(maxY, ry))
            }
        }
        guard minX <= maxX else { return source }  // no ink: nothing to vary
        let determinant = m.a * m.d - m.b * m.c
        guard abs(determinant) > 1e-6 else { return source }
        let inverse = (a: m.d / determinant, b: -m.b / determinant,
                       c: -m.c / determinant, d: m.a / determinant)
        let extent = max(maxX - minX, maxY - minY) + 1
        let units = extent / Float(max(w, h))  // transformed units per output pixel
        let (mx, my) = ((minX + maxX) / 2, (minY + maxY) / 2)
        var output = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var (ox, oy) = (Float(x), Float(y))
                if let warp {
                    let (dx, dy) = warp.offset(ox / Float(max(w - 1, 1)), oy / Float(max(h - 1, 1)))
                    (ox, oy) = (ox + dx, oy + dy)
                }
                let (rx, ry) = (mx + (ox - cx) * units, my + (oy - cy) * units)
                let (sx, sy) = (inverse.a * rx + inverse.b * ry + cx, inverse.c * rx + inverse.d * ry + cy)
                output[y * w + x] = bilinear(source, w, h, sx, sy)
            }
        }
        return output
    }

    /// Blends the image with its 3×3 dilation (`weight` > 0) or erosion (`weight` < 0).
    static func changeThickness(_ image: inout [Float], _ w: Int, _ h: Int, _ weight: Float) {
        let source = image
        let thicker = weight > 0
        for y in 0..<h {
            for x in 0..<w {
                var extreme = source[y * w + x]
                for yy in max(0, y - 1)...min(h - 1, y + 1) {
                    for xx in max(0, x - 1)...min(w - 1, x + 1) {
                        let v = source[yy * w + xx]
                        extreme = thicker ? max(extreme, v) : min(extreme, v)
                    }
                }
                let f = abs(weight)
                image[y * w + x] = source[y * w + x] * (1 - f) + extreme * f
            }
        }
    }

    /// Erases a disc of `radius` around one end of the stroke: an ink pixel chosen at random
    /// among those with the least ink in their 5×5 neighbourhood.
    static func eraseAnEnd(_ image: inout [Float], _ w: Int, _ h: Int, radius: Float,
                           using rng: inout SplitMix64) {
        var candidates: [(ink: Float, index: Int)] = []
        for y in 0..<h {
            for x in 0..<w where image[y * w + x] > 0.5 {
                var ink: Float = 0
                for yy in max(0, y - 2)...min(h - 1, y + 2) {
                    for xx in max(0, x - 2)...min(w - 1, x + 2) { ink += image[yy * w + xx] }
                }
                candidates.append((ink, y * w + x))
            }
        }
        guard !candidates.isEmpty else { return }
        candidates.sort { $0.ink != $1.ink ? $0.ink < $1.ink : $0.index < $1.index }
        let ends = max(1, candidates.count / 10)
        let centre = candidates[rng.nextInt(below: ends)].index
        let (cx, cy) = (Float(centre % w), Float(centre / w))
        for y in 0..<h {
            for x in 0..<w {
                let (dx, dy) = (Float(x) - cx, Float(y) - cy)
                if dx * dx + dy * dy <= radius * radius { image[y * w + x] = 0 }
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
