import Foundation
import Testing
import DrawingClassifier
import StrokeFormats
import Pictures

@Suite struct CanvasPNGTests {
    /// Red, green, blue and a gray, side by side.
    static var patches: Canvas {
        var canvas = Canvas(width: 8, height: 3)
        let colours = [RGBColor(red: 255, green: 0, blue: 0), RGBColor(red: 0, green: 255, blue: 0),
                       RGBColor(red: 0, green: 0, blue: 255), RGBColor(gray: 77)]
        for (k, colour) in colours.enumerated() {
            canvas.fillRect(x: 2 * k, y: 0, width: 2, height: 3, color: colour)
        }
        return canvas
    }

    @Test func anRGBPNGReadsBackAsTheExpectedLuminance() throws {
        let bytes = try Self.patches.pngData()
        #expect(bytes[24] == 8)  // IHDR bit depth
        #expect(bytes[25] == 2)  // IHDR colour type 2 = truecolour RGB
        let gray = try GrayImage(pngData: bytes, name: "patches.png")
        // (6968 r + 23434 g + 2366 b + 16384) >> 15 for pure red, green, blue; gray kept.
        #expect(gray.width == 8 && gray.height == 3)
        #expect([gray[0, 1], gray[2, 1], gray[4, 1], gray[6, 1]] == [54, 182, 18, 77])
        #expect(gray == Self.patches.grayImage)
    }

    @Test func writePNGWritesTheWholeFileAtomically() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("canvas-png-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/patches.png"
        try Self.patches.writePNG(to: path)
        #expect(try GrayImage(contentsOfPNG: path) == Self.patches.grayImage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["patches.png"])
        #expect(throws: FileWriteError.self) {
            try Self.patches.writePNG(to: folder + "/missing/patches.png")
        }
    }

    @Test func svgHasOneElementPerShapeAndEscapesText() {
        let picture = VectorPicture(width: 50, height: 40, shapes: [
            .circle(center: Point(x: 20, y: 20), radius: 10, width: 2, color: .black,
                    fill: nil, fillOpacity: 0),
            .polyline([Point(x: 0, y: 0), Point(x: 10.25, y: 5)], width: 1, color: .black,
                      opacity: 0.5, dash: 4),
            .text("a<b & ε", center: Point(x: 25, y: 30), size: 1, color: .black),
        ])
        let svg = picture.svg()
        #expect(svg.components(separatedBy: "<circle").count == 2)
        #expect(svg.contains("points=\"0,0 10.25,5\""))
        #expect(svg.contains("stroke-dasharray=\"4\""))
        #expect(svg.contains(">a&lt;b &amp; ε</text>"))
        #expect(svg.hasSuffix("</svg>\n"))
    }
}
