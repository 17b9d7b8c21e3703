// swift-tools-version:6.0
import PackageDescription

// The matrix kernels are optimised in debug builds too. Unoptimised, their SIMD code made
// most of the time of every recognition in a debug build (the tests, the debug commands, the
// editor's browser test): debug fa-recognize took 145 s on 2 000 composed drawings, 52 s with
// this, output byte-identical.
let optimizedInDebug = SwiftSetting.unsafeFlags(["-O"], .when(configuration: .debug))

let package = Package(
    name: "FiniteAutomataToolkit",
    products: [
        .library(name: "StrokeFormats", targets: ["StrokeFormats"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "DrawingClassifier", targets: ["DrawingClassifier"]),
        .library(name: "AutomatonRecognition", targets: ["AutomatonRecognition"]),
        .library(name: "ModelExchange", targets: ["ModelExchange"]),
        .executable(name: "fa-train", targets: ["fa-train"]),
        .executable(name: "fa-recognize", targets: ["fa-recognize"]),
        .executable(name: "fa-serve", targets: ["fa-serve"]),
        .library(name: "Automata", targets: ["Automata"]),
        .library(name: "AutomatonOperations", targets: ["AutomatonOperations"]),
        .executable(name: "fa-automaton", targets: ["fa-automaton"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // The generated code in Sources/ModelExchange/Generated is from protoc-gen-swift 1.39.0
        // and needs its runtime.
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        // libpng (and zlib, for the model file's CRC-32) through pkg-config.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev", "zlib1g-dev"]), .brew(["libpng"])]),
        // Matrix-product kernels: one source compiled three times (the AVX2 and AVX-512 folders
        // hold symlinks to Sources/MatrixKernels), chosen at run time through cpuid
        // (CPUFeatures). The target-CPU flags apply on Linux, where this is built and tested.
        .target(name: "CPUFeatures"),
        .target(name: "MatrixKernels", swiftSettings: [optimizedInDebug]),
        .target(name: "MatrixKernelsAVX2", swiftSettings: [
            .define("KERNELS_AVX2", .when(platforms: [.linux])),
            .unsafeFlags(["-target-cpu", "haswell"], .when(platforms: [.linux])),
            optimizedInDebug,
        ]),
        .target(name: "MatrixKernelsAVX512", swiftSettings: [
            .define("KERNELS_AVX512", .when(platforms: [.linux])),
            .unsafeFlags(["-target-cpu", "skylake-avx512"], .when(platforms: [.linux])),
            optimizedInDebug,
        ]),
        // A strict XML reader (no DTD, UTF-8): what the InkML and JFLAP readers parse with,
        // instead of Foundation's parser (libxml2: crashes on some bad input, leaks).
        .target(name: "XMLReading"),
        // Points, strokes and drawings, and the readers of FORMATS.md §1.
        .target(name: "StrokeFormats", dependencies: ["XMLReading"]),
        // The seedable generator every random choice draws from (SplitMix64).
        .target(name: "SeededRandom"),
        // The ε-NFA value, its simulation, DOT and the automaton JSON of FORMATS.md §2:
        // what the recogniser makes and the operations, the editor and the commands use.
        .target(name: "Automata", dependencies: ["StrokeFormats"]),
        // Raster canvas, vector picture + SVG, bitmap font, colours, PNG encoding.
        .target(name: "Pictures", dependencies: ["StrokeFormats", "CLibPNG"]),
        .target(name: "DrawingClassifier", dependencies: [
            "StrokeFormats", "Pictures", "CLibPNG", "CPUFeatures", "SeededRandom",
            "MatrixKernels", "MatrixKernelsAVX2", "MatrixKernelsAVX512",
        ]),
        // models/default.model, embedded byte for byte (#embed).
        .target(name: "DefaultModelData"),
        .target(name: "AutomatonRecognition", dependencies: [
            "Automata", "StrokeFormats", "Pictures", "DrawingClassifier", "DefaultModelData",
        ]),
        // ONNX and Core ML export, Core ML import (FORMATS.md §7). Generated/ holds the message
        // code of the ONNX and Core ML schemas (scripts/generate-protobuf).
        .target(name: "ModelExchange", dependencies: [
            "DrawingClassifier", "StrokeFormats", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .executableTarget(name: "fa-train", dependencies: [
            "DrawingClassifier", "StrokeFormats", "Pictures", "ModelExchange",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "fa-recognize", dependencies: [
            "DrawingClassifier", "AutomatonRecognition", "Automata", "StrokeFormats", "Pictures",
            "AutomatonOperations",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Determinization, minimization, equivalence, regular expressions, JFLAP files.
        .target(name: "AutomatonOperations",
                dependencies: ["Automata", "SeededRandom", "StrokeFormats", "XMLReading"]),
        .executableTarget(name: "fa-automaton", dependencies: [
            "AutomatonOperations", "Automata", "SeededRandom", "StrokeFormats",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The editor (issue 14): HTTP API of FORMATS.md §6 and the page, embedded in the
        // library (Page/ holds the page's files; EmbeddedPage.swift is written from them by
        // scripts/embed-page).
        .target(name: "EditorServer", dependencies: [
            "AutomatonRecognition", "AutomatonOperations", "Automata", "StrokeFormats", "DrawingClassifier",
            .product(name: "Hummingbird", package: "hummingbird"),
        ], exclude: ["Page"]),
        .executableTarget(name: "fa-serve", dependencies: [
            "EditorServer", "AutomatonRecognition", "DrawingClassifier",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // What every test target shares: one approximate-equality rule, where the data is.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "XMLReadingTests", dependencies: ["XMLReading", "TestSupport"]),
        .testTarget(name: "StrokeFormatsTests", dependencies: ["StrokeFormats", "TestSupport"]),
        .testTarget(name: "DrawingClassifierTests",
                    dependencies: ["DrawingClassifier", "StrokeFormats", "Pictures", "CLibPNG", "TestSupport"]),
        .testTarget(name: "AutomataTests", dependencies: ["Automata", "StrokeFormats"]),
        .testTarget(name: "AutomatonRecognitionTests",
                    dependencies: ["AutomatonRecognition", "Automata", "DrawingClassifier", "StrokeFormats",
                                   "Pictures", "TestSupport"]),
        .testTarget(name: "EditorServerTests", dependencies: [
            "EditorServer", "AutomatonRecognition", "AutomatonOperations", "Automata", "StrokeFormats", "TestSupport",
        ]),
        .testTarget(name: "ModelExchangeTests", dependencies: [
            "ModelExchange", "DrawingClassifier", "TestSupport",
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .testTarget(name: "AutomatonOperationsTests",
                    dependencies: ["AutomatonOperations", "Automata", "SeededRandom", "StrokeFormats"],
                    exclude: ["Resources"]),
        .testTarget(name: "CommandLineTests",
                    dependencies: ["DrawingClassifier", "StrokeFormats", "Pictures", "TestSupport"],
                    exclude: ["BadInputs"]),
    ]
)
