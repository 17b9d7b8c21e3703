// ONE source, compiled three times (Package.swift): as `MatrixKernels` for any CPU, as
// `MatrixKernelsAVX2` with `-target-cpu haswell -D KERNELS_AVX2` and as `MatrixKernelsAVX512`
// with `-target-cpu skylake-avx512 -D KERNELS_AVX512` (the last two are symlinks to this file).
// DrawingClassifier picks one at run time from cpuid (CPUFeatures), so a binary built for
// baseline x86-64 still uses FMA and 512-bit registers where they exist.

/// A packed, register-tiled single-precision matrix product:
///
///     C[m, n] = (accumulate ? C : 0) + A[m, k] · B[k, n]
///
/// A(i, p) = a[i·aRowStride + p·aColumnStride], B(p, j) = b[p·bRowStride + j·bColumnStride]
/// (so a transposed operand costs nothing); C is row-major with leading dimension `ldc`.
/// The k axis is split into blocks of `blockDepth`. The portable kernel packs A into
/// zero-padded panels of `tileRows` rows of ready-made broadcasts; the FMA kernels read A in
/// place (a broadcast load costs the same from anywhere). B is read in place when its rows
/// are contiguous, else packed into panels of `tileColumns` columns. One register tile is
/// accumulated per pair of panels.
/// The order of arithmetic depends only on the shapes, so results are reproducible.
public enum MatrixProductKernel {
#if KERNELS_AVX512 && arch(x86_64)
    /// 8 rows × 32 columns: 16 zmm accumulators, fused multiply-adds.
    public static let tileRows = 8
    public static let tileColumns = 32
    public static let blockDepth = 128
    /// Copies of each packed A value (the portable kernel stores ready-made broadcasts).
    static let splat = 1
    /// A is read in place: a broadcast from memory is free here, so packing would only copy.
    static let readsAInPlace = true
    public static let isCompiledForItsTarget = true
#elseif KERNELS_AVX2 && arch(x86_64)
    /// 4 rows × 16 columns: 8 ymm accumulators, fused multiply-adds.
    public static let tileRows = 4
    public static let tileColumns = 16
    public static let blockDepth = 256
    static let splat = 1
    static let readsAInPlace = true
    public static let isCompiledForItsTarget = true
#else
    /// 4 rows × 8 columns with plain `acc += a * b`: a baseline build has no FMA, and
    /// `addingProduct` would become a call to `fmaf`.
    public static let tileRows = 4
    public static let tileColumns = 8
    public static let blockDepth = 256
    static let splat = 4
    static let readsAInPlace = false
    /// False when this copy was meant for a wider target but was built without its flags
    /// (e.g. on a platform where Package.swift does not pass them): do not select it then.
    #if KERNELS_AVX2 || KERNELS_AVX512
    public static let isCompiledForItsTarget = false
    #else
    public static let isCompiledForItsTarget = true
    #endif
#endif

    /// How many floats of packing space `multiply` needs for these sizes (at least 1 each).
    public static func scratchCounts(rows m: Int, columns n: Int,
                                     depth k: Int) -> (a: Int, b: Int) {
        let depth = max(1, min(k, blockDepth))
        let rowPanels = (m + tileRows - 1) / tileRows
        let columnPanels = (n + tileColumns - 1) / tileColumns
        let a = readsAInPlace ? 1 : rowPanels * tileRows * depth * splat
        return (max(1, a), max(1, columnPanels * tileColumns * depth))
    }

    /// Computes the product; `packedA` and `packedB` are scratch space of at least
    /// `scratchCounts` floats, kept by the caller between calls so the hot loop never
    /// allocates. (This file works on raw pointers only: generic standard-library code
    /// specialised here could be shared with, and picked by the linker for, code that runs
    /// on CPUs without this copy's instruction set.)
    // swiftlint:disable:next function_parameter_count
    public static func multiply(
        rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aColumnStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bColumnStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, accumulate: Bool,
        packedA pa: UnsafeMutablePointer<Float>, packedB pb: UnsafeMutablePointer<Float>
    ) {
        precondition(m >= 0 && n >= 0 && k >= 0, "Matrix dimensions must not be negative.")
        guard m > 0, n > 0, k > 0 else {
            if !accumulate && k == 0 {
                for i in 0..<m { (c + i * ldc).update(repeating: 0, count: n) }
            }
            return
        }
        let mr = tileRows, nr = tileColumns
        let rowPanels = (m + mr - 1) / mr, columnPanels = (n + nr - 1) / nr
        let depth = min(k, blockDepth)
#if KERNELS_AVX512 && arch(x86_64)
        let tallRows = m > mr && m % mr <= 4 ? m % mr : 0
#endif
        var p0 = 0
        while p0 < k {
            let kb = min(depth, k - p0)
            // pa is [rowPanels][kb][mr][splat]; pb is [columnPanels][kb][nr].
            if !readsAInPlace {
                packA(m: m, kb: kb, from: a + p0 * aColumnStride,
                      rowStride: aRowStride, columnStride: aColumnStride, into: pa)
            }
            // A row-major B is read in place (full panels); only a transposed B,
            // or the last partial panel, is packed.
            let inPlace = bColumnStride == 1
            let lastFull = inPlace ? n / nr : 0
            packB(n: n - lastFull * nr, kb: kb,
                  from: b + p0 * bRowStride + lastFull * nr * bColumnStride,
                  rowStride: bRowStride, columnStride: bColumnStride, into: pb)
#if KERNELS_AVX512 && arch(x86_64)
            // At most four rows (the 4 tiles of a Winograd F(3×3, 3×3) 6×6 map): two panels
            // of B in place at a time, 64 columns, so that one row's broadcast of A feeds
            // four multiply-adds, and a single row still has four independent sums.
            var jp = 0
            while m <= 4 && jp + 1 < lastFull {
                wideShortTile(rows: m, depth: kb, a: a + p0 * aColumnStride,
                              aRowStride: aRowStride, aColumnStride: aColumnStride,
                              b: b + p0 * bRowStride + jp * nr, bStride: bRowStride,
                              c: c + jp * nr, ldc: ldc, overwrite: p0 == 0 && !accumulate)
                jp += 2
            }
#else
            let jp = 0
#endif
            for jp in jp..<columnPanels {
                let j0 = jp * nr, cols = min(nr, n - j0)
                let bPanel: UnsafePointer<Float>, bStride: Int
                if jp < lastFull {
                    (bPanel, bStride) = (b + p0 * bRowStride + j0, bRowStride)
                } else {
                    (bPanel, bStride) = (UnsafePointer(pb + (jp - lastFull) * kb * nr), nr)
                }
                for ip in 0..<rowPanels {
                    let i0 = ip * mr, rows = min(mr, m - i0)
                    let aPanel = readsAInPlace
                        ? a + i0 * aRowStride + p0 * aColumnStride
                        : UnsafePointer(pa + ip * kb * mr * splat)
#if KERNELS_AVX512 && arch(x86_64)
                    // A ragged last panel of 1–4 rows after a full one (49 = 6·8 + 1 tiles
                    // of a 14×14 map, 9 = 8 + 1 of a 7×7 one): the full panel takes them
                    // into one tall tile (up to 24 accumulators of the 32 registers), at
                    // 2 multiply-adds per step of k and row instead of 4 cycles per row.
                    if tallRows > 0 && ip >= rowPanels - 2 {
                        if ip == rowPanels - 2 {
                            tallTile(rowsBeyond: tallRows, depth: kb, a: aPanel,
                                     aRowStride: aRowStride, aColumnStride: aColumnStride,
                                     b: bPanel, bStride: bStride, c: c + i0 * ldc + j0,
                                     ldc: ldc, columns: cols, overwrite: p0 == 0 && !accumulate)
                        }
                        continue
                    }
                    // A panel of a few rows (the 4 tiles of a Winograd F(3×3, 3×3) 6×6 map,
                    // a few windows that differ from the blank example's): the full tile costs
                    // 16 cycles per step of k whatever the rows, a short one 2 per row (and
                    // at least 4, the multiply-add latency).
                    if rows <= 4 {
                        shortTile(rows: rows, depth: kb, a: aPanel, aRowStride: aRowStride,
                                  aColumnStride: aColumnStride, b: bPanel, bStride: bStride,
                                  c: c + i0 * ldc + j0, ldc: ldc, columns: cols,
                                  overwrite: p0 == 0 && !accumulate)
                        continue
                    }
#endif
                    tile(depth: kb, a: aPanel, aRowStride: aRowStride,
                         aColumnStride: aColumnStride, b: bPanel, bStride: bStride,
                         c: c + i0 * ldc + j0, ldc: ldc, rows: rows, columns: cols,
                         overwrite: p0 == 0 && !accumulate)
                }
            }
            p0 += kb
        }
    }

#if KERNELS_AVX512 && arch(x86_64)
    /// c[rows, columns] (+)= A[rows, depth] (in place, strided) · b-panel[depth][32] (B rows
    /// `bStride` apart).
    @inline(__always)
    private static func tile(depth: Int, a: UnsafePointer<Float>, aRowStride: Int,
                             aColumnStride: Int, b: UnsafePointer<Float>,
                             bStride: Int, c: UnsafeMutablePointer<Float>, ldc: Int,
                             rows: Int, columns: Int,
                             overwrite: Bool) {
        typealias V = SIMD16<Float>
        var c00 = V(), c01 = V(), c10 = V(), c11 = V(), c20 = V(), c21 = V(), c30 = V()
        var c31 = V(), c40 = V(), c41 = V(), c50 = V(), c51 = V(), c60 = V(), c61 = V()
        var c70 = V(), c71 = V()
        // A is read in place; rows past the matrix's end re-read its last row (their
        // results are not stored), so no read leaves A.
        let last = rows - 1
        let r1 = min(1, last) * aRowStride, r2 = min(2, last) * aRowStride
        let r3 = min(3, last) * aRowStride, r4 = min(4, last) * aRowStride
        let r5 = min(5, last) * aRowStride, r6 = min(6, last) * aRowStride
        let r7 = min(7, last) * aRowStride
        var ap = a
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let b0 = bp.loadUnaligned(as: V.self)
            let b1 = bp.loadUnaligned(fromByteOffset: 64, as: V.self)
            var s = V(repeating: ap[0])
            c00.addProduct(s, b0); c01.addProduct(s, b1)
            s = V(repeating: ap[r1])
            c10.addProduct(s, b0); c11.addProduct(s, b1)
            s = V(repeating: ap[r2])
            c20.addProduct(s, b0); c21.addProduct(s, b1)
            s = V(repeating: ap[r3])
            c30.addProduct(s, b0); c31.addProduct(s, b1)
            s = V(repeating: ap[r4])
            c40.addProduct(s, b0); c41.addProduct(s, b1)
            s = V(repeating: ap[r5])
            c50.addProduct(s, b0); c51.addProduct(s, b1)
            s = V(repeating: ap[r6])
            c60.addProduct(s, b0); c61.addProduct(s, b1)
            s = V(repeating: ap[r7])
            c70.addProduct(s, b0); c71.addProduct(s, b1)
            ap += aColumnStride
            bp += bStride &* 4
        }
        // Whole vectors straight from the registers; only a ragged right edge goes
        // through memory.
        let (n, o) = (columns, overwrite)
        storePartialRow(c00, c01, columns: n, to: c, overwrite: o)
        if rows > 1 { storePartialRow(c10, c11, columns: n, to: c + ldc, overwrite: o) }
        if rows > 2 { storePartialRow(c20, c21, columns: n, to: c + 2 * ldc, overwrite: o) }
        if rows > 3 { storePartialRow(c30, c31, columns: n, to: c + 3 * ldc, overwrite: o) }
        if rows > 4 { storePartialRow(c40, c41, columns: n, to: c + 4 * ldc, overwrite: o) }
        if rows > 5 { storePartialRow(c50, c51, columns: n, to: c + 5 * ldc, overwrite: o) }
        if rows > 6 { storePartialRow(c60, c61, columns: n, to: c + 6 * ldc, overwrite: o) }
        if rows > 7 { storePartialRow(c70, c71, columns: n, to: c + 7 * ldc, overwrite: o) }
    }

    /// c[8 + rowsBeyond, columns] (+)= A · b-panel[depth][32], rowsBeyond in 1...4: `tile`
    /// with up to four more rows, each with exactly the arithmetic of a row of `tile`. (One
    /// body for both, the row count a constant per call, measured 1.2 µs slower per image:
    /// the full tile then keeps the tall tile's row offsets live.)
    @inline(__always)
    private static func tallTile(rowsBeyond: Int, depth: Int, a: UnsafePointer<Float>,
                                 aRowStride: Int, aColumnStride: Int, b: UnsafePointer<Float>,
                                 bStride: Int, c: UnsafeMutablePointer<Float>, ldc: Int,
                                 columns: Int, overwrite: Bool) {
        // A constant row count in each branch, so the unused accumulators vanish.
        switch rowsBeyond {
        case 1: tallTile(1, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        case 2: tallTile(2, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        case 3: tallTile(3, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        default: tallTile(4, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        }
    }

    // swiftlint:disable:next function_parameter_count
    @inline(__always)
    private static func tallTile(_ e: Int, _ depth: Int, _ a: UnsafePointer<Float>,
                                 _ aRowStride: Int, _ aColumnStride: Int,
                                 _ b: UnsafePointer<Float>, _ bStride: Int,
                                 _ c: UnsafeMutablePointer<Float>, _ ldc: Int, _ columns: Int,
                                 _ overwrite: Bool) {
        typealias V = SIMD16<Float>
        var c00 = V(), c01 = V(), c10 = V(), c11 = V(), c20 = V(), c21 = V(), c30 = V()
        var c31 = V(), c40 = V(), c41 = V(), c50 = V(), c51 = V(), c60 = V(), c61 = V()
        var c70 = V(), c71 = V(), c80 = V(), c81 = V(), c90 = V(), c91 = V()
        var ca0 = V(), ca1 = V(), cb0 = V(), cb1 = V()
        let r = aRowStride
        var ap = a
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let b0 = bp.loadUnaligned(as: V.self)
            let b1 = bp.loadUnaligned(fromByteOffset: 64, as: V.self)
            var s = V(repeating: ap[0])
            c00.addProduct(s, b0); c01.addProduct(s, b1)
            s = V(repeating: ap[r])
            c10.addProduct(s, b0); c11.addProduct(s, b1)
            s = V(repeating: ap[2 &* r])
            c20.addProduct(s, b0); c21.addProduct(s, b1)
            s = V(repeating: ap[3 &* r])
            c30.addProduct(s, b0); c31.addProduct(s, b1)
            s = V(repeating: ap[4 &* r])
            c40.addProduct(s, b0); c41.addProduct(s, b1)
            s = V(repeating: ap[5 &* r])
            c50.addProduct(s, b0); c51.addProduct(s, b1)
            s = V(repeating: ap[6 &* r])
            c60.addProduct(s, b0); c61.addProduct(s, b1)
            s = V(repeating: ap[7 &* r])
            c70.addProduct(s, b0); c71.addProduct(s, b1)
            s = V(repeating: ap[8 &* r])
            c80.addProduct(s, b0); c81.addProduct(s, b1)
            if e > 1 {
                s = V(repeating: ap[9 &* r])
                c90.addProduct(s, b0); c91.addProduct(s, b1)
            }
            if e > 2 {
                s = V(repeating: ap[10 &* r])
                ca0.addProduct(s, b0); ca1.addProduct(s, b1)
            }
            if e > 3 {
                s = V(repeating: ap[11 &* r])
                cb0.addProduct(s, b0); cb1.addProduct(s, b1)
            }
            ap += aColumnStride
            bp += bStride &* 4
        }
        let (n, o) = (columns, overwrite)
        storePartialRow(c00, c01, columns: n, to: c, overwrite: o)
        storePartialRow(c10, c11, columns: n, to: c + ldc, overwrite: o)
        storePartialRow(c20, c21, columns: n, to: c + 2 * ldc, overwrite: o)
        storePartialRow(c30, c31, columns: n, to: c + 3 * ldc, overwrite: o)
        storePartialRow(c40, c41, columns: n, to: c + 4 * ldc, overwrite: o)
        storePartialRow(c50, c51, columns: n, to: c + 5 * ldc, overwrite: o)
        storePartialRow(c60, c61, columns: n, to: c + 6 * ldc, overwrite: o)
        storePartialRow(c70, c71, columns: n, to: c + 7 * ldc, overwrite: o)
        storePartialRow(c80, c81, columns: n, to: c + 8 * ldc, overwrite: o)
        if e > 1 { storePartialRow(c90, c91, columns: n, to: c + 9 * ldc, overwrite: o) }
        if e > 2 { storePartialRow(ca0, ca1, columns: n, to: c + 10 * ldc, overwrite: o) }
        if e > 3 { storePartialRow(cb0, cb1, columns: n, to: c + 11 * ldc, overwrite: o) }
    }

    /// c[rows, columns] (+)= A · b-panel[depth][32] for 1–4 rows: `tile` with fewer rows,
    /// each with exactly the arithmetic of a row of `tile`.
    @inline(__always)
    private static func shortTile(rows: Int, depth: Int, a: UnsafePointer<Float>,
                                  aRowStride: Int, aColumnStride: Int, b: UnsafePointer<Float>,
                                  bStride: Int, c: UnsafeMutablePointer<Float>, ldc: Int,
                                  columns: Int, overwrite: Bool) {
        // A constant row count in each branch, so the unused accumulators vanish.
        switch rows {
        case 1:
            rowTile(depth: depth, a: a, aColumnStride: aColumnStride, b: b, bStride: bStride,
                    c: c, columns: columns, overwrite: overwrite)
        case 2: shortTile(2, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        case 3: shortTile(3, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        default: shortTile(4, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, columns, overwrite)
        }
    }

    // swiftlint:disable:next function_parameter_count
    @inline(__always)
    private static func shortTile(_ rows: Int, _ depth: Int, _ a: UnsafePointer<Float>,
                                  _ aRowStride: Int, _ aColumnStride: Int,
                                  _ b: UnsafePointer<Float>, _ bStride: Int,
                                  _ c: UnsafeMutablePointer<Float>, _ ldc: Int, _ columns: Int,
                                  _ overwrite: Bool) {
        typealias V = SIMD16<Float>
        var c00 = V(), c01 = V(), c10 = V(), c11 = V(), c20 = V(), c21 = V(), c30 = V()
        var c31 = V()
        let r = aRowStride
        var ap = a
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let b0 = bp.loadUnaligned(as: V.self)
            let b1 = bp.loadUnaligned(fromByteOffset: 64, as: V.self)
            var s = V(repeating: ap[0])
            c00.addProduct(s, b0); c01.addProduct(s, b1)
            s = V(repeating: ap[r])
            c10.addProduct(s, b0); c11.addProduct(s, b1)
            if rows > 2 {
                s = V(repeating: ap[2 &* r])
                c20.addProduct(s, b0); c21.addProduct(s, b1)
            }
            if rows > 3 {
                s = V(repeating: ap[3 &* r])
                c30.addProduct(s, b0); c31.addProduct(s, b1)
            }
            ap += aColumnStride
            bp += bStride &* 4
        }
        let (n, o) = (columns, overwrite)
        storePartialRow(c00, c01, columns: n, to: c, overwrite: o)
        storePartialRow(c10, c11, columns: n, to: c + ldc, overwrite: o)
        if rows > 2 { storePartialRow(c20, c21, columns: n, to: c + 2 * ldc, overwrite: o) }
        if rows > 3 { storePartialRow(c30, c31, columns: n, to: c + 3 * ldc, overwrite: o) }
    }

    /// c[rows, 64] (+)= A · B[depth][64] for 1–4 rows, B rows `bStride` apart: two panels of
    /// `shortTile` at once, each row with exactly the arithmetic of a row of `tile`.
    @inline(__always)
    private static func wideShortTile(rows: Int, depth: Int, a: UnsafePointer<Float>,
                                      aRowStride: Int, aColumnStride: Int,
                                      b: UnsafePointer<Float>, bStride: Int,
                                      c: UnsafeMutablePointer<Float>, ldc: Int, overwrite: Bool) {
        // A constant row count in each branch, so the unused accumulators vanish.
        switch rows {
        case 1: wideShortTile(1, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, overwrite)
        case 2: wideShortTile(2, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, overwrite)
        case 3: wideShortTile(3, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, overwrite)
        default: wideShortTile(4, depth, a, aRowStride, aColumnStride, b, bStride, c, ldc, overwrite)
        }
    }

    // swiftlint:disable:next function_parameter_count
    @inline(__always)
    private static func wideShortTile(_ rows: Int, _ depth: Int, _ a: UnsafePointer<Float>,
                                      _ aRowStride: Int, _ aColumnStride: Int,
                                      _ b: UnsafePointer<Float>, _ bStride: Int,
                                      _ c: UnsafeMutablePointer<Float>, _ ldc: Int,
                                      _ overwrite: Bool) {
        typealias V = SIMD16<Float>
        var c00 = V(), c01 = V(), c02 = V(), c03 = V(), c10 = V(), c11 = V(), c12 = V()
        var c13 = V(), c20 = V(), c21 = V(), c22 = V(), c23 = V(), c30 = V(), c31 = V()
        var c32 = V(), c33 = V()
        let r = aRowStride
        var ap = a
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let b0 = bp.loadUnaligned(as: V.self)
            let b1 = bp.loadUnaligned(fromByteOffset: 64, as: V.self)
            let b2 = bp.loadUnaligned(fromByteOffset: 128, as: V.self)
            let b3 = bp.loadUnaligned(fromByteOffset: 192, as: V.self)
            var s = V(repeating: ap[0])
            c00.addProduct(s, b0); c01.addProduct(s, b1); c02.addProduct(s, b2); c03.addProduct(s, b3)
            if rows > 1 {
                s = V(repeating: ap[r])
                c10.addProduct(s, b0); c11.addProduct(s, b1); c12.addProduct(s, b2); c13.addProduct(s, b3)
            }
            if rows > 2 {
                s = V(repeating: ap[2 &* r])
                c20.addProduct(s, b0); c21.addProduct(s, b1); c22.addProduct(s, b2); c23.addProduct(s, b3)
            }
            if rows > 3 {
                s = V(repeating: ap[3 &* r])
                c30.addProduct(s, b0); c31.addProduct(s, b1); c32.addProduct(s, b2); c33.addProduct(s, b3)
            }
            ap += aColumnStride
            bp += bStride &* 4
        }
        let o = overwrite
        storeRow(c00, c01, to: c, overwrite: o)
        storeRow(c02, c03, to: c + 32, overwrite: o)
        if rows > 1 {
            storeRow(c10, c11, to: c + ldc, overwrite: o)
            storeRow(c12, c13, to: c + ldc + 32, overwrite: o)
        }
        if rows > 2 {
            storeRow(c20, c21, to: c + 2 * ldc, overwrite: o)
            storeRow(c22, c23, to: c + 2 * ldc + 32, overwrite: o)
        }
        if rows > 3 {
            storeRow(c30, c31, to: c + 3 * ldc, overwrite: o)
            storeRow(c32, c33, to: c + 3 * ldc + 32, overwrite: o)
        }
    }

    /// One row of C: c[columns] (+)= A[depth] · b-panel[depth][32], with exactly the
    /// arithmetic of that row in `tile` (one accumulator per 16 columns, k in order), so a
    /// row's result does not depend on whether it falls in a full tile or a ragged one:
    /// grouping examples into one product, or not, gives the same bits. Two independent
    /// sums wait on the multiply-add latency (4 cycles per step of k instead of 2), still a
    /// quarter of what a full tile spends on a single row.
    @inline(__always)
    private static func rowTile(depth: Int, a: UnsafePointer<Float>, aColumnStride: Int,
                                b: UnsafePointer<Float>, bStride: Int,
                                c: UnsafeMutablePointer<Float>, columns: Int, overwrite: Bool) {
        typealias V = SIMD16<Float>
        var left = V(), right = V()
        var ap = a
        var bp = UnsafeRawPointer(b)
        let bStep = bStride &* 4
        for _ in 0..<depth {
            let s = V(repeating: ap[0])
            left.addProduct(s, bp.loadUnaligned(as: V.self))
            right.addProduct(s, bp.loadUnaligned(fromByteOffset: 64, as: V.self))
            ap += aColumnStride
            bp += bStep
        }
        storePartialRow(left, right, columns: columns, to: c, overwrite: overwrite)
    }
#elseif KERNELS_AVX2 && arch(x86_64)
    /// c[rows, columns] (+)= A[rows, depth] (in place, strided) · b-panel[depth][16] (B rows
    /// `bStride` apart).
    @inline(__always)
    private static func tile(depth: Int, a: UnsafePointer<Float>, aRowStride: Int,
                             aColumnStride: Int, b: UnsafePointer<Float>,
                             bStride: Int, c: UnsafeMutablePointer<Float>, ldc: Int,
                             rows: Int, columns: Int,
                             overwrite: Bool) {
        typealias V = SIMD8<Float>
        var c00 = V(), c01 = V(), c10 = V(), c11 = V(), c20 = V(), c21 = V(), c30 = V()
        var c31 = V()
        let last = rows - 1  // see the AVX-512 tile
        let r1 = min(1, last) * aRowStride, r2 = min(2, last) * aRowStride
        let r3 = min(3, last) * aRowStride
        var ap = a
        var bp = UnsafeRawPointer(b)
        for _ in 0..<depth {
            let b0 = bp.loadUnaligned(as: V.self)
            let b1 = bp.loadUnaligned(fromByteOffset: 32, as: V.self)
            var s = V(repeating: ap[0])
            c00.addProduct(s, b0); c01.addProduct(s, b1)
            s = V(repeating: ap[r1])
            c10.addProduct(s, b0); c11.addProduct(s, b1)
            s = V(repeating: ap[r2])
            c20.addProduct(s, b0); c21.addProduct(s, b1)
            s = V(repeating: ap[r3])
            c30.addProduct(s, b0); c31.addProduct(s, b1)
            ap += aColumnStride
            bp += bStride &* 4
        }
        let (n, o) = (columns, overwrite)
        storePartialRow(c00, c01, columns: n, to: c, overwrite: o)
        if rows > 1 { storePartialRow(c10, c11, columns: n, to: c + ldc, overwrite: o) }
        if rows > 2 { storePartialRow(c20, c21, columns: n, to: c + 2 * ldc, overwrite: o) }
        if rows > 3 { storePartialRow(c30, c31, columns: n, to: c + 3 * ldc, overwrite: o) }
    }
#else
    /// c[rows, columns] (+)= a-panel[depth][4 rows][4 copies] · b-panel[depth][8] (B rows
    /// `bStride` apart).
    @inline(__always)
    private static func tile(depth: Int, a: UnsafePointer<Float>, aRowStride: Int,
                             aColumnStride: Int, b: UnsafePointer<Float>,
                             bStride: Int, c: UnsafeMutablePointer<Float>, ldc: Int,
                             rows: Int, columns: Int,
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
            bp += bStride &* 4
        }
        let accumulators = (c0, c1, c2, c3)
        withUnsafeBytes(of: accumulators) { raw in
            let t = raw.baseAddress!.assumingMemoryBound(to: Float.self)  // [4][8]
            store(t, rows: rows, columns: columns, into: c, ldc: ldc, overwrite: overwrite)
        }
    }
#endif

    /// Writes (or adds) one full row of a tile, two vectors wide, into C.
    @inline(__always)
    private static func storeRow<V: SIMD>(_ left: V, _ right: V, to c: UnsafeMutablePointer<Float>,
                                          overwrite: Bool) where V.Scalar == Float {
        let raw = UnsafeMutableRawPointer(c), width = MemoryLayout<V>.size
        if overwrite {
            raw.storeBytes(of: left, as: V.self)
            raw.storeBytes(of: right, toByteOffset: width, as: V.self)
        } else {
            raw.storeBytes(of: raw.loadUnaligned(as: V.self) + left, as: V.self)
            raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: width, as: V.self) + right,
                           toByteOffset: width, as: V.self)
        }
    }

    /// Writes (or adds) the first `columns` values of one tile row (two vectors) into C.
    @inline(__always)
    private static func storePartialRow<V: SIMD>(_ left: V, _ right: V, columns: Int,
                                                 to c: UnsafeMutablePointer<Float>,
                                                 overwrite: Bool) where V.Scalar == Float {
        let width = V.scalarCount
        if columns == 2 * width {
            storeRow(left, right, to: c, overwrite: overwrite)
            return
        }
        let raw = UnsafeMutableRawPointer(c)
        var tail = right, start = width
        if columns >= width {
            raw.storeBytes(of: overwrite ? left : raw.loadUnaligned(as: V.self) + left, as: V.self)
        } else {
            tail = left
            start = 0
        }
        for j in start..<columns {
            c[j] = overwrite ? tail[j - start] : c[j] + tail[j - start]
        }
    }

    /// Writes (or adds) the valid part of a finished `tileRows`×`tileColumns` tile into C.
    @inline(__always)
    private static func store(_ t: UnsafePointer<Float>, rows: Int, columns: Int,
                              into c: UnsafeMutablePointer<Float>, ldc: Int, overwrite: Bool) {
        let nr = tileColumns
        for i in 0..<rows {
            let src = t + i * nr, dst = c + i * ldc
            if overwrite {
                dst.update(from: src, count: columns)
            } else {
                for j in 0..<columns { dst[j] += src[j] }
            }
        }
    }
}
