import Foundation

/// The offset of the first `pattern` in `bytes` at or after `start`, or nil: the candidates
/// found with `memchr` on the pattern's first byte. `pattern` is not empty.
public func firstOffset(of pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>,
                        from start: Int) -> Int? {
    let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
    var i = start
    while i + needle.count <= bytes.count {
        guard let base = bytes.baseAddress,
              let hit = memchr(base + i, Int32(needle[0]), bytes.count - i) else {
            return nil
        }
        i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        guard i + needle.count <= bytes.count else { return nil }
        if needle.indices.allSatisfy({ bytes[i + $0] == needle[$0] }) { return i }
        i += 1
    }
    return nil
}
