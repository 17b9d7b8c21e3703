/// The weight transform of Winograd F(2×2, 3×3), done once per set of weights (the input
/// and output transforms are kernels: `KernelSet.winogradTransformInput` and the two
/// output transforms; Sources/MatrixKernels/WinogradKernel.swift describes the method).
enum WinogradTransforms {
    /// U[ξ][c][o] = (G g Gᵀ)[ξ] for weights g `[O, C, 3, 3]`: the right-hand matrices of the
    /// 16 products, row-major. In Double, rounded once (G g first, then (G g) Gᵀ), eight
    /// output channels at a time (training does this once per batch).
    static func transformWeights(_ weights: [Float], inputs c: Int, outputs o: Int) -> [Float] {
        precondition(weights.count == o * c * 9, "Winograd F(2×2, 3×3) needs 3×3 weights.")
        return [Float](unsafeUninitializedCapacity: 16 * c * o) { u, initialized in
            weights.withUnsafeBufferPointer { w in
                transformWeights(w.baseAddress!, inputs: c, outputs: o, into: u.baseAddress!)
            }
            initialized = 16 * c * o
        }
    }

    /// The same, from `w` `[O, C, 3, 3]` into `u` (16·C·O floats).
    static func transformWeights(_ w: UnsafePointer<Float>, inputs c: Int, outputs o: Int,
                                 into u: UnsafeMutablePointer<Float>) {
        typealias V = SIMD8<Double>
        /// G applied to three values: (a, (a + b + c)/2, (a − b + c)/2, c).
        @inline(__always) func g(_ a: V, _ b: V, _ c: V) -> (V, V, V, V) {
            (a, (a + b + c) * 0.5, (a - b + c) * 0.5, c)
        }
        let plane = c * o  // floats from one ξ to the next
        for ic in 0..<c {
            for oc in stride(from: 0, to: o, by: V.scalarCount) {
                let lanes = min(V.scalarCount, o - oc)
                /// Tap t of the kernels (oc + lane, ic).
                @inline(__always) func tap(_ t: Int) -> V {
                    var v = V()
                    let k = w + (oc * c + ic) * 9 + t
                    for lane in 0..<lanes { v[lane] = Double(k[lane * c * 9]) }
                    return v
                }
                // G g, a column of g at a time: row i of G g is (r0[i], r1[i], r2[i]).
                let r0 = g(tap(0), tap(3), tap(6))
                let r1 = g(tap(1), tap(4), tap(7))
                let r2 = g(tap(2), tap(5), tap(8))
                /// U at ξ for the eight kernels.
                @inline(__always) func store(_ xi: Int, _ value: V) {
                    let at = xi * plane + ic * o + oc
                    if lanes == V.scalarCount {
                        UnsafeMutableRawPointer(u + at)
                            .storeBytes(of: SIMD8<Float>(value), as: SIMD8<Float>.self)
                    } else {
                        for lane in 0..<lanes { u[at + lane] = Float(value[lane]) }
                    }
                }
                /// Row i of (G g) Gᵀ, at ξ = 4·i + j.
                @inline(__always) func store(_ i: Int, _ row: (V, V, V, V)) {
                    store(4 * i, row.0)
                    store(4 * i + 1, row.1)
                    store(4 * i + 2, row.2)
                    store(4 * i + 3, row.3)
                }
                store(0, g(r0.0, r1.0, r2.0))
                store(1, g(r0.1, r1.1, r2.1))
                store(2, g(r0.2, r1.2, r2.2))
                store(3, g(r0.3, r1.3, r2.3))
            }
        }
    }
}

extension WinogradTransforms {
    /// The weight transform of Winograd F(3×3, 3×3) (`WinogradF3Kernel`, interpolation points
    /// 0, 1, −1, 2, ∞): U[ξ][c][o] = (G g Gᵀ)[ξ], ξ = 5·row + column, for weights g
    /// `[O, C, 3, 3]`, with
    ///
    ///     G = |  ½    0    0  |
    ///         | −½   −½   −½  |
    ///         | −⅙    ⅙   −⅙  |
    ///         |  ⅙    ⅓    ⅔  |
    ///         |  0    0    1  |
    ///
    /// In Double, rounded once. Inference only: done once per plan.
    static func transformWeightsF3(_ weights: [Float], inputs c: Int, outputs o: Int) -> [Float] {
        precondition(weights.count == o * c * 9, "Winograd F(3×3, 3×3) needs 3×3 weights.")
        let g: [[Double]] = [[0.5, 0, 0], [-0.5, -0.5, -0.5], [-1.0 / 6, 1.0 / 6, -1.0 / 6],
                             [1.0 / 6, 1.0 / 3, 2.0 / 3], [0, 0, 1]]
        var u = [Float](repeating: 0, count: 25 * c * o)
        for oc in 0..<o {
            for ic in 0..<c {
                let kernel = (oc * c + ic) * 9
                // G g: 5×3.
                var left = [[Double]](repeating: [0, 0, 0], count: 5)
                for i in 0..<5 {
                    for j in 0..<3 {
                        for k in 0..<3 { left[i][j] += g[i][k] * Double(weights[kernel + 3 * k + j]) }
                    }
                }
                // (G g) Gᵀ: 5×5.
                for i in 0..<5 {
                    for j in 0..<5 {
                        var sum = 0.0
                        for k in 0..<3 { sum += left[i][k] * g[j][k] }
                        u[(5 * i + j) * c * o + ic * o + oc] = Float(sum)
                    }
                }
            }
        }
        return u
    }
}
