/// Why an image could not be read. Every message names the file (or says the bytes came
/// from memory) and says what to do.
public enum ImageLoadingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be opened or read (missing, a folder, no permission...).
    case cannotRead(path: String, reason: String)
    /// The bytes do not start with the PNG signature (`reason`: "bad signature", "empty file").
    case notPNG(path: String, reason: String)
    /// The signature is right but libpng could not decode the rest; `reason` is libpng's message.
    case corrupt(path: String, reason: String)
    /// The header announces more pixels than `limits` allow; nothing was allocated.
    case tooLarge(path: String, width: Int, height: Int, limits: ImageLimits)

    /// The file the error is about; empty for bytes decoded from memory without a name.
    public var path: String {
        switch self {
        case .cannotRead(let path, _), .notPNG(let path, _), .corrupt(let path, _),
             .tooLarge(let path, _, _, _):
            path
        }
    }

    public var description: String {
        let subject = path.isEmpty ? "PNG data in memory" : "file \(path)"
        switch self {
        case .cannotRead(_, let reason):
            return "\(subject): cannot read (\(reason))"
        case .notPNG(_, let reason):
            return "\(subject): not a PNG (\(reason))"
        case .corrupt(_, let reason):
            return "\(subject): truncated or corrupt PNG (\(reason))"
        case .tooLarge(_, let width, let height, let limits):
            let hint = "raise it with ImageLimits(maxWidth:maxHeight:maxPixelCount:)"
            if width > limits.maxWidth || height > limits.maxHeight {
                return "\(subject): \(width)×\(height) pixels exceeds the limit "
                    + "\(limits.maxWidth)×\(limits.maxHeight) (\(hint))"
            }
            let count = width.multipliedReportingOverflow(by: height).partialValue
            return "\(subject): \(width)×\(height) = \(count) pixels exceeds the limit "
                + "of \(limits.maxPixelCount) pixels (\(hint))"
        }
    }
}
