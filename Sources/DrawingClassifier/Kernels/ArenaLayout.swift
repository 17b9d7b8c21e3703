/// Where the named buffers of a workspace lie in its one arena (llm.c's `malloc_and_point`):
/// regions one after another, each a whole number of 64-byte lines long, so that one
/// `withUnsafeMutableBufferPointer` on the arena reaches every buffer.
struct ArenaLayout {
    /// Elements of the arena so far: what to allocate.
    private(set) var count = 0

    /// A new region of `size` elements of `bytes` bytes each; returns its offset.
    mutating func region(_ size: Int, elementBytes bytes: Int = 4) -> Int {
        let offset = count
        let line = 64 / bytes
        count += (max(size, 0) + line - 1) / line * line
        return offset
    }
}
