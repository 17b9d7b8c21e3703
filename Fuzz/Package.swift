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
let pictures = Target.Dependency.product(name: "Pictures", package: mainPackage)
let strokes = Target.Dependency.product(name: "StrokeFormats", package: mainPackage)
/// What every harness links: the drawing classifier and the modules it reads through.
let library = [classifier, pictures, strokes]
let support = Target.Dependency(stringLiteral: "FuzzSupport")

let package = Package(
    name: "FiniteAutomataToolkitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["FuzzerDriver"]),
        .executableTarget(name: "fuzz-png", dependencies: library + [support]),
        .executableTarget(name: "fuzz-strokes", dependencies: library + [support]),
        .executableTarget(name: "fuzz-gesture-xml", dependencies: library + [support]),
        .executableTarget(name: "fuzz-inkml", dependencies: library + [support]),
        .executableTarget(name: "fuzz-model-file", dependencies: library + [support]),
        .executableTarget(name: "fuzz-pipeline", dependencies: library + [recognition, support]),
        // Writes the seed corpora from the project's own writers (built without the fuzzer).
        .executableTarget(name: "fuzz-seeds", dependencies: library + [recognition]),
    ]
)
