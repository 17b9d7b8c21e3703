import Foundation

/// One stroke training example: the strokes of one file (rasterized together), its class
/// and, for the $1 logs, its writer (`s01`…) so callers can hold writers out.
public struct StrokeSample: Sendable, Equatable {
    public var strokes: [Stroke]
    public var label: String
    /// The writer folder (`sNN`) of a $1 gesture log; nil for class folders.
    public var writer: String?
    /// The file the sample came from (with `#line` appended for a JSON Lines line).
    public var source: String

    public init(strokes: [Stroke], label: String, writer: String? = nil, source: String) {
        self.strokes = strokes
        self.label = label
        self.writer = writer
        self.source = source
    }
}

/// Why a stroke dataset could not be loaded.
public enum StrokeDatasetError: Error, CustomStringConvertible, Equatable, Sendable {
    case notAFolder(path: String)
    case noSamples(path: String)
    case badFile(StrokeFormatError)

    public var description: String {
        switch self {
        case .notAFolder(let path):
            return "folder \(path): not found or not a folder (give the dataset's root folder)"
        case .noSamples(let path):
            return "folder \(path): no stroke files found (expected one subfolder of stroke "
                + "files per class, or the $1 layout sNN/{slow,medium,fast}/<gesture>NN.xml)"
        case .badFile(let error):
            return error.description
        }
    }
}

/// Stroke training data on disk, in one of two layouts:
///
/// - **class folders**: `root/<class>/<file>`, each file in any format of FORMATS.md §1 and
///   one sample (a JSON Lines file gives one sample per line);
/// - **$1 gesture logs**: `root/sNN/{slow,medium,fast}/<gesture>NN.xml`; the class is the file
///   name without extension and trailing digits, the writer is `sNN`.
///
/// Hidden files are skipped; any unreadable stroke file is an error naming it. Samples are in
/// a fixed order (sorted paths), so a seeded split is reproducible.
public struct StrokeDataset: Sendable {
    public var samples: [StrokeSample]

    public init(samples: [StrokeSample]) { self.samples = samples }

    /// Class names, sorted.
    public var classes: [String] { Array(Set(samples.map(\.label))).sorted() }
    /// Writers present (empty for class folders), sorted.
    public var writers: [String] { Array(Set(samples.compactMap(\.writer))).sorted() }

    /// Loads either layout, recognised by its folders (`sNN` writer folders → $1 logs).
    public static func load(at root: String, limits: StrokeLimits = .standard)
        throws(StrokeDatasetError) -> StrokeDataset {
        let folders = try subfolders(of: root)
        let isDollar = !folders.isEmpty && folders.allSatisfy { name in
            name.count >= 2 && name.first == "s" && name.dropFirst().allSatisfy(\.isNumber)
        }
        var samples: [StrokeSample] = []
        for folder in folders {
            let path = root + "/" + folder
            if isDollar {
                for file in try files(under: path) {
                    let label = String(lastComponent(file).split(separator: ".").first ?? "")
                    let name = String(label.reversed().drop(while: \.isNumber).reversed())
                    samples += try read(file, label: name, writer: folder, limits: limits)
                }
            } else {
                for file in try files(under: path) {
                    samples += try read(file, label: folder, writer: nil, limits: limits)
                }
            }
        }
        guard !samples.isEmpty else { throw .noSamples(path: root) }
        return StrokeDataset(samples: samples)
    }

    /// Splits by writer: samples whose writer is in `heldOut` go to `test`.
    public func splitByWriter(heldOut: Set<String>) -> (train: StrokeDataset, test: StrokeDataset) {
        let test = samples.filter { $0.writer.map(heldOut.contains) ?? false }
        let train = samples.filter { !($0.writer.map(heldOut.contains) ?? false) }
        return (StrokeDataset(samples: train), StrokeDataset(samples: test))
    }

    private static func read(_ path: String, label: String, writer: String?,
                             limits: StrokeLimits) throws(StrokeDatasetError) -> [StrokeSample] {
        let input: DrawingInput
        do { input = try StrokeReader.read(contentsOfFile: path, limits: limits) }
        catch { throw .badFile(error) }
        var samples: [StrokeSample] = []
        for (index, result) in input.results.enumerated() {
            switch result {
            case .success(let drawing):
                let source = input.isBatch ? "\(path)#\(index + 1)" : path
                samples.append(StrokeSample(strokes: drawing.strokes, label: label,
                                            writer: writer, source: source))
            case .failure(let error):
                throw .badFile(error)
            }
        }
        return samples
    }

    private static func subfolders(of path: String) throws(StrokeDatasetError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
              isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw .notAFolder(path: path)
        }
        return names.filter { name in
            var folder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &folder)
                && folder.boolValue
        }.sorted()
    }

    /// Every non-hidden regular file below `path`, sorted by path.
    private static func files(under path: String) throws(StrokeDatasetError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw .notAFolder(path: path)
        }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                continue
            }
            var folder: ObjCBool = false
            let full = path + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &folder),
               !folder.boolValue {
                result.append(full)
            }
        }
        return result.sorted()
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }
}
