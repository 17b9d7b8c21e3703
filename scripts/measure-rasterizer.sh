#!/bin/sh
# Measures how the Rasterizer's ink compares with the real MNIST Maker PNGs, and how fast it is.
#   1. PNG ink statistics (Python stdlib decoder; scripts may use Python, the product does not).
#   2. The same statistics for the real $1 circles and arrows rasterized with a grid of pens and
#      margins, plus rasterize time per stroke: a small Swift program compiled with -O from the
#      library's stroke sources (no Package.swift target needed).
# Usage: scripts/measure-rasterizer.sh [DATASETS_DIR]   (default ../shared/datasets)
# Results are recorded in docs/rasterizer.md.
set -eu
cd "$(dirname "$0")/.."
DATASETS=${1:-../shared/datasets}
echo "== MNIST Maker PNGs (automata-editor) =="
python3 scripts/png_ink_stats.py "$DATASETS/automata-editor"
echo "== Rasterized \$1 strokes =="
BIN=.build/rasterizer-calibration
mkdir -p .build
swiftc -O -module-name Calibration -o "$BIN" \
    Sources/DrawingClassifier/Strokes/*.swift \
    Sources/DrawingClassifier/Data/GrayImage.swift \
    Sources/DrawingClassifier/Training/SplitMix64.swift \
    scripts/rasterizer-calibration/main.swift
"$BIN" "$DATASETS/dollar-gestures"
