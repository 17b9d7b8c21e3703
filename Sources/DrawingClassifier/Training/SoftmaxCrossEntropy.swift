import Foundation

/// Row-wise softmax of logits `[N, K]`, computed stably (the row maximum is subtracted
/// before exponentiating).
public func softmax(_ logits: Tensor) -> Tensor {
    precondition(logits.shape.count == 2, "softmax expects logits [N, K], got \(logits.shape).")
    let (n, k) = (logits.shape[0], logits.shape[1])
    var result = logits
    result.scalars.withUnsafeMutableBufferPointer { p in
        for row in 0..<n {
            let z = UnsafeMutableBufferPointer(rebasing: p[row * k ..< (row + 1) * k])
            let top = z.max() ?? 0
            var sum: Float = 0
            for j in z.indices {
                z[j] = exp(z[j] - top)
                sum += z[j]
            }
            for j in z.indices { z[j] /= sum }
        }
    }
    return result
}

/// Mean softmax cross-entropy of logits `[N, K]` against integer labels in `0..<K`, and its
/// gradient dLoss/dLogits = (softmax − onehot) / N. Uses log-sum-exp, so large logits
/// neither overflow nor lose the loss.
public func softmaxCrossEntropy(logits: Tensor,
                                labels: [Int]) -> (loss: Float, logitsGrad: Tensor) {
    let n = logits.shape.first ?? 0
    let (loss, grad) = softmaxCrossEntropySum(logits: logits, labels: labels,
                                              gradientScale: n > 0 ? 1 / Float(n) : 0)
    return (n > 0 ? Float(loss / Double(n)) : 0, grad)
}

/// The summed loss over the rows (in `Double`) and (softmax − onehot) · `gradientScale`:
/// the trainer splits a batch into chunks and scales each by 1 / (whole batch size).
func softmaxCrossEntropySum(logits: Tensor, labels: [Int],
                            gradientScale: Float) -> (loss: Double, logitsGrad: Tensor) {
    precondition(logits.shape.count == 2 && logits.shape[0] == labels.count,
                 "softmaxCrossEntropy expects logits [N, K] and N labels, got \(logits.shape) "
                 + "and \(labels.count) labels.")
    let (n, k) = (logits.shape[0], logits.shape[1])
    precondition(labels.allSatisfy { (0..<k).contains($0) },
                 "Every label must be a class index in 0..<\(k).")
    var grad = logits
    var total = 0.0
    grad.scalars.withUnsafeMutableBufferPointer { p in
        for row in 0..<n {
            let z = UnsafeMutableBufferPointer(rebasing: p[row * k ..< (row + 1) * k])
            let top = z.max() ?? 0
            var sum: Float = 0
            for j in z.indices { sum += exp(z[j] - top) }
            let logSum = log(sum)
            // −log softmax[label] = log Σ exp(z − top) − (z[label] − top)
            total += Double(logSum - (z[labels[row]] - top))
            for j in z.indices { z[j] = exp(z[j] - top - logSum) * gradientScale }
            z[labels[row]] -= gradientScale
        }
    }
    return (total, grad)
}
