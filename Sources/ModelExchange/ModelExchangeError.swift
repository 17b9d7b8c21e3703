/// Why a model could not be exported to, or imported from, another format. Each description
/// is one line that names the file (and the layer, where one is at fault).
public enum ModelExchangeError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// The bytes are not a Core ML model: not protobuf, truncated, or no model in them.
    case notCoreML(path: String, reason: String)
    /// A Core ML model, but not of a kind that maps onto our classifier (a pipeline, a
    /// regressor, another input).
    case unsupportedModel(path: String, reason: String)
    /// A layer of a neural-network classifier that has no counterpart in our network.
    case unsupportedLayer(path: String, layer: String, reason: String)
    /// Our classifier cannot be written in the requested format.
    case notExportable(reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "file \(path): cannot read (\(reason))"
        case let .notCoreML(path, reason):
            "file \(path): not a Core ML model (\(reason)); give an .mlmodel file"
        case let .unsupportedModel(path, reason):
            "file \(path): cannot import this Core ML model: \(reason)"
        case let .unsupportedLayer(path, layer, reason):
            "file \(path): cannot import layer '\(layer)': \(reason); import takes a "
                + "turicreate drawing classifier (convolution, ReLU, max pooling, flatten, "
                + "inner product, softmax)"
        case let .notExportable(reason): "cannot export this model: \(reason)"
        }
    }
}
