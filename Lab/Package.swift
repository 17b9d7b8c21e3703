// swift-tools-version:6.0
// The lab: measuring executables that the scripts in Lab/scripts run (benchmarks, probes,
// the features the grouping models are fitted on), kept out of the product package so that
// its `swift build` builds the product only. Build one with
// `swift build --package-path Lab -c release --product NAME`.
import Foundation
import PackageDescription

/// A path dependency's identity is its folder name, which differs between checkouts.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent
func product(_ name: String) -> Target.Dependency { .product(name: name, package: mainPackage) }
let classifier = [product("DrawingClassifier"), product("StrokeFormats")]
let recognition = classifier + [product("AutomatonRecognition"), product("Automata")]
/// The measuring tools are short top-level scripts: Swift 5 mode spares them actor annotations.
let scriptMode: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "FiniteAutomataToolkitLab",
    dependencies: [.package(path: "..")],
    targets: [
        // Training and layer timings (Lab/scripts/bench-train.sh, Lab/scripts/benchmark).
        .executableTarget(name: "bench-train", dependencies: classifier),
        // This machine's FP32 peak on one thread (C: register-only FMA loop), for the
        // roofline of Lab/scripts/benchmark.
        .executableTarget(name: "peak-probe"),
        // Inference timings (Lab/scripts/benchmark).
        .executableTarget(name: "inference-probe", dependencies: classifier, swiftSettings: scriptMode),
        // Allocations per classified stroke (Lab/scripts/count-allocations).
        .executableTarget(name: "allocation-probe", dependencies: classifier, swiftSettings: scriptMode),
        // Rasterized strokes against the PNG ink (Lab/scripts/measure-rasterizer.sh).
        .executableTarget(name: "rasterizer-calibration",
                          dependencies: classifier + [product("Pictures")], swiftSettings: scriptMode),
        // Pen-up to assembled automaton (Lab/scripts/measure-recognition-latency).
        .executableTarget(name: "recognition-latency", dependencies: recognition, swiftSettings: scriptMode),
        // The grouping models' features (Lab/scripts/fit-grouping-models).
        .executableTarget(name: "grouping-features", dependencies: recognition, swiftSettings: scriptMode),
        // The assembler on true classes, for scoring geometry alone (Lab/scripts/score_diagrams.py).
        .executableTarget(name: "assemble-true-classes", dependencies: recognition, swiftSettings: scriptMode),
    ]
)
