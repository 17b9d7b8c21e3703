import Testing
@testable import DrawingClassifier

/// Fast kernels against the naive reference kernels on random shapes.
@Suite struct KernelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var m: Int, n: Int, k: Int
        var testDescription: String { "\(m)×\(k) · \(k)×\(n)" }
    }

    @Test(arguments: [Case(m: 1, n: 1, k: 1), Case(m: 4, n: 8, k: 3), Case(m: 5, n: 13, k: 7),
                      Case(m: 17, n: 9, k: 300), Case(m: 33, n: 70, k: 513),
                      Case(m: 64, n: 49, k: 288), Case(m: 3, n: 100, k: 257),
                      Case(m: 9, n: 16, k: 20), Case(m: 12, n: 48, k: 33),
                      Case(m: 10, n: 40, k: 17), Case(m: 11, n: 64, k: 32),
                      Case(m: 49, n: 32, k: 16), Case(m: 196, n: 70, k: 144)])
    func matrixMultiplyMatchesTheNaiveProductForEveryLayout(_ shape: Case) {
        var rng = SplitMix64(seed: UInt64(shape.m * 1000 + shape.n * 10 + shape.k))
        let (m, n, k) = (shape.m, shape.n, shape.k)
        let a = Tensor.random(shape: [m, k], using: &rng).scalars
        let b = Tensor.random(shape: [k, n], using: &rng).scalars
        let start = Tensor.random(shape: [m, n], using: &rng).scalars
        let expected = NaiveKernels.matrixMultiply(a, b, rows: m, columns: n, depth: k)
        // Bound on rounding: 1e-5 relative to Σ|a||b| (cancellation makes plain relative
        // error meaningless for single elements).
        let magnitude = NaiveKernels.matrixMultiply(a.map(abs), b.map(abs),
                                                    rows: m, columns: n, depth: k)
        let aT = transpose(a, rows: m, columns: k), bT = transpose(b, rows: k, columns: n)
        for path in KernelPath.allCases where path.isSupported {
        var matrix = MatrixMultiply(path: path)
        for (aTransposed, bTransposed) in [(false, false), (true, false), (false, true), (true, true)] {
            for accumulate in [false, true] {
                var c = start
                let aData = aTransposed ? aT : a, bData = bTransposed ? bT : b
                aData.withUnsafeBufferPointer { pa in
                    bData.withUnsafeBufferPointer { pb in
                        c.withUnsafeMutableBufferPointer { pc in
                            matrix.multiply(
                                rows: m, columns: n, depth: k, a: pa.baseAddress!,
                                aRowStride: aTransposed ? 1 : k, aColumnStride: aTransposed ? m : 1,
                                b: pb.baseAddress!,
                                bRowStride: bTransposed ? 1 : n, bColumnStride: bTransposed ? k : 1,
                                c: pc.baseAddress!, ldc: n, accumulate: accumulate)
                        }
                    }
                }
                let worst = (0..<(m * n)).map { i in
                    let want = Double(expected[i]) + (accumulate ? Double(start[i]) : 0)
                    return abs(Double(c[i]) - want) / (Double(magnitude[i]) + 1e-3)
                }.max()!
                #expect(worst < 1e-5,
                        "\(path): aᵀ \(aTransposed), bᵀ \(bTransposed), += \(accumulate)")
            }
        }
        }
    }

    /// A row of C gets the same bits whatever rows share its product (full tiles, a tall
    /// last tile of 9–12 rows, rows alone): grouping examples into one product must not
    /// change a result.
    @Test func aRowsBitsDoNotDependOnTheRowsBesideIt() {
        var rng = SplitMix64(seed: 12)
        let (n, k) = (70, 37)
        let b = Tensor.random(shape: [k, n], using: &rng).scalars
        for m in [1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 17, 20, 49] {
            let a = Tensor.random(shape: [m, k], using: &rng).scalars
            for path in KernelPath.allCases where path.isSupported {
                var matrix = MatrixMultiply(path: path)
                func product(_ rows: Range<Int>) -> [Float] {
                    var c = [Float](repeating: 0, count: rows.count * n)
                    a.withUnsafeBufferPointer { pa in
                        b.withUnsafeBufferPointer { pb in
                            c.withUnsafeMutableBufferPointer { pc in
                                matrix.multiply(
                                    rows: rows.count, columns: n, depth: k,
                                    a: pa.baseAddress! + rows.lowerBound * k, aRowStride: k,
                                    aColumnStride: 1, b: pb.baseAddress!, bRowStride: n,
                                    bColumnStride: 1, c: pc.baseAddress!, ldc: n,
                                    accumulate: false)
                            }
                        }
                    }
                    return c
                }
                let whole = product(0..<m)
                let rowByRow = (0..<m).flatMap { product($0..<($0 + 1)) }
                #expect(whole.map(\.bitPattern) == rowByRow.map(\.bitPattern), "\(path), \(m) rows")
            }
        }
    }

    /// The products of a Winograd step in one call: the bits of one call per plane.
    @Test func planesInOneCallGiveTheBitsOfOneCallEach() {
        var rng = SplitMix64(seed: 13)
        let (planes, k, n) = (5, 32, 80)
        let b = Tensor.random(shape: [planes, k, n], using: &rng).scalars
        for m in [1, 4, 9, 40] {
            let a = Tensor.random(shape: [planes, m, k], using: &rng).scalars
            for path in KernelPath.allCases where path.isSupported {
                var matrix = MatrixMultiply(path: path)
                var together = [Float](repeating: .nan, count: planes * m * n)
                var apart = together
                a.withUnsafeBufferPointer { pa in
                    b.withUnsafeBufferPointer { pb in
                        together.withUnsafeMutableBufferPointer { pc in
                            matrix.multiplyPlanes(
                                count: planes, rows: m, columns: n, depth: k, a: pa.baseAddress!,
                                aRowStride: k, aPlaneStride: m * k, b: pb.baseAddress!,
                                bRowStride: n, bPlaneStride: k * n, c: pc.baseAddress!, ldc: n,
                                cPlaneStride: m * n, accumulate: false)
                        }
                        apart.withUnsafeMutableBufferPointer { pc in
                            for plane in 0..<planes {
                                matrix.multiply(
                                    rows: m, columns: n, depth: k,
                                    a: pa.baseAddress! + plane * m * k, aRowStride: k,
                                    aColumnStride: 1, b: pb.baseAddress! + plane * k * n,
                                    bRowStride: n, bColumnStride: 1,
                                    c: pc.baseAddress! + plane * m * n, ldc: n, accumulate: false)
                            }
                        }
                    }
                }
                #expect(together.map(\.bitPattern) == apart.map(\.bitPattern), "\(path), \(m) rows")
            }
        }
    }

    @Test func thisMachineRunsTheFastestKernelItSupports() {
        #expect(KernelPath.portable.isSupported)
        #expect(KernelPath.best.isSupported)
        if KernelPath.avx512.isSupported { #expect(KernelPath.best == .avx512) }
        print("matrix kernel in use: \(KernelPath.best)")
    }

    @Test(arguments: [1, 15, 32, 33, 100, 576])
    func matrixVectorProductMatchesTheNaiveProduct(depth k: Int) {
        var rng = SplitMix64(seed: UInt64(k))
        let m = 7, stride = k + 3  // rows with a gap between them
        let a = Tensor.random(shape: [m, stride], using: &rng).scalars
        let x = Tensor.random(shape: [k], using: &rng).scalars
        for path in KernelPath.allCases where path.isSupported {
            let matrix = MatrixMultiply(path: path)
            var y = [Float](repeating: .nan, count: m)
            a.withUnsafeBufferPointer { pa in
                x.withUnsafeBufferPointer { px in
                    y.withUnsafeMutableBufferPointer { py in
                        matrix.multiplyVector(rows: m, depth: k, a: pa.baseAddress!,
                                              aRowStride: stride, x: px.baseAddress!,
                                              y: py.baseAddress!)
                    }
                }
            }
            let want = (0..<m).map { r in (0..<k).reduce(Float(0)) { $0 + a[r * stride + $1] * x[$1] } }
            // Each term is at most 1 in magnitude: the bound grows with the number of terms.
            expectAllClose(y, want, absolute: Double(k) * 1e-6)
        }
    }

    /// Column counts around the block sizes (4 vectors of 8 or 16, one vector, single
    /// columns), odd numbers of entries (the alternating accumulators), and vectors with
    /// zeros (skipped) or no nonzero entry at all.
    @Test(arguments: [(1, 1), (7, 5), (33, 16), (64, 70), (576, 128), (129, 200), (40, 64)])
    func sparseVectorTimesMatrixMatchesTheNaiveProduct(depth k: Int, columns n: Int) {
        var rng = SplitMix64(seed: UInt64(k * 1000 + n))
        let stride = n + 5  // rows with a gap between them
        let b = Tensor.random(shape: [k, stride], using: &rng).scalars
        // About half the entries zero, like a ReLU's output; all zero when k is 40.
        let x = Tensor.random(shape: [k], using: &rng).scalars.map { k == 40 ? 0 : max($0, 0) }
        let rows = x.indices.filter { x[$0] != 0 }.map { Int32($0) }
        let values = rows.map { x[Int($0)] }
        let want = (0..<n).map { j in (0..<k).reduce(Float(0)) { $0 + x[$1] * b[$1 * stride + j] } }
        for path in KernelPath.allCases where path.isSupported {
            let matrix = MatrixMultiply(path: path)
            var y = [Float](repeating: .nan, count: n + 1)
            b.withUnsafeBufferPointer { pb in
                y.withUnsafeMutableBufferPointer { py in
                    matrix.multiplySparseVectorByMatrix(
                        count: rows.count, rows: rows, values: values, columns: n,
                        b: pb.baseAddress!, bRowStride: stride, y: py.baseAddress!)
                }
            }
            expectAllClose(Array(y[..<n]), want, absolute: Double(k) * 1e-6)
            #expect(y[n].isNaN, "\(path) wrote past the last column")
        }
    }

    /// The inference plan's fused blocks (Winograd F(2×2, 3×3) for whole vectors of input
    /// channels, F(3×3, 3×3) where the pooled map is whole 3×3 groups of windows, the pooled
    /// direct kernel for one channel) against the naive convolution, ReLU and max-pool; odd
    /// sizes leave a row and a column the pool drops.
    @Test(arguments: [
        ConvolutionCase(batch: 2, channels: 16, height: 14, width: 14, outputs: 32, kernel: 3, padding: 1),
        ConvolutionCase(batch: 2, channels: 32, height: 7, width: 7, outputs: 64, kernel: 3, padding: 1),
        // F(3×3, 3×3): 4 tiles (products of 4 rows), 16 tiles on 12×12, 6 on 8×14 with no
        // padding; 48 channels and 80 outputs (a panel of 64 columns and one of 16).
        ConvolutionCase(batch: 2, channels: 16, height: 12, width: 12, outputs: 32, kernel: 3, padding: 1),
        ConvolutionCase(batch: 1, channels: 48, height: 8, width: 14, outputs: 80, kernel: 3, padding: 0),
        ConvolutionCase(batch: 1, channels: 48, height: 9, width: 6, outputs: 16, kernel: 3, padding: 0),
        ConvolutionCase(batch: 2, channels: 1, height: 28, width: 28, outputs: 16, kernel: 3, padding: 1),
        ConvolutionCase(batch: 1, channels: 1, height: 11, width: 7, outputs: 32, kernel: 5, padding: 2),
    ])
    func fusedConvolutionReLUPoolMatchesTheNaiveKernels(_ c: ConvolutionCase) throws {
        var rng = SplitMix64(seed: UInt64(c.channels * 100 + c.height * 10 + c.width))
        let input = Tensor.random(shape: [c.batch, c.channels, c.height, c.width], using: &rng)
        let weight = Tensor.random(shape: [c.outputs, c.channels, c.kernel, c.kernel], using: &rng)
        let bias = Tensor.random(shape: [c.outputs], using: &rng)
        var convolved = NaiveKernels.convolution(input: input, weight: weight, bias: bias,
                                                 padding: c.padding)
        convolved = Tensor(shape: convolved.shape, scalars: convolved.scalars.map { max($0, 0) })
        let expected = NaiveKernels.maxPool(convolved, size: 2)
        var network = Network(layers: [Conv2D(weight: weight, bias: bias, padding: c.padding),
                                       ReLU(), MaxPool2D(size: 2)])
        for path in KernelPath.allCases where path.isSupported {
            network.useKernels(path)
            let plan = try #require(InferencePlan(network: network,
                                                  exampleShape: Array(input.shape.dropFirst())))
            guard case let .convolution(conv) = plan.steps[0] else {
                Issue.record("the first step is not a convolution")
                continue
            }
            // Winograd needs whole vectors of input channels: 48 is one on every path.
            switch conv.fused {
            case .none: Issue.record("\(path): the block did not run fused")
            case .singleChannel: #expect(c.channels == 1)
            case .winograd, .winogradF3:
                let pooled = ((c.height + 2 * c.padding - 2) / 2, (c.width + 2 * c.padding - 2) / 2)
                let f3 = pooled.0 % 3 == 0 && pooled.1 % 3 == 0
                #expect(c.kernel == 3)
                if case .winogradF3 = conv.fused { #expect(f3) } else { #expect(!f3) }
            }
            let fast = plan.outputs(input, layers: 3)
            #expect(fast.shape == expected.shape)
            // Relative to the largest output (sums of up to 432 terms of either sign).
            let scale = Double(expected.scalars.map(abs).max() ?? 1)
            expectAllClose(fast.scalars, expected.scalars, absolute: 1e-5 * scale)
        }
    }

    @Test func matrixMultiplyWritesOnlyInsideItsLeadingDimension() {
        // C is a 2×3 window of a 2×5 buffer: the two extra columns must stay untouched.
        let a: [Float] = [1, 2, 3, 4], b: [Float] = [1, 0, 2, 0, 1, 3]
        var c = [Float](repeating: -7, count: 10)
        var matrix = MatrixMultiply()
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                c.withUnsafeMutableBufferPointer { pc in
                    matrix.multiply(rows: 2, columns: 3, depth: 2, a: pa.baseAddress!,
                                    aRowStride: 2, aColumnStride: 1, b: pb.baseAddress!,
                                    bRowStride: 3, bColumnStride: 1, c: pc.baseAddress!,
                                    ldc: 5, accumulate: false)
                }
            }
        }
        #expect(c == [1, 2, 8, -7, -7, 3, 4, 18, -7, -7])
    }

    struct ConvolutionCase: Sendable, CustomTestStringConvertible {
        var batch: Int, channels: Int, height: Int, width: Int
        var outputs: Int, kernel: Int, padding: Int
        var testDescription: String {
            "[\(batch),\(channels),\(height),\(width)] * \(outputs)×\(kernel)² pad \(padding)"
        }
    }

    @Test(arguments: [
        ConvolutionCase(batch: 2, channels: 3, height: 7, width: 6, outputs: 4, kernel: 3, padding: 1),
        ConvolutionCase(batch: 1, channels: 1, height: 28, width: 28, outputs: 16, kernel: 3, padding: 1),
        ConvolutionCase(batch: 3, channels: 5, height: 5, width: 9, outputs: 2, kernel: 1, padding: 0),
        ConvolutionCase(batch: 2, channels: 2, height: 6, width: 6, outputs: 3, kernel: 5, padding: 2),
        ConvolutionCase(batch: 1, channels: 4, height: 4, width: 4, outputs: 3, kernel: 3, padding: 0),
        ConvolutionCase(batch: 5, channels: 32, height: 7, width: 7, outputs: 64, kernel: 3, padding: 1),
        // Winograd forward (3×3, whole vectors of channels): odd and even sizes, no padding.
        ConvolutionCase(batch: 3, channels: 16, height: 14, width: 14, outputs: 32, kernel: 3, padding: 1),
        ConvolutionCase(batch: 2, channels: 48, height: 9, width: 6, outputs: 16, kernel: 3, padding: 0),
        // One channel (the direct kernel): rows that end inside a vector, 5 outputs (not a
        // multiple of 4), a 5×5 kernel, and rows narrower than a vector (matrix path).
        ConvolutionCase(batch: 2, channels: 1, height: 9, width: 19, outputs: 5, kernel: 3, padding: 1),
        ConvolutionCase(batch: 2, channels: 1, height: 6, width: 21, outputs: 7, kernel: 5, padding: 2),
        ConvolutionCase(batch: 1, channels: 1, height: 5, width: 6, outputs: 3, kernel: 3, padding: 1),
    ])
    func convolutionMatchesTheDirectLoopsForwardAndBackward(_ c: ConvolutionCase) {
        var rng = SplitMix64(seed: UInt64(c.channels * 100 + c.height * 10 + c.kernel))
        let input = Tensor.random(shape: [c.batch, c.channels, c.height, c.width], using: &rng)
        let weight = Tensor.random(shape: [c.outputs, c.channels, c.kernel, c.kernel], using: &rng)
        let bias = Tensor.random(shape: [c.outputs], using: &rng)
        let expected = NaiveKernels.convolution(input: input, weight: weight, bias: bias,
                                                padding: c.padding)
        let outputGrad = Tensor.random(shape: expected.shape, using: &rng)
        let (inputWant, weightWant, biasWant) = NaiveKernels.convolutionGradients(
            input: input, weight: weight, padding: c.padding, outputGrad: outputGrad)
        // Error bounds: 1e-5 × the number of terms of each sum (all terms are at most 1).
        let outputBound = Double(c.channels * c.kernel * c.kernel) * 1e-5
        let inputBound = Double(c.outputs * c.kernel * c.kernel) * 1e-5
        let weightBound = Double(c.batch * expected.shape[2] * expected.shape[3]) * 1e-5
        for path in KernelPath.allCases where path.isSupported {
            var layer = Conv2D(weight: weight, bias: bias, padding: c.padding)
            layer.kernelPath = path
            let output = layer.forward(input)
            #expect(output.shape == expected.shape)
            expectAllClose(output.scalars, expected.scalars, absolute: outputBound)
            let inputGrad = layer.backward(outputGrad)
            #expect(inputGrad.shape == input.shape)
            expectAllClose(inputGrad.scalars, inputWant.scalars, absolute: inputBound)
            expectAllClose(layer.weight.grad.scalars, weightWant.scalars, absolute: weightBound)
            expectAllClose(layer.bias.grad.scalars, biasWant.scalars, absolute: weightBound)
        }
    }

    @Test func maxPoolMatchesTheNaivePoolOnOddSizes() {
        var rng = SplitMix64(seed: 3)
        let input = Tensor.random(shape: [3, 4, 7, 9], using: &rng)
        var pool = MaxPool2D(size: 2)
        #expect(pool.forward(input) == NaiveKernels.maxPool(input, size: 2))
        var pool3 = MaxPool2D(size: 3)
        #expect(pool3.forward(input) == NaiveKernels.maxPool(input, size: 3))
    }

    private func transpose(_ x: [Float], rows: Int, columns: Int) -> [Float] {
        var result = x
        for r in 0..<rows {
            for c in 0..<columns { result[c * rows + r] = x[r * columns + c] }
        }
        return result
    }
}

/// Every element within `absolute` + 1e-5·|expected|.
func expectAllClose(_ actual: [Float], _ expected: [Float], absolute: Double,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    let worst = zip(actual, expected).map { a, e in
        abs(Double(a) - Double(e)) - (absolute + 1e-5 * abs(Double(e)))
    }.max() ?? 0
    #expect(worst <= 0, "worst excess error \(worst)", sourceLocation: sourceLocation)
}

/// The four-vector matrix–vector kernel against its twin, `multiplyVector` on each vector:
/// the same bits, for 1 to 9 vectors (whole fours and the rest) and depths around the vector
/// blocks.
@Suite struct MatrixVectorsKernelTests {
    @Test(arguments: [1, 17, 32, 33, 576])
    func fourAtATimeGiveTheBitsOfOneAtATime(depth k: Int) {
        var rng = SplitMix64(seed: UInt64(k + 11))
        let m = 9, stride = k + 2
        let a = Tensor.random(shape: [m, stride], using: &rng).scalars
        for n in 1...9 {
            let x = Tensor.random(shape: [n, k + 1], using: &rng).scalars
            for path in KernelPath.allCases where path.isSupported {
                let matrix = MatrixMultiply(path: path)
                var many = [Float](repeating: .nan, count: n * (m + 1))
                var one = [Float](repeating: .nan, count: n * (m + 1))
                a.withUnsafeBufferPointer { pa in
                    x.withUnsafeBufferPointer { px in
                        many.withUnsafeMutableBufferPointer { py in
                            matrix.multiplyVectors(count: n, rows: m, depth: k,
                                                   a: pa.baseAddress!, aRowStride: stride,
                                                   x: px.baseAddress!, xStride: k + 1,
                                                   y: py.baseAddress!, yStride: m + 1)
                        }
                        one.withUnsafeMutableBufferPointer { py in
                            for v in 0..<n {
                                matrix.multiplyVector(rows: m, depth: k, a: pa.baseAddress!,
                                                      aRowStride: stride,
                                                      x: px.baseAddress! + v * (k + 1),
                                                      y: py.baseAddress! + v * (m + 1))
                            }
                        }
                    }
                }
                // Equal bits where written; the gap after each result untouched.
                #expect(many.map(\.bitPattern) == one.map(\.bitPattern), "\(path), \(n) vectors")
                #expect(many[m].isNaN)
            }
        }
    }

    /// One step of two vectors, then the lanes added one after another from −0, as
    /// `SIMD.sum()` adds them (the kernels inline their own copy of that sum): the same
    /// bits as before they did, which a tree of additions would not give.
    @Test func aRowsLanesAreAddedInOrder() {
        var rng = SplitMix64(seed: 5)
        for path in KernelPath.allCases where path.isSupported {
            let w = path.kernels.vectorWidth, m = 64
            let a = Tensor.random(shape: [m, 2 * w], using: &rng).scalars
            let x = Tensor.random(shape: [2 * w], using: &rng).scalars
            var y = [Float](repeating: .nan, count: m)
            a.withUnsafeBufferPointer { pa in
                x.withUnsafeBufferPointer { px in
                    y.withUnsafeMutableBufferPointer { py in
                        MatrixMultiply(path: path).multiplyVector(
                            rows: m, depth: 2 * w, a: pa.baseAddress!, aRowStride: 2 * w,
                            x: px.baseAddress!, y: py.baseAddress!)
                    }
                }
            }
            let expected = (0..<m).map { r in
                (0..<w).reduce(-Float.zero) { total, i in
                    total + (a[r * 2 * w + i] * x[i] + a[r * 2 * w + w + i] * x[w + i])
                }
            }
            #expect(y.map(\.bitPattern) == expected.map(\.bitPattern), "\(path)")
        }
    }
}
