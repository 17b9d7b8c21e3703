import Pictures
/// Why an image-folder dataset could not be loaded. Messages name the folder or file and
/// say what layout is expected.
public enum DatasetError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The root folder does not exist.
    case folderMissing(path: String)
    /// The root path is a file, not a folder.
    case notAFolder(path: String)
    /// A folder could not be listed (permissions, I/O error).
    case cannotList(path: String, reason: String)
    /// The root holds no (non-hidden) sub-folders.
    case noClasses(path: String)
    /// The root holds a single class folder; a classifier needs at least two.
    case singleClass(path: String, className: String)
    /// A class folder yielded no readable PNG.
    case emptyClass(path: String, className: String, unreadableCount: Int, skippedCount: Int)
    /// In strict mode, the first PNG that could not be read.
    case unreadableImage(ImageLoadingError)
    /// A separately loaded dataset (e.g. a test folder) has different class folders.
    case classMismatch(path: String, classes: [String],
                       expectedPath: String, expectedClasses: [String])

    private static let layout = "expected one sub-folder of PNG files per class, "
        + "e.g. ROOT/circle/*.png and ROOT/arrow/*.png"

    public var description: String {
        switch self {
        case .folderMissing(let path):
            return "folder \(path): does not exist (\(Self.layout))"
        case .notAFolder(let path):
            return "folder \(path): is a file, not a folder (\(Self.layout))"
        case .cannotList(let path, let reason):
            return "folder \(path): cannot list its contents (\(reason))"
        case .noClasses(let path):
            return "folder \(path): contains no class folders (\(Self.layout))"
        case .singleClass(let path, let className):
            return "folder \(path): contains only one class folder (\(className)); "
                + "a classifier needs at least two classes"
        case .emptyClass(let path, let className, let unreadable, let skipped):
            return "folder \(path): class \(className) has no readable PNG "
                + "(\(unreadable) unreadable, \(skipped) other files skipped); "
                + "add PNG files or remove the folder"
        case .unreadableImage(let error):
            return "\(error) (strict mode stops at the first unreadable PNG; "
                + "without it such files are skipped and listed)"
        case .classMismatch(let path, let classes, let expectedPath, let expectedClasses):
            let missing = expectedClasses.filter { !classes.contains($0) }
            let extra = classes.filter { !expectedClasses.contains($0) }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing " + missing.joined(separator: ", ")) }
            if !extra.isEmpty { parts.append("extra " + extra.joined(separator: ", ")) }
            if parts.isEmpty { parts.append("same names, different count") }
            return "folder \(path): classes [\(classes.joined(separator: ", "))] do not match "
                + "[\(expectedClasses.joined(separator: ", "))] of folder \(expectedPath) "
                + "(\(parts.joined(separator: "; "))); both need the same class sub-folders"
        }
    }
}
