import Testing
import DrawingClassifier
import Pictures

@Suite struct MontageTests {
    /// A 28×28 image whose pixel (x, y) is 8x + y (a ramp, so every position differs).
    static let ramp: GrayImage = {
        let pixels: [UInt8] = (0..<784).map { (i: Int) -> UInt8 in UInt8(8 * (i % 28) + i / 28) }
        return GrayImage(width: 28, height: 28, pixels: pixels)
    }()

    @Test func gridTilesShowTheirImagesAtTheScale() throws {
        let montage = Montage(scale: 3, gap: 4, columns: 2)
        let tiles = [(image: Self.ramp, caption: "a"), (image: Self.ramp, caption: "b"),
                     (image: Self.ramp, caption: "c")]
        let canvas = try montage.grid(tiles)
        // margin 12; cell 84 wide (image 28·3 > caption); 2 per line, 2 lines of 84 + 4 + 8.
        let width: Int = 12 + 2 * (84 + 8) - 8 + 12
        let height: Int = 12 + 2 * (96 + 8) - 8 + 12
        #expect(canvas.width == width)
        #expect(canvas.height == height)
        #expect(canvas[12 + 3 * 10 + 1, 12 + 3 * 5 + 2] == RGBColor(gray: Self.ramp[10, 5]))
        // The third tile starts the second line.
        #expect(canvas[12 + 3 * 7, 12 + 104 + 3 * 20] == RGBColor(gray: Self.ramp[7, 20]))
    }

    @Test func classRowsPickEvenlySpreadSamplesInClassOrder() throws {
        let images = (0..<10).map { k in
            GrayImage(width: 28, height: 28, pixels: [UInt8](repeating: UInt8(20 * k), count: 784))
        }
        let dataset = ImageFolderDataset(classNames: ["b", "a"], images: images,
                                         labels: [0, 0, 0, 0, 1, 1, 1, 1, 1, 1])
        let montage = Montage(scale: 1, gap: 2, columns: 10)
        let canvas = try montage.classRows(of: dataset, perClass: 2)
        // Rows sorted by name: "a" (images 4...9 → picks 4 and 7), then "b" (0...3 → 0 and 2).
        let left = 12 + BitmapFont.size(of: "6 images").width + 4 + 8
        #expect(canvas[left + 10, 12 + 10] == RGBColor(gray: 80))
        #expect(canvas[left + 30 + 10, 12 + 10] == RGBColor(gray: 140))
        #expect(canvas[left + 10, 12 + 28 + 6 + 10] == RGBColor(gray: 0))
        #expect(canvas[left + 30 + 10, 12 + 28 + 6 + 10] == RGBColor(gray: 40))
    }

    @Test func mistakesAreCaptionedTrueArrowPredicted() throws {
        let canvas = try Montage().mistakes(images: [Self.ramp], trueLabels: ["circle"],
                                            predictedLabels: ["arrow"])
        let caption = BitmapFont.size(of: "circle → arrow")
        #expect(caption.width == 83)
        let title = BitmapFont.size(of: "1 misclassified (true → predicted)", scale: 2)
        #expect(canvas.width == 12 + max(84, title.width) + 12)
    }

    @Test func anAbsurdLayoutThrowsInsteadOfAllocating() {
        let tall = GrayImage(width: 1, height: 10_000)
        #expect(throws: PictureSizeError.self) {
            try Montage(scale: 3).grid([(image: tall, caption: "x")])
        }
    }
}
