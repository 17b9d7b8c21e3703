// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// The transforms of a Winograd F(2×2, 3×3) convolution, for a 3×3 convolution followed by
/// ReLU and a 2×2 max-pool, channels last. Each 2×2 block of outputs — exactly one pooling
/// window — comes from a 4×4 window of the padded input d:
///
///     Y = Aᵀ [ Σ_c (G g Gᵀ) ⊙ (Bᵀ d B) ] A
///
/// 16 multiplications per block and channel pair instead of 36 (2.25× fewer). The caller
/// transforms the weights once (U = G g Gᵀ), this file transforms the input (V = Bᵀ d B) and
/// the output, and the sums over channels are 16 matrix products, one per position ξ of the
/// 4×4 transformed tile: M_ξ[t, o] = Σ_c V_ξ[t, c] · U_ξ[c, o].
///
///     Bᵀ = | 1  0 −1  0 |    G = | 1    0    0  |    Aᵀ = | 1  1  1  0 |
///          | 0  1  1  0 |        | ½    ½    ½  |         | 0  1 −1 −1 |
///          | 0 −1  1  0 |        | ½   −½    ½  |
///          | 0  1  0 −1 |        | 0    0    1  |
///
/// The weight gradient is the adjoint of the same bilinear form: for an output gradient dY
/// and the input windows d,
///
///     dg = Gᵀ [ Σ_tiles (A dY Aᵀ) ⊙ (Bᵀ d B) ] G
///
/// (`transformOutputGradient` makes A dY Aᵀ; the sums over tiles are again 16 products, and
/// the caller applies Gᵀ · G once per batch.)
///
/// Only additions and subtractions here, so the rounding stays close to the direct sum's.
/// Buffers are ξ-major: `v[ξ][slot][c]`, `m[ξ][slot][o]`, with ξ = 4·row + column of the 4×4
/// tile and slot the place of the tile in a list of tile (= pooled pixel) indices
/// t = ty·tilesX + tx: the caller may leave tiles out (those whose window holds the blank
/// example's values, see `BlankReference`). Channel counts must be multiples of `vectorWidth`.
public enum WinogradKernel {
#if KERNELS_AVX512 && arch(x86_64)
    typealias V = SIMD16<Float>
#else
    typealias V = SIMD8<Float>
#endif
    /// Channels per vector: input and output channel counts must be multiples of it.
    public static var vectorWidth: Int { V.scalarCount }

    /// Bᵀ applied to one column (or row) of four values.
    @inline(__always)
    static func inputRows(_ d0: V, _ d1: V, _ d2: V, _ d3: V) -> (V, V, V, V) {
        (d0 - d2, d1 + d2, d2 - d1, d1 - d3)
    }

    /// Aᵀ applied to one column (or row) of four values.
    @inline(__always)
    static func outputRows(_ m0: V, _ m1: V, _ m2: V, _ m3: V) -> (V, V) {
        (m0 + m1 + m2, m1 - m2 - m3)
    }

    @inline(__always)
    static func larger(_ a: V, _ b: V) -> V { a.replacing(with: b, where: b .> a) }

    /// v[ξ][slot][c] = (Bᵀ d B)[ξ] for the tile `tiles[slot]` (`count` of them); tile
    /// t = ty·tilesX + tx has its input window at padded row 2·ty, column 2·tx (`padded` is
    /// [rows][paddedWidth][channels], channels last). The planes v[ξ] are `planeRows` ≥
    /// `count` rows apart (more when several examples' tiles share the products).
    public static func transformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tiles: UnsafePointer<Int32>, count: Int, tilesX: Int, planeRows: Int,
        into v: UnsafeMutablePointer<Float>
    ) {
        precondition(c % V.scalarCount == 0, "the channels must fill whole vectors")
        // Byte offsets, with wrapping arithmetic: they are bounded by the buffers' sizes, and
        // overflow checks in this loop cost more than the arithmetic it does.
        let source = UnsafeRawPointer(padded), target = UnsafeMutableRawPointer(v)
        let plane = 4 * planeRows * c  // bytes from one ξ to the next
        let pixel = 4 * c, row = 4 * pw * c
        for slot in 0..<count {
            let t = Int(tiles[slot]), ty = t / tilesX, tx = t % tilesX
            let window = source + (2 &* ty &* row &+ 2 &* tx &* pixel)  // d[0][0]
            let out = slot &* pixel
            for c0 in stride(from: 0, to: pixel, by: 4 * V.scalarCount) {
                @inline(__always) func d(_ i: Int, _ j: Int) -> V {
                    window.loadUnaligned(fromByteOffset: i &* row &+ j &* pixel &+ c0,
                                         as: V.self)
                }
                // Bᵀ d, one column at a time: t[i][j].
                let (t00, t10, t20, t30) = inputRows(d(0, 0), d(1, 0), d(2, 0), d(3, 0))
                let (t01, t11, t21, t31) = inputRows(d(0, 1), d(1, 1), d(2, 1), d(3, 1))
                let (t02, t12, t22, t32) = inputRows(d(0, 2), d(1, 2), d(2, 2), d(3, 2))
                let (t03, t13, t23, t33) = inputRows(d(0, 3), d(1, 3), d(2, 3), d(3, 3))
                // (Bᵀ d) B, one row at a time, stored at ξ = 4·i + j.
                @inline(__always) func store(_ i: Int, _ values: (V, V, V, V)) {
                    let at = out &+ c0 &+ 4 &* i &* plane
                    target.storeBytes(of: values.0, toByteOffset: at, as: V.self)
                    target.storeBytes(of: values.1, toByteOffset: at &+ plane, as: V.self)
                    target.storeBytes(of: values.2, toByteOffset: at &+ 2 &* plane, as: V.self)
                    target.storeBytes(of: values.3, toByteOffset: at &+ 3 &* plane, as: V.self)
                }
                store(0, inputRows(t00, t01, t02, t03))
                store(1, inputRows(t10, t11, t12, t13))
                store(2, inputRows(t20, t21, t22, t23))
                store(3, inputRows(t30, t31, t32, t33))
            }
        }
    }

    /// out[t][o] = max(0, bias[o] + the largest of the tile's four outputs (Aᵀ M A)): the
    /// convolution's 2×2 block, then ReLU and the 2×2 max-pool, channels last, for the tiles
    /// t = `tiles[slot]` whose products are row `slot` of m.
    public static func transformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tiles: UnsafePointer<Int32>, count: Int, outputs o: Int,
        bias: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        let source = UnsafeRawPointer(m), target = UnsafeMutableRawPointer(out)
        let biases = UnsafeRawPointer(bias)
        let plane = 4 * count * o
        for slot in 0..<count {
            let t = Int(tiles[slot])
            for o0 in stride(from: 0, to: 4 * o, by: 4 * V.scalarCount) {
                let at = 4 &* slot &* o &+ o0  // (wrapping: see transformInput)
                @inline(__always) func m(_ i: Int, _ j: Int) -> V {
                    source.loadUnaligned(fromByteOffset: at &+ (4 &* i &+ j) &* plane, as: V.self)
                }
                // Aᵀ M, one column at a time: s[a][j].
                let (s00, s10) = outputRows(m(0, 0), m(1, 0), m(2, 0), m(3, 0))
                let (s01, s11) = outputRows(m(0, 1), m(1, 1), m(2, 1), m(3, 1))
                let (s02, s12) = outputRows(m(0, 2), m(1, 2), m(2, 2), m(3, 2))
                let (s03, s13) = outputRows(m(0, 3), m(1, 3), m(2, 3), m(3, 3))
                let (y00, y01) = outputRows(s00, s01, s02, s03)
                let (y10, y11) = outputRows(s10, s11, s12, s13)
                // max(a + b, c + b) = max(a, c) + b exactly (rounding is monotonic).
                let best = larger(larger(y00, y01), larger(y10, y11))
                let value = best + biases.loadUnaligned(fromByteOffset: o0, as: V.self)
                target.storeBytes(of: value.replacing(with: 0, where: value .< 0),
                                  toByteOffset: 4 &* t &* o &+ o0, as: V.self)
            }
        }
    }

    /// y[2·ty + a][2·tx + b][o] = (Aᵀ M A)[a][b] for every tile t = ty·tilesX + tx (row t of
    /// m, planes `planeRows` rows apart): the convolution's outputs, channels last
    /// (`[outputHeight][outputWidth][O]`), without bias. A tile that sticks out of an odd-sized
    /// output writes only its pixels inside (the others came from the window's last row or
    /// column, which the caller may leave unset: they reach only these).
    public static func transformOutput(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, planeRows: Int,
        outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        into out: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        let source = UnsafeRawPointer(m), target = UnsafeMutableRawPointer(out)
        let plane = 4 * planeRows * o
        for ty in 0..<tilesY {
            let (y0, rows) = (2 * ty, min(2, oh - 2 * ty))
            for tx in 0..<tilesX {
                let (x0, columns) = (2 * tx, min(2, ow - 2 * tx))
                for o0 in stride(from: 0, to: 4 * o, by: 4 * V.scalarCount) {
                    let at = 4 &* (ty &* tilesX &+ tx) &* o &+ o0  // (wrapping: see above)
                    @inline(__always) func m(_ i: Int, _ j: Int) -> V {
                        source.loadUnaligned(fromByteOffset: at &+ (4 &* i &+ j) &* plane,
                                             as: V.self)
                    }
                    let (s00, s10) = outputRows(m(0, 0), m(1, 0), m(2, 0), m(3, 0))
                    let (s01, s11) = outputRows(m(0, 1), m(1, 1), m(2, 1), m(3, 1))
                    let (s02, s12) = outputRows(m(0, 2), m(1, 2), m(2, 2), m(3, 2))
                    let (s03, s13) = outputRows(m(0, 3), m(1, 3), m(2, 3), m(3, 3))
                    let (y00, y01) = outputRows(s00, s01, s02, s03)
                    let (y10, y11) = outputRows(s10, s11, s12, s13)
                    @inline(__always) func store(_ value: V, _ a: Int, _ b: Int) {
                        target.storeBytes(of: value, toByteOffset: 4 &* ((y0 &+ a) &* ow
                                          &+ x0 &+ b) &* o &+ o0, as: V.self)
                    }
                    store(y00, 0, 0)
                    if columns > 1 { store(y01, 0, 1) }
                    if rows > 1 {
                        store(y10, 1, 0)
                        if columns > 1 { store(y11, 1, 1) }
                    }
                }
            }
        }
    }

    /// A applied to one column (or row) of two values: A = Aᵀ transposed, 4×2.
    @inline(__always)
    static func gradientRows(_ d0: V, _ d1: V) -> (V, V, V, V) {
        (d0, d0 + d1, d0 - d1, V() - d1)
    }

    /// z[ξ][t][o] = (A dy Aᵀ)[ξ] for every tile t = ty·tilesX + tx of the output gradient
    /// dy (`[outputHeight][outputWidth][O]`, channels last), whose 2×2 block starts at row
    /// 2·ty, column 2·tx; a block sticking out of an odd-sized map takes zeros for its
    /// missing pixels. The planes z[ξ] are `planeRows` rows apart (as `transformInput`'s).
    public static func transformOutputGradient(
        dy: UnsafePointer<Float>, outputHeight oh: Int, outputWidth ow: Int, outputs o: Int,
        tilesY: Int, tilesX: Int, planeRows: Int, into z: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        let source = UnsafeRawPointer(dy), target = UnsafeMutableRawPointer(z)
        let plane = 4 * planeRows * o, pixel = 4 * o
        for ty in 0..<tilesY {
            let (y0, rows) = (2 * ty, min(2, oh - 2 * ty))
            for tx in 0..<tilesX {
                let (x0, columns) = (2 * tx, min(2, ow - 2 * tx))
                let out = (ty &* tilesX &+ tx) &* pixel
                for o0 in stride(from: 0, to: pixel, by: 4 * V.scalarCount) {
                    @inline(__always) func d(_ a: Int, _ b: Int) -> V {
                        guard a < rows && b < columns else { return V() }
                        return source.loadUnaligned(
                            fromByteOffset: ((y0 &+ a) &* ow &+ x0 &+ b) &* pixel &+ o0,
                            as: V.self)
                    }
                    // A dy, one column at a time: t[i][b].
                    let (t00, t10, t20, t30) = gradientRows(d(0, 0), d(1, 0))
                    let (t01, t11, t21, t31) = gradientRows(d(0, 1), d(1, 1))
                    // (A dy) Aᵀ, one row at a time, stored at ξ = 4·i + j.
                    @inline(__always) func store(_ i: Int, _ values: (V, V, V, V)) {
                        let at = out &+ o0 &+ 4 &* i &* plane
                        target.storeBytes(of: values.0, toByteOffset: at, as: V.self)
                        target.storeBytes(of: values.1, toByteOffset: at &+ plane, as: V.self)
                        target.storeBytes(of: values.2, toByteOffset: at &+ 2 &* plane, as: V.self)
                        target.storeBytes(of: values.3, toByteOffset: at &+ 3 &* plane, as: V.self)
                    }
                    store(0, gradientRows(t00, t01))
                    store(1, gradientRows(t10, t11))
                    store(2, gradientRows(t20, t21))
                    store(3, gradientRows(t30, t31))
                }
            }
        }
    }
}
