/// The matrix product every layer uses, with its packing space:
///
///     C[m, n] = (accumulate ? C : 0) + A[m, k] · B[k, n]
///
/// A(i, p) = a[i·aRowStride + p·aColumnStride], B(p, j) = b[p·bRowStride + j·bColumnStride],
/// C row-major with leading dimension `ldc`. `NaiveKernels.matrixMultiply` is the reference.
struct MatrixMultiply {
    var path: KernelPath
    /// The kernels of `path`.
    var kernels: any KernelSet.Type { path.kernels }
    private var packedA: [Float] = []
    private var packedB: [Float] = []

    init(path: KernelPath = .best) {
        precondition(path.isSupported, "The \(path.rawValue) kernels cannot run on this machine.")
        self.path = path
    }

    // swiftlint:disable:next function_parameter_count
    mutating func multiply(
        rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aColumnStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bColumnStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, accumulate: Bool
    ) {
        withPackingSpace(rows: m, columns: n, depth: k) { kernels, pa, pb in
            kernels.multiply(
                rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
                aColumnStride: aColumnStride, b: b, bRowStride: bRowStride,
                bColumnStride: bColumnStride, c: c, ldc: ldc, accumulate: accumulate,
                packedA: pa, packedB: pb)
        }
    }

    /// C_i = (accumulate ? C_i : 0) + A_i · B_i for `count` planes of row-major matrices,
    /// plane i at `i · aPlaneStride` (…) floats: `multiply` on each, in one call to the
    /// kernels (a Winograd step's 16 or 25 products of a few tiles each).
    // swiftlint:disable:next function_parameter_count
    mutating func multiplyPlanes(
        count: Int, rows m: Int, columns n: Int, depth k: Int,
        a: UnsafePointer<Float>, aRowStride: Int, aPlaneStride: Int,
        b: UnsafePointer<Float>, bRowStride: Int, bPlaneStride: Int,
        c: UnsafeMutablePointer<Float>, ldc: Int, cPlaneStride: Int, accumulate: Bool
    ) {
        withPackingSpace(rows: m, columns: n, depth: k) { kernels, pa, pb in
            kernels.multiplyPlanes(
                count: count, rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
                aPlaneStride: aPlaneStride, b: b, bRowStride: bRowStride,
                bPlaneStride: bPlaneStride, c: c, ldc: ldc, cPlaneStride: cPlaneStride,
                accumulate: accumulate, packedA: pa, packedB: pb)
        }
    }

    /// Runs `body` with the kernels and packing space for A and B large enough for an
    /// m×k by k×n product (grown once, then kept).
    private mutating func withPackingSpace(
        rows m: Int, columns n: Int, depth k: Int,
        _ body: (any KernelSet.Type, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
            -> Void
    ) {
        let counts = kernels.scratchCounts(rows: m, columns: n, depth: k)
        if packedA.count < counts.a { packedA = [Float](repeating: 0, count: counts.a) }
        if packedB.count < counts.b { packedB = [Float](repeating: 0, count: counts.b) }
        let kernels = kernels
        packedA.withUnsafeMutableBufferPointer { pa in
            packedB.withUnsafeMutableBufferPointer { pb in
                body(kernels, pa.baseAddress!, pb.baseAddress!)
            }
        }
    }

    /// y[j] = Σ_q values[q] · B[rows[q], j], rows of B `bRowStride` apart and contiguous
    /// along j: the nonzero entries of a vector (at `rows`) times a matrix.
    func multiplySparseVectorByMatrix(count: Int, rows: UnsafePointer<Int32>,
                                      values: UnsafePointer<Float>, columns n: Int,
                                      b: UnsafePointer<Float>, bRowStride: Int,
                                      y: UnsafeMutablePointer<Float>) {
        kernels.multiplySparseVectorByMatrix(count: count, rows: rows, values: values, columns: n,
                                             b: b, bRowStride: bRowStride, y: y)
    }

    /// y[r] = Σₚ A[r, p] · x[p], rows of A `aRowStride` apart and contiguous along p.
    func multiplyVector(rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
                        x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>) {
        kernels.multiplyVector(rows: m, depth: k, a: a, aRowStride: aRowStride, x: x, y: y)
    }

    /// y[v][r] = Σₚ A[r, p] · x[v][p] for `count` vectors: `multiplyVector` on each, with the
    /// same bits, reading A once per four vectors.
    func multiplyVectors(count n: Int, rows m: Int, depth k: Int, a: UnsafePointer<Float>,
                         aRowStride: Int, x: UnsafePointer<Float>, xStride: Int,
                         y: UnsafeMutablePointer<Float>, yStride: Int) {
        kernels.multiplyVectors(count: n, rows: m, depth: k, a: a, aRowStride: aRowStride,
                                x: x, xStride: xStride, y: y, yStride: yStride)
    }
}
