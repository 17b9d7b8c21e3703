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
    /// Examples per chunk; fixed, so that results do not depend on `threadCount`.
    static let chunkSize = 8

    let threadCount: Int
    private var workers: [Network]
    private var chunkGradients: [[Float]] = []  // [chunk][all parameters, visiting order]
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
    mutating func computeGradients(of network: inout Network,
                                   batch: LabeledImages) -> (loss: Double, correct: Int) {
        let values = network.parameterValues()
        let n = batch.count
        let chunkCount = (n + Self.chunkSize - 1) / Self.chunkSize
        let scale = 1 / Float(n)
        while chunkGradients.count < chunkCount {
            chunkGradients.append([Float](repeating: 0, count: parameterCount))
        }
        chunkResults = Array(repeating: (0, 0), count: chunkCount)
        run(chunkCount: chunkCount, values: values) { worker, chunk, gradients in
            let range = Self.range(of: chunk, count: n)
            let part = batch.gathering(range)
            let logits = worker.forward(part.images)
            let (loss, logitsGrad) = softmaxCrossEntropySum(logits: logits, labels: part.labels,
                                                            gradientScale: scale)
            let correct = zip(argmaxRows(logits), part.labels).filter { $0 == $1 }.count
            worker.backward(logitsGrad)
            var offset = 0
            gradients.withUnsafeMutableBufferPointer { out in
                worker.updateParameters { p in
                    p.grad.scalars.withUnsafeMutableBufferPointer { g in
                        (out.baseAddress! + offset).update(from: g.baseAddress!, count: g.count)
                        g.update(repeating: 0)
                        offset += g.count
                    }
                }
            }
            return (loss, correct)
        }
        // Fixed-order reduction: chunk 0, then 1, ...
        var offset = 0
        let gradients = chunkGradients
        network.updateParameters { p in
            p.grad.scalars.withUnsafeMutableBufferPointer { g in
                g.update(repeating: 0)
                for chunk in 0..<chunkCount {
                    gradients[chunk].withUnsafeBufferPointer { source in
                        let s = source.baseAddress! + offset
                        for i in g.indices { g[i] += s[i] }
                    }
                }
                offset += g.count
            }
        }
        return chunkResults.reduce((0, 0)) { ($0.0 + $1.loss, $0.1 + $1.correct) }
    }

    /// The number of examples of `examples` that `network` classifies correctly.
    mutating func countCorrect(network: Network, examples: LabeledImages) -> Int {
        let n = examples.count
        let chunkCount = (n + Self.chunkSize - 1) / Self.chunkSize
        chunkResults = Array(repeating: (0, 0), count: chunkCount)
        while chunkGradients.count < chunkCount { chunkGradients.append([]) }
        run(chunkCount: chunkCount, values: network.parameterValues()) { worker, chunk, _ in
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
        body: (inout Network, Int, inout [Float]) -> (loss: Double, correct: Int)
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
                chunkGradients.withUnsafeMutableBufferPointer { gradients in
                    chunkResults.withUnsafeMutableBufferPointer { results in
                        // Each worker touches only its own network and the slots of the chunks
                        // it claimed (each chunk is claimed exactly once).
                        let shared = UncheckedSendable(value: (workers, gradients, results, body))
                        let nextChunk = ChunkCounter()
                        let perWorker: @Sendable (Int) -> Void = { w in
                            let (workers, gradients, results, body) = shared.value
                            while true {
                                let chunk = nextChunk.claim()
                                guard chunk < chunkCount else { break }
                                results[chunk] = body(&workers[w], chunk, &gradients[chunk])
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
}

/// Hands out chunk indices 0, 1, 2, … to whichever worker asks first.
private final class ChunkCounter: Sendable {
    private let next = Atomic<Int>(0)
    func claim() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// Hands a value to `concurrentPerform` whose disjoint use by each worker is guaranteed by
/// the caller, not by the type system.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
