// swift-tools-version:6.0
// libFuzzer harnesses, kept out of the main package so that its `swift build` and
// `swift test` never need the fuzzer runtime. Build and run them with `scripts/fuzz`.
import Foundation
import PackageDescription

/// A path dependency's identity is its folder name, which differs between checkouts.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent
let classifier = Target.Dependency.product(name: "DrawingClassifier", package: mainPackage)
let recognition = Target.Dependency.product(name: "AutomatonRecognition", package: mainPackage)
let support = Target.Dependency(stringLiteral: "FuzzSupport")

let package = Package(
    name: "FiniteAutomataToolkitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["FuzzerDriver"]),
        .executableTarget(name: "fuzz-png", dependencies: [classifier, support]),
        .executableTarget(name: "fuzz-strokes", dependencies: [classifier, support]),
        .executableTarget(name: "fuzz-gesture-xml", dependencies: [classifier, support]),
        .executableTarget(name: "fuzz-model-file", dependencies: [classifier, support]),
        .executableTarget(name: "fuzz-pipeline", dependencies: [classifier, recognition, support]),
        // Writes the seed corpora from the project's own writers (built without the fuzzer).
        .executableTarget(name: "fuzz-seeds", dependencies: [classifier, recognition]),
    ]
)
