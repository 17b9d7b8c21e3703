// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FiniteAutomataToolkit",
    products: [
        .library(name: "DrawingClassifier", targets: ["DrawingClassifier"]),
        .library(name: "AutomatonRecognition", targets: ["AutomatonRecognition"]),
        .executable(name: "fa-train", targets: ["fa-train"]),
        .executable(name: "fa-recognize", targets: ["fa-recognize"]),
        .library(name: "AutomatonOperations", targets: ["AutomatonOperations"]),
        .executable(name: "fa-automaton", targets: ["fa-automaton"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        .executableTarget(name: "fa-train", dependencies: [
            "DrawingClassifier",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "fa-recognize", dependencies: [
            "DrawingClassifier", "AutomatonRecognition", "AutomatonOperations",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Determinization, minimization, equivalence, regular expressions, JFLAP files.
        .target(name: "AutomatonOperations", dependencies: ["AutomatonRecognition", "DrawingClassifier"]),
        .executableTarget(name: "fa-automaton", dependencies: [
            "AutomatonOperations", "AutomatonRecognition", "DrawingClassifier",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Training-speed benchmark (scripts/bench-train.sh); not a product.
        .executableTarget(name: "bench-train", dependencies: ["DrawingClassifier"]),
        .testTarget(name: "DrawingClassifierTests", dependencies: ["DrawingClassifier", "CLibPNG"]),
        .testTarget(name: "AutomatonRecognitionTests",
                    dependencies: ["AutomatonRecognition", "DrawingClassifier"]),
        .testTarget(name: "AutomatonOperationsTests",
                    dependencies: ["AutomatonOperations", "AutomatonRecognition", "DrawingClassifier"],
                    exclude: ["Resources"]),
        .testTarget(name: "CommandLineTests", dependencies: ["DrawingClassifier"],
                    exclude: ["BadInputs"]),
    ]
)
