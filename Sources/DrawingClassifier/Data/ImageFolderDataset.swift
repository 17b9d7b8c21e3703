import Foundation
import Pictures

/// A labelled image set read from a folder laid out the MNIST Maker way: one sub-folder per
/// class, holding that class's PNG files.
///
/// ```
/// ROOT/arrow/0001.png   ROOT/circle/0001.png   ROOT/cycle/0001.png ...
/// ```
/// - Class names are the sub-folder names, sorted; label `i` is `classNames[i]`. Hidden
///   entries (names starting with ".") are ignored everywhere.
/// - Only one level is read inside each class folder: nested folders are never entered (so
///   symbolic-link loops cannot hang the loader), they are listed in `skippedFiles` with the
///   other non-PNG entries (files not ending in ".png", any case) and files at the root.
/// - A ".png" file that cannot be read is listed in `unreadableFiles` with the reason and
///   skipped, or stops the load when `strict` is set.
/// - Every image is brought to `side × side` (`GrayImage.fitted(toSide:polarity:)`).
/// - The order is deterministic: classes, then file names, sorted.
public struct ImageFolderDataset: Sendable {
    /// How files are read.
    public struct Options: Sendable, Equatable {
        /// Stop at the first unreadable PNG instead of skipping it.
        public var strict: Bool
        /// Decoding options: polarity of transparent backgrounds, inversion, size limits.
        public var png: PNGReadOptions
        /// The side of the square every image is fitted into.
        public var side: Int
        /// Fewer class folders is an error: 2 for a dataset to train or test on; 1 for
        /// extra training data that only adds examples of some classes.
        public var minimumClasses: Int

        /// Defaults: skip unreadable files, default PNG options, 28 × 28 images, 2 classes.
        public init(strict: Bool = false, png: PNGReadOptions = PNGReadOptions(),
                    side: Int = 28, minimumClasses: Int = 2) {
            precondition(side > 0, "The image side of a dataset must be positive.")
            self.strict = strict
            self.png = png
            self.side = side
            self.minimumClasses = minimumClasses
        }
    }

    /// A ".png" file that was skipped, and why.
    public struct UnreadableFile: Sendable, Equatable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// The full error message, which names the file (an `ImageLoadingError` description).
        public var reason: String
        public var description: String { reason }
    }

    /// The folder the dataset was read from.
    public let root: String
    /// Class names in label order (sorted folder names).
    public let classNames: [String]
    /// The images, all `side × side`, in load order.
    public let images: [GrayImage]
    /// `labels[i]` is the class index of `images[i]`.
    public let labels: [Int]
    /// `paths[i]` is the file `images[i]` came from.
    public let paths: [String]
    /// Entries that are not PNG files (or are folders inside class folders), skipped.
    public let skippedFiles: [String]
    /// ".png" files that could not be read (never set in strict mode, which throws instead).
    public let unreadableFiles: [UnreadableFile]
    /// The side of every image.
    public let side: Int

    /// The number of images.
    public var count: Int { images.count }

    /// The number of images of each class, in `classNames` order.
    public var classCounts: [Int] {
        var counts = [Int](repeating: 0, count: classNames.count)
        for label in labels { counts[label] += 1 }
        return counts
    }

    /// Loads every class folder under `root`. `progress(loaded, total)` is called after each
    /// ".png" file is tried (for a progress line on stderr, say).
    public init(root: String, options: Options = Options(),
                progress: (_ loaded: Int, _ total: Int) -> Void = { _, _ in })
        throws(DatasetError)
    {
        switch Self.kind(of: root) {
        case .missing: throw .folderMissing(path: root)
        case .file, .other: throw .notAFolder(path: root)
        case .folder: break
        }
        var skipped: [String] = []
        var classNames: [String] = []
        for name in try Self.visibleEntries(of: root) {
            let path = root + "/" + name
            if Self.kind(of: path) == .folder {
                classNames.append(name)
            } else {
                skipped.append(path)
            }
        }
        guard !classNames.isEmpty else { throw .noClasses(path: root) }
        guard classNames.count >= options.minimumClasses else {
            throw .singleClass(path: root, className: classNames[0])
        }

        // List first, so that progress knows the total.
        var candidates: [[String]] = []
        for className in classNames {
            let folder = root + "/" + className
            var pngs: [String] = []
            for name in try Self.visibleEntries(of: folder) {
                let path = folder + "/" + name
                let isPNG = name.lowercased().hasSuffix(".png") && Self.kind(of: path) != .folder
                if isPNG { pngs.append(path) } else { skipped.append(path) }
            }
            candidates.append(pngs)
        }
        let total = candidates.reduce(0) { $0 + $1.count }

        var images: [GrayImage] = [], labels: [Int] = [], paths: [String] = []
        var unreadable: [UnreadableFile] = []
        var loaded = 0
        for (label, files) in candidates.enumerated() {
            var classImages = 0, classUnreadable = 0
            for path in files {
                do {
                    let image = try GrayImage(contentsOfPNG: path, options: options.png)
                    images.append(image.fitted(toSide: options.side,
                                               polarity: options.png.polarity))
                    labels.append(label)
                    paths.append(path)
                    classImages += 1
                } catch {
                    if options.strict { throw .unreadableImage(error) }
                    unreadable.append(UnreadableFile(path: path, reason: error.description))
                    classUnreadable += 1
                }
                loaded += 1
                progress(loaded, total)
            }
            if classImages == 0 {
                let folder = root + "/" + classNames[label]
                let skippedHere = skipped.filter { $0.hasPrefix(folder + "/") }.count
                throw .emptyClass(path: folder, className: classNames[label],
                                  unreadableCount: classUnreadable, skippedCount: skippedHere)
            }
        }
        self.root = root
        self.classNames = classNames
        self.images = images
        self.labels = labels
        self.paths = paths
        self.skippedFiles = skipped
        self.unreadableFiles = unreadable
        self.side = options.side
    }

    /// A dataset of images already in memory (rasterized strokes, say). Every image must be
    /// `side × side` and every label a valid index into `classNames`.
    public init(classNames: [String], images: [GrayImage], labels: [Int], side: Int = 28,
                root: String = "") {
        precondition(images.count == labels.count, "Each image needs exactly one label.")
        precondition(images.allSatisfy { $0.width == side && $0.height == side },
                     "Every image of a dataset must be \(side)×\(side); use fitted(toSide:).")
        precondition(labels.allSatisfy { classNames.indices.contains($0) },
                     "Every label must index into the \(classNames.count) class names.")
        self.root = root
        self.classNames = classNames
        self.images = images
        self.labels = labels
        self.paths = [String](repeating: "", count: images.count)
        self.skippedFiles = []
        self.unreadableFiles = []
        self.side = side
    }

    /// Throws unless `self` has exactly the classes of `reference`, in the same order — for a
    /// separate test folder, whose labels must mean what the training labels mean.
    public func checkSameClasses(as reference: ImageFolderDataset) throws(DatasetError) {
        guard classNames == reference.classNames else {
            throw .classMismatch(path: root, classes: classNames,
                                 expectedPath: reference.root,
                                 expectedClasses: reference.classNames)
        }
    }

    /// The images at `indices` (all of them by default) as a training batch: `images` is
    /// `[N, 1, side, side]`, each pixel made an input by `preprocessing.input` (only that
    /// rule is used: the images keep the dataset's side), `labels[n]` the class of image n.
    public func tensors(at indices: [Int]? = nil, preprocessing: Preprocessing = .mnistMaker)
        -> (images: Tensor, labels: [Int]) {
        let chosen = indices ?? Array(images.indices)
        let plane = side * side
        var scalars = [Float](repeating: 0, count: chosen.count * plane)
        for (n, index) in chosen.enumerated() {
            let pixels = images[index].pixels
            for i in 0..<plane { scalars[n * plane + i] = preprocessing.input(pixels[i]) }
        }
        return (Tensor(shape: [chosen.count, 1, side, side], scalars: scalars),
                chosen.map { labels[$0] })
    }

    // MARK: - File system

    private enum Kind { case missing, folder, file, other }

    /// What `path` is, following symbolic links once (a dangling link or a link loop is
    /// `.missing`).
    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// The names in a folder, without hidden ones, sorted.
    private static func visibleEntries(of folder: String) throws(DatasetError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw .cannotList(path: folder, reason: error.localizedDescription)
        }
    }
}
