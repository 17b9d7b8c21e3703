import Testing
@testable import DrawingClassifier

@Suite struct ImageAugmentationTests {
    /// A batch of two 8×8 images, each with a bar of ink off centre.
    static let batch: Tensor = {
        var scalars = [Float](repeating: 0, count: 2 * 64)
        for image in 0..<2 {
            for y in 2..<6 { scalars[image * 64 + y * 8 + 1 + image] = 1 }
        }
        return Tensor(shape: [2, 1, 8, 8], scalars: scalars)
    }()

    /// `fa-train --augment-rotation 0` (refitting on, the default) used to resample every
    /// training image of every batch anyway: no rotation with refitting changes nothing now,
    /// neither the images nor the generator (so the shuffling that follows is unchanged).
    @Test func noRotationWithRefittingChangesNothing() {
        let identity = ImageAugmentation(maxRotationDegrees: 0, maxScaleChange: 0.1, maxShift: 1.5,
                                          refits: true)
        #expect(identity.isIdentity && ImageAugmentation.none.isIdentity)
        var batch = Self.batch
        var rng = SplitMix64(seed: 4), untouched = SplitMix64(seed: 4)
        identity.apply(to: &batch, using: &rng)
        #expect(batch == Self.batch)
        #expect(rng.next() == untouched.next())
    }

    @Test func rotationOrWithoutRefittingScaleAndShiftChangeTheImages() {
        let cases = [
            ImageAugmentation(maxRotationDegrees: 30, maxScaleChange: 0, maxShift: 0, refits: true),
            ImageAugmentation(maxRotationDegrees: 0, maxScaleChange: 0, maxShift: 1.5, refits: false),
            ImageAugmentation(maxRotationDegrees: 0, maxScaleChange: 0.2, maxShift: 0, refits: false),
        ]
        for augmentation in cases {
            #expect(!augmentation.isIdentity)
            var batch = Self.batch
            var rng = SplitMix64(seed: 4)
            augmentation.apply(to: &batch, using: &rng)
            #expect(batch != Self.batch, "\(augmentation)")
        }
    }
}
