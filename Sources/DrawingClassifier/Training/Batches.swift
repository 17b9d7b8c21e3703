/// Images `[N, C, H, W]` with one class index per image.
public struct LabeledImages: Sendable {
    public var images: Tensor
    public var labels: [Int]

    public init(images: Tensor, labels: [Int]) {
        self.images = images
        self.labels = labels
    }

    /// The number of examples.
    public var count: Int { labels.count }

    /// The examples at `indices`, in that order, as one contiguous batch.
    public func gathering(_ indices: some Collection<Int>) -> LabeledImages {
        let stride = images.shape.dropFirst().reduce(1, *)
        var scalars = [Float](repeating: 0, count: indices.count * stride)
        var batchLabels: [Int] = []
        batchLabels.reserveCapacity(indices.count)
        images.scalars.withUnsafeBufferPointer { source in
            scalars.withUnsafeMutableBufferPointer { target in
                for (row, index) in indices.enumerated() {
                    precondition(index >= 0 && index < labels.count,
                                 "Example index \(index) is outside 0..<\(labels.count).")
                    target.baseAddress!.advanced(by: row * stride)
                        .update(from: source.baseAddress! + index * stride, count: stride)
                    batchLabels.append(labels[index])
                }
            }
        }
        return LabeledImages(images: Tensor(shape: [indices.count] + images.shape.dropFirst(),
                                            scalars: scalars),
                             labels: batchLabels)
    }
}

/// The index of the largest value of each row of `[N, K]` scores (the first one on ties).
func argmaxRows(_ scores: Tensor) -> [Int] {
    let (n, k) = (scores.shape[0], scores.shape[1])
    return (0..<n).map { row in
        var best = 0
        for j in 1..<max(k, 1) where scores.scalars[row * k + j] > scores.scalars[row * k + best] {
            best = j
        }
        return best
    }
}
