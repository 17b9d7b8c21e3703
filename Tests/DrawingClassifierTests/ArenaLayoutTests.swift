import Testing
@testable import DrawingClassifier

/// Workspace arenas: regions a whole number of 64-byte lines long, starting on a line
/// wherever the allocator put the storage.
@Suite struct ArenaLayoutTests {
    @Test func regionsAreWholeLinesOneAfterAnother() {
        var floats = ArenaLayout()
        #expect(floats.region(1) == 0)
        #expect(floats.region(16) == 16)
        #expect(floats.region(17) == 32)
        #expect(floats.region(0) == 64)
        #expect(floats.count == 64)
        var words = ArenaLayout()
        #expect(words.region(3, elementBytes: 8) == 0)
        #expect(words.region(1, elementBytes: 8) == 8)
        #expect(words.count == 16)
    }

    @Test func theArenaStartsOnALineWithinTheSlackForEveryStorageAddress() {
        // Storage starting at each float of a line: the arena starts at the next line
        // boundary (or right there), never more than `alignmentSlack` floats in.
        let storage = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        defer { storage.deallocate() }
        let misalignment = Int(bitPattern: storage) & 63
        let lineStart = storage + (misalignment == 0 ? 0 : (64 - misalignment) / 4)
        var skipped: [Int] = []
        for k in 0..<16 {
            let begin = lineStart + k
            let arena = ArenaLayout.lineStart(begin)
            #expect(Int(bitPattern: arena) & 63 == 0)
            skipped.append(arena - begin)
        }
        #expect(skipped == [0] + (1...15).map { 16 - $0 })
        #expect(skipped.max() == ArenaLayout.alignmentSlack)
    }

    @Test func aCopiedArenaIsMovedToItsNewLineStartWithItsContents() {
        // An arena of 40 floats that started `old` floats into its storage (where its first
        // copy was aligned) now lies in storage whose line starts elsewhere: realign moves
        // every float, the zero border around the contents included, to the new start.
        let count = 40, slack = ArenaLayout.alignmentSlack
        let storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: count + slack)
        defer { storage.deallocate() }
        let base = storage.baseAddress!
        let now = ArenaLayout.lineStart(base) - base
        let old = (now + 5) % (slack + 1)  // any other start
        storage.initialize(repeating: -1)
        let contents: [Float] = (0..<count).map { i in i % 8 == 0 ? 0 : Float(i) }
        for i in 0..<count { base[old + i] = contents[i] }
        #expect(ArenaLayout.realign(storage, from: old) == now)
        let moved: [Float] = (0..<count).map { i in base[now + i] }
        #expect(moved == contents)
        // Already in place: nothing moves.
        #expect(ArenaLayout.realign(storage, from: now) == now)
        #expect(base[now + 1] == 1 && base[now + 8] == 0)
    }

    @Test func aCopiedConvolutionComputesWhatTheOriginalDoes() {
        // The finite-difference checks copy a network and run the copy: its workspace, made
        // by the original, must give the same output wherever the copy's storage lies.
        var rng = SplitMix64(seed: 8)
        var layer = Conv2D(inputChannels: 2, outputChannels: 3, kernelSize: 3, padding: 1,
                           using: &rng)
        let input = Tensor.random(shape: [2, 2, 6, 6], in: -1..<1, using: &rng)
        let first = layer.forward(input)
        var copies: [Conv2D] = []
        var outputs: [Tensor] = []
        for k in 0..<8 {
            // Allocations of other sizes in between move where the next copy lands.
            let filler = [Float](repeating: 0, count: 4 * k + 1)
            var copy = layer
            outputs.append(copy.forward(input))
            copies.append(copy)
            _ = filler.count
        }
        #expect(outputs.allSatisfy { $0.scalars == first.scalars })
    }
}
