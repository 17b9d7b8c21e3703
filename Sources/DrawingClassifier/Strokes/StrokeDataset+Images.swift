import Foundation
import StrokeFormats
import Pictures

extension StrokeDataset {
    /// The samples rasterized to images (one image per sample, all its strokes together),
    /// as an image dataset over `classes` (default: this dataset's own classes, sorted).
    /// Samples of other classes are left out. With `copies > 0`, every sample also yields
    /// that many augmented variants, drawn from `rng` — use this for the training part only,
    /// after splitting, so no variant of a test drawing leaks into training.
    public func rasterized(classes: [String]? = nil, rasterizer: Rasterizer = .standard,
                           augmentation: StrokeAugmentation = .none, copies: Int = 0,
                           using rng: inout SplitMix64) -> ImageFolderDataset {
        let classNames = classes ?? self.classes
        var images: [GrayImage] = []
        var labels: [Int] = []
        for sample in samples {
            guard let label = classNames.firstIndex(of: sample.label) else { continue }
            images.append(rasterizer.rasterize(sample.strokes))
            labels.append(label)
            for _ in 0..<copies {
                images.append(rasterizer.rasterize(augmentation.apply(to: sample.strokes, using: &rng)))
                labels.append(label)
            }
        }
        return ImageFolderDataset(classNames: classNames, images: images, labels: labels,
                                  side: rasterizer.side)
    }

    /// The samples at `indices`, in that order.
    public func subset(_ indices: [Int]) -> StrokeDataset {
        StrokeDataset(samples: indices.map { samples[$0] })
    }

    /// Class indices of the samples in `classes` order (-1 for a class not listed).
    public func labels(in classes: [String]) -> [Int] {
        samples.map { classes.firstIndex(of: $0.label) ?? -1 }
    }
}

/// Stroke data made ready for `ClassifierTraining`: split first (by held-out writers, or a
/// seeded stratified split), then rasterized, with augmented copies for training only.
public struct RasterizedStrokeSplit: Sendable {
    public var training: ImageFolderDataset
    public var test: ImageFolderDataset

    /// - Parameters:
    ///   - classes: classes to keep (default: all, sorted).
    ///   - heldOutWriters: when not empty, these writers' samples form the test part
    ///     (a writer-independent evaluation); otherwise `testFraction` of each class.
    ///   - copies: augmented variants per training sample.
    public init(strokes: StrokeDataset, classes: [String]? = nil, testFraction: Double = 0.2,
                heldOutWriters: Set<String> = [], rasterizer: Rasterizer = .standard,
                augmentation: StrokeAugmentation = .none, copies: Int = 0, seed: UInt64) {
        let classNames = classes ?? strokes.classes
        let kept = strokes.subset(strokes.samples.indices.filter {
            classNames.contains(strokes.samples[$0].label)
        })
        let trainPart: StrokeDataset, testPart: StrokeDataset
        if heldOutWriters.isEmpty {
            var rng = SplitMix64(seed: seed, stream: .split)
            let split = DatasetSplit(stratifying: kept.labels(in: classNames),
                                     testFraction: testFraction, using: &rng)
            (trainPart, testPart) = (kept.subset(split.training), kept.subset(split.test))
        } else {
            (trainPart, testPart) = kept.splitByWriter(heldOut: heldOutWriters)
        }
        var rng = SplitMix64(seed: seed, stream: .strokeAugmentation)
        training = trainPart.rasterized(classes: classNames, rasterizer: rasterizer,
                                        augmentation: augmentation, copies: copies, using: &rng)
        test = testPart.rasterized(classes: classNames, rasterizer: rasterizer, using: &rng)
    }
}

extension StrokeDataset {
    /// Writes the samples as an MNIST-Maker-style PNG dataset: `folder/<class>/<name>.png`,
    /// one 28×28 image per sample, named after its source file (and writer, for the $1
    /// logs). Each file is written atomically. Returns the number of files written.
    @discardableResult
    ///
    /// With `copies > 0`, each sample also yields that many variants augmented with
    /// `augmentation` (`<name>-aug<k>.png`), drawn from `rng`; with `heads`, the copies of
    /// the samples of class `arrow` first get their head redrawn by it.
    public func exportPNGFolders(to folder: String, classes: [String]? = nil,
                                 rasterizer: Rasterizer = .standard,
                                 augmentation: StrokeAugmentation = .none, copies: Int = 0,
                                 heads: ArrowHeadVariation? = nil,
                                 using rng: inout SplitMix64) throws(FileWriteError) -> Int {
        let classNames = classes ?? self.classes
        var written = 0
        for sample in samples where classNames.contains(sample.label) {
            let classFolder = folder + "/" + sample.label
            do {
                try FileManager.default.createDirectory(atPath: classFolder,
                                                        withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: classFolder, reason: "cannot create folder")
            }
            var name = URL(fileURLWithPath: sample.source).deletingPathExtension().lastPathComponent
            name = name.replacingOccurrences(of: "#", with: "-")
            if let writer = sample.writer {
                let speed = URL(fileURLWithPath: sample.source).deletingLastPathComponent().lastPathComponent
                name = "\(writer)-\(speed)-\(name)"
            }
            try rasterizer.rasterize(sample.strokes).writePNG(to: classFolder + "/" + name + ".png")
            written += 1
            for copy in 0..<copies {
                var strokes = sample.strokes
                if let heads, sample.label == "arrow", strokes.count == 1 {
                    strokes = [heads.apply(to: strokes[0], using: &rng)]
                }
                strokes = augmentation.apply(to: strokes, using: &rng)
                try rasterizer.rasterize(strokes).writePNG(to: classFolder + "/\(name)-aug\(copy + 1).png")
                written += 1
            }
        }
        return written
    }
}
