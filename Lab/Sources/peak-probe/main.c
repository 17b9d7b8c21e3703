// peak-probe [SECONDS]: this machine's FP32 peak on one thread, measured with a loop of
// fused multiply-adds on registers only (no memory traffic): 16 independent accumulators,
// enough to cover the FMA latency times the number of FMA pipes on current x86 cores.
// Prints `peak_gflops=… isa=…` (the widest vector set the CPU runs: AVX-512, AVX2+FMA or
// scalar C). The roofline of Lab/scripts/benchmark divides every measured rate by this figure.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#define STEPS 100000L
#define CHAINS 16

#if defined(__x86_64__)
// FLOPs done: STEPS × CHAINS × 16 lanes × 2.
__attribute__((target("avx512f"), noinline))
static float loop512(float seed) {
    __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
    __m512 acc[CHAINS];
    for (int i = 0; i < CHAINS; i++) acc[i] = _mm512_set1_ps(seed + (float)i);
    for (long s = 0; s < STEPS; s++) {
        for (int i = 0; i < CHAINS; i++) acc[i] = _mm512_fmadd_ps(acc[i], a, b);
    }
    __m512 total = acc[0];
    for (int i = 1; i < CHAINS; i++) total = _mm512_add_ps(total, acc[i]);
    return _mm512_reduce_add_ps(total);
}

// FLOPs done: STEPS × CHAINS × 8 lanes × 2.
__attribute__((target("avx2,fma"), noinline))
static float loop256(float seed) {
    __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    __m256 acc[CHAINS];
    for (int i = 0; i < CHAINS; i++) acc[i] = _mm256_set1_ps(seed + (float)i);
    for (long s = 0; s < STEPS; s++) {
        for (int i = 0; i < CHAINS; i++) acc[i] = _mm256_fmadd_ps(acc[i], a, b);
    }
    __m256 total = acc[0];
    for (int i = 1; i < CHAINS; i++) total = _mm256_add_ps(total, acc[i]);
    float lanes[8];
    _mm256_storeu_ps(lanes, total);
    float sum = 0;
    for (int i = 0; i < 8; i++) sum += lanes[i];
    return sum;
}
#endif

// FLOPs done: STEPS × CHAINS × 2 (whatever the compiler makes of it).
__attribute__((noinline))
static float loopScalar(float seed) {
    float acc[CHAINS];
    for (int i = 0; i < CHAINS; i++) acc[i] = seed + (float)i;
    for (long s = 0; s < STEPS; s++) {
        for (int i = 0; i < CHAINS; i++) acc[i] = acc[i] * 0.999999f + 1e-7f;
    }
    float sum = 0;
    for (int i = 0; i < CHAINS; i++) sum += acc[i];
    return sum;
}

int main(int argc, char **argv) {
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(budget > 0)) {
        fprintf(stderr, "usage: peak-probe [SECONDS > 0]\n");
        return 64;
    }
    float (*loop)(float) = loopScalar;
    int lanes = 1;
    const char *isa = "scalar";
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        loop = loop512; lanes = 16; isa = "avx512";
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        loop = loop256; lanes = 8; isa = "avx2-fma";
    }
#endif
    // The best of many short runs: the machine is shared, and a run another process
    // interrupts only looks slower.
    float sink = 0;
    double best = 0, start = now();
    const double flops = (double)STEPS * CHAINS * lanes * 2;
    while (now() - start < budget) {
        double t = now();
        sink += loop(sink * 1e-30f);
        double rate = flops / (now() - t);
        if (rate > best) best = rate;
    }
    printf("peak_gflops=%.1f isa=%s sink=%g\n", best * 1e-9, isa, (double)sink);
    return 0;
}
