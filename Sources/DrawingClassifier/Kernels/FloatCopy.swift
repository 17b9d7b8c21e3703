/// Copies `count` floats with inline SIMD moves. The rows copied here (7 to 784 floats) are
/// short enough that a call to `memmove` per row costs more than the copy itself.
@inline(__always)
func copyFloats(from source: UnsafePointer<Float>, to target: UnsafeMutablePointer<Float>,
                count: Int) {
    let s = UnsafeRawPointer(source), t = UnsafeMutableRawPointer(target)
    var i = 0
    while i + 16 <= count {  // two vectors a step: half the loop overhead on runs of 48
        t.storeBytes(of: s.loadUnaligned(fromByteOffset: 4 * i, as: SIMD16<Float>.self),
                     toByteOffset: 4 * i, as: SIMD16<Float>.self)
        i += 16
    }
    while i + 8 <= count {
        t.storeBytes(of: s.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self),
                     toByteOffset: 4 * i, as: SIMD8<Float>.self)
        i += 8
    }
    while i < count {
        target[i] = source[i]
        i += 1
    }
}
