/// A description of one layer: enough to rebuild it (without its weights) and to check
/// that a model file matches the architecture it claims.
public enum LayerSpec: Codable, Equatable, Sendable {
    /// A square convolution, stride 1, zero `padding` on each side ("same" when
    /// `padding == kernelSize / 2`). Weights `[outputChannels, inputChannels, k, k]`, bias `[outputChannels]`.
    case conv2D(inputChannels: Int, outputChannels: Int, kernelSize: Int, padding: Int)
    case relu
    /// Non-overlapping max pooling over `size`×`size` windows (stride = size, floor).
    case maxPool2D(size: Int)
    case flatten
    /// Weights `[outputCount, inputCount]`, bias `[outputCount]`.
    case dense(inputCount: Int, outputCount: Int)
}
