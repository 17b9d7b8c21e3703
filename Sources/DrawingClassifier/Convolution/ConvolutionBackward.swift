/// The backward pass of `convolutionForward`, for dout[N, O, H', W'] and its input
/// inp[N, C, H, W]:
///
///   dbias[O] += Σ dout over the pixels
///   dweight[O, C, k, k] += dout ⋆ inp: dWᵀ[K, O] = patchesᵀ · dYᵀ[P, O] summed over the
///            examples in order (one input channel: `KernelSet.singleChannelWeightGradient`;
///            Winograd: dW = Gᵀ [Σ_tiles (A dY Aᵀ) ⊙ (Bᵀ d B)] G, 16 products
///            M_ξ[C, O] = V_ξᵀ[C, tiles] · Z_ξ[tiles, O], `addWinogradWeightGradient`)
///   dinp[N, C, H, W] = (when given) dPatches[P, K] = dYᵀ · W[O, K] folded back onto the
///            image, or with Winograd the convolution of dout, padded by k − 1 − pad, with
///            the kernel turned half a turn and its channels swapped
///
/// The patches are made again here rather than kept from forward: a chunk's worth did not
/// fit in cache, and the products ran at half speed reading them back.
// swiftlint:disable:next function_parameter_count
func convolutionBackward(
    inputGradient dinp: UnsafeMutablePointer<Float>?,
    weightGradient dweight: UnsafeMutablePointer<Float>,
    biasGradient dbias: UnsafeMutablePointer<Float>,
    outputGradient dout: UnsafePointer<Float>, input inp: UnsafePointer<Float>,
    batch n: Int, channels c: Int, height h: Int, width w: Int, outputs o: Int,
    kernelSize k: Int, padding pad: Int, algorithm: ConvolutionAlgorithm,
    _ buffers: ConvolutionBuffers, _ matrix: inout MatrixMultiply
) {
    let (oh, ow) = (h + 2 * pad - k + 1, w + 2 * pad - k + 1)
    let (pixels, depth, ph, pw) = (oh * ow, k * k * c, h + 2 * pad, w + 2 * pad)
    let direct = algorithm == .directSingleChannel
    let winogradGradient = dinp != nil && algorithm == .winograd
    let winogradWeights = algorithm == .winograd
        && ConvolutionAlgorithm.winogradWeightGradient(outputHeight: oh, outputWidth: ow)
    let group = buffers.examplesPerProduct
    let (tilesY, tilesX) = ((oh + 1) / 2, (ow + 1) / 2)
    let (tiles, planeRows) = (tilesY * tilesX, group * tilesY * tilesX)
    for s0 in stride(from: 0, to: n, by: group) {
        let examples = min(group, n - s0)
        for e in 0..<examples {
            let s = s0 + e
            let dy = dout + s * o * pixels
            for co in 0..<o { dbias[co] += sum(dy + co * pixels, count: pixels) }
            Im2Col.pad(inp + s * c * h * w, channels: c, height: h, width: w, padding: pad,
                       into: buffers.padded)
            if direct {
                // dW[O, k, k] += dy ⋆ the padded image, straight into the gradient.
                matrix.kernels.singleChannelWeightGradient(
                    padded: buffers.padded, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                    kernelSize: k, outputGradient: dy, outputs: o, into: dweight)
                guard dinp != nil else { continue }
            } else if winogradWeights {
                // V = Bᵀ d B of the input windows of every output tile (as in forward).
                matrix.kernels.winogradTransformInput(
                    padded: buffers.padded, paddedWidth: pw, channels: c, tiles: buffers.tiles,
                    count: tiles, tilesX: tilesX, planeRows: planeRows,
                    into: buffers.patches + e * tiles * c)
            } else {
                Im2Col.unfold(padded: buffers.padded, channels: c, paddedWidth: pw,
                              outputHeight: oh, outputWidth: ow, kernelSize: k,
                              into: buffers.patches + e * pixels * depth)
            }
            Im2Col.pad(dy, channels: o, height: oh, width: ow, padding: 0,
                       into: buffers.pixelsByChannel + e * pixels * o)  // dyᵀ [P, O]
            if winogradWeights {
                // Z = A dY Aᵀ of every output tile.
                matrix.kernels.winogradTransformOutputGradient(
                    dy: buffers.pixelsByChannel + e * pixels * o, outputHeight: oh,
                    outputWidth: ow, outputs: o, tilesY: tilesY, tilesX: tilesX,
                    planeRows: planeRows, into: buffers.winogradProducts + e * tiles * o)
            }
        }
        if winogradWeights {
            // M_ξ[C, O] (+)= V_ξᵀ[C, tiles] · Z_ξ[tiles, O], tiles over the examples
            for xi in 0..<16 {
                matrix.multiply(rows: c, columns: o, depth: examples * tiles,
                                a: buffers.patches + xi * planeRows * c, aRowStride: 1,
                                aColumnStride: c, b: buffers.winogradProducts + xi * planeRows * o,
                                bRowStride: o, bColumnStride: 1,
                                c: buffers.winogradWeightGrad + xi * c * o, ldc: o,
                                accumulate: s0 > 0)
            }
        } else if !direct {
            // dWᵀ[K, O] (+)= patchesᵀ[K, P] · dYᵀ[P, O], P over the examples
            matrix.multiply(rows: depth, columns: o, depth: examples * pixels,
                            a: buffers.patches, aRowStride: 1, aColumnStride: depth,
                            b: buffers.pixelsByChannel, bRowStride: o, bColumnStride: 1,
                            c: buffers.weightGradByTap, ldc: o, accumulate: s0 > 0)
        }
        guard let dinp, !winogradGradient else { continue }
        // dPatches[P, K] = dYᵀ[P, O] · W[O, K], folded back onto each example.
        matrix.multiply(rows: examples * pixels, columns: depth, depth: o,
                        a: buffers.pixelsByChannel, aRowStride: o, aColumnStride: 1,
                        b: buffers.weightsByOutput, bRowStride: depth, bColumnStride: 1,
                        c: buffers.patches, ldc: depth, accumulate: false)
        for e in 0..<examples {
            Im2Col.fold(patches: buffers.patches + e * pixels * depth, channels: c,
                        paddedHeight: ph, paddedWidth: pw, outputHeight: oh, outputWidth: ow,
                        kernelSize: k, into: buffers.paddedGrad)
            Im2Col.unpad(buffers.paddedGrad, channels: c, height: h, width: w, padding: pad,
                         into: dinp + (s0 + e) * c * h * w)
        }
    }
    if winogradGradient, let dinp {
        // dX = dY, padded by k − 1 − p, ⋆ W′ with W′[c, o, a, b] = W[o, c, 2 − a, 2 − b].
        winogradConvolution(
            dout, examples: n, channels: o, height: oh, width: ow, padding: k - 1 - pad,
            outputs: c, weights: buffers.winogradGradWeights, bias: nil, group: group,
            tileList: buffers.tiles, padded: buffers.paddedOutputGrad,
            transformed: buffers.patches, products: buffers.winogradProducts,
            channelsLast: buffers.paddedGrad, &matrix, into: dinp)
    }
    if n > 0 && winogradWeights {
        // dW[co, ci] += Gᵀ M[ci, co] G
        addWinogradWeightGradient(buffers.winogradWeightGrad, channels: c, outputs: o,
                                  into: dweight)
    } else if n > 0 && !direct {
        // dW[co, ci, ky, kx] += dWᵀ[(ky, kx, ci), co]
        addWeightGradientByTap(buffers.weightGradByTap, outputs: o, channels: c, taps: k * k,
                               into: dweight)
    }
}

/// Σ x[0..<count] with 8 partial sums (the compiler does not vectorise float sums).
@inline(__always)
private func sum(_ x: UnsafePointer<Float>, count: Int) -> Float {
    var partial = SIMD8<Float>()
    var i = 0
    while i + 8 <= count {
        partial += UnsafeRawPointer(x + i).loadUnaligned(as: SIMD8<Float>.self)
        i += 8
    }
    var total = partial.sum()
    while i < count {
        total += x[i]
        i += 1
    }
    return total
}
