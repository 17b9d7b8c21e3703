// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// The packing of the matrix product's operands into the panels its tiles read.
extension MatrixProductKernel {
    /// Packs rows of A into panels `[panel][p][tileRows][splat]`, zero-padding the last one.
    @inline(__always)
    static func packA(m: Int, kb: Int, from a: UnsafePointer<Float>, rowStride: Int,
                              columnStride: Int, into out: UnsafeMutablePointer<Float>) {
        let mr = tileRows
        var dst = out
        var i0 = 0
        while i0 < m {
            let rows = min(mr, m - i0)
            let panel = a + i0 * rowStride
            if rows == mr && rowStride == 1 {
                // Transposed A: the panel's values for one p are contiguous.
                for p in 0..<kb {
                    let src = panel + p * columnStride
                    for ii in 0..<mr {
                        for s in 0..<splat { dst[ii &* splat &+ s] = src[ii] }
                    }
                    dst += mr &* splat
                }
            } else if rows == mr {
                for p in 0..<kb {
                    let src = panel + p * columnStride
                    for ii in 0..<mr {
                        let value = src[ii &* rowStride]
                        for s in 0..<splat { dst[ii &* splat &+ s] = value }
                    }
                    dst += mr &* splat
                }
            } else {
                for p in 0..<kb {
                    for ii in 0..<mr {
                        let value = ii < rows ? panel[ii * rowStride + p * columnStride] : 0
                        for s in 0..<splat { dst[s] = value }
                        dst += splat
                    }
                }
            }
            i0 += mr
        }
    }

    /// Packs columns of B into panels `[panel][p][tileColumns]`, zero-padding the last one.
    @inline(__always)
    static func packB(n: Int, kb: Int, from b: UnsafePointer<Float>, rowStride: Int,
                              columnStride: Int, into out: UnsafeMutablePointer<Float>) {
        let nr = tileColumns
        var dst = out
        var j0 = 0
        while j0 < n {
            let cols = min(nr, n - j0)
            if columnStride == 1 {
                for p in 0..<kb {
                    let src = b + p * rowStride + j0
                    for jj in 0..<cols { dst[jj] = src[jj] }
                    if cols < nr { (dst + cols).update(repeating: 0, count: nr - cols) }
                    dst += nr
                }
            } else {
                // B is transposed in memory: gather one value from each of `cols` streams.
                // (Cheap when the streams are close together; callers arrange that.)
                for p in 0..<kb {
                    let src = b + p * rowStride + j0 * columnStride
                    for jj in 0..<cols { dst[jj] = src[jj * columnStride] }
                    if cols < nr { (dst + cols).update(repeating: 0, count: nr - cols) }
                    dst += nr
                }
            }
            j0 += nr
        }
    }
}
