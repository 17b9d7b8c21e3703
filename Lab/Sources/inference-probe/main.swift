import DrawingClassifier
#if canImport(StrokeFormats)
import StrokeFormats  // (before the house moves, Stroke was in DrawingClassifier)
#endif
import Foundation
// infer-probe DATA THREADS SECONDS: single-image latency, then batch-256 throughput.
let arguments = CommandLine.arguments
guard arguments.count == 4, let threads = Int(arguments[2]), threads >= 1,
      let budget = Double(arguments[3]), budget > 0 else {
    FileHandle.standardError.write(Data("usage: inference-probe DATA THREADS SECONDS\n".utf8))
    exit(64)
}
let dataset: ImageFolderDataset
do { dataset = try ImageFolderDataset(root: arguments[1]) } catch {
    FileHandle.standardError.write(Data("inference-probe: \(error)\n".utf8))
    exit(1)
}
let all = dataset.tensors().images
var rng = SplitMix64(seed: 1)
var network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
network.useKernels(.best)
// What fa-recognize uses: a Classifier, which keeps the network's InferencePlan.
let net = Classifier(network: network, classes: ["arrow", "circle", "cycle"])
func clock(_ id: clockid_t) -> Double {
    var t = timespec(); clock_gettime(id, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}
func now() -> Double { clock(CLOCK_MONOTONIC) }
/// `count` real images starting at `start`, wrapping around: `[count, 1, 28, 28]`.
func images(_ start: Int, _ count: Int) -> Tensor {
    var scalars = [Float](); scalars.reserveCapacity(count * 784)
    for i in 0..<count {
        let j = (start + i) % all.shape[0]
        scalars += all.scalars[j * 784..<(j + 1) * 784]
    }
    return Tensor(shape: [count, 1, 28, 28], scalars: scalars)
}
let singles = (0..<all.shape[0]).map { images($0, 1) }
var sink: Float = 0
for i in 0..<50 { sink += net.probabilities(singles[i % singles.count]).scalars[0] }
var latencies: [Double] = []
let singleStart = now(), singleCPU = clock(CLOCK_PROCESS_CPUTIME_ID)
while now() - singleStart < budget / 2 || latencies.count < 100 {
    let t = now()
    sink += net.probabilities(singles[latencies.count % singles.count]).scalars[0]
    latencies.append(now() - t)
}
let singleWall = now() - singleStart, singleCPUTime = clock(CLOCK_PROCESS_CPUTIME_ID) - singleCPU
latencies.sort()
// One stroke end to end: rasterize (as fa-recognize does: 28×28, pen 4 drawing units) and
// classify. Strokes: a circle and an arrow of 64 points each, in drawing units.
let circle = Stroke(points: (0..<64).map { i in
    let t = Double(i) / 63 * 2 * Double.pi
    return Point(x: 150 + 80 * cos(t), y: 150 + 70 * sin(t))
})
let shaft: [Point] = (0..<48).map { i in Point(x: 20 + 4 * Double(i), y: 40 + Double(i)) }
let barb: [Point] = (0..<16).map { i in Point(x: 208 - 2 * Double(i), y: 87 - 2.5 * Double(i)) }
let arrow = Stroke(points: shaft + barb)
let rasterizer = Rasterizer.standard
let plan = net.plan!
var workspace = InferencePlan.Workspace(for: plan)
var strokeLatencies: [Double] = []
var pixels = [Float](repeating: 0, count: 784)
var logits = [Float](repeating: 0, count: 3)
// The allocation-free path: the rasterizer and the plan write into buffers kept here.
func classifyStroke(_ strokes: [Stroke]) {
    rasterizer.rasterize(strokes, into: &pixels)
    pixels.withUnsafeBufferPointer { p in
        logits.withUnsafeMutableBufferPointer { l in
            plan.run(p.baseAddress!, layers: plan.layerCount, into: l.baseAddress!,
                     workspace: &workspace)
        }
    }
    let top = logits.max()!
    var total: Float = 0
    for i in logits.indices { logits[i] = exp(logits[i] - top); total += logits[i] }
    sink += logits[0] / total
}
let strokeLists = [[circle], [arrow]]
classifyStroke([circle])
strokeLatencies.reserveCapacity(4_000_000)
let strokeStart = now()
while now() - strokeStart < budget / 4 || strokeLatencies.count < 100 {
    let t = now()
    classifyStroke(strokeLists[strokeLatencies.count % 2])
    strokeLatencies.append(now() - t)
}
strokeLatencies.sort()
let batch = images(0, 256)
let parts = (0..<threads).map { k in
    let lo = 256 * k / threads, hi = 256 * (k + 1) / threads
    return Tensor(shape: [hi - lo, 1, 28, 28], scalars: Array(batch.scalars[lo * 784..<hi * 784]))
}
func runBatch() {
    if threads == 1 { sink += net.probabilities(batch).scalars[0]; return }
    DispatchQueue.concurrentPerform(iterations: threads) { k in _ = net.probabilities(parts[k]) }
}
runBatch()
var batches = 0
let batchStart = now(), cpuStart = clock(CLOCK_PROCESS_CPUTIME_ID)
while now() - batchStart < budget / 2 || batches < 5 { runBatch(); batches += 1 }
let wall = now() - batchStart, cpu = clock(CLOCK_PROCESS_CPUTIME_ID) - cpuStart
let n = latencies.count
print(String(format: "stroke_median_us=%.1f ", strokeLatencies[strokeLatencies.count / 2] * 1e6)
      + String(format: "single_median_us=%.1f single_p10_us=%.1f single_p90_us=%.1f "
             + "single_mean_us=%.1f single_cpu_us=%.1f "
             + "batch256_sps=%.1f batch256_per_cpu_s=%.1f sink=%.3f",
             latencies[n / 2] * 1e6, latencies[n / 10] * 1e6, latencies[n * 9 / 10] * 1e6,
             singleWall / Double(n) * 1e6, singleCPUTime / Double(n) * 1e6,
             Double(batches * 256) / wall, Double(batches * 256) / cpu, sink))
