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
}
