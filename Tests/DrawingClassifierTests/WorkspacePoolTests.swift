import Dispatch
import Testing
@testable import DrawingClassifier

/// `InferencePlan.outputs` (behind `Classifier.classify` and `probabilities`) keeps its
/// workspaces instead of making one per call.
@Suite struct WorkspacePoolTests {
    @Test func sequentialCallsMakeOneWorkspaceAndGiveTheSameResults() throws {
        var rng = SplitMix64(seed: 4)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        let classifier = Classifier(network: network, classes: ["a", "b", "c"])
        let plan = try #require(classifier.plan)
        let images = Tensor.random(shape: [2, 1, 28, 28], in: 0..<1, using: &rng)
        #expect(plan.spareWorkspaces.count == 0)
        let first = classifier.classify(images).probabilities
        #expect(plan.spareWorkspaces.count == 1)
        let second = classifier.classify(images).probabilities
        #expect(plan.spareWorkspaces.count == 1)
        #expect(first == second)
    }

    @Test func concurrentCallsEachGetTheirOwnWorkspace() throws {
        var rng = SplitMix64(seed: 5)
        let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
        let plan = try #require(InferencePlan(network: network, exampleShape: [1, 28, 28]))
        let images = Tensor.random(shape: [3, 1, 28, 28], in: 0..<1, using: &rng)
        let expected = plan.outputs(images, layers: plan.layerCount)
        let results = Array(repeating: expected, count: 8)
        let shared = UncheckedSendable(value: UnsafeMutableBufferPointer<Tensor>.allocate(capacity: 8))
        _ = shared.value.initialize(from: results)
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            shared.value[k] = plan.outputs(images, layers: plan.layerCount)
        }
        for k in 0..<8 { #expect(shared.value[k] == expected) }
        shared.value.deinitialize()
        shared.value.deallocate()
        // At most one per call that ran at once, and they are all back.
        #expect((1...8).contains(plan.spareWorkspaces.count))
    }
}
