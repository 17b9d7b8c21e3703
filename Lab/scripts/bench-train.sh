#!/bin/sh
# Times the default training run (541 examples × 30 epochs, batch 32, 2 threads) in a
# release build. Extra arguments: examples epochs threads batch.
set -e
cd "$(dirname "$0")/../.."
swift build --package-path Lab -c release --product bench-train >&2
exec Lab/.build/release/bench-train "$@"
