import CPUFeatures
import MatrixKernels
import MatrixKernelsAVX2
import MatrixKernelsAVX512

/// Which compiled copy of the kernels runs (see Sources/MatrixKernels). All give the same
/// results up to rounding; the FMA paths round once per multiply-add, so their last bits
/// differ from the portable path's.
public enum KernelPath: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Baseline SIMD, runs on every CPU (SSE on x86-64).
    case portable
    /// 256-bit AVX2 with fused multiply-add.
    case avx2
    /// 512-bit AVX-512 with fused multiply-add.
    case avx512

    /// The fastest path this machine supports, decided once from cpuid.
    public static let best: KernelPath = [.avx512, .avx2].first(where: \.isSupported) ?? .portable

    /// The kernels of this path: the one place that chooses among the compiled copies.
    var kernels: any KernelSet.Type {
        switch self {
        case .portable: MatrixKernels.Kernels.self
        case .avx2: MatrixKernelsAVX2.Kernels.self
        case .avx512: MatrixKernelsAVX512.Kernels.self
        }
    }

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
        && KernelPath.avx2.kernels.isCompiledForItsTarget
    private static let avx512IsSupported = cpu_features_has_avx512() != 0
        && KernelPath.avx512.kernels.isCompiledForItsTarget

    public var description: String {
        switch self {
        case .portable: "portable SIMD (SSE on x86-64), 4×8 tile"
        case .avx2: "AVX2 + FMA, 4×16 tile"
        case .avx512: "AVX-512 + FMA, 8×32 tile"
        }
    }
}
