// ONE source, compiled three times like MatrixProductKernel.swift (see there); the
// MatrixKernelsAVX2 and MatrixKernelsAVX512 folders hold symlinks to this file.

/// The matrix–vector products: a dense layer's forward pass on one example, and on the
/// nonzero entries of a sparse input (raw pointers only, as in the matrix product).
extension MatrixProductKernel {
    /// The vector of the matrix–vector kernels: one zmm or one ymm register.
#if KERNELS_AVX512 && arch(x86_64)
    typealias Vector = SIMD16<Float>
#else
    typealias Vector = SIMD8<Float>
#endif

    /// sum += a · b, fused where this copy has FMA (a baseline build has none: see the
    /// portable tile).
    @inline(__always)
    static func multiplyAdd(_ sum: inout Vector, _ a: Vector, _ b: Vector) {
#if (KERNELS_AVX512 || KERNELS_AVX2) && arch(x86_64)
        sum.addProduct(a, b)
#else
        sum += a * b
#endif
    }

    /// v's lanes added in order, ((−0 + v[0]) + v[1]) + …: how the standard library defines
    /// `SIMD.sum()`, so the same bits, but always inlined (the library's stays a call, and
    /// the sums of neighbouring rows cannot overlap across calls).
    @inline(__always)
    static func laneSum(_ v: Vector) -> Float {
        var total: Float = -0.0
        for i in 0..<Vector.scalarCount { total += v[i] }
        return total
    }

    /// y[r] = Σₚ A[r, p] · x[p] for `rows` rows of A (rows `aRowStride` apart, contiguous
    /// along p): a matrix–vector product, one row at a time with two vector accumulators.
    public static func multiplyVector(
        rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>
    ) {
        typealias V = Vector
        let width = V.scalarCount, vectorEnd = k - k % (2 * width)
        let xr = UnsafeRawPointer(x)
        for row in 0..<m {
            let ar = UnsafeRawPointer(a + row * aRowStride)
            var s0 = V(), s1 = V()
            var p = 0
            while p < vectorEnd {
                let a0 = ar.loadUnaligned(fromByteOffset: 4 * p, as: V.self)
                let a1 = ar.loadUnaligned(fromByteOffset: 4 * (p + width), as: V.self)
                let x0 = xr.loadUnaligned(fromByteOffset: 4 * p, as: V.self)
                let x1 = xr.loadUnaligned(fromByteOffset: 4 * (p + width), as: V.self)
                multiplyAdd(&s0, a0, x0)
                multiplyAdd(&s1, a1, x1)
                p += 2 * width
            }
            var total = laneSum(s0 + s1)
            let aRow = a + row * aRowStride
            while p < k {
                total += aRow[p] * x[p]
                p += 1
            }
            y[row] = total
        }
    }

    /// y[v][r] = Σₚ A[r, p] · x[v][p] for `count` vectors x (`xStride` apart) and results
    /// (`yStride` apart): `multiplyVector` on each, with the same bits, reading each row of A
    /// once for four vectors instead of once per vector (a dense layer's forward pass on a
    /// training chunk: its 295 KB of weights from the level-2 cache once, not four times).
    public static func multiplyVectors(
        count n: Int, rows m: Int, depth k: Int, a: UnsafePointer<Float>, aRowStride: Int,
        x: UnsafePointer<Float>, xStride: Int, y: UnsafeMutablePointer<Float>, yStride: Int
    ) {
        typealias V = Vector
        let width = V.scalarCount, vectorEnd = k - k % (2 * width)
        var v0 = 0
        while v0 + 4 <= n {
            let x0r = UnsafeRawPointer(x + v0 * xStride), x1r = UnsafeRawPointer(x + (v0 + 1) * xStride)
            let x2r = UnsafeRawPointer(x + (v0 + 2) * xStride), x3r = UnsafeRawPointer(x + (v0 + 3) * xStride)
            for row in 0..<m {
                let ar = UnsafeRawPointer(a + row * aRowStride)
                // The two accumulators of each vector, as in multiplyVector.
                var s00 = V(), s01 = V(), s10 = V(), s11 = V()
                var s20 = V(), s21 = V(), s30 = V(), s31 = V()
                var p = 0
                while p < vectorEnd {
                    let a0 = ar.loadUnaligned(fromByteOffset: 4 * p, as: V.self)
                    let a1 = ar.loadUnaligned(fromByteOffset: 4 * (p + width), as: V.self)
                    @inline(__always) func add(_ xr: UnsafeRawPointer, _ e: inout V, _ o: inout V) {
                        multiplyAdd(&e, a0, xr.loadUnaligned(fromByteOffset: 4 * p, as: V.self))
                        multiplyAdd(&o, a1, xr.loadUnaligned(fromByteOffset: 4 * (p + width),
                                                             as: V.self))
                    }
                    add(x0r, &s00, &s01)
                    add(x1r, &s10, &s11)
                    add(x2r, &s20, &s21)
                    add(x3r, &s30, &s31)
                    p += 2 * width
                }
                let aRow = a + row * aRowStride
                @inline(__always) func finish(_ v: Int, _ e: V, _ o: V) {
                    let xv = x + (v0 + v) * xStride
                    var total = laneSum(e + o)
                    var q = p
                    while q < k {
                        total += aRow[q] * xv[q]
                        q += 1
                    }
                    y[(v0 + v) * yStride + row] = total
                }
                finish(0, s00, s01)
                finish(1, s10, s11)
                finish(2, s20, s21)
                finish(3, s30, s31)
            }
            v0 += 4
        }
        while v0 < n {
            multiplyVector(rows: m, depth: k, a: a, aRowStride: aRowStride, x: x + v0 * xStride,
                           y: y + v0 * yStride)
            v0 += 1
        }
    }

    /// y[j] = Σ_q values[q] · B[rows[q], j] for `columns` columns of B (rows `bRowStride`
    /// apart, contiguous along j): the nonzero entries of a vector times a matrix, whole
    /// vectors of y at a time. A dense layer after a ReLU, with its weights stored
    /// input-major, reads only the weight rows of its nonzero inputs (about half of them),
    /// each once, in order. Alternate entries go to separate accumulators (independent
    /// sums), added at the end.
    public static func multiplySparseVectorByMatrix(
        count: Int, rows: UnsafePointer<Int32>, values: UnsafePointer<Float>, columns n: Int,
        b: UnsafePointer<Float>, bRowStride: Int, y: UnsafeMutablePointer<Float>
    ) {
        typealias V = Vector
        let width = V.scalarCount
        let yr = UnsafeMutableRawPointer(y)
        // Row q of B from column j0 (wrapping arithmetic: the caller's indices are in range).
        @inline(__always) func row(_ q: Int, _ j0: Int) -> UnsafeRawPointer {
            UnsafeRawPointer(b + (Int(rows[q]) &* bRowStride &+ j0))
        }
        var j0 = 0
#if KERNELS_AVX512 && arch(x86_64)
        // Eight vectors (128 columns, sixteen sums in 16 of the 32 registers): a row of a
        // 128-wide B is read in one pass, eight lines in a row.
        while j0 + 8 * width <= n {
            var e0 = V(), e1 = V(), e2 = V(), e3 = V(), e4 = V(), e5 = V(), e6 = V(), e7 = V()
            var o0 = V(), o1 = V(), o2 = V(), o3 = V(), o4 = V(), o5 = V(), o6 = V(), o7 = V()
            @inline(__always) func load(_ r: UnsafeRawPointer, _ v: Int) -> V {
                r.loadUnaligned(fromByteOffset: 4 * v * width, as: V.self)
            }
            var q = 0
            while q + 1 < count {
                var s = V(repeating: values[q])
                var r = row(q, j0)
                multiplyAdd(&e0, s, load(r, 0)); multiplyAdd(&e1, s, load(r, 1))
                multiplyAdd(&e2, s, load(r, 2)); multiplyAdd(&e3, s, load(r, 3))
                multiplyAdd(&e4, s, load(r, 4)); multiplyAdd(&e5, s, load(r, 5))
                multiplyAdd(&e6, s, load(r, 6)); multiplyAdd(&e7, s, load(r, 7))
                s = V(repeating: values[q + 1])
                r = row(q + 1, j0)
                multiplyAdd(&o0, s, load(r, 0)); multiplyAdd(&o1, s, load(r, 1))
                multiplyAdd(&o2, s, load(r, 2)); multiplyAdd(&o3, s, load(r, 3))
                multiplyAdd(&o4, s, load(r, 4)); multiplyAdd(&o5, s, load(r, 5))
                multiplyAdd(&o6, s, load(r, 6)); multiplyAdd(&o7, s, load(r, 7))
                q += 2
            }
            if q < count {
                let s = V(repeating: values[q]), r = row(q, j0)
                multiplyAdd(&e0, s, load(r, 0)); multiplyAdd(&e1, s, load(r, 1))
                multiplyAdd(&e2, s, load(r, 2)); multiplyAdd(&e3, s, load(r, 3))
                multiplyAdd(&e4, s, load(r, 4)); multiplyAdd(&e5, s, load(r, 5))
                multiplyAdd(&e6, s, load(r, 6)); multiplyAdd(&e7, s, load(r, 7))
            }
            @inline(__always) func store(_ sum: V, _ v: Int) {
                yr.storeBytes(of: sum, toByteOffset: 4 * (j0 + v * width), as: V.self)
            }
            store(e0 + o0, 0); store(e1 + o1, 1); store(e2 + o2, 2); store(e3 + o3, 3)
            store(e4 + o4, 4); store(e5 + o5, 5); store(e6 + o6, 6); store(e7 + o7, 7)
            j0 += 8 * width
        }
#endif
        // Four vectors of columns at a time (eight sums), then one, then single columns.
        while j0 + 4 * width <= n {
            var e0 = V(), e1 = V(), e2 = V(), e3 = V(), o0 = V(), o1 = V(), o2 = V(), o3 = V()
            var q = 0
            while q + 1 < count {
                var s = V(repeating: values[q])
                var r = row(q, j0)
                multiplyAdd(&e0, s, r.loadUnaligned(as: V.self))
                multiplyAdd(&e1, s, r.loadUnaligned(fromByteOffset: 4 * width, as: V.self))
                multiplyAdd(&e2, s, r.loadUnaligned(fromByteOffset: 8 * width, as: V.self))
                multiplyAdd(&e3, s, r.loadUnaligned(fromByteOffset: 12 * width, as: V.self))
                s = V(repeating: values[q + 1])
                r = row(q + 1, j0)
                multiplyAdd(&o0, s, r.loadUnaligned(as: V.self))
                multiplyAdd(&o1, s, r.loadUnaligned(fromByteOffset: 4 * width, as: V.self))
                multiplyAdd(&o2, s, r.loadUnaligned(fromByteOffset: 8 * width, as: V.self))
                multiplyAdd(&o3, s, r.loadUnaligned(fromByteOffset: 12 * width, as: V.self))
                q += 2
            }
            if q < count {
                let s = V(repeating: values[q]), r = row(q, j0)
                multiplyAdd(&e0, s, r.loadUnaligned(as: V.self))
                multiplyAdd(&e1, s, r.loadUnaligned(fromByteOffset: 4 * width, as: V.self))
                multiplyAdd(&e2, s, r.loadUnaligned(fromByteOffset: 8 * width, as: V.self))
                multiplyAdd(&e3, s, r.loadUnaligned(fromByteOffset: 12 * width, as: V.self))
            }
            yr.storeBytes(of: e0 + o0, toByteOffset: 4 * j0, as: V.self)
            yr.storeBytes(of: e1 + o1, toByteOffset: 4 * (j0 + width), as: V.self)
            yr.storeBytes(of: e2 + o2, toByteOffset: 4 * (j0 + 2 * width), as: V.self)
            yr.storeBytes(of: e3 + o3, toByteOffset: 4 * (j0 + 3 * width), as: V.self)
            j0 += 4 * width
        }
        while j0 + width <= n {
            var e = V(), o = V()
            var q = 0
            while q + 1 < count {
                multiplyAdd(&e, V(repeating: values[q]), row(q, j0).loadUnaligned(as: V.self))
                multiplyAdd(&o, V(repeating: values[q + 1]),
                            row(q + 1, j0).loadUnaligned(as: V.self))
                q += 2
            }
            if q < count {
                multiplyAdd(&e, V(repeating: values[q]), row(q, j0).loadUnaligned(as: V.self))
            }
            yr.storeBytes(of: e + o, toByteOffset: 4 * j0, as: V.self)
            j0 += width
        }
        while j0 < n {
            var sum: Float = 0
            for q in 0..<count { sum += values[q] * b[Int(rows[q]) * bRowStride + j0] }
            y[j0] = sum
            j0 += 1
        }
    }
}
