/// The one hot loop of the network: a packed, register-tiled single-precision matrix product.
///
///     C[m, n] = (accumulate ? C : 0) + A[m, k] · B[k, n]
///
/// Both operands are addressed through a row and a column stride, so a transposed operand
/// costs nothing: A(i, p) = a[i·aRowStride + p·aColumnStride], B(p, j) = b[p·bRowStride +
/// j·bColumnStride]. C is row-major with leading dimension `ldc`.
///
/// Blocks of `blockDepth` along k are packed into panels of `tileRows` rows of A and
/// `tileColumns` columns of B (zero-padded at the edges), then a `tileRows`×`tileColumns`
/// register tile is accumulated per pair of panels. The tile uses plain `acc += a * b`: a
/// default build has no FMA target feature, and `addingProduct` would become a call to
/// `fmaf`. The arithmetic order depends only on the shapes, so results are reproducible.
/// `naiveMatrixMultiply` is the reference it is tested against.
struct MatrixMultiply {
    /// Rows of A per register tile.
    static let tileRows = 4
    /// Columns of B per register tile (one `SIMD8<Float>`).
    static let tileColumns = 8
    /// Depth of one packed block along k.
    static let blockDepth = 256

    /// Packing space, kept between calls so the hot loop never allocates.
    private var packedA: [Float] = []
    private var packedB: [Float] = []

    init() {}

    // swiftlint:disable:next function_parameter_count
    mutating func multiply(
        rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aColumnStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bColumnStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, accumulate: Bool
    ) {
        precondition(m >= 0 && n >= 0 && k >= 0, "Matrix dimensions must not be negative.")
        guard m > 0, n > 0, k > 0 else {
            if !accumulate && k == 0 {
                for i in 0..<m { (c + i * ldc).update(repeating: 0, count: n) }
            }
            return
        }
        let mr = Self.tileRows, nr = Self.tileColumns
        let rowPanels = (m + mr - 1) / mr, columnPanels = (n + nr - 1) / nr
        let depth = min(k, Self.blockDepth)
        if packedA.count < rowPanels * mr * depth * 4 {
            packedA = [Float](repeating: 0, count: rowPanels * mr * depth * 4)
        }
        if packedB.count < columnPanels * nr * depth {
            packedB = [Float](repeating: 0, count: columnPanels * nr * depth)
        }
        packedA.withUnsafeMutableBufferPointer { pa in
            packedB.withUnsafeMutableBufferPointer { pb in
                let pa = pa.baseAddress!, pb = pb.baseAddress!
                var p0 = 0
                while p0 < k {
                    let kb = min(depth, k - p0)
                    // pa is [rowPanels][kb][mr][4 copies]; pb is [columnPanels][kb][nr].
                    Self.packA(m: m, kb: kb, from: a + p0 * aColumnStride,
                               rowStride: aRowStride, columnStride: aColumnStride, into: pa)
                    Self.packB(n: n, kb: kb, from: b + p0 * bRowStride,
                               rowStride: bRowStride, columnStride: bColumnStride, into: pb)
                    for jp in 0..<columnPanels {
                        let j0 = jp * nr, cols = min(nr, n - j0)
                        let bPanel = UnsafePointer(pb + jp * kb * nr)
                        for ip in 0..<rowPanels {
                            let i0 = ip * mr, rows = min(mr, m - i0)
                            Self.tile(depth: kb, a: UnsafePointer(pa + ip * kb * mr * 4),
                                      b: bPanel, c: c + i0 * ldc + j0, ldc: ldc, rows: rows,
                                      columns: cols, overwrite: p0 == 0 && !accumulate)
                        }
                    }
                    p0 += kb
                }
            }
        }
    }

    /// Packs rows of A into panels `[panel][p][tileRows]`, each value stored 4 times (a
    /// ready-made SIMD4 broadcast: SSE has no broadcast-from-memory, and a shuffle per value
    /// would take an FP pipe from the multiplies). The last panel is zero-padded.
    @inline(__always)
    private static func packA(m: Int, kb: Int, from a: UnsafePointer<Float>, rowStride: Int,
                              columnStride: Int, into out: UnsafeMutablePointer<Float>) {
        let mr = tileRows
        let dst = UnsafeMutableRawPointer(out)
        var offset = 0
        var i0 = 0
        while i0 < m {
            let rows = min(mr, m - i0)
            for p in 0..<kb {
                for ii in 0..<mr {
                    let value = ii < rows ? a[(i0 + ii) * rowStride + p * columnStride] : 0
                    dst.storeBytes(of: SIMD4(repeating: value), toByteOffset: offset,
                                   as: SIMD4<Float>.self)
                    offset += 16
                }
            }
            i0 += mr
        }
    }

    /// Packs columns of B into panels `[panel][p][tileColumns]`, zero-padding the last panel.
    @inline(__always)
    private static func packB(n: Int, kb: Int, from b: UnsafePointer<Float>, rowStride: Int,
                              columnStride: Int, into out: UnsafeMutablePointer<Float>) {
        let nr = tileColumns
        var dst = out
        var j0 = 0
        while j0 < n {
            let cols = min(nr, n - j0)
            if cols == nr && columnStride == 1 {
                for p in 0..<kb {
                    let v = UnsafeRawPointer(b + p * rowStride + j0)
                        .loadUnaligned(as: SIMD8<Float>.self)
                    UnsafeMutableRawPointer(dst).storeBytes(of: v, as: SIMD8<Float>.self)
                    dst += nr
                }
            } else if cols == nr && rowStride == 1 {
                // B is transposed in memory: gather one value from each of nr streams.
                for p in 0..<kb {
                    let src = b + p + j0 * columnStride
                    for jj in 0..<nr { dst[jj] = src[jj * columnStride] }
                    dst += nr
                }
            } else {
                for p in 0..<kb {
                    for jj in 0..<nr {
                        dst[jj] = jj < cols ? b[p * rowStride + (j0 + jj) * columnStride] : 0
                    }
                    dst += nr
                }
            }
            j0 += nr
        }
    }

    /// c[rows, columns] (+)= a-panel[depth][4 rows] · b-panel[depth][8], in 8 SIMD registers.
    @inline(__always)
    private static func tile(depth: Int, a: UnsafePointer<Float>, b: UnsafePointer<Float>,
                             c: UnsafeMutablePointer<Float>, ldc: Int, rows: Int, columns: Int,
                             overwrite: Bool) {
        var c0 = SIMD8<Float>(), c1 = SIMD8<Float>(), c2 = SIMD8<Float>(), c3 = SIMD8<Float>()
        var ap = UnsafeRawPointer(a)
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let bv = bp.loadUnaligned(as: SIMD8<Float>.self)
            let a0 = ap.loadUnaligned(as: SIMD4<Float>.self)
            let a1 = ap.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
            let a2 = ap.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self)
            let a3 = ap.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self)
            c0 += SIMD8(lowHalf: a0, highHalf: a0) * bv
            c1 += SIMD8(lowHalf: a1, highHalf: a1) * bv
            c2 += SIMD8(lowHalf: a2, highHalf: a2) * bv
            c3 += SIMD8(lowHalf: a3, highHalf: a3) * bv
            ap += 64
            bp += 32
        }
        if rows == 4 && columns == 8 {
            store(c0, to: c, overwrite: overwrite)
            store(c1, to: c + ldc, overwrite: overwrite)
            store(c2, to: c + 2 * ldc, overwrite: overwrite)
            store(c3, to: c + 3 * ldc, overwrite: overwrite)
        } else {
            for i in 0..<rows {
                let row = i == 0 ? c0 : i == 1 ? c1 : i == 2 ? c2 : c3
                for j in 0..<columns {
                    c[i * ldc + j] = overwrite ? row[j] : c[i * ldc + j] + row[j]
                }
            }
        }
    }

    @inline(__always)
    private static func store(_ v: SIMD8<Float>, to p: UnsafeMutablePointer<Float>,
                              overwrite: Bool) {
        let raw = UnsafeMutableRawPointer(p)
        let sum = overwrite ? v : raw.loadUnaligned(as: SIMD8<Float>.self) + v
        raw.storeBytes(of: sum, as: SIMD8<Float>.self)
    }
}
