import DrawingClassifier
import Foundation

/// Times forward and backward of every layer of the drawing classifier on a chunk of
/// examples (16, or $CHUNK), one thread.
func benchmarkLayers(kernel: KernelPath) {
    var rng = SplitMix64(seed: 1)
    var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
    network.useKernels(kernel)
    print("kernel: \(kernel)")
    let chunk = Int(ProcessInfo.processInfo.environment["CHUNK"] ?? "16")!
    var x = Tensor.random(shape: [chunk, 1, 28, 28], in: 0..<1, using: &rng)
    let repeats = 200
    // Thread CPU time, not wall time: the machine is shared, and waiting is not our cost.
    func measure(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
    }
    var inputs: [Tensor] = []
    for index in network.layers.indices {
        inputs.append(x)
        x = network.layers[index].forward(x)
    }
    var grad = Tensor.random(shape: x.shape, using: &rng)
    var totalSeconds = 0.0
    for index in network.layers.indices.reversed() {
        var layer = network.layers[index]
        let input = inputs[index]
        var output = layer.forward(input)
        let forward = measure {
            for _ in 0..<repeats { output = layer.forward(input) }
        }
        var inputGrad = grad
        let backward = measure {
            for _ in 0..<repeats {
                _ = layer.forward(input)
                inputGrad = layer.backward(grad)
            }
        } - forward
        let f = forward / Double(repeats), b = backward / Double(repeats)
        totalSeconds += f + b
        let name = "\(layer.spec)".replacingOccurrences(of: "Channels", with: "")
        print(name.padding(toLength: 58, withPad: " ", startingAt: 0)
              + String(format: " forward %8.1f µs  backward %8.1f µs", f * 1e6, b * 1e6))
        if inputGrad.count > 0 { grad = inputGrad } else { grad = output }
    }
    print(String(format: "total per chunk of %d: %.1f µs → %.0f samples/s on one thread",
                 chunk, totalSeconds * 1e6, Double(chunk) / totalSeconds))
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
