import DrawingClassifier
import Foundation
import Testing
@testable import StrokeFormats

/// `JSONDrawingScanner` against the general path it stands in for (`JSONSerialization` and
/// `JSONDrawing.drawing(from:limits:)`): the same drawing, bit for bit, or no answer.
@Suite struct JSONDrawingScannerTests {
    func scanned(_ text: String, limits: StrokeLimits = .standard) -> Drawing? {
        Array(text.utf8).withUnsafeBufferPointer { JSONDrawingScanner.drawing($0, limits: limits) }
    }

    func general(_ text: String, limits: StrokeLimits = .standard) throws -> Drawing {
        let tree = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        return try JSONDrawing.drawing(from: tree, limits: limits)
    }

    /// Every coordinate with the same bits (`==` would take −0 for 0).
    func sameBits(_ a: Drawing, _ b: Drawing) -> Bool {
        func bits(_ p: Point) -> [UInt64?] { [p.x.bitPattern, p.y.bitPattern, p.t?.bitPattern] }
        return a.strokes.map { $0.points.map(bits) } == b.strokes.map { $0.points.map(bits) }
            && a.labels.map(\.text) == b.labels.map(\.text)
            && a.labels.map { bits($0.position) } == b.labels.map { bits($0.position) }
            && a.inputs == b.inputs
    }

    /// 0 ..< n from `rng`.
    func below(_ n: Int, _ rng: inout SplitMix64) -> Int { Int(rng.next() % UInt64(n)) }

    /// A number as people and programs write it: integers, decimals, exponents, signs, zeros.
    func numberText(_ rng: inout SplitMix64) -> String {
        let sign = below(4, &rng) == 0 ? "-" : ""
        func digits(_ count: Int) -> String {
            (0..<count).map { _ in String(below(10, &rng)) }.joined()
        }
        switch below(7, &rng) {
        case 0:
            return sign + String(below(2000, &rng))
        case 1:
            return sign + "0"
        case 2:
            return sign + "0." + String(repeating: "0", count: below(3, &rng))
                + String(below(1000, &rng))
        case 3:  // up to 20 digits: some fast, some through Double(_:), some over 17 characters
            return sign + String(below(100_000, &rng)) + "." + digits(1 + below(14, &rng))
        case 4:
            return sign + String(below(1000, &rng)) + (below(2, &rng) == 0 ? "e" : "E")
                + ["", "+", "-"][below(3, &rng)] + String(below(30, &rng))
        case 5:  // down to the subnormals
            return sign + digits(1) + "." + String(below(100, &rng)) + "e-"
                + String(below(330, &rng))
        default:
            return sign + String(below(1 << 20, &rng)) + "." + String(below(100, &rng))
        }
    }

    @Test func randomDocumentsReadBitForBitAsTheGeneralPathReadsThem() throws {
        var rng = SplitMix64(seed: 7)
        var scannedCount = 0, inScope = 0
        for _ in 0..<3000 {
            var longest = 0
            func number() -> String {
                let text = numberText(&rng)
                longest = max(longest, text.count)
                return text
            }
            let space = ["", " ", "\n ", "\t"]
            func point() -> String {
                var fields = ["\"x\":\(number())", "\"y\":\(number())"]
                if below(3, &rng) == 0 { fields.append("\"t\": \(number())") }
                if below(2, &rng) == 0 { fields.reverse() }
                return "{" + fields.joined(separator: "," + space[below(4, &rng)]) + "}"
            }
            let strokes = (0..<(1 + below(4, &rng))).map { _ in
                "[" + (0..<(1 + below(6, &rng))).map { _ in point() }.joined(separator: ",") + "]"
            }.joined(separator: "," + space[below(4, &rng)])
            let document: String
            if below(4, &rng) == 0 {
                document = space[below(4, &rng)] + "[" + strokes + "]" + space[below(4, &rng)]
            } else {
                var keys = ["\"strokes\": [\(strokes)]"]
                if below(2, &rng) == 0 {
                    let (x, y) = (number(), number())
                    keys.append("\"labels\":[{\"text\":\"a,ε\",\"x\":\(x),\"y\":\(y)}]")
                }
                if below(2, &rng) == 0 { keys.append("\"inputs\": [\"ab\", \"\"]") }
                if below(2, &rng) == 0 { keys.reverse() }
                document = "{" + keys.joined(separator: ", ") + "}"
            }
            let reference = try? general(document)
            if let drawing = scanned(document) {
                scannedCount += 1
                let reference = try #require(reference, "the general path refuses \(document)")
                #expect(sameBits(drawing, reference), "\(document)")
            }
            // Numbers of 17 characters or fewer, all in range: the scanner must read it.
            let inRange = reference != nil
            if longest <= 17, inRange {
                inScope += 1
                #expect(scanned(document) != nil, "not read: \(document)")
            }
        }
        // (Most documents hold a number of 18 characters or more, or out of range: those
        // test that the scanner leaves them alone.)
        #expect(scannedCount == inScope)
        #expect(inScope > 500)
    }

    @Test func mutatedDocumentsReadAsTheGeneralPathReadsThemOrNotAtAll() {
        // One to three bytes inserted, deleted or replaced in valid documents: whatever the
        // scanner still reads, the general path reads the same, bit for bit.
        var rng = SplitMix64(seed: 11)
        let documents = [
            #"{"strokes": [[{"x": 1.5, "y": -2e3, "t": 7}, {"x": 0.25, "y": 12}]], "#
                + #""labels": [{"text": "a,ε", "x": 3, "y": 4}], "inputs": ["ab", ""]}"#,
            #"[[{"x":10,"y":20},{"x":12.5,"y":-24,"t":7}], [{"x":40,"y":20}]]"#,
            #"{"inputs":[], "strokes":[[{"y":0.0001,"x":-0}]]}"#,
        ]
        let alphabet = Array(#"{}[],:"-+.eE0123456789 xyt\#ntrue"#.utf8)
            + [0xC3, 0x80, 0xFF, 0x5C, 0x09]  // (bytes of UTF-8 sequences, broken ones, \ and tab)
        var scannedCount = 0
        for n in 0..<60_000 {
            var bytes = Array(documents[n % documents.count].utf8)
            for _ in 0...below(3, &rng) {
                let at = below(bytes.count, &rng)
                switch below(3, &rng) {
                case 0: bytes.insert(alphabet[below(alphabet.count, &rng)], at: at)
                case 1: bytes.remove(at: at)
                default: bytes[at] = alphabet[below(alphabet.count, &rng)]
                }
            }
            guard let drawing = bytes.withUnsafeBufferPointer({
                JSONDrawingScanner.drawing($0, limits: .standard) }) else { continue }
            scannedCount += 1
            let reference = try? JSONDrawing.drawing(
                from: JSONSerialization.jsonObject(with: Data(bytes)), limits: .standard)
            #expect(reference.map { sameBits(drawing, $0) } == true,
                    "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(scannedCount > 1000)  // (about 3 300: a changed digit, a space, a key order)
    }

    @Test func numbersConvertAsFoundationConvertsThem() throws {
        // Integers through Int64 (so "-0" is +0), the rest as the nearest double.
        let wide = StrokeLimits(maxCoordinateMagnitude: .greatestFiniteMagnitude)
        for text in ["-0", "0", "-0.0", "0.0", "1E5", "1e-5", "123456789012345.6", "0.1",
                     "2.2250738585072014e-308", "9007199254740993", "17.000000000000001",
                     "452.96", "-1e22", "1e23", "4.9e-324", "0.30000000000000004"] {
            let document = "[[{\"x\": \(text), \"y\": 1}]]"
            let reference = try general(document, limits: wide)
            if let drawing = scanned(document, limits: wide) {
                #expect(sameBits(drawing, reference), "\(text)")
            } else {
                #expect(text.count > 17, "\(text) was not read")
            }
        }
        let zero = try #require(scanned("[[{\"x\": -0, \"y\": -0.0}]]"))
        #expect(zero.strokes[0].points[0].x.sign == .plus)
        #expect(zero.strokes[0].points[0].y.sign == .minus)
    }

    @Test func documentsOutsideItsShapesAreLeftToTheGeneralPath() {
        let left = [
            #"{"drawing": [[[1, 2], [3, 4]]]}"#,                          // Quick, Draw!
            #"{"strokes": [[{"x": 1, "y": 2}]], "id": 3}"#,                // unknown key
            #"[[{"x": 1, "y": 2, "p": 0.5}]]"#,                            // unknown point key
            #"[[{"x": 1, "x": 2, "y": 2}]]"#,                              // duplicated key
            #"{"strokes": [], "strokes": []}"#,
            #"{"strokes": [[{"x": 1, "y": 2}]], "labels": [{"text": "\u03b5", "x": 1, "y": 1}]}"#,
            "{\"strokes\": [], \"inputs\": [\"a\tb\"]}",                    // control character
            #"[[{"x": true, "y": 2}]]"#, #"[[{"x": null, "y": 2}]]"#, #"[[{"x": "1", "y": 2}]]"#,
            #"[[{"x": 1, "y": 2}]] x"#, #"[[{"x": 1, "y": 2}]"#, #"[[]]"#, "",
            #"[[{"x": 01, "y": 2}]]"#, #"[[{"x": 1., "y": 2}]]"#, #"[[{"x": .5, "y": 2}]]"#,
            #"[[{"x": -, "y": 2}]]"#, #"[[{"x": 1e, "y": 2}]]"#, #"[[{"x": +1, "y": 2}]]"#,
            #"[[{"x": 1e400, "y": 2}]]"#, #"[[{"x": 2e9, "y": 2}]]"#,       // out of range
            #"[[{"x": 123456789.123456789, "y": 2}]]"#,                    // 19 characters
            "\u{FEFF}[[{\"x\": 1, \"y\": 2}]]",                             // byte order mark
            #"{"strokes": [[{"x": 1, "y": 2},]]}"#,                        // trailing comma
        ]
        for document in left { #expect(scanned(document) == nil, "\(document)") }
        let invalidUTF8: [UInt8] = Array(#"{"strokes": [], "inputs": [""#.utf8) + [0xC3, 0x28]
            + Array(#""]}"#.utf8)
        #expect(invalidUTF8.withUnsafeBufferPointer {
            JSONDrawingScanner.drawing($0, limits: .standard) } == nil)
        // Limits: one stroke and one point fewer than the document holds.
        let two = #"[[{"x": 1, "y": 2}, {"x": 3, "y": 4}], [{"x": 5, "y": 6}]]"#
        #expect(scanned(two) != nil)
        #expect(scanned(two, limits: StrokeLimits(maxStrokesPerDrawing: 1)) == nil)
        #expect(scanned(two, limits: StrokeLimits(maxPointsPerStroke: 1)) == nil)
        #expect(scanned(two, limits: StrokeLimits(maxCoordinateMagnitude: 5.5)) == nil)
        // (The shape check before parsing counts labels as points.)
        let labelled = #"{"strokes": [], "labels": [{"text": "a", "x": 1, "y": 2}, "#
            + #"{"text": "b", "x": 1, "y": 2}]}"#
        #expect(scanned(labelled) != nil)
        #expect(scanned(labelled, limits: StrokeLimits(maxPointsPerStroke: 1)) == nil)
    }

    @Test func labelsAndInputsKeepTheirText() throws {
        let document = #"{"inputs": ["ab", "", "ε"], "#
            + #""labels": [{"y": 2, "text": "a, ε", "x": -1.5}],"#
            + #" "strokes": [[{"t": 3, "y": 2, "x": 1}]]}"#
        let drawing = try #require(scanned(document))
        #expect(drawing == Drawing(
            strokes: [Stroke(points: [Point(x: 1, y: 2, t: 3)])],
            labels: [Label(text: "a, ε", position: Point(x: -1.5, y: 2))],
            inputs: ["ab", "", "ε"]))
        #expect(sameBits(drawing, try general(document)))
    }
}
