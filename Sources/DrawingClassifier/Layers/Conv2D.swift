/// A square 2-D convolution, stride 1, with zero padding ("same" when
/// `padding == kernelSize / 2`).
///
/// input [N, C, H, W] → output [N, O, H', W'], H' = H + 2·padding − kernelSize + 1.
/// The layer holds the parameters and a workspace; the work is done by the free functions
/// of Convolution/ (`convolutionForward`, `convolutionBackward`) with the algorithm that
/// `ConvolutionAlgorithm.choose` picks for the shape: patches and matrix products, the direct
/// single-channel kernels, or Winograd F(2×2, 3×3). `NaiveKernels.convolution` is the
/// direct reference.
public struct Conv2D: Layer {
    public let inputChannels: Int
    public let outputChannels: Int
    public let kernelSize: Int
    public let padding: Int
    /// `[outputChannels, inputChannels, kernelSize, kernelSize]`.
    public var weight: Parameter
    /// `[outputChannels]`.
    public var bias: Parameter
    /// When false (the first layer of a network, whose input is data), `backward` only
    /// accumulates the parameter gradients and returns an empty tensor.
    public var computesInputGradient = true

    private var input = Tensor(zeros: [0])  // kept from forward for backward
    /// Scratch space and the arranged weights for the last input size (nil: none yet).
    private var workspace: ConvolutionWorkspace?
    private var matrix = MatrixMultiply()
    private var outputBuffer = ReusableBuffer()
    private var inputGradBuffer = ReusableBuffer()

    /// Glorot-uniform weights, zero biases.
    public init(inputChannels: Int, outputChannels: Int, kernelSize: Int, padding: Int,
                using rng: inout SplitMix64) {
        let area = kernelSize * kernelSize
        let weight = Tensor.glorotUniform(
            shape: [outputChannels, inputChannels, kernelSize, kernelSize],
            fanIn: inputChannels * area, fanOut: outputChannels * area, using: &rng)
        self.init(weight: weight, bias: Tensor(zeros: [outputChannels]), padding: padding)
    }

    /// A convolution with the given weights `[O, C, k, k]` and bias `[O]`.
    public init(weight: Tensor, bias: Tensor, padding: Int) {
        precondition(weight.shape.count == 4 && weight.shape[2] == weight.shape[3],
                     "Conv2D weights must have shape [O, C, k, k], got \(weight.shape).")
        precondition(bias.shape == [weight.shape[0]],
                     "Conv2D bias must have shape [\(weight.shape[0])], got \(bias.shape).")
        precondition(padding >= 0 && padding < weight.shape[2],
                     "Conv2D padding must be in 0..<kernelSize, got \(padding).")
        outputChannels = weight.shape[0]
        inputChannels = weight.shape[1]
        kernelSize = weight.shape[2]
        self.padding = padding
        self.weight = Parameter(value: weight)
        self.bias = Parameter(value: bias)
    }

    /// Which compiled kernels this layer uses (default: the fastest this CPU runs).
    public var kernelPath: KernelPath {
        get { matrix.path }
        set {
            matrix = MatrixMultiply(path: newValue)
            workspace = nil  // the algorithm depends on the path's vector width
        }
    }

    public var spec: LayerSpec {
        .conv2D(inputChannels: inputChannels, outputChannels: outputChannels,
                kernelSize: kernelSize, padding: padding)
    }

    private func outputSize(height: Int, width: Int) -> (Int, Int) {
        (height + 2 * padding - kernelSize + 1, width + 2 * padding - kernelSize + 1)
    }

    public mutating func forward(_ input: Tensor) -> Tensor {
        precondition(input.shape.count == 4 && input.shape[1] == inputChannels,
                     "Conv2D expects input [N, \(inputChannels), H, W], got \(input.shape).")
        let (n, h, w) = (input.shape[0], input.shape[2], input.shape[3])
        let (oh, ow) = outputSize(height: h, width: w)
        precondition(oh > 0 && ow > 0, "Conv2D input \(input.shape) is smaller than its kernel.")
        let (c, o, k, pad) = (inputChannels, outputChannels, kernelSize, padding)
        self.input = input
        var workspace = preparedWorkspace(height: h, width: w)
        let algorithm = workspace.algorithm
        var matrix = self.matrix
        let output = outputBuffer.fill(count: n * o * oh * ow) { out in
            input.scalars.withUnsafeBufferPointer { x in
                workspace.withBuffers { buffers in
                    convolutionForward(out.baseAddress!, x.baseAddress!, batch: n, channels: c,
                                       height: h, width: w, outputs: o, kernelSize: k,
                                       padding: pad, algorithm: algorithm, buffers,
                                       &matrix)
                }
            }
        }
        self.matrix = matrix
        self.workspace = workspace
        return Tensor(shape: [n, o, oh, ow], scalars: output)
    }

    public mutating func backward(_ outputGrad: Tensor) -> Tensor {
        let input = self.input
        precondition(input.shape.count == 4, "Conv2D.backward needs a forward pass first.")
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (oh, ow) = outputSize(height: h, width: w)
        let (o, k, pad) = (outputChannels, kernelSize, padding)
        precondition(outputGrad.shape == [n, o, oh, ow],
                     "Conv2D output gradient must be [\(n), \(o), \(oh), \(ow)], "
                     + "got \(outputGrad.shape).")
        let inputGradient = computesInputGradient
        var workspace = preparedWorkspace(height: h, width: w)
        let algorithm = workspace.algorithm
        var matrix = self.matrix
        let inputGrad = inputGradBuffer.fill(count: inputGradient ? n * c * h * w : 0) { dx in
            input.scalars.withUnsafeBufferPointer { x in
            outputGrad.scalars.withUnsafeBufferPointer { g in
            weight.grad.scalars.withUnsafeMutableBufferPointer { dw in
            bias.grad.scalars.withUnsafeMutableBufferPointer { db in
                workspace.withBuffers { buffers in
                    convolutionBackward(
                        inputGradient: inputGradient ? dx.baseAddress! : nil,
                        weightGradient: dw.baseAddress!, biasGradient: db.baseAddress!,
                        outputGradient: g.baseAddress!, input: x.baseAddress!, batch: n,
                        channels: c, height: h, width: w, outputs: o, kernelSize: k,
                        padding: pad, algorithm: algorithm, buffers, &matrix)
                }
            }
            }
            }
            }
        }
        self.matrix = matrix
        self.workspace = workspace
        self.input = Tensor(zeros: [0])
        guard inputGradient else { return Tensor(zeros: [0]) }
        return Tensor(shape: [n, c, h, w], scalars: inputGrad)
    }

    /// The workspace for inputs of h×w (a new one for a new size), with the weights arranged.
    private mutating func preparedWorkspace(height h: Int, width w: Int) -> ConvolutionWorkspace {
        var workspace = self.workspace.flatMap { $0.fits(height: h, width: w) ? $0 : nil }
            ?? ConvolutionWorkspace(channels: inputChannels, outputs: outputChannels,
                                    kernelSize: kernelSize, padding: padding, height: h,
                                    width: w, kernels: matrix.kernels)
        self.workspace = nil  // not shared while it is in use: no copy on write
        workspace.arrange(weights: weight.value.scalars, bias: bias.value.scalars)
        return workspace
    }

    /// The weights as `[k, k, C, O]`: row (ky, kx, c) of the patches' product (what
    /// `InferencePlan` keeps).
    var weightsByTap: [Float] {
        let (c, o, taps) = (inputChannels, outputChannels, kernelSize * kernelSize)
        return [Float](unsafeUninitializedCapacity: taps * c * o) { target, initialized in
            weight.value.scalars.withUnsafeBufferPointer { w in
                arrangeWeightsByTap(w.baseAddress!, outputs: o, channels: c, taps: taps,
                                    into: target.baseAddress!)
            }
            initialized = taps * c * o
        }
    }

    public mutating func updateParameters(_ body: (inout Parameter) -> Void) {
        body(&weight)
        body(&bias)
    }
}
