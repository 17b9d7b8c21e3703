extension Classifier {
    /// Predicted class indices for images `[N, 1, H, W]` (`Network.logits` works in slices,
    /// so memory stays bounded on large sets).
    public func predictedLabels(_ images: Tensor) -> [Int] {
        (images.shape.first ?? 0) == 0 ? [] : argmaxRows(network.logits(images))
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
        let data = dataset.tensors(preprocessing: preprocessing)
        return confusionMatrix(images: data.images, labels: data.labels.map { mapping[$0] })
    }
}
