#ifndef CPU_FEATURES_H
#define CPU_FEATURES_H

/// 1 if this CPU and operating system can run the AVX2 + FMA kernels (Haswell level), else 0.
int cpu_features_has_avx2_fma(void);

/// 1 if this CPU and operating system can run the AVX-512 kernels (F, CD, BW, DQ, VL, plus
/// AVX2 and FMA: the Skylake-AVX512 level), else 0.
int cpu_features_has_avx512(void);

#endif
