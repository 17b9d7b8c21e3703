/// Storage for a layer's result that is reused from call to call. The returned array shares
/// the storage; once its consumer has released it (the usual case in training, where each
/// result lives only until the next layer has read it) the next call writes in place instead
/// of allocating. If the old result is still held somewhere, copy-on-write keeps it intact.
struct ReusableBuffer {
    private var storage: [Float] = []

    /// Runs `body` on `count` floats to be overwritten and returns them.
    mutating func fill(count: Int, _ body: (UnsafeMutableBufferPointer<Float>) -> Void) -> [Float] {
        if storage.count != count { storage = [Float](repeating: 0, count: count) }
        storage.withUnsafeMutableBufferPointer { body($0) }
        return storage
    }
}
