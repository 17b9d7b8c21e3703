import CLibPNG
import Foundation
import Pictures
import StrokeFormats

/// Why a model file could not be read.
public enum ModelFileError: Error, CustomStringConvertible, Sendable, Equatable {
    case unreadable(path: String, reason: String)
    case notAModel(path: String)
    case unsupportedVersion(path: String, version: UInt32)
    case truncated(path: String)
    case checksumMismatch(path: String)
    case badHeader(path: String, reason: String)
    case architectureMismatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "file \(path): cannot read model (\(reason))"
        case let .notAModel(path): "file \(path): not a model file (bad signature)"
        case let .unsupportedVersion(path, version):
            "file \(path): model format version \(version) is not supported (this build reads "
                + "version \(ModelFile.version)); retrain or upgrade"
        case let .truncated(path): "file \(path): model file is truncated"
        case let .checksumMismatch(path): "file \(path): model file is corrupt (checksum mismatch)"
        case let .badHeader(path, reason): "file \(path): model header is invalid (\(reason))"
        case let .architectureMismatch(path, reason):
            "file \(path): weights do not match the architecture (\(reason))"
        }
    }
}

/// The model file (FORMATS.md §3): one self-describing, versioned, checksummed file.
///
/// Layout, all integers little-endian:
/// ```
/// "FAMODEL\n"            8 bytes, signature
/// version                UInt32 (currently 1)
/// headerLength           UInt32, bytes of the JSON header
/// header                 UTF-8 JSON, sorted keys: format, architecture (layer specs),
///                        classes, preprocessing, training, parameterShapes
/// weights                Float32 little-endian, parameters in the network's visiting order
/// crc32                  UInt32, zlib CRC-32 of every byte before it
/// ```
/// The weights are the exact float bits, so a loaded model predicts bit for bit what the
/// trainer computed. A wrong signature, version, length or checksum is a clear error.
public enum ModelFile {
    public static let version: UInt32 = 1
    static let signature = Array("FAMODEL\n".utf8)
    /// Files larger than this are refused before reading (no real model comes close).
    public static let maximumBytes = 512 << 20

    struct Header: Codable {
        var format: UInt32
        var architecture: [LayerSpec]
        var classes: [String]
        var preprocessing: Preprocessing
        var training: TrainingMetadata
        var parameterShapes: [[Int]]
        var novelty: NoveltyDetector?
    }

    /// The file's bytes for a classifier.
    public static func encode(_ classifier: Classifier) -> [UInt8] {
        let values = classifier.network.parameterValues()
        let header = Header(format: version, architecture: classifier.network.specs,
                            classes: classifier.classes, preprocessing: classifier.preprocessing,
                            training: classifier.training, parameterShapes: values.map(\.shape),
                            novelty: classifier.novelty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain numbers, strings and arrays cannot fail.
        let headerBytes = Array((try? encoder.encode(header)) ?? Data())
        var bytes = signature
        appendUInt32(version, to: &bytes)
        appendUInt32(UInt32(headerBytes.count), to: &bytes)
        bytes += headerBytes
        for value in values {
            for scalar in value.scalars { appendUInt32(scalar.bitPattern, to: &bytes) }
        }
        appendUInt32(crc32(of: bytes[...]), to: &bytes)
        return bytes
    }

    /// Decodes a classifier from a file's bytes; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(ModelFileError) -> Classifier {
        guard bytes.count >= signature.count, Array(bytes[0..<signature.count]) == signature else {
            throw .notAModel(path: path)
        }
        guard bytes.count >= signature.count + 12 else { throw .truncated(path: path) }
        let fileVersion = readUInt32(bytes, at: 8)
        guard fileVersion == version else { throw .unsupportedVersion(path: path, version: fileVersion) }
        let headerLength = Int(readUInt32(bytes, at: 12))
        let headerStart = 16
        guard headerLength <= bytes.count - headerStart - 4 else { throw .truncated(path: path) }
        let stored = readUInt32(bytes, at: bytes.count - 4)
        guard stored == crc32(of: bytes[0..<(bytes.count - 4)]) else {
            throw .checksumMismatch(path: path)
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self,
                from: Data(bytes[headerStart..<(headerStart + headerLength)]))
        } catch {
            throw .badHeader(path: path, reason: "\(error)")
        }
        guard header.format == version else {
            throw .unsupportedVersion(path: path, version: header.format)
        }
        guard header.classes.count >= 2, Set(header.classes).count == header.classes.count else {
            throw .badHeader(path: path, reason: "needs at least two distinct class labels")
        }
        let p = header.preprocessing
        guard p.width > 0, p.height > 0, p.width <= 1024, p.height <= 1024 else {
            throw .badHeader(path: path, reason: "input size \(p.width)×\(p.height) is not usable")
        }
        do {
            try header.architecture.validate(inputShape: [1, p.height, p.width],
                                             classCount: header.classes.count)
        } catch {
            throw .architectureMismatch(path: path, reason: "\(error)")
        }
        // A short file claiming millions of weights is refused before they are allocated.
        let claimedCount = header.architecture.reduce(0) { $0 + $1.parameterCount }
        guard bytes.count - 4 - (headerStart + headerLength) >= claimedCount * 4 else {
            throw .truncated(path: path)
        }
        var rng = SplitMix64(seed: 0)
        var network = Network(specs: header.architecture, using: &rng)
        let expectedShapes = network.parameterValues().map(\.shape)
        guard expectedShapes == header.parameterShapes else {
            throw .architectureMismatch(path: path,
                reason: "parameter shapes \(header.parameterShapes) != \(expectedShapes)")
        }
        let weightCount = expectedShapes.reduce(0) { $0 + $1.reduce(1, *) }
        var offset = headerStart + headerLength
        guard bytes.count - 4 - offset == weightCount * 4 else {
            throw bytes.count - 4 - offset < weightCount * 4
                ? .truncated(path: path)
                : .badHeader(path: path, reason: "unexpected bytes after the weights")
        }
        var values: [Tensor] = []
        for shape in expectedShapes {
            let count = shape.reduce(1, *)
            var scalars = [Float](repeating: 0, count: count)
            for i in 0..<count {
                scalars[i] = Float(bitPattern: readUInt32(bytes, at: offset))
                offset += 4
            }
            guard scalars.allSatisfy(\.isFinite) else {
                throw .badHeader(path: path, reason: "weights contain NaN or infinity")
            }
            values.append(Tensor(shape: shape, scalars: scalars))
        }
        do {
            try network.setParameterValues(values)
        } catch {
            throw .architectureMismatch(path: path, reason: "\(error)")
        }
        if let novelty = header.novelty {
            let d = novelty.means.first?.count ?? 0
            guard novelty.means.count == header.classes.count, novelty.means.allSatisfy({ $0.count == d }),
                  novelty.precision.count == d * d, d == featureCount(of: header.architecture, p) else {
                throw .badHeader(path: path, reason: "novelty detector does not match the network")
            }
            if let ink = novelty.inkRange, !(ink.minimum.isFinite && ink.maximum.isFinite
                                             && ink.minimum <= ink.maximum) {
                throw .badHeader(path: path, reason: "novelty ink range is not a range of numbers")
            }
        }
        return Classifier(network: network, classes: header.classes, preprocessing: header.preprocessing,
                          training: header.training, novelty: header.novelty)
    }

    /// Writes the classifier atomically: a reader never sees a half-written model, and a
    /// failed write leaves the previous file intact.
    public static func write(_ classifier: Classifier, to path: String) throws(FileWriteError) {
        try AtomicFile.write(encode(classifier), to: path)
    }

    /// Reads and checks a model file.
    public static func read(from path: String) throws(ModelFileError) -> Classifier {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(contentsOf: path, limit: maximumBytes, regularFileOnly: true)
        } catch {
            throw .unreadable(path: path, reason: error.reason(expecting: "model"))
        }
        return try decode(bytes, path: path)
    }

    /// The size of the features that feed the last layer.
    private static func featureCount(of specs: [LayerSpec], _ p: Preprocessing) -> Int {
        var shape = [1, p.height, p.width]
        for spec in specs.dropLast() { shape = (try? spec.outputShape(for: shape)) ?? [0] }
        return shape.reduce(1, *)
    }

    private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func crc32(of bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CLibPNG.crc32(0, buffer.baseAddress, UInt32(buffer.count)))
        }
    }
}
