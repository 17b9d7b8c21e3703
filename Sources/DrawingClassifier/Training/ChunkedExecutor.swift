import Dispatch
import Synchronization

/// Runs a network over a batch split into fixed chunks of `chunkSize` examples, on
/// `threadCount` worker copies of the network. Workers take the next unclaimed chunk as they
/// become free, so a thread that the OS delays does not hold up the others.
///
/// Each chunk's gradient is a function of the parameters and the chunk's examples only (it
/// does not matter which worker computes it), and the chunks are summed in chunk order, so
/// the result depends neither on scheduling nor on the number of threads: the same seed
/// gives bit-identical weights with 1, 2 or more threads.
struct ChunkedExecutor {
    /// Examples per chunk; fixed, so that results do not depend on `threadCount`. Four, not
    /// eight: the activations, gradients and caches of a chunk of the drawing classifier
    /// then take about 1.7 MB instead of 3.5 MB, and the elementwise layers (ReLU, pooling,
    /// layout changes) mostly find their data in cache; two would double the per-chunk work
    /// (gradient reduction, weight-gradient products) again. (1 thread, batch 32: +11 %.)
    static let chunkSize = 4

    let threadCount: Int
    private var workers: [Network]
    private var chunkResults: [(loss: Double, correct: Int)] = []
    private let parameterCount: Int

    init(network: Network, threadCount: Int) {
        precondition(threadCount >= 1, "A chunked executor needs at least one thread.")
        self.threadCount = threadCount
        workers = Array(repeating: network, count: threadCount)
        parameterCount = network.parameterValues().reduce(0) { $0 + $1.count }
    }

    /// Sets `network`'s gradients to dLoss/dParameters for the mean loss over `batch`, and
    /// returns the summed loss and the number of correctly classified examples.
    ///
    /// The chunk gradients are summed in chunk order as soon as they can be: the worker that
    /// finishes the next chunk in line adds its gradients straight into the total (with one
    /// thread, always), and a chunk that finishes early waits in its own buffer. So the sum
    /// is always ((g₀ + g₁) + g₂) + …, whatever the timing, and the data is added while it
    /// is still in cache (a batch of 256 kept 32 chunk gradients, 12 MB, in main memory).
    mutating func computeGradients(of network: inout Network,
                                   batch: LabeledImages) -> (loss: Double, correct: Int) {
        let values = network.parameterValues()
        let n = batch.count
        let chunkCount = (n + Self.chunkSize - 1) / Self.chunkSize
        let scale = 1 / Float(n)
        chunkResults = Array(repeating: (0, 0), count: chunkCount)
        var total = [Float](repeating: 0, count: parameterCount)
        let order = ReductionOrder(chunkCount: chunkCount)
        total.withUnsafeMutableBufferPointer { totalBuffer in
            let sum = UncheckedSendable(value: totalBuffer.baseAddress!)
            run(chunkCount: chunkCount, values: values) { worker, chunk in
                let range = Self.range(of: chunk, count: n)
                let part = batch.gathering(range)
                let logits = worker.forward(part.images)
                let (loss, logitsGrad) = softmaxCrossEntropySum(
                    logits: logits, labels: part.labels, gradientScale: scale)
                let correct = zip(argmaxRows(logits), part.labels).filter { $0 == $1 }.count
                worker.backward(logitsGrad)
                order.finish(chunk, into: sum, worker: &worker)
                return (loss, correct)
            }
        }
        total.withUnsafeBufferPointer { total in
            var offset = 0
            network.updateParameters { p in
                p.grad.scalars.withUnsafeMutableBufferPointer { g in
                    g.baseAddress!.update(from: total.baseAddress! + offset, count: g.count)
                    offset += g.count
                }
            }
        }
        return chunkResults.reduce((0, 0)) { ($0.0 + $1.loss, $0.1 + $1.correct) }
    }

    /// The number of examples of `examples` that `network` classifies correctly.
    mutating func countCorrect(network: Network, examples: LabeledImages) -> Int {
        let n = examples.count
        let chunkCount = (n + Self.chunkSize - 1) / Self.chunkSize
        chunkResults = Array(repeating: (0, 0), count: chunkCount)
        run(chunkCount: chunkCount, values: network.parameterValues()) { worker, chunk in
            let part = examples.gathering(Self.range(of: chunk, count: n))
            let predicted = argmaxRows(worker.forward(part.images))
            return (0, zip(predicted, part.labels).filter { $0 == $1 }.count)
        }
        return chunkResults.reduce(0) { $0 + $1.correct }
    }

    private static func range(of chunk: Int, count: Int) -> Range<Int> {
        chunk * chunkSize ..< min((chunk + 1) * chunkSize, count)
    }

    /// Copies `values` into the workers, then runs `body` once per chunk on whichever worker
    /// claims it first, and stores each result in `chunkResults[c]`.
    private mutating func run(
        chunkCount: Int, values: [Tensor],
        body: (inout Network, Int) -> (loss: Double, correct: Int)
    ) {
        let workerCount = min(threadCount, chunkCount)
        guard workerCount > 0 else { return }
        for w in 0..<workerCount {
            var index = 0
            workers[w].updateParameters { p in
                p.value = values[index]
                index += 1
            }
        }
        withoutActuallyEscaping(body) { body in
            workers.withUnsafeMutableBufferPointer { workers in
                chunkResults.withUnsafeMutableBufferPointer { results in
                    // Each worker touches only its own network and the slots of the chunks
                    // it claimed (each chunk is claimed exactly once).
                    let shared = UncheckedSendable(value: (workers, results, body))
                    let nextChunk = ChunkCounter()
                    let perWorker: @Sendable (Int) -> Void = { w in
                        let (workers, results, body) = shared.value
                        while true {
                            let chunk = nextChunk.claim()
                            guard chunk < chunkCount else { break }
                            results[chunk] = body(&workers[w], chunk)
                        }
                    }
                    if workerCount == 1 {
                        perWorker(0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: workerCount,
                                                        execute: perWorker)
                    }
                }
            }
        }
    }
}

/// Adds chunk gradients into a total strictly in chunk order (see `computeGradients`).
private final class ReductionOrder: Sendable {
    private struct State {
        var next = 0           // the chunk whose gradient is added next
        var parked: [[Float]?] // gradients of chunks that finished before their turn
    }
    private let state: Mutex<State>
    private let chunkCount: Int

    init(chunkCount: Int) {
        self.chunkCount = chunkCount
        state = Mutex(State(parked: [[Float]?](repeating: nil, count: chunkCount)))
    }

    /// Called by the worker that computed `chunk`, with the chunk's gradients in its
    /// network; leaves that network's gradients zero.
    func finish(_ chunk: Int, into total: UncheckedSendable<UnsafeMutablePointer<Float>>,
                worker: inout Network) {
        let added = state.withLock { state -> Bool in
            guard state.next == chunk else { return false }
            // Added and zeroed in one pass over the gradients.
            var offset = 0
            worker.updateParameters { p in
                p.grad.scalars.withUnsafeMutableBufferPointer { g in
                    Self.move(g, into: total.value + offset)
                    offset += g.count
                }
            }
            state.next += 1
            Self.addParked(&state, into: total.value, chunkCount: chunkCount)
            return true
        }
        if !added {
            // Not its turn: park a copy, then add whatever is next in line by now.
            let flat = worker.parameterGradients().flatMap(\.scalars)
            state.withLock { state in
                state.parked[chunk] = flat
                Self.addParked(&state, into: total.value, chunkCount: chunkCount)
            }
            worker.zeroGradients()
        }
    }

    private static func addParked(_ state: inout State, into total: UnsafeMutablePointer<Float>,
                                  chunkCount: Int) {
        while state.next < chunkCount, let parked = state.parked[state.next] {
            parked.withUnsafeBufferPointer { add($0, into: total) }
            state.parked[state.next] = nil
            state.next += 1
        }
    }

    private static func add(_ source: UnsafeBufferPointer<Float>,
                            into total: UnsafeMutablePointer<Float>) {
        for i in source.indices { total[i] += source[i] }
    }

    /// total += source, then source = 0.
    private static func move(_ source: UnsafeMutableBufferPointer<Float>,
                             into total: UnsafeMutablePointer<Float>) {
        for i in source.indices {
            total[i] += source[i]
            source[i] = 0
        }
    }
}

/// Hands out chunk indices 0, 1, 2, … to whichever worker asks first.
private final class ChunkCounter: Sendable {
    private let next = Atomic<Int>(0)
    func claim() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// Hands a value to `concurrentPerform` whose disjoint use by each worker is guaranteed by
/// the caller, not by the type system.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
