// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FiniteAutomataToolkit",
    products: [
        .library(name: "StrokeFormats", targets: ["StrokeFormats"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "DrawingClassifier", targets: ["DrawingClassifier"]),
        .library(name: "AutomatonRecognition", targets: ["AutomatonRecognition"]),
        .executable(name: "fa-train", targets: ["fa-train"]),
        .executable(name: "fa-recognize", targets: ["fa-recognize"]),
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
        // Points, strokes and drawings, and the readers of FORMATS.md §1.
        .target(name: "StrokeFormats"),
        // Raster canvas, vector picture + SVG, bitmap font, colours, PNG encoding.
        .target(name: "Pictures", dependencies: ["StrokeFormats", "CLibPNG"]),
        .target(name: "DrawingClassifier", dependencies: [
            "StrokeFormats", "Pictures", "CLibPNG", "CPUFeatures",
            "MatrixKernels", "MatrixKernelsAVX2", "MatrixKernelsAVX512",
        ]),
        // models/default.model, embedded byte for byte (#embed).
        .target(name: "DefaultModelData"),
        .target(name: "AutomatonRecognition", dependencies: [
            "StrokeFormats", "Pictures", "DrawingClassifier", "DefaultModelData",
        ]),
        .executableTarget(name: "fa-train", dependencies: [
            "DrawingClassifier", "StrokeFormats", "Pictures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "fa-recognize", dependencies: [
            "DrawingClassifier", "AutomatonRecognition", "StrokeFormats", "Pictures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Training-speed benchmark (scripts/bench-train.sh); not a product.
        .executableTarget(name: "bench-train", dependencies: ["DrawingClassifier", "StrokeFormats"]),
        .testTarget(name: "DrawingClassifierTests",
                    dependencies: ["DrawingClassifier", "StrokeFormats", "Pictures", "CLibPNG"]),
        .testTarget(name: "AutomatonRecognitionTests",
                    dependencies: ["AutomatonRecognition", "DrawingClassifier", "StrokeFormats", "Pictures"]),
        .testTarget(name: "CommandLineTests", dependencies: ["DrawingClassifier", "StrokeFormats"],
                    exclude: ["BadInputs"]),
    ]
)
