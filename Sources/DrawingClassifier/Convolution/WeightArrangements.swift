// The weights w[O, C, k, k] in the orders the convolution algorithms read them, written in
// order and read with a stride (the weights are a few thousand floats).

/// `[O, C, k·k]` → `[k·k, C, O]`: row (ky, kx, c) of the patches' product, the right-hand
/// matrix of the forward product (also the channels-last direct kernel's order).
func arrangeWeightsByTap(_ w: UnsafePointer<Float>, outputs o: Int, channels c: Int, taps: Int,
                         into target: UnsafeMutablePointer<Float>) {
    var out = target
    for tap in 0..<taps {
        for ci in 0..<c {
            let column = w + (ci &* taps &+ tap)
            for co in 0..<o { out[co] = column[co &* c &* taps] }
            out += o
        }
    }
}

/// `[O, C, k·k]` → `[O, k·k, C]`: W[O, K] with its columns in the patches' (ky, kx, c)
/// order, the right-hand matrix of the input gradient's product.
func arrangeWeightsByOutput(_ w: UnsafePointer<Float>, outputs o: Int, channels c: Int,
                            taps: Int, into target: UnsafeMutablePointer<Float>) {
    var out = target
    for co in 0..<o {
        let filter = w + co &* c &* taps
        for tap in 0..<taps {
            for ci in 0..<c { out[ci] = filter[ci &* taps &+ tap] }
            out += c
        }
    }
}

/// W′[C, O, 3, 3] with W′[c, o, a, b] = W[o, c, 2 − a, 2 − b]: the kernel of the input
/// gradient as a convolution (turned half a turn, channels swapped).
func turnWeights(_ w: UnsafePointer<Float>, outputs o: Int, channels c: Int,
                 into target: UnsafeMutablePointer<Float>) {
    for co in 0..<o {
        for ci in 0..<c {
            for tap in 0..<9 { target[(ci * o + co) * 9 + 8 - tap] = w[(co * c + ci) * 9 + tap] }
        }
    }
}

/// dW[O, C, k·k] += dWᵀ[(k·k, C), O], the weight gradient of the patches' product. `ci`
/// innermost: reads `o` floats apart, not a whole [C, O] block (taps that far apart fell
/// into the same cache sets).
func addWeightGradientByTap(_ dwT: UnsafePointer<Float>, outputs o: Int, channels c: Int,
                            taps: Int, into dw: UnsafeMutablePointer<Float>) {
    for co in 0..<o {
        for tap in 0..<taps {
            for ci in 0..<c { dw[(co &* c &+ ci) &* taps &+ tap] += dwT[(tap &* c &+ ci) &* o &+ co] }
        }
    }
}
