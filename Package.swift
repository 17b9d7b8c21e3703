// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FiniteAutomataToolkit",
    products: [
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
        .target(name: "DrawingClassifier", dependencies: ["CLibPNG"]),
        .target(name: "AutomatonRecognition", dependencies: ["DrawingClassifier", "CLibPNG"]),
        .executableTarget(name: "fa-train", dependencies: [
            "DrawingClassifier",
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
        .testTarget(name: "CommandLineTests", dependencies: ["DrawingClassifier"]),
    ]
)
