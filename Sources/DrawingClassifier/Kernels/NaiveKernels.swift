/// Plain-loop reference versions of every fast kernel. They are slow and obviously right;
/// the tests check the fast kernels against them on random shapes.
enum NaiveKernels {
    /// C[m, n] = A[m, k] · B[k, n], all row-major, summed in `Double`.
    static func matrixMultiply(_ a: [Float], _ b: [Float], rows m: Int, columns n: Int,
                               depth k: Int) -> [Float] {
        var c = [Float](repeating: 0, count: m * n)
        for i in 0..<m {
            for j in 0..<n {
                var sum = 0.0
                for p in 0..<k { sum += Double(a[i * k + p]) * Double(b[p * n + j]) }
                c[i * n + j] = Float(sum)
            }
        }
        return c
    }

    /// Direct convolution, stride 1.
    /// input [N, C, H, W], weight [O, C, k, k], bias [O] → output [N, O, H', W'],
    /// H' = H + 2·padding − k + 1.
    static func convolution(input: Tensor, weight: Tensor, bias: Tensor, padding: Int) -> Tensor {
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (o, k) = (weight.shape[0], weight.shape[2])
        let (oh, ow) = (h + 2 * padding - k + 1, w + 2 * padding - k + 1)
        var out = Tensor(zeros: [n, o, oh, ow])
        for s in 0..<n {
            for co in 0..<o {
                for y in 0..<oh {
                    for x in 0..<ow {
                        var sum = Double(bias.scalars[co])
                        for ci in 0..<c {
                            for ky in 0..<k {
                                for kx in 0..<k {
                                    let iy = y + ky - padding, ix = x + kx - padding
                                    guard iy >= 0, iy < h, ix >= 0, ix < w else { continue }
                                    sum += Double(input.scalars[((s * c + ci) * h + iy) * w + ix])
                                        * Double(weight.scalars[((co * c + ci) * k + ky) * k + kx])
                                }
                            }
                        }
                        out.scalars[((s * o + co) * oh + y) * ow + x] = Float(sum)
                    }
                }
            }
        }
        return out
    }

    /// Gradients of `convolution` for dLoss/dOutput `outputGrad` [N, O, H', W']:
    /// (inputGrad [N, C, H, W], weightGrad [O, C, k, k], biasGrad [O]).
    static func convolutionGradients(input: Tensor, weight: Tensor, padding: Int,
                                     outputGrad: Tensor) -> (Tensor, Tensor, Tensor) {
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (o, k) = (weight.shape[0], weight.shape[2])
        let (oh, ow) = (outputGrad.shape[2], outputGrad.shape[3])
        var inputGrad = [Double](repeating: 0, count: input.count)
        var weightGrad = [Double](repeating: 0, count: weight.count)
        var biasGrad = [Double](repeating: 0, count: o)
        for s in 0..<n {
            for co in 0..<o {
                for y in 0..<oh {
                    for x in 0..<ow {
                        let g = Double(outputGrad.scalars[((s * o + co) * oh + y) * ow + x])
                        biasGrad[co] += g
                        for ci in 0..<c {
                            for ky in 0..<k {
                                for kx in 0..<k {
                                    let iy = y + ky - padding, ix = x + kx - padding
                                    guard iy >= 0, iy < h, ix >= 0, ix < w else { continue }
                                    let xi = ((s * c + ci) * h + iy) * w + ix
                                    let wi = ((co * c + ci) * k + ky) * k + kx
                                    inputGrad[xi] += g * Double(weight.scalars[wi])
                                    weightGrad[wi] += g * Double(input.scalars[xi])
                                }
                            }
                        }
                    }
                }
            }
        }
        return (Tensor(shape: input.shape, scalars: inputGrad.map(Float.init)),
                Tensor(shape: weight.shape, scalars: weightGrad.map(Float.init)),
                Tensor(shape: [o], scalars: biasGrad.map(Float.init)))
    }

    /// Max pooling over non-overlapping size×size windows (floor): input [N, C, H, W] →
    /// [N, C, H/size, W/size].
    static func maxPool(_ input: Tensor, size: Int) -> Tensor {
        let (n, c, h, w) = (input.shape[0], input.shape[1], input.shape[2], input.shape[3])
        let (oh, ow) = (h / size, w / size)
        var out = Tensor(zeros: [n, c, oh, ow])
        for plane in 0..<(n * c) {
            for y in 0..<oh {
                for x in 0..<ow {
                    var best = -Float.infinity
                    for dy in 0..<size {
                        for dx in 0..<size {
                            best = max(best, input.scalars[(plane * h + y * size + dy) * w
                                                           + x * size + dx])
                        }
                    }
                    out.scalars[(plane * oh + y) * ow + x] = best
                }
            }
        }
        return out
    }
}
