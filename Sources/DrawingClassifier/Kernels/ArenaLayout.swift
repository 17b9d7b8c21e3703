import Foundation

/// Where the named buffers of a workspace lie in its one arena (llm.c's `malloc_and_point`):
/// regions one after another, each a whole number of 64-byte lines long, so that one
/// `withUnsafeMutableBufferPointer` on the arena reaches every buffer.
struct ArenaLayout {
    /// Elements of the arena so far: what to allocate.
    private(set) var count = 0

    /// Floats to allocate beyond `count` so that the arena can start on a 64-byte line
    /// (`lineStart`): an array's storage is only 16-byte aligned.
    static let alignmentSlack = 15

    /// The first float of `storage` on a 64-byte line: where a float arena allocated with
    /// `alignmentSlack` extra floats starts, so every region is line-aligned whatever address
    /// the allocator gave (a vector load across two lines costs a second access).
    static func lineStart(_ storage: UnsafeMutablePointer<Float>) -> UnsafeMutablePointer<Float> {
        let misalignment = Int(bitPattern: storage) & 63
        return storage + (misalignment == 0 ? 0 : (64 - misalignment) / 4)
    }

    /// Keeps an arena that lives on from call to call on a line when its array was copied
    /// (copy on write) to storage at another offset from a line: `shift` is where the arena
    /// started in `storage` (in floats); when `lineStart` is elsewhere now, the contents are
    /// moved there, so every region keeps what it held. Returns the arena's start now.
    static func realign(_ storage: UnsafeMutableBufferPointer<Float>, from shift: Int) -> Int {
        let base = storage.baseAddress!
        let now = lineStart(base) - base
        if now != shift {
            memmove(base + now, base + shift, (storage.count - alignmentSlack) * 4)
        }
        return now
    }

    /// A new region of `size` elements of `bytes` bytes each; returns its offset.
    mutating func region(_ size: Int, elementBytes bytes: Int = 4) -> Int {
        let offset = count
        let line = 64 / bytes
        count += (max(size, 0) + line - 1) / line * line
        return offset
    }
}
