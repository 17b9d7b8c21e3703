// Times the default training configuration of the drawing classifier (FORMATS.md model:
// 28×28 input, 3 classes) on synthetic images, and reports throughput.
// Usage: bench-train [examples=541] [epochs=30] [threads=2] [batch=32] [portable|avx2|avx512]
//        bench-train layers [portable|avx2|avx512]   (per-layer, per-pass CPU time, one thread)
//        bench-train matmul [N=1024] [portable|avx2|avx512]   (an N×N×N product, one thread)
// The kernel defaults to the fastest this CPU supports.
import DrawingClassifier
import Foundation

/// Synthetic white-on-black 28×28 drawings: a ring (0), a bar (1) or a cross (2), at random
/// positions and sizes. Only the timing matters; the classes are learnable so that the loss
/// printed at the end shows the run did something.
func syntheticDrawings(count: Int, using rng: inout SplitMix64) -> LabeledImages {
    var scalars = [Float](repeating: 0, count: count * 28 * 28)
    var labels: [Int] = []
    for n in 0..<count {
        let label = n % 3
        let cx = 10 + rng.nextFloat(in: 0..<8), cy = 10 + rng.nextFloat(in: 0..<8)
        let r = 5 + rng.nextFloat(in: 0..<5)
        for y in 0..<28 {
            for x in 0..<28 {
                let dx = Float(x) - cx, dy = Float(y) - cy
                let ink: Bool
                switch label {
                case 0: ink = abs((dx * dx + dy * dy).squareRoot() - r) < 1.2
                case 1: ink = abs(dy) < 1.2 && abs(dx) < r
                default: ink = (abs(dx) < 1.2 || abs(dy) < 1.2) && abs(dx) < r && abs(dy) < r
                }
                if ink { scalars[n * 784 + y * 28 + x] = 0.6 + rng.nextFloat(in: 0..<0.4) }
            }
        }
        labels.append(label)
    }
    return LabeledImages(images: Tensor(shape: [count, 1, 28, 28], scalars: scalars),
                         labels: labels)
}

let kernel = CommandLine.arguments.dropFirst().compactMap(KernelPath.init(rawValue:)).first
    ?? .best
guard kernel.isSupported else {
    FileHandle.standardError.write(Data("this CPU cannot run the \(kernel.rawValue) kernels\n".utf8))
    exit(1)
}
if CommandLine.arguments.dropFirst().first == "layers" {
    benchmarkLayers(kernel: kernel)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "matmul" {
    let size = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }.first ?? 1024
    benchmarkMatrixProduct(size: size, kernel: kernel)
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let examples = arguments.count > 0 ? arguments[0] : 541
let epochs = arguments.count > 1 ? arguments[1] : 30
let threads = arguments.count > 2 ? arguments[2] : 2
let batch = arguments.count > 3 ? arguments[3] : 32

var rng = SplitMix64(seed: 1)
let data = syntheticDrawings(count: examples, using: &rng)
var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
network.useKernels(kernel)
// Forward FLOPs per example (multiply + add = 2): conv 2·O·C·9·H·W, dense 2·I·O.
let convolutionMACs: Int = 16 * 1 * 9 * 784 + 32 * 16 * 9 * 196 + 64 * 32 * 9 * 49
let denseMACs: Int = 576 * 128 + 128 * 3
let forwardFLOPs = 2.0 * Double(convolutionMACs + denseMACs)
let trainingFLOPs = 3 * forwardFLOPs  // forward + input gradient + weight gradient
let options = TrainingOptions(epochs: epochs, batchSize: batch, seed: 1, threadCount: threads)
let reports = try Trainer(options: options).train(
    &network, images: data.images, labels: data.labels,
    progress: { report in
        if report.epoch == 1 || report.epoch % 10 == 0 {
            FileHandle.standardError.write(Data(String(
                format: "epoch %3d  loss %.4f  accuracy %.3f  %.2f s\n", report.epoch,
                report.trainLoss, report.trainAccuracy, report.elapsedSeconds).utf8))
        }
    })
var usage = rusage()
getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
let seconds = reports.last!.elapsedSeconds
let samples = Double(examples * epochs)
print("kernel: \(kernel)")
print(String(format: "%d examples × %d epochs, batch %d, %d threads: %.2f s wall, %.0f samples/s, "
             + "%.1f GFLOP/s (%.2f MFLOP per training sample); %.2f CPU-seconds (all threads, "
             + "incl. data generation)", examples, epochs, batch, threads, seconds,
             samples / seconds, samples * trainingFLOPs / seconds / 1e9, trainingFLOPs / 1e6,
             cpuSeconds))
