import DrawingClassifier
import Foundation

/// Thread CPU seconds of `body`: the machine is shared, and waiting is not our cost.
func threadSeconds(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
}

/// FLOPs (multiply + add = 2) of one pass of `layer` on `n` examples whose input is
/// `inputShape` `[n, …]`: a convolution 2·O·C·k²·H'·W' per example, as computed directly
/// (Winograd does fewer multiplications for the same result; the roofline counts the direct
/// work, as profilers of other frameworks do), a dense layer 2·I·O; the same for forward,
/// input gradient and weight gradient. Elementwise layers: 0.
func passFLOPs(_ layer: any Layer, inputShape: [Int]) -> Double {
    let n = Double(inputShape[0])
    switch layer.spec {
    case let .conv2D(c, o, k, pad):
        let oh = inputShape[2] + 2 * pad - k + 1, ow = inputShape[3] + 2 * pad - k + 1
        return 2 * n * Double(o * c * k * k * oh * ow)
    case let .dense(i, o):
        return 2 * n * Double(i * o)
    default:
        return 0
    }
}

/// Times every layer of the drawing classifier on a chunk of examples (4, the training
/// executor's chunk, or $CHUNK), one thread, per pass: forward, input gradient and weight
/// gradient (with bias gradient) apart. Prints a table and, for Lab/scripts/benchmark, one
/// tab-separated line per layer and pass: `pass-row  LAYER  PASS  µs  MFLOP`.
func benchmarkLayers(kernel: KernelPath) {
    var rng = SplitMix64(seed: 1)
    var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
    network.useKernels(kernel)
    print("kernel: \(kernel)")
    let chunk = Int(ProcessInfo.processInfo.environment["CHUNK"] ?? "4")!
    var x = Tensor.random(shape: [chunk, 1, 28, 28], in: 0..<1, using: &rng)
    // About 0.1 s per measurement whatever the chunk.
    let repeats = max(20, 800 / chunk)
    var inputs: [Tensor] = []
    for index in network.layers.indices {
        inputs.append(x)
        x = network.layers[index].forward(x)
    }
    var grad = Tensor.random(shape: x.shape, using: &rng)
    var totalSeconds = 0.0
    var rows: [String] = []
    for index in network.layers.indices.reversed() {
        var layer = network.layers[index]
        let input = inputs[index]
        var output = layer.forward(input)
        let forward = threadSeconds {
            for _ in 0..<repeats { output = layer.forward(input) }
        } / Double(repeats)
        var inputGrad = grad
        let backward = threadSeconds {
            for _ in 0..<repeats {
                _ = layer.forward(input)
                inputGrad = layer.backward(grad)
            }
        } / Double(repeats) - forward
        // The weight gradient alone: the same backward without the input gradient.
        var weightOnly = layer
        var weightGradient = 0.0
        if var conv = weightOnly as? Conv2D {
            conv.computesInputGradient = false
            weightOnly = conv
        } else if var dense = weightOnly as? Dense {
            dense.computesInputGradient = false
            weightOnly = dense
        }
        let hasWeights = passFLOPs(layer, inputShape: input.shape) > 0
        if hasWeights {
            weightGradient = threadSeconds {
                for _ in 0..<repeats {
                    _ = weightOnly.forward(input)
                    _ = weightOnly.backward(grad)
                }
            } / Double(repeats) - forward
        }
        let name = "\(layer.spec)".replacingOccurrences(of: "Channels", with: "")
        let label = "\(index + 1). \(name)"  // unique: three ReLUs, three pools
        let flops = passFLOPs(layer, inputShape: input.shape)
        // The first convolution computes no input gradient (its input is data).
        let inputGradientSeconds = inputGrad.count > 0 ? backward - weightGradient : 0
        let passes: [(String, Double, Double)] = [
            ("forward", forward, flops),
            ("input gradient", inputGradientSeconds, inputGrad.count > 0 ? flops : 0),
            ("weight gradient", weightGradient, flops),
        ]
        for (pass, seconds, passFlops) in passes where pass != "weight gradient" || hasWeights {
            if pass == "input gradient" && inputGrad.count == 0 { continue }
            rows.append("pass-row\t\(label)\t\(pass)\t"
                        + String(format: "%.2f\t%.4f", max(0, seconds) * 1e6, passFlops / 1e6))
        }
        totalSeconds += forward + backward
        let rate = { (s: Double, f: Double) in f > 0 && s > 0 ? f / s / 1e9 : 0 }
        print(name.padding(toLength: 58, withPad: " ", startingAt: 0)
              + String(format: " forward %7.1f µs (%5.1f GFLOP/s)  backward %7.1f µs"
                       + " (weight gradient %7.1f µs, %5.1f GFLOP/s)",
                       forward * 1e6, rate(forward, flops), backward * 1e6,
                       weightGradient * 1e6, rate(weightGradient, flops)))
        if inputGrad.count > 0 { grad = inputGrad } else { grad = output }
    }
    print(String(format: "total per chunk of %d: %.1f µs → %.0f samples/s on one thread "
                 + "(layers only)", chunk, totalSeconds * 1e6, Double(chunk) / totalSeconds))
    rows.forEach { print($0) }
}

/// Times a large square matrix product through the library (a dense layer of N inputs and
/// N outputs on N examples: one N×N×N product, 2·N³ FLOPs), one thread; prints
/// `matmul_gflops=…`.
func benchmarkMatrixProduct(size n: Int, kernel: KernelPath) {
    var rng = SplitMix64(seed: 1)
    var dense = Dense(inputCount: n, outputCount: n, using: &rng)
    dense.kernelPath = kernel
    let x = Tensor.random(shape: [n, n], using: &rng)
    var sink: Float = dense.forward(x).scalars[0]
    var best = Double.infinity
    let start = Date()
    while Date().timeIntervalSince(start) < 1 {
        best = min(best, threadSeconds { sink += dense.forward(x).scalars[0] })
    }
    print(String(format: "matmul_n=%d matmul_gflops=%.1f sink=%g", n,
                 2 * Double(n * n * n) / best / 1e9, Double(sink)))
}
