import CPUFeatures
import MatrixKernels
import MatrixKernelsAVX2
import MatrixKernelsAVX512

/// Which compiled copy of the matrix-product kernel runs (see Sources/MatrixKernels). All
/// give the same results up to rounding; the FMA paths round once per multiply-add, so their
/// last bits differ from the portable path's.
public enum KernelPath: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Baseline SIMD, runs on every CPU (SSE on x86-64).
    case portable
    /// 256-bit AVX2 with fused multiply-add.
    case avx2
    /// 512-bit AVX-512 with fused multiply-add.
    case avx512

    /// The fastest path this machine supports, decided once from cpuid.
    public static let best: KernelPath = [.avx512, .avx2].first(where: \.isSupported) ?? .portable

    /// Whether this CPU (and operating system) can run the path, and this build contains it.
    public var isSupported: Bool {
        switch self {
        case .portable: true
        case .avx2: Self.avx2IsSupported
        case .avx512: Self.avx512IsSupported
        }
    }

    // Asked once (cpuid is slow under virtualisation). The CPU check comes first: nothing of
    // a wide module runs on a CPU that lacks it.
    private static let avx2IsSupported = cpu_features_has_avx2_fma() != 0
        && MatrixKernelsAVX2.MatrixProductKernel.isCompiledForItsTarget
    private static let avx512IsSupported = cpu_features_has_avx512() != 0
        && MatrixKernelsAVX512.MatrixProductKernel.isCompiledForItsTarget

    public var description: String {
        switch self {
        case .portable: "portable SIMD (SSE on x86-64), 4×8 tile"
        case .avx2: "AVX2 + FMA, 4×16 tile"
        case .avx512: "AVX-512 + FMA, 8×32 tile"
        }
    }
}

/// The matrix product every layer uses, with its packing space:
///
///     C[m, n] = (accumulate ? C : 0) + A[m, k] · B[k, n]
///
/// A(i, p) = a[i·aRowStride + p·aColumnStride], B(p, j) = b[p·bRowStride + j·bColumnStride],
/// C row-major with leading dimension `ldc`. `NaiveKernels.matrixMultiply` is the reference.
struct MatrixMultiply {
    var path: KernelPath
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
        let counts: (a: Int, b: Int)
        switch path {
        case .portable:
            counts = MatrixKernels.MatrixProductKernel.scratchCounts(rows: m, columns: n, depth: k)
        case .avx2:
            counts = MatrixKernelsAVX2.MatrixProductKernel.scratchCounts(rows: m, columns: n,
                                                                         depth: k)
        case .avx512:
            counts = MatrixKernelsAVX512.MatrixProductKernel.scratchCounts(rows: m, columns: n,
                                                                           depth: k)
        }
        if packedA.count < counts.a { packedA = [Float](repeating: 0, count: counts.a) }
        if packedB.count < counts.b { packedB = [Float](repeating: 0, count: counts.b) }
        let path = path
        packedA.withUnsafeMutableBufferPointer { pa in
            packedB.withUnsafeMutableBufferPointer { pb in
                let (pa, pb) = (pa.baseAddress!, pb.baseAddress!)
                switch path {
                case .portable:
                    MatrixKernels.MatrixProductKernel.multiply(
                        rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
                        aColumnStride: aColumnStride, b: b, bRowStride: bRowStride,
                        bColumnStride: bColumnStride, c: c, ldc: ldc, accumulate: accumulate,
                        packedA: pa, packedB: pb)
                case .avx2:
                    MatrixKernelsAVX2.MatrixProductKernel.multiply(
                        rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
                        aColumnStride: aColumnStride, b: b, bRowStride: bRowStride,
                        bColumnStride: bColumnStride, c: c, ldc: ldc, accumulate: accumulate,
                        packedA: pa, packedB: pb)
                case .avx512:
                    MatrixKernelsAVX512.MatrixProductKernel.multiply(
                        rows: m, columns: n, depth: k, a: a, aRowStride: aRowStride,
                        aColumnStride: aColumnStride, b: b, bRowStride: bRowStride,
                        bColumnStride: bColumnStride, c: c, ldc: ldc, accumulate: accumulate,
                        packedA: pa, packedB: pb)
                }
            }
        }
    }

    /// y[j] = Σ_q values[q] · B[rows[q], j], rows of B `bRowStride` apart and contiguous
    /// along j: the nonzero entries of a vector (at `rows`) times a matrix.
    func multiplySparseVectorByMatrix(count: Int, rows: UnsafePointer<Int32>,
                                      values: UnsafePointer<Float>, columns n: Int,
                                      b: UnsafePointer<Float>, bRowStride: Int,
                                      y: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.MatrixProductKernel.multiplySparseVectorByMatrix(
                count: count, rows: rows, values: values, columns: n, b: b,
                bRowStride: bRowStride, y: y)
        case .avx2:
            MatrixKernelsAVX2.MatrixProductKernel.multiplySparseVectorByMatrix(
                count: count, rows: rows, values: values, columns: n, b: b,
                bRowStride: bRowStride, y: y)
        case .avx512:
            MatrixKernelsAVX512.MatrixProductKernel.multiplySparseVectorByMatrix(
                count: count, rows: rows, values: values, columns: n, b: b,
                bRowStride: bRowStride, y: y)
        }
    }

    /// y[r] = Σₚ A[r, p] · x[p], rows of A `aRowStride` apart and contiguous along p.
    func multiplyVector(rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
                        x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>) {
        switch path {
        case .portable:
            MatrixKernels.MatrixProductKernel.multiplyVector(
                rows: m, depth: k, a: a, aRowStride: aRowStride, x: x, y: y)
        case .avx2:
            MatrixKernelsAVX2.MatrixProductKernel.multiplyVector(
                rows: m, depth: k, a: a, aRowStride: aRowStride, x: x, y: y)
        case .avx512:
            MatrixKernelsAVX512.MatrixProductKernel.multiplyVector(
                rows: m, depth: k, a: a, aRowStride: aRowStride, x: x, y: y)
        }
    }
}
