// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// The transforms of a Winograd F(3×3, 3×3) convolution, for a 3×3 convolution followed by
/// ReLU and a 2×2 max-pool, channels last, in inference. Each 3×3 block of outputs comes from
/// a 5×5 window of the padded input d:
///
///     Y = Aᵀ [ Σ_c (G g Gᵀ) ⊙ (Bᵀ d B) ] A
///
/// 25 multiplications per block and channel pair instead of 81, and instead of the 36 of
/// F(2×2, 3×3) for the same nine outputs (`WinogradKernel`, which makes each pooling window
/// a tile): where the pooled outputs tile into 3×3 blocks — 2·(H'/2) a multiple of 3, as the
/// 6×6 that a 7×7 map pools from — the products shrink by 0.69. The tiles straddle the
/// pooling windows, so the output transform writes the unpooled map and pools it after.
/// The interpolation points are 0, 1, −1, 2 and ∞:
///
///     Bᵀ = | 2 −1 −2  1  0 |    G = |  ½    0    0  |    Aᵀ = | 1  1  1  1  0 |
///          | 0 −2 −1  1  0 |        | −½   −½   −½  |         | 0  1 −1  2  0 |
///          | 0  2 −3  1  0 |        | −⅙    ⅙   −⅙  |         | 0  1  1  4  1 |
///          | 0 −1  0  1  0 |        |  ⅙    ⅓    ⅔  |
///          | 0  2 −1 −2  1 |        |  0    0    1  |
///
/// (the fractions live in G, applied once to the weights in Double; −2, ½ and −½ instead of 2
/// gave 1.9–2.6× the rounding error on random sums of 32 channels). Buffers are ξ-major as
/// `WinogradKernel`'s: `v[ξ][t][c]`, `m[ξ][t][o]`, ξ = 5·row + column of the 5×5 tile, tile
/// t = ty·tilesX + tx. Channel counts must be multiples of `vectorWidth`.
public enum WinogradF3Kernel {
#if KERNELS_AVX512 && arch(x86_64)
    typealias V = SIMD16<Float>
#else
    typealias V = SIMD8<Float>
#endif

    /// Bᵀ applied to one column (or row) of five values.
    @inline(__always)
    static func inputRows(_ d0: V, _ d1: V, _ d2: V, _ d3: V,
                          _ d4: V) -> (V, V, V, V, V) {
        let e = d3 - d1
        return (2 * (d0 - d2) + e, e - (d1 + d2), e + 3 * (d1 - d2), e, (d4 - d2) - 2 * e)
    }

    /// Aᵀ applied to one column (or row) of five values.
    @inline(__always)
    static func outputRows(_ m0: V, _ m1: V, _ m2: V, _ m3: V, _ m4: V) -> (V, V, V) {
        let (sum, difference) = (m1 + m2, m1 - m2)
        return ((m0 + m3) + sum, difference + 2 * m3, (sum + m4) + 4 * m3)
    }

    /// v[ξ][t][c] = (Bᵀ d B)[ξ] for every tile t = ty·tilesX + tx, whose input window starts
    /// at padded row 3·ty, column 3·tx (`padded` is [rows][paddedWidth][channels], channels
    /// last, and holds rows and columns up to 3·tiles + 1).
    public static func transformInput(
        padded: UnsafePointer<Float>, paddedWidth pw: Int, channels c: Int,
        tilesY: Int, tilesX: Int, into v: UnsafeMutablePointer<Float>
    ) {
        precondition(c % V.scalarCount == 0, "the channels must fill whole vectors")
        // Byte offsets, with wrapping arithmetic (see WinogradKernel.transformInput).
        let source = UnsafeRawPointer(padded), target = UnsafeMutableRawPointer(v)
        let tiles = tilesY * tilesX
        let plane = 4 * tiles * c  // bytes from one ξ to the next
        let pixel = 4 * c, row = 4 * pw * c
        for ty in 0..<tilesY {
            for tx in 0..<tilesX {
                let window = source + (3 &* ty &* row &+ 3 &* tx &* pixel)  // d[0][0]
                let out = (ty &* tilesX &+ tx) &* pixel
                for c0 in stride(from: 0, to: pixel, by: 4 * V.scalarCount) {
                    @inline(__always) func d(_ i: Int, _ j: Int) -> V {
                        window.loadUnaligned(fromByteOffset: i &* row &+ j &* pixel &+ c0,
                                             as: V.self)
                    }
                    @inline(__always) func column(_ j: Int) -> (V, V, V, V, V) {
                        inputRows(d(0, j), d(1, j), d(2, j), d(3, j), d(4, j))
                    }
                    // Bᵀ d, one column at a time: t_j = (Bᵀ d)[·][j].
                    let t0 = column(0), t1 = column(1), t2 = column(2)
                    let t3 = column(3), t4 = column(4)
                    // (Bᵀ d) B, one row at a time, stored at ξ = 5·i + j.
                    @inline(__always) func store(_ i: Int, _ values: (V, V, V, V, V)) {
                        let at = out &+ c0 &+ 5 &* i &* plane
                        target.storeBytes(of: values.0, toByteOffset: at, as: V.self)
                        target.storeBytes(of: values.1, toByteOffset: at &+ plane, as: V.self)
                        target.storeBytes(of: values.2, toByteOffset: at &+ 2 &* plane, as: V.self)
                        target.storeBytes(of: values.3, toByteOffset: at &+ 3 &* plane, as: V.self)
                        target.storeBytes(of: values.4, toByteOffset: at &+ 4 &* plane, as: V.self)
                    }
                    store(0, inputRows(t0.0, t1.0, t2.0, t3.0, t4.0))
                    store(1, inputRows(t0.1, t1.1, t2.1, t3.1, t4.1))
                    store(2, inputRows(t0.2, t1.2, t2.2, t3.2, t4.2))
                    store(3, inputRows(t0.3, t1.3, t2.3, t3.3, t4.3))
                    store(4, inputRows(t0.4, t1.4, t2.4, t3.4, t4.4))
                }
            }
        }
    }

    /// out[py][px][o] = max(0, bias[o] + the largest of the 2×2 outputs (Aᵀ M A) of the
    /// pooling window (py, px)): the convolution, ReLU and the 2×2 max-pool, channels last,
    /// for the (3·tilesY / 2)×(3·tilesX / 2) windows of the tiles (tilesY and tilesX even).
    /// `unpooled` holds room for the 3·tilesY × 3·tilesX × O map before pooling.
    public static func transformOutputReLUMaxPool(
        m: UnsafePointer<Float>, tilesY: Int, tilesX: Int, outputs o: Int,
        bias: UnsafePointer<Float>, unpooled: UnsafeMutablePointer<Float>,
        into out: UnsafeMutablePointer<Float>
    ) {
        precondition(o % V.scalarCount == 0, "the channels must fill whole vectors")
        precondition(tilesY % 2 == 0 && tilesX % 2 == 0, "the tiles must pool whole windows")
        let source = UnsafeRawPointer(m), map = UnsafeMutableRawPointer(unpooled)
        let tiles = tilesY * tilesX, width = 3 * tilesX
        let plane = 4 * tiles * o, pixel = 4 * o
        // Aᵀ M A of every tile, into the map [3·tilesY][3·tilesX][O].
        for ty in 0..<tilesY {
            for tx in 0..<tilesX {
                let at = (ty &* tilesX &+ tx) &* pixel  // (wrapping: see transformInput)
                let corner = (3 &* ty &* width &+ 3 &* tx) &* pixel
                for o0 in stride(from: 0, to: pixel, by: 4 * V.scalarCount) {
                    @inline(__always) func m(_ i: Int, _ j: Int) -> V {
                        source.loadUnaligned(fromByteOffset: at &+ o0 &+ (5 &* i &+ j) &* plane,
                                             as: V.self)
                    }
                    @inline(__always) func column(_ j: Int) -> (V, V, V) {
                        outputRows(m(0, j), m(1, j), m(2, j), m(3, j), m(4, j))
                    }
                    // Aᵀ M, one column at a time: s_j = (Aᵀ M)[·][j].
                    let s0 = column(0), s1 = column(1), s2 = column(2)
                    let s3 = column(3), s4 = column(4)
                    @inline(__always) func store(_ a: Int, _ row: (V, V, V)) {
                        let start = corner &+ a &* width &* pixel &+ o0
                        map.storeBytes(of: row.0, toByteOffset: start, as: V.self)
                        map.storeBytes(of: row.1, toByteOffset: start &+ pixel, as: V.self)
                        map.storeBytes(of: row.2, toByteOffset: start &+ 2 &* pixel, as: V.self)
                    }
                    store(0, outputRows(s0.0, s1.0, s2.0, s3.0, s4.0))
                    store(1, outputRows(s0.1, s1.1, s2.1, s3.1, s4.1))
                    store(2, outputRows(s0.2, s1.2, s2.2, s3.2, s4.2))
                }
            }
        }
        // The pool, then bias and ReLU: max(a + b, c + b) = max(a, c) + b exactly.
        let target = UnsafeMutableRawPointer(out), biases = UnsafeRawPointer(bias)
        let (pooledH, pooledW) = (3 * tilesY / 2, 3 * tilesX / 2)
        let mapRow = width &* pixel
        for py in 0..<pooledH {
            for px in 0..<pooledW {
                let corner = (2 &* py &* width &+ 2 &* px) &* pixel
                let pooled = (py &* pooledW &+ px) &* pixel
                for o0 in stride(from: 0, to: pixel, by: 4 * V.scalarCount) {
                    @inline(__always) func y(_ a: Int, _ b: Int) -> V {
                        UnsafeRawPointer(map).loadUnaligned(
                            fromByteOffset: corner &+ a &* mapRow &+ b &* pixel &+ o0, as: V.self)
                    }
                    let best = WinogradKernel.larger(WinogradKernel.larger(y(0, 0), y(0, 1)),
                                                     WinogradKernel.larger(y(1, 0), y(1, 1)))
                    let value = best + biases.loadUnaligned(fromByteOffset: o0, as: V.self)
                    target.storeBytes(of: value.replacing(with: 0, where: value .< 0),
                                      toByteOffset: pooled &+ o0, as: V.self)
                }
            }
        }
    }
}
