import Foundation

/// Runs blocking work (recognising a drawing) on at most `threads` jobs at once, first come
/// first served, off Swift's cooperative threads and the network threads. With a thousand
/// requests waiting, each is done in turn at full speed instead of all of them sharing the
/// cores and finishing together. A caller cancelled while it waits (its request timed out)
/// gives up its turn without running.
public final class WorkerPool: Sendable {
    private let queue: DispatchQueue
    private let turns: Turns

    public init(threads: Int) {
        precondition(threads > 0, "A worker pool needs at least one thread.")
        queue = DispatchQueue(label: "fa-serve.workers", attributes: .concurrent)
        turns = Turns(available: threads)
    }

    /// `work`'s result, or nil when the caller was cancelled before its turn came.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        guard await turns.acquire() else { return nil }
        defer { Task { await turns.release() } }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// A counting semaphore for tasks, FIFO.
    private actor Turns {
        var available: Int
        var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0

        init(available: Int) { self.available = available }

        /// True when a turn was taken; false when the task was cancelled while waiting.
        func acquire() async -> Bool {
            if available > 0 {
                available -= 1
                return true
            }
            let id = nextID
            nextID += 1
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    waiting.append((id, continuation))
                }
            } onCancel: {
                Task { await self.cancel(id) }
            }
        }

        func release() {
            if waiting.isEmpty {
                available += 1
            } else {
                waiting.removeFirst().continuation.resume(returning: true)
            }
        }

        private func cancel(_ id: Int) {
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
            waiting.remove(at: index).continuation.resume(returning: false)
        }
    }
}
