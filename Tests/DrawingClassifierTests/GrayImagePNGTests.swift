import DrawingClassifier
import Foundation
import Testing
import Pictures

/// Luma of an sRGB-encoded colour as `GrayImage(pngData:)` computes it (weights / 32768).
private func luma(_ r: Int, _ g: Int, _ b: Int) -> Int {
    (6968 * r + 23434 * g + 2366 * b + 16384) >> 15
}

/// `value` composited with `alpha` onto `background`, rounded.
private func over(_ value: Int, alpha: Int, background: Int) -> UInt8 {
    UInt8((value * alpha + background * (255 - alpha) + 127) / 255)
}

private func decode(_ png: TestPNG, polarity: Polarity = .whiteInkOnBlack) throws -> GrayImage {
    try GrayImage(pngData: png.encoded(), name: "test.png",
                  options: PNGReadOptions(polarity: polarity))
}

@Suite struct GrayImagePNGTests {
    @Test func eightBitGrayIsReadUnchanged() throws {
        let samples = (0..<(16 * 16)).map { $0 }  // every value 0...255 once
        let image = try decode(TestPNG(width: 16, height: 16, colorType: .gray, samples: samples))
        #expect(image.width == 16 && image.height == 16)
        #expect(image.pixels == samples.map(UInt8.init))
    }

    @Test func lowBitDepthGrayIsScaledToFullRange() throws {
        let four = try decode(TestPNG(width: 16, height: 1, colorType: .gray, bitDepth: 4,
                                      samples: Array(0..<16)))
        #expect(four.pixels == (0..<16).map { UInt8($0 * 17) })
        let one = try decode(TestPNG(width: 3, height: 3, colorType: .gray, bitDepth: 1,
                                     samples: [0, 1, 0, 1, 1, 1, 0, 1, 0]))
        #expect(one.pixels == [0, 255, 0, 255, 255, 255, 0, 255, 0])
    }

    @Test func grayAlphaIsCompositedOnBlackOrWhite() throws {
        // (gray, alpha) pairs: opaque, transparent, half-transparent white, ...
        let pairs = [(200, 255), (200, 0), (255, 128), (0, 128), (90, 30), (17, 254)]
        let png = TestPNG(width: pairs.count, height: 1, colorType: .grayAlpha,
                          samples: pairs.flatMap { [$0.0, $0.1] })
        let onBlack = try decode(png, polarity: .whiteInkOnBlack)
        let onWhite = try decode(png, polarity: .blackInkOnWhite)
        #expect(onBlack.pixels == [200, 0, 128, 0, 11, 17])
        #expect(onWhite.pixels == [200, 255, 255, 127, 236, 18])
        #expect(onBlack.pixels == pairs.map { over($0.0, alpha: $0.1, background: 0) })
        #expect(onWhite.pixels == pairs.map { over($0.0, alpha: $0.1, background: 255) })
    }

    @Test func rgbGraysKeepTheirValueAndColoursBecomeLuma() throws {
        let colours = [[0, 0, 0], [255, 255, 255], [1, 1, 1], [128, 128, 128], [254, 254, 254],
                       [255, 0, 0], [0, 255, 0], [0, 0, 255], [30, 200, 90]]
        let image = try decode(TestPNG(width: 3, height: 3, colorType: .rgb,
                                       samples: colours.flatMap { $0 }))
        #expect(image.pixels == [0, 255, 1, 128, 254, 54, 182, 18, 156])
        #expect(image.pixels == colours.map { UInt8(luma($0[0], $0[1], $0[2])) })
    }

    @Test func rgbaIsConvertedThenComposited() throws {
        let pixels = [[255, 255, 255, 255], [255, 255, 255, 0], [100, 100, 100, 128],
                      [255, 0, 0, 200]]
        let png = TestPNG(width: 2, height: 2, colorType: .rgba, samples: pixels.flatMap { $0 })
        let onBlack = try decode(png)
        let onWhite = try decode(png, polarity: .blackInkOnWhite)
        #expect(onBlack.pixels == [255, 0, 50, 42])
        #expect(onWhite.pixels == [255, 255, 177, 97])
        #expect(onBlack.pixels == pixels.map {
            over(luma($0[0], $0[1], $0[2]), alpha: $0[3], background: 0)
        })
    }

    @Test func paletteEntriesAreLookedUp() throws {
        let palette: [[UInt8]] = [[0, 0, 0], [255, 255, 255], [77, 77, 77], [0, 0, 255]]
        let indices = [0, 1, 2, 3, 3, 2, 1, 0]
        let image = try decode(TestPNG(width: 4, height: 2, colorType: .palette,
                                       samples: indices, palette: palette))
        #expect(image.pixels == [0, 255, 77, 18, 18, 77, 255, 0])
        let packed = try decode(TestPNG(width: 4, height: 2, colorType: .palette, bitDepth: 2,
                                        samples: indices, palette: palette))
        #expect(packed.pixels == image.pixels)
    }

    @Test func paletteTransparencyIsComposited() throws {
        let palette: [[UInt8]] = [[255, 255, 255], [255, 255, 255], [200, 200, 200]]
        // tRNS may be shorter than PLTE: entry 2 stays opaque.
        let png = TestPNG(width: 3, height: 1, colorType: .palette, samples: [0, 1, 2],
                          palette: palette, transparency: [0, 100])
        #expect(try decode(png).pixels == [0, 100, 200])
        #expect(try decode(png, polarity: .blackInkOnWhite).pixels == [255, 255, 200])
    }

    @Test func grayTransparencyKeyIsComposited() throws {
        let png = TestPNG(width: 3, height: 1, colorType: .gray, samples: [255, 40, 41],
                          transparency: [0, 40])
        #expect(try decode(png).pixels == [255, 0, 41])
        #expect(try decode(png, polarity: .blackInkOnWhite).pixels == [255, 255, 41])
    }

    @Test func sixteenBitGrayIsScaledWithoutGammaChange() throws {
        // v / 257 rounded: 0x8080 = 128·257 → 128; 0x1234 = 4660 → 18.13 → 18.
        let samples = [0, 65535, 0x8080, 0x1234, 257, 300, 65000, 0x7FFF]
        let image = try decode(TestPNG(width: 8, height: 1, colorType: .gray, bitDepth: 16,
                                       samples: samples))
        #expect(image.pixels == [0, 255, 128, 18, 1, 1, 253, 127])
    }

    @Test func sixteenBitRGBGraysKeepTheirValue() throws {
        let colours = [[0x8080, 0x8080, 0x8080], [0xFFFF, 0xFFFF, 0xFFFF], [0, 0, 0],
                       [0x1414, 0x1414, 0x1414], [0xFFFF, 0, 0]]
        let image = try decode(TestPNG(width: 5, height: 1, colorType: .rgb, bitDepth: 16,
                                       samples: colours.flatMap { $0 }))
        #expect(image.pixels == [128, 255, 0, 20, 54])
    }

    @Test func sixteenBitAlphaIsComposited() throws {
        // Half-transparent white (alpha 0x8080 = 128/255), opaque 0x8080 gray, transparent.
        let png = TestPNG(width: 3, height: 1, colorType: .rgba, bitDepth: 16,
                          samples: [0xFFFF, 0xFFFF, 0xFFFF, 0x8080, 0x8080, 0x8080, 0x8080, 0xFFFF,
                                    0xFFFF, 0xFFFF, 0xFFFF, 0])
        #expect(try decode(png).pixels == [128, 128, 0])
        #expect(try decode(png, polarity: .blackInkOnWhite).pixels == [255, 128, 255])
    }

    @Test func gammaChunksAreHonoured() throws {
        var png = TestPNG(width: 3, height: 1, colorType: .gray, samples: [0, 128, 255])
        // sRGB or a gamma of 1/2.2 mean the samples are already sRGB: unchanged.
        for chunk in [("sRGB", [UInt8(0)]), ("gAMA", TestPNG.bigEndian(45455))] {
            png.extraChunks = [chunk]
            #expect(try decode(png).pixels == [0, 128, 255], "\(chunk.0)")
        }
        // Linear samples (gamma 1.0) are re-encoded as sRGB by libpng: 128/255 → 186/255.
        png.extraChunks = [("gAMA", TestPNG.bigEndian(100_000))]
        #expect(try decode(png).pixels == [0, 186, 255])
    }

    @Test func interlacedImagesMatchTheirProgressiveTwin() throws {
        // 13 × 11 touches every Adam7 pass, including partial blocks at the right and bottom.
        let samples = (0..<(13 * 11)).map { ($0 * 37) % 256 }
        var png = TestPNG(width: 13, height: 11, colorType: .gray, samples: samples)
        png.interlaced = true
        let interlaced = try decode(png)
        #expect(interlaced.pixels == samples.map(UInt8.init))
        var rgb = TestPNG(width: 13, height: 11, colorType: .rgb,
                          samples: samples.flatMap { [$0, $0, $0] })
        rgb.interlaced = true
        #expect(try decode(rgb).pixels == samples.map(UInt8.init))
        // A 1 × 1 interlaced image has only the first pass.
        var tiny = TestPNG(width: 1, height: 1, colorType: .gray, samples: [9])
        tiny.interlaced = true
        #expect(try decode(tiny).pixels == [9])
    }

    @Test func unknownAncillaryChunksAreSkipped() throws {
        var png = TestPNG(width: 2, height: 2, colorType: .gray, samples: [1, 2, 3, 4])
        png.extraChunks = [("iDOT", [0, 0, 0, 2, 0, 0, 0, 0]), ("eXIf", [0x4D, 0x4D, 0, 42]),
                           ("zzZz", [1, 2, 3])]
        #expect(try decode(png).pixels == [1, 2, 3, 4])
    }

    @Test func lightBackgroundsAreInvertedOnRequest() throws {
        // Black ink on white: a 5 × 5 white frame with a dark centre.
        var samples = [Int](repeating: 250, count: 25)
        samples[12] = 0
        let png = TestPNG(width: 5, height: 5, colorType: .gray, samples: samples)
        let kept = try decode(png)
        #expect(kept.hasLightBackground && kept.borderMean == 250)
        let options = PNGReadOptions(invertsLightBackground: true)
        let inverted = try GrayImage(pngData: png.encoded(), options: options)
        #expect(inverted.pixels == samples.map { UInt8(255 - $0) })
        // A dark background is left alone.
        let dark = try GrayImage(pngData: TestPNG(width: 2, height: 2, colorType: .gray,
                                                  samples: [0, 10, 20, 255]).encoded(),
                                 options: options)
        #expect(dark.pixels == [0, 10, 20, 255])
    }

    @Test func writtenImagesReadBackIdentically() throws {
        var rng = SplitMix64(seed: 3)
        let pixels = (0..<(28 * 19)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let image = GrayImage(width: 28, height: 19, pixels: pixels)
        let bytes = try image.pngData()
        #expect(Array(bytes.prefix(8)) == TestPNG.signature)
        #expect(try GrayImage(pngData: bytes) == image)
        #expect(TestPNG.decodeGray8(bytes)?.pixels == pixels)

        let folder = try TemporaryFolder("png")
        defer { folder.remove() }
        let path = folder.path + "/image.png"
        try image.writePNG(to: path)
        #expect(try GrayImage(contentsOfPNG: path) == image)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["image.png"])
    }

    @Test func emptyImagesCannotBeEncoded() {
        #expect(throws: PNGEncodingError.self) { try GrayImage(width: 0, height: 0).pngData() }
        #expect(throws: FileWriteError.self) {
            try GrayImage(width: 0, height: 3).writePNG(to: "/tmp/never-written.png")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }
}

@Suite struct GrayImagePNGErrorTests {
    let valid = TestPNG(width: 8, height: 8, colorType: .gray,
                        samples: (0..<64).map { $0 * 3 }).encoded()

    private func failure(decoding bytes: [UInt8], limits: ImageLimits = .default)
        -> ImageLoadingError?
    {
        do {
            _ = try GrayImage(pngData: bytes, name: "x.png",
                              options: PNGReadOptions(limits: limits))
            return nil
        } catch {
            return error
        }
    }

    @Test func aTextFileIsNotAPNG() {
        let error = failure(decoding: Array("hello, world\n".utf8))
        #expect(error == .notPNG(path: "x.png", reason: "bad signature"))
        #expect(error?.description == "file x.png: not a PNG (bad signature)")
    }

    @Test func anEmptyFileIsNotAPNG() {
        #expect(failure(decoding: [])?.description == "file x.png: not a PNG (empty file)")
    }

    @Test func truncatedFilesAreReportedWithLibpngsReason() throws {
        for length in [5, 8, 20, 33, valid.count / 2, valid.count - 13] {
            let error = try #require(failure(decoding: Array(valid.prefix(length))))
            guard case .corrupt = error else {
                Issue.record("length \(length): expected .corrupt, got \(error)")
                continue
            }
            #expect(error.description.hasPrefix("file x.png: truncated or corrupt PNG ("))
        }
        #expect(failure(decoding: Array(valid.prefix(33)))?.description
            == "file x.png: truncated or corrupt PNG (read beyond end of data)")
    }

    @Test func aBadCRCIsReported() throws {
        let png = TestPNG(width: 8, height: 8, colorType: .gray,
                          samples: [Int](repeating: 7, count: 64))
        for chunk in ["IHDR", "IDAT"] {
            let error = try #require(failure(decoding: png.encoded(breakingCRCOf: chunk)))
            #expect(error.description
                == "file x.png: truncated or corrupt PNG (\(chunk): CRC error)")
        }
    }

    @Test func flippedBitsNeverCrash() {
        // Every single-byte corruption past the signature either decodes or throws.
        var failures = 0
        for index in 8..<valid.count {
            var bytes = valid
            bytes[index] ^= 0x5A
            if failure(decoding: bytes) != nil { failures += 1 }
        }
        #expect(failures > valid.count / 2)
    }

    @Test func anAbsurdHeaderIsRefusedBeforeDecoding() throws {
        let bytes = TestPNG.absurdHeader(width: 100_000, height: 100_000)
        let error = try #require(failure(decoding: bytes))
        #expect(error == .tooLarge(path: "x.png", width: 100_000, height: 100_000,
                                   limits: .default))
        #expect(error.description == "file x.png: 100000×100000 pixels exceeds the limit "
            + "10000×10000 (raise it with ImageLimits(maxWidth:maxHeight:maxPixelCount:))")
        let tooMany = try #require(failure(decoding: TestPNG.absurdHeader(width: 9000,
                                                                         height: 9000)))
        #expect(tooMany.description.contains("9000×9000 = 81000000 pixels exceeds the limit "
            + "of 50000000 pixels"))
    }

    @Test func limitsCanBeLoweredAndRaised() throws {
        let small = ImageLimits(maxWidth: 7, maxHeight: 100, maxPixelCount: 1000)
        #expect(failure(decoding: valid, limits: small)
            == .tooLarge(path: "x.png", width: 8, height: 8, limits: small))
        #expect(failure(decoding: valid, limits: ImageLimits(maxWidth: 8, maxHeight: 8,
                                                           maxPixelCount: 64)) == nil)
        // Past a raised limit the absurd file is decoded, and fails on its missing data.
        let raised = ImageLimits(maxWidth: 2000, maxHeight: 2000, maxPixelCount: 4_000_000)
        let error = failure(decoding: TestPNG.absurdHeader(width: 2000, height: 2000),
                          limits: raised)
        guard case .corrupt = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
    }

    @Test func fileErrorsNameThePath() throws {
        let folder = try TemporaryFolder("png-errors")
        defer { folder.remove() }
        let missing = folder.path + "/missing.png"
        #expect(throws: ImageLoadingError.cannotRead(path: missing,
                                                     reason: "No such file or directory")) {
            try GrayImage(contentsOfPNG: missing)
        }
        #expect(throws: ImageLoadingError.cannotRead(path: folder.path,
                                                     reason: "Is a directory")) {
            try GrayImage(contentsOfPNG: folder.path)
        }
        try folder.write(Array("not an image".utf8), to: "text.png")
        #expect(throws: ImageLoadingError.notPNG(path: folder.path + "/text.png",
                                                 reason: "bad signature")) {
            try GrayImage(contentsOfPNG: folder.path + "/text.png")
        }
        try folder.write(Array(valid.prefix(60)), to: "cut.png")
        do {
            _ = try GrayImage(contentsOfPNG: folder.path + "/cut.png")
            Issue.record("a truncated file was accepted")
        } catch {
            #expect(error.description.hasPrefix(
                "file \(folder.path)/cut.png: truncated or corrupt"))
        }
        try folder.write(TestPNG.absurdHeader(width: 100_000, height: 100_000), to: "big.png")
        #expect(throws: ImageLoadingError.tooLarge(path: folder.path + "/big.png",
                                                   width: 100_000, height: 100_000,
                                                   limits: .default)) {
            try GrayImage(contentsOfPNG: folder.path + "/big.png")
        }
    }
}
