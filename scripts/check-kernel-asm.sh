#!/bin/sh
# Checks the release build's machine code: the AVX2 and AVX-512 kernel copies use fused
# multiply-adds on ymm / zmm registers, the portable copy has no FMA and no fmaf calls, and
# no function outside the two wide kernels uses a VEX/EVEX (AVX) instruction, so a baseline
# x86-64 CPU never meets one (the wide kernels are entered only after cpuid says yes), and
# the wide objects define no weak (linker-shared) code, which the linker could otherwise
# pick for baseline callers.
set -e
cd "$(dirname "$0")/.."
swift build -c release --product bench-train >&2
for m in MatrixKernels MatrixKernelsAVX2 MatrixKernelsAVX512; do
    o=$(ls .build/release/$m.build/*.o | head -1)
    echo "$m: vfmadd on zmm $(objdump -d "$o" | grep -c 'vfmadd.*zmm'), on ymm" \
         "$(objdump -d "$o" | grep -c 'vfmadd.*ymm'), fmaf calls $(objdump -dr "$o" | grep -c fmaf)," \
         "weak code symbols $(nm "$o" | grep -c ' [Ww] ')"
done
echo "functions using AVX instructions in bench-train:"
objdump -d --no-show-raw-insn .build/release/bench-train \
    | awk -F'\t' '/^[0-9a-f]+ <.*>:$/ {fn=$0} NF>=2 && $2 ~ /^v/ {print fn}' | sort -u \
    | sed 's/^[0-9a-f]* //' | cut -c1-60
