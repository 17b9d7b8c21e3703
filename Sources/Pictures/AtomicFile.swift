import Foundation

/// Errors from writing an output file.
public struct FileWriteError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "file \(path): cannot write (\(reason))" }

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Writes whole files so that a reader never sees a half-written one: the bytes go to a
/// temporary file in the same folder, which is then renamed over the destination (rename
/// is atomic on POSIX file systems). If anything fails the temporary file is removed and
/// the previous file, if any, is left intact.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileWriteError(path: path, reason: "folder \(folder) does not exist")
        }
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw FileWriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                written += n
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, reason: failure)
        }
    }

    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        try write(Array(text.utf8), to: path)
    }
}
