// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FiniteAutomataToolkit",
    products: [
        .library(name: "DrawingClassifier", targets: ["DrawingClassifier"]),
        .library(name: "AutomatonRecognition", targets: ["AutomatonRecognition"]),
        .library(name: "ModelExchange", targets: ["ModelExchange"]),
        .executable(name: "fa-train", targets: ["fa-train"]),
        .executable(name: "fa-recognize", targets: ["fa-recognize"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        .target(name: "MatrixKernels"),
        .target(name: "MatrixKernelsAVX2", swiftSettings: [
            .define("KERNELS_AVX2", .when(platforms: [.linux])),
            .unsafeFlags(["-target-cpu", "haswell"], .when(platforms: [.linux])),
        ]),
        .target(name: "MatrixKernelsAVX512", swiftSettings: [
            .define("KERNELS_AVX512", .when(platforms: [.linux])),
            .unsafeFlags(["-target-cpu", "skylake-avx512"], .when(platforms: [.linux])),
        ]),
        .target(name: "DrawingClassifier", dependencies: [
            "CLibPNG", "CPUFeatures", "MatrixKernels", "MatrixKernelsAVX2", "MatrixKernelsAVX512",
        ]),
        .target(name: "AutomatonRecognition", dependencies: ["DrawingClassifier", "CLibPNG"]),
        // ONNX and Core ML export, Core ML import (FORMATS.md §7). Generated/ holds the message
        // code of the ONNX and Core ML schemas (scripts/generate-protobuf).
        .target(name: "ModelExchange", dependencies: [
            "DrawingClassifier", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .executableTarget(name: "fa-train", dependencies: [
            "DrawingClassifier", "ModelExchange",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "fa-recognize", dependencies: [
            "DrawingClassifier", "AutomatonRecognition",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Training-speed benchmark (scripts/bench-train.sh); not a product.
        .executableTarget(name: "bench-train", dependencies: ["DrawingClassifier"]),
        .testTarget(name: "DrawingClassifierTests", dependencies: ["DrawingClassifier", "CLibPNG"]),
        .testTarget(name: "AutomatonRecognitionTests",
                    dependencies: ["AutomatonRecognition", "DrawingClassifier"]),
        .testTarget(name: "ModelExchangeTests", dependencies: [
            "ModelExchange", "DrawingClassifier",
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
        ]),
        .testTarget(name: "CommandLineTests", dependencies: ["DrawingClassifier"],
                    exclude: ["BadInputs"]),
    ]
)
