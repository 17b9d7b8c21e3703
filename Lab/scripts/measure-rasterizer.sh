#!/bin/sh
# Measures how the Rasterizer's ink compares with the real MNIST Maker PNGs, and how fast it is.
#   1. PNG ink statistics (Python stdlib decoder; scripts may use Python, the product does not).
#   2. The same statistics for the real $1 circles and arrows rasterized with a grid of pens and
#      margins, plus rasterize time per stroke (Lab/Sources/rasterizer-calibration).
# Usage: Lab/scripts/measure-rasterizer.sh [DATASETS_DIR]   (default ../shared/datasets)
# Results are recorded in docs/rasterizer.md.
set -eu
cd "$(dirname "$0")/../.."
DATASETS=${1:-../shared/datasets}
echo "== MNIST Maker PNGs (automata-editor) =="
python3 Lab/scripts/png_ink_stats.py "$DATASETS/automata-editor"
echo "== Rasterized \$1 strokes =="
export PATH="/opt/swift/usr/bin:$PATH"
swift build --package-path Lab -c release --product rasterizer-calibration >&2
BIN=$(swift build --package-path Lab -c release --show-bin-path)/rasterizer-calibration
"$BIN" "$DATASETS/dollar-gestures"
