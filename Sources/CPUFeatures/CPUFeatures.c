// Runtime CPU feature detection for choosing a matrix kernel (cpuid + xgetbv). Swift has no
// cpuid; this is the only C in the package. Other architectures report no x86 features.
#include "CPUFeatures.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static unsigned long long read_xcr0(void) {
    unsigned int eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

// Leaf 1 ECX: FMA bit 12, OSXSAVE bit 27, AVX bit 28. Leaf 7 EBX: AVX2 bit 5, AVX512F 16,
// AVX512DQ 17, AVX512CD 28, AVX512BW 30, AVX512VL 31. XCR0: XMM|YMM state = 0x6,
// plus opmask|ZMM_Hi256|Hi16_ZMM = 0xE0 for AVX-512.
static int has_avx2_fma_with_xcr0_mask(unsigned long long mask) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int fma = (ecx >> 12) & 1, osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1;
    if (!(fma && osxsave && avx)) return 0;
    if ((read_xcr0() & mask) != mask) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 5) & 1;
}

int cpu_features_has_avx2_fma(void) {
    return has_avx2_fma_with_xcr0_mask(0x6);
}

int cpu_features_has_avx512(void) {
    if (!has_avx2_fma_with_xcr0_mask(0xE6)) return 0;
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    unsigned int needed = (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31);
    return (ebx & needed) == needed;
}
#else
int cpu_features_has_avx2_fma(void) { return 0; }
int cpu_features_has_avx512(void) { return 0; }
#endif
