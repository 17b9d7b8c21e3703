import DrawingClassifier
import Foundation
import Testing
import StrokeFormats

@Suite struct StrokeReaderTests {
    func read(_ text: String, limits: StrokeLimits = .standard) throws(StrokeFormatError)
        -> DrawingInput {
        try StrokeReader.read(bytes: Array(text.utf8), source: "test", limits: limits)
    }

    /// The kind of the error thrown by reading `text`, or nil if it was read.
    func errorKind(_ text: String, limits: StrokeLimits = .standard) -> StrokeFormatError.Kind? {
        do {
            _ = try read(text, limits: limits)
            return nil
        } catch {
            return error.kind
        }
    }

    func single(_ text: String) throws -> Drawing {
        guard case .single(let drawing) = try read(text) else {
            Issue.record("expected a single drawing")
            return Drawing(strokes: [])
        }
        return drawing
    }

    @Test func aStrokeListParsesIntoExactPoints() throws {
        let drawing = try single(#"[[{"x":10,"y":20},{"x":12.5,"y":-24,"t":7,"p":0.3}],"#
                                 + #" [{"x":40,"y":20}]]"#)
        #expect(drawing == Drawing(strokes: [
            Stroke(points: [Point(x: 10, y: 20), Point(x: 12.5, y: -24, t: 7)]),
            Stroke(points: [Point(x: 40, y: 20)]),  // one point is a dot, and allowed
        ]))
    }

    @Test func aDrawingDocumentKeepsLabelsAndInputs() throws {
        let drawing = try single("""
            {"strokes": [[{"x":1,"y":2},{"x":3,"y":4}]],
             "labels": [{"text": "a", "x": 120, "y": 80}, {"text": "ε", "x": 5, "y": 6}],
             "inputs": ["ab", ""], "comment": "ignored"}
            """)
        #expect(drawing.strokes == [Stroke(points: [Point(x: 1, y: 2), Point(x: 3, y: 4)])])
        #expect(drawing.labels == [Label(text: "a", position: Point(x: 120, y: 80)),
                                   Label(text: "ε", position: Point(x: 5, y: 6))])
        #expect(drawing.inputs == ["ab", ""])
    }

    @Test func aQuickDrawObjectBecomesStrokes() throws {
        let drawing = try single(#"{"word":"circle","drawing":[[[1,2,3],[4,5,6]],[[7],[8]]]}"#)
        #expect(drawing.strokes == [
            Stroke(points: [Point(x: 1, y: 4), Point(x: 2, y: 5), Point(x: 3, y: 6)]),
            Stroke(points: [Point(x: 7, y: 8)]),
        ])
    }

    @Test func gestureXMLWithAByteOrderMarkParsesIntoOneStroke() throws {
        let xml = "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            + "<Gesture Name=\"circle01\" Subject=\"1\" NumPts=\"3\">\n"
            + "  <!-- <Point X=\"9\" Y=\"9\" /> is a comment -->\n"
            + "  <Point X=\"126\" Y=\"140\" T=\"1154653\" />\n"
            + "  <Point Y = '138' X='122.5'/>\n<Point X=\"120\" Y=\"138\"></Point>\n</Gesture>\n"
        let drawing = try single(xml)
        #expect(drawing.strokes == [Stroke(points: [
            Point(x: 126, y: 140, t: 1_154_653), Point(x: 122.5, y: 138), Point(x: 120, y: 138),
        ])])
    }

    @Test func theFormatComesFromTheContentNotTheName() throws {
        let json = try StrokeReader.read(bytes: Array(#"[[{"x":1,"y":2}]]"#.utf8),
                                         source: "looks-like.xml")
        #expect(json == .single(Drawing(strokes: [Stroke(points: [Point(x: 1, y: 2)])])))
        let gesture = #"<Gesture><Point X="1" Y="2"/></Gesture>"#
        let xml = try StrokeReader.read(bytes: Array(gesture.utf8), source: "looks-like.json")
        #expect(xml == .single(Drawing(strokes: [Stroke(points: [Point(x: 1, y: 2)])])))
    }

    @Test func aPrettyPrintedDocumentIsOneDrawingNotABatch() throws {
        let input = try read("""
            [
              [
                {"x": 1, "y": 2}
              ],
              [{"x": 3, "y": 4}]
            ]
            """)
        #expect(input == .single(Drawing(strokes: [Stroke(points: [Point(x: 1, y: 2)]),
                                                   Stroke(points: [Point(x: 3, y: 4)])])))
    }

    @Test func jsonLinesReadEveryLineAndABadLineFailsAlone() throws {
        let input = try read("""
            [[{"x":1,"y":2}]]
            {"strokes": [[{"x":3,"y":4}]], "inputs": ["a"]}

            [[{"x":5,"y":
            {"drawing": [[[7],[8]]]}\r
            [[]]
            """)
        #expect(input.isBatch)
        let results = input.results
        try #require(results.count == 5)
        #expect(try results[0].get().strokes == [Stroke(points: [Point(x: 1, y: 2)])])
        #expect(try results[1].get().inputs == ["a"])
        #expect(try results[3].get().strokes == [Stroke(points: [Point(x: 7, y: 8)])])
        guard case .failure(let bad) = results[2], case .malformedJSON = bad.kind else {
            Issue.record("line 4 should be malformed JSON, got \(results[2])")
            return
        }
        #expect(bad.line == 4)
        #expect(bad.description.hasPrefix("file test line 4: malformed JSON"))
        guard case .failure(let empty) = results[4] else {
            Issue.record("line 6 should fail")
            return
        }
        #expect(empty.line == 6 && empty.kind == .emptyStroke(stroke: 0))
    }

    @Test func emptyInputsAreRefused() {
        #expect(errorKind("") == .emptyInput)
        #expect(errorKind("\u{FEFF} \n\t\r\n") == .emptyInput)
    }

    @Test func unknownFormatsAreRefused() throws {
        guard case .unknownFormat(let hint) = errorKind("hello") else {
            Issue.record("plain text should be an unknown format")
            return
        }
        #expect(hint.contains("hello"))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]
        #expect(throws: StrokeFormatError(source: "x.png", kind: .unknownFormat(
            hint: "it is a PNG image"))) {
            try StrokeReader.read(bytes: png, source: "x.png")
        }
        guard case .unknownFormat = errorKind("<html><body/></html>") else {
            Issue.record("XML without a Gesture should be an unknown format")
            return
        }
    }

    @Test func malformedDocumentsGiveTheirReason() {
        guard case .malformedJSON = errorKind("[[{\"x\":1,\"y\":2}") else {
            Issue.record("truncated JSON should be malformed")
            return
        }
        guard case .malformedXML = errorKind("<Gesture><Point X=\"1\" Y=\"2\"") else {
            Issue.record("truncated XML should be malformed")
            return
        }
        guard case .malformedXML = errorKind("<Gesture><Point X=\"1\" Y=\"2\"/>") else {
            Issue.record("an unclosed Gesture should be malformed")
            return
        }
    }

    @Test func wrongShapesNameTheStrokeAndPoint() {
        #expect(errorKind(#"[[{"x":1,"y":2},{"x":"3","y":4}]]"#)
                == .unexpectedStructure(where: "stroke 0 point 1",
                                        expected: "numbers \"x\" and \"y\""))
        #expect(errorKind(#"[[{"x":true,"y":4}]]"#)
                == .unexpectedStructure(where: "stroke 0 point 0",
                                        expected: "numbers \"x\" and \"y\""))
        #expect(errorKind(#"[[{"y":4}]]"#)
                == .unexpectedStructure(where: "stroke 0 point 0",
                                        expected: "numbers \"x\" and \"y\""))
        #expect(errorKind(#"[{"x":1,"y":2}]"#)
                == .unexpectedStructure(where: "stroke 0", expected: "an array of points"))
        #expect(errorKind(#"{"shapes": []}"#) != nil)
        #expect(errorKind(#"<Gesture><Point X="a" Y="2"/></Gesture>"#)
                == .unexpectedStructure(where: "stroke 0 point 0",
                                        expected: "numeric X and Y attributes"))
    }

    @Test func emptyStrokesAreRefusedButEmptyDrawingsAreNot() throws {
        #expect(errorKind(#"[[{"x":1,"y":2}], []]"#) == .emptyStroke(stroke: 1))
        #expect(errorKind(#"{"drawing": [[[],[]]]}"#) == .emptyStroke(stroke: 0))
        #expect(errorKind("<Gesture></Gesture>") == .emptyStroke(stroke: 0))
        #expect(try single("[]") == Drawing(strokes: []))
    }

    @Test func absurdCoordinatesAreRefused() {
        #expect(errorKind(#"[[{"x":1e300,"y":2}]]"#) == .coordinateOutOfRange(
            stroke: 0, point: 0, value: 1e300, limit: 1e9))
        #expect(errorKind(#"[[{"x":1,"y":2},{"x":3,"y":-2e9}]]"#) == .coordinateOutOfRange(
            stroke: 0, point: 1, value: -2e9, limit: 1e9))
        // Foundation refuses an overflowing literal itself, naming it.
        guard case .malformedJSON(let reason) = errorKind(#"[[{"x":1e400,"y":2}]]"#) else {
            Issue.record("1e400 should be refused")
            return
        }
        #expect(reason.contains("1e400"))
        for text in ["nan", "inf", "1e400"] {
            let kind = errorKind("<Gesture><Point X=\"\(text)\" Y=\"2\"/></Gesture>")
            guard case .coordinateOutOfRange(0, 0, let value, 1e9) = kind else {
                Issue.record("X=\(text) should be out of range, got \(String(describing: kind))")
                continue
            }
            #expect(!value.isFinite)
        }
    }

    @Test func limitsAreEnforced() {
        let small = StrokeLimits(maxInputBytes: 1_000, maxDocumentBytes: 100,
                                 maxStrokesPerDrawing: 2, maxPointsPerStroke: 3)
        let point = #"{"x":1,"y":2}"#
        #expect(errorKind("[[\(point)],[\(point)],[\(point)]]", limits: small)
                == .tooManyStrokes(count: 3, limit: 2))
        #expect(errorKind("[[\(point),\(point),\(point),\(point)]]", limits: small)
                == .tooManyPoints(stroke: 0, count: 4, limit: 3))
        let points = String(repeating: "<Point X=\"1\" Y=\"1\"/>", count: 4)
        #expect(errorKind("<Gesture>\(points)</Gesture>", limits: StrokeLimits(
            maxPointsPerStroke: 3)) == .tooManyPoints(stroke: 0, count: 4, limit: 3))
        let long = "[[" + Array(repeating: point, count: 20).joined(separator: ",") + "]]"
        #expect(errorKind(long, limits: small)
                == .documentTooLarge(bytes: long.utf8.count, limit: 100))
        let huge = String(repeating: long + "\n", count: 10)
        #expect(errorKind(huge, limits: small)
                == .inputTooLarge(bytes: huge.utf8.count, limit: 1_000))
    }

    /// A batch parsed on several threads gives the same results, in the same order, with
    /// the same line numbers, as on one: good lines, bad lines and blank lines mixed.
    @Test func aBatchReadsTheSameOnAnyNumberOfThreads() throws {
        var text = ""
        for line in 1...500 {
            switch line % 7 {
            case 0: text += "\n"                                      // blank
            case 3: text += "[[{\"x\":1,\"y\":\(line)}\n"               // broken JSON
            case 5: text += "{\"strokes\":[]}\n"                      // an empty drawing
            default:
                text += "[[{\"x\":\(line),\"y\":2},{\"x\":3,\"y\":\(line % 11)}]]\n"
            }
        }
        let one = try StrokeReader.read(bytes: Array(text.utf8), source: "batch")
        #expect(one.results.count == 500 - 500 / 7)
        #expect(one.results.filter { (try? $0.get()) == nil }.count == 72)  // lines 3, 10, …, 500
        for threads in [2, 3, 8] {
            let many = try StrokeReader.read(bytes: Array(text.utf8), source: "batch",
                                             threads: threads)
            #expect(many == one, "\(threads) threads")
        }
    }

    @Test func aHundredMegabyteLineIsRefusedQuicklyAndTheBatchGoesOn() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "1"), count: 100 << 20)
        bytes[0] = UInt8(ascii: "[")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: StrokeFormatError(source: "big", kind: .documentTooLarge(
            bytes: 100 << 20, limit: 16 << 20))) {
            try StrokeReader.read(bytes: bytes, source: "big")
        }
        bytes += Array("\n[[{\"x\":1,\"y\":2}]]\n".utf8)
        let batch = try StrokeReader.read(bytes: bytes, source: "big").results
        let elapsed = clock.now - start
        try #require(batch.count == 2)
        guard case .failure(let error) = batch[0], case .documentTooLarge = error.kind else {
            Issue.record("the long line should be refused, got \(batch[0])")
            return
        }
        #expect(error.line == 1)
        #expect(try batch[1].get().strokes.count == 1)
        #expect(elapsed < .seconds(2))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .malformedJSON = errorKind(deep) else {
            Issue.record("deep nesting should be malformed JSON")
            return
        }
    }

    @Test func errorsNameTheFileAndSayWhatToDo() {
        let error = StrokeFormatError(source: "a.jsonl", line: 3, kind: .tooManyPoints(
            stroke: 1, count: 200_000, limit: 100_000))
        #expect(error.description == "file a.jsonl line 3: stroke 1 has 200000 points, over the "
                + "limit of 100000 (raise StrokeLimits.maxPointsPerStroke to accept it)")
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: StrokeFormatError(source: "/nonexistent/drawing.json",
                                          kind: .unreadableFile)) {
            try StrokeReader.read(contentsOfFile: "/nonexistent/drawing.json")
        }
        #expect(throws: StrokeFormatError(source: "/tmp", kind: .unreadableFile)) {
            try StrokeReader.read(contentsOfFile: "/tmp")
        }
    }

    @Test func anEndlessDeviceIsRefusedAtOnce() {
        #expect(throws: StrokeFormatError(source: "/dev/zero", kind: .unknownFormat(
            hint: "it starts with bytes 0 0 0 0 0 0 0 0"))) {
            try StrokeReader.read(contentsOfFile: "/dev/zero")
        }
        #expect(throws: StrokeFormatError(source: "/dev/null", kind: .emptyInput)) {
            try StrokeReader.read(contentsOfFile: "/dev/null")
        }
    }
}

@Suite struct StrokeReaderRobustnessTests {
    static let samples = [
        #"{"strokes": [[{"x":1,"y":2},{"x":3.5,"y":-4e2}]], "labels": [{"text":"a","x":1,"y":2}]}"#,
        "[[{\"x\":1,\"y\":2}]]\n{\"drawing\": [[[1,2],[3,4]]]}\n[[{\"x\":5,\"y\":6}]]\n",
        "\u{FEFF}<?xml version=\"1.0\"?><Gesture Name=\"c\"><!-- x --><Point X=\"1\" Y=\"2\" "
            + "T=\"3\"/><Point X='4' Y='5'/></Gesture>",
    ]

    /// Reads the bytes: either a drawing comes out, or an error naming the input and saying
    /// what is wrong with it (a trap or a hang fails the run).
    func readOrRefuse(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try StrokeReader.read(bytes: bytes, source: "fuzz")
            return true
        } catch {
            return error.description.hasPrefix("file fuzz") && error.description.count > 16
        }
    }

    @Test(arguments: samples)
    func everyTruncationIsReadOrRefused(_ text: String) {
        let bytes = Array(text.utf8)
        for end in 0...bytes.count { #expect(readOrRefuse(Array(bytes[..<end]))) }
    }

    @Test(arguments: samples)
    func randomByteMutationsAreReadOrRefused(_ text: String) {
        var rng = SplitMix64(seed: 42)
        let interesting = Array("[]{}<>\"'=:,.-e0123456789 \n/!?xXyY".utf8) + [0, 0xFF, 0xEF]
        for _ in 0..<300 {
            var bytes = Array(text.utf8)
            for _ in 0..<(1 + rng.nextInt(below: 4)) {
                let position = rng.nextInt(below: bytes.count)
                switch rng.nextInt(below: 3) {
                case 0: bytes[position] = interesting[rng.nextInt(below: interesting.count)]
                case 1: bytes.remove(at: position)
                default: bytes.insert(interesting[rng.nextInt(below: interesting.count)],
                                      at: position)
                }
            }
            #expect(readOrRefuse(bytes))
        }
    }
}
