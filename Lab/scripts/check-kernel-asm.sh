#!/bin/sh
# Checks the release build's machine code: the AVX2 and AVX-512 kernel copies use fused
# multiply-adds on ymm / zmm registers, the portable copy has no FMA and no fmaf calls, and
# no function outside the two wide kernels uses a VEX/EVEX (AVX) instruction, so a baseline
# x86-64 CPU never meets one (the wide kernels are entered only after cpuid says yes), and
# the wide objects define no weak (linker-shared) code under a name other modules could
# also define (e.g. a standard-library specialisation), which the linker could otherwise
# pick for baseline callers. (Weak copies of the module's own private functions carry the
# module's name, so no other object can define them.)
set -e
cd "$(dirname "$0")/../.."
swift build --package-path Lab -c release --product bench-train >&2
for m in MatrixKernels MatrixKernelsAVX2 MatrixKernelsAVX512; do
    objects=$(ls .build/release/$m.build/*.o)
    # shellcheck disable=SC2086
    echo "$m: vfmadd on zmm $(objdump -d $objects | grep -c 'vfmadd.*zmm'), on ymm" \
         "$(objdump -d $objects | grep -c 'vfmadd.*ymm'), fmaf calls $(objdump -dr $objects | grep -c fmaf)," \
         "weak code symbols not named after $m: $(nm $objects | grep ' [Ww] ' | grep -vc "s${#m}$m" || true)"
done
echo "functions using AVX instructions in bench-train:"
objdump -d --no-show-raw-insn Lab/.build/release/bench-train \
    | awk -F'\t' '/^[0-9a-f]+ <.*>:$/ {fn=$0} NF>=2 && $2 ~ /^v/ {print fn}' | sort -u \
    | sed 's/^[0-9a-f]* //' | cut -c1-60
