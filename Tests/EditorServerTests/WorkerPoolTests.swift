@testable import EditorServer
import Foundation
import Synchronization
import Testing

@Suite struct WorkerPoolTests {
    /// Counts jobs running at once.
    final class Gauge: Sendable {
        let state = Mutex((now: 0, most: 0))
        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { state.withLock { $0.now -= 1 } }
    }

    @Test func runsAtMostItsThreadCountAtOnce() async {
        let pool = WorkerPool(threads: 2)
        let gauge = Gauge()
        let results = await withTaskGroup(of: Int?.self) { group in
            for k in 0..<8 {
                group.addTask {
                    await pool.run {
                        gauge.enter()
                        usleep(5_000)
                        gauge.leave()
                        return k
                    }
                }
            }
            var all: [Int] = []
            for await r in group { if let r { all.append(r) } }
            return all.sorted()
        }
        #expect(results == Array(0..<8))
        #expect(gauge.state.withLock { $0.most } == 2)
    }

    @Test func aCancelledWaiterGivesUpItsTurn() async {
        let pool = WorkerPool(threads: 1)
        let started = Atomic<Bool>(false)
        let finish = DispatchSemaphore(value: 0)
        let busy = Task { await pool.run { started.store(true, ordering: .sequentiallyConsistent); finish.wait(); return 1 } }
        while !started.load(ordering: .sequentiallyConsistent) { await Task.yield() }
        let waiter = Task { await pool.run { 2 } }
        waiter.cancel()
        #expect(await waiter.value == nil)
        finish.signal()
        #expect(await busy.value == 1)
        #expect(await pool.run { 3 } == 3)
    }
}
