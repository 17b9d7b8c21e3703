import Foundation

/// Reads a whole file with a size limit — the one way the readers do it (strokes, InkML,
/// model files, Core ML models). A regular file larger than the limit is refused by its
/// size before a byte is read; anything else (a pipe, a device, standard input) is read in
/// chunks and refused as soon as it passes the limit, so `/dev/zero` cannot fill memory.
///
/// It lives here, in the lowest module, because every module with a reader builds on
/// `StrokeFormats`; each reader turns a `Failure` into its own error.
public enum BoundedFile {
    /// Why a file was not read.
    public enum Failure: Error, Sendable, Equatable {
        /// It could not be opened or read; `reason` says why.
        case unreadable(reason: String)
        /// It is a pipe, socket or device where a regular file was required.
        case notARegularFile
        /// It is larger than the limit: its size, or the bytes read when it passed it.
        case tooLarge(bytes: Int)

        /// The reason for an error message about a file that should have been `what` (a
        /// "model", say): "not a regular file", "N bytes is larger than any model", or why
        /// it could not be read.
        public func reason(expecting what: String) -> String {
            switch self {
            case let .unreadable(reason): reason
            case .notARegularFile: "not a regular file"
            case let .tooLarge(bytes): "\(bytes) bytes is larger than any \(what)"
            }
        }
    }

    /// The contents of `path`, at most `limit` bytes. With `regularFileOnly`, pipes,
    /// sockets and devices are refused before they are opened (opening a FIFO with no
    /// writer would block). `stop` is as in `read(from:limit:expectedBytes:stoppingWhen:)`.
    public static func read(contentsOf path: String, limit: Int, regularFileOnly: Bool = false,
                            stoppingWhen stop: ([UInt8], Int) -> Bool = { _, _ in false })
        throws(Failure) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        guard isRegular || !regularFileOnly else { throw .notARegularFile }
        guard !isRegular || Int(status.st_size) <= limit else {
            throw .tooLarge(bytes: Int(status.st_size))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(reason: "permission denied or I/O error")
        }
        defer { try? handle.close() }
        return try read(from: handle, limit: limit,
                        expectedBytes: isRegular ? Int(status.st_size) : 0, stoppingWhen: stop)
    }

    /// Reads `handle` to its end, 1 MiB at a time, refusing it as soon as it passes
    /// `limit`. `stop(bytes, start)` is asked after each chunk (`start`: where the chunk
    /// begins in `bytes`) and ends the reading early when it answers true.
    public static func read(from handle: FileHandle, limit: Int, expectedBytes: Int = 0,
                            stoppingWhen stop: ([UInt8], Int) -> Bool = { _, _ in false })
        throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(expectedBytes, 0), limit))
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw .unreadable(reason: "permission denied or I/O error")
            }
            guard let chunk, !chunk.isEmpty else { break }
            let start = bytes.count
            bytes.append(contentsOf: chunk)
            guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count) }
            if stop(bytes, start) { break }
        }
        return bytes
    }
}
