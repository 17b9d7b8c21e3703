extension Classifier {
    /// Predicted class indices for images `[N, 1, H, W]`, computed in slices of
    /// `batchSize` so memory stays bounded on large sets.
    public func predictedLabels(_ images: Tensor, batchSize: Int = 256) -> [Int] {
        let n = images.shape.first ?? 0
        guard n > 0 else { return [] }
        let examples = LabeledImages(images: images, labels: [Int](repeating: 0, count: n))
        var predicted: [Int] = []
        predicted.reserveCapacity(n)
        for start in stride(from: 0, to: n, by: batchSize) {
            let slice = examples.gathering(start..<min(start + batchSize, n))
            predicted += argmaxRows(network.logits(slice.images))
        }
        return predicted
    }

    /// The confusion matrix of this classifier on labelled images `[N, 1, H, W]`.
    public func confusionMatrix(images: Tensor, labels: [Int]) -> ConfusionMatrix {
        ConfusionMatrix(classes: classes, trueLabels: labels, predictedLabels: predictedLabels(images))
    }
}

extension Classifier {
    /// The confusion matrix on a loaded folder dataset, whose class folders must be the
    /// model's classes (same names; order may differ).
    public func confusionMatrix(on dataset: ImageFolderDataset) throws(DatasetError) -> ConfusionMatrix {
        let mapping = try dataset.classNames.map { name throws(DatasetError) -> Int in
            guard let index = classes.firstIndex(of: name) else {
                throw .classMismatch(path: dataset.root, classes: dataset.classNames,
                                     expectedPath: "the model", expectedClasses: classes)
            }
            return index
        }
        let data = dataset.tensors()
        return confusionMatrix(images: data.images, labels: data.labels.map { mapping[$0] })
    }
}
