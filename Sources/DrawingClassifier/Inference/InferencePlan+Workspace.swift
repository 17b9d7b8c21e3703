import Synchronization

extension InferencePlan {
    /// Scratch space for `run`; keep one per thread and reuse it.
    public struct Workspace: Sendable {
        /// Every float buffer in one arena, the index lists in a second and the bit masks in
        /// a third, at the offsets of `layout` (the floats from `ArenaLayout.lineStart`).
        var floats: [Float], indices: [Int32], masks: [UInt64]
        let layout: Layout
        var matrix: MatrixMultiply
        /// Windows of the fused blocks copied from the blank example since the workspace was
        /// made (what tests and benchmarks read to see the skipping at work).
        var skippedWindows = 0

        /// Offsets of the buffers in the arenas.
        struct Layout {
            /// Floats: two activations (a step reads one and writes the other), the
            /// convolution's patches and padded input, the Winograd transformed inputs and
            /// products, the nonzero entries of a dense input.
            var first = 0, second = 0, patches = 0, padded = 0, transformed = 0, products = 0
            var unpooled = 0
            var nonzeroValues = 0
            /// Int32: the rows of those entries, the windows a fused block computes.
            var nonzeroRows = 0, windowList = 0
            /// UInt64, a word per row: pixels that differ from the blank example's, windows
            /// that do.
            var differingPixels = 0, activeWindows = 0
            var counts = (floats: 0, indices: 0, masks: 0)

            init(for plan: InferencePlan) {
                var floats = ArenaLayout(), indices = ArenaLayout(), masks = ArenaLayout()
                first = floats.region(plan.activationCount)
                second = floats.region(plan.activationCount)
                patches = floats.region(plan.patchCount)
                padded = floats.region(plan.paddedCount)
                transformed = floats.region(plan.transformedCount)
                products = floats.region(plan.productCount)
                unpooled = floats.region(plan.unpooledCount)
                nonzeroValues = floats.region(plan.denseInputCount)
                nonzeroRows = indices.region(plan.denseInputCount)
                windowList = indices.region(plan.windowCount)
                differingPixels = masks.region(plan.paddedRowCount, elementBytes: 8)
                activeWindows = masks.region(plan.paddedRowCount, elementBytes: 8)
                counts = (floats.count, indices.count, masks.count)
            }
        }

        public init(for plan: InferencePlan) {
            layout = Layout(for: plan)
            // Every float is written before it is read, so the arena starts unfilled.
            let count = layout.counts.floats + ArenaLayout.alignmentSlack
            floats = [Float](unsafeUninitializedCapacity: count) { _, initialized in
                initialized = count
            }
            indices = [Int32](repeating: 0, count: layout.counts.indices)
            masks = [UInt64](repeating: 0, count: layout.counts.masks)
            matrix = MatrixMultiply(path: plan.kernelPath)
        }
    }

    /// The workspace's scratch buffers, for the duration of one `run`.
    struct Scratch {
        var patches, padded, transformed, products, unpooled: UnsafeMutablePointer<Float>
        var nonzeroRows: UnsafeMutablePointer<Int32>, nonzeroValues: UnsafeMutablePointer<Float>
        /// Bit masks, one word per row: which pixels of the step's input may differ from
        /// the blank example's, which windows of a fused block differ.
        var differingPixels, activeWindows: UnsafeMutablePointer<UInt64>
        var windowList: UnsafeMutablePointer<Int32>

        init(_ layout: Workspace.Layout, floats: UnsafeMutablePointer<Float>,
             indices: UnsafeMutablePointer<Int32>, masks: UnsafeMutablePointer<UInt64>) {
            patches = floats + layout.patches
            padded = floats + layout.padded
            transformed = floats + layout.transformed
            products = floats + layout.products
            unpooled = floats + layout.unpooled
            nonzeroValues = floats + layout.nonzeroValues
            nonzeroRows = indices + layout.nonzeroRows
            windowList = indices + layout.windowList
            differingPixels = masks + layout.differingPixels
            activeWindows = masks + layout.activeWindows
        }
    }
}

/// Workspaces of one plan that no call is using: `InferencePlan.outputs` takes one (or makes
/// one when none is free) and gives it back, so a plan called from T threads at once holds T
/// workspaces, each made once. Per plan, not global; the lock is taken twice per call.
final class WorkspacePool: Sendable {
    private let free = Mutex<[InferencePlan.Workspace]>([])

    func take() -> InferencePlan.Workspace? { free.withLock { $0.popLast() } }

    func give(_ workspace: InferencePlan.Workspace) { free.withLock { $0.append(workspace) } }

    /// How many are free now.
    var count: Int { free.withLock { $0.count } }
}
