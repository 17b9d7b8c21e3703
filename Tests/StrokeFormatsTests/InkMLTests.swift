@testable import StrokeFormats
import TestSupport
import Foundation
import Testing

/// InkML (FORMATS.md §1): the real FC_A flowcharts and hostile documents.
@Suite struct InkMLTests {
    static let flowcharts = SharedData.datasets.appendingPathComponent("fc-flowcharts")
    static var flowchartsAvailable: Bool {
        FileManager.default.fileExists(atPath: flowcharts.appendingPathComponent("writer12_10.inkml").path)
    }

    static func parse(_ text: String, limits: StrokeLimits = .standard)
        throws(StrokeFormatError) -> InkMLDocument {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(StrokeFormatError) in
            try InkMLDocument.parse(buffer, source: "test.inkml", limits: limits)
        }
    }

    static func error(_ text: String, limits: StrokeLimits = .standard) -> StrokeFormatError? {
        do { _ = try parse(text, limits: limits); return nil } catch { return error }
    }

    @Test(.enabled(if: flowchartsAvailable, "needs ../shared/datasets/fc-flowcharts"))
    func aRealFlowchartHasItsTracesPointsAndTruthGroups() throws {
        let path = Self.flowcharts.appendingPathComponent("writer12_10.inkml").path
        let ink = try InkMLDocument.read(contentsOfFile: path)
        let strokes = ink.drawing.strokes
        // Numbers read outside Swift (Python's xml.etree on the same file).
        #expect(strokes.count == 35)
        #expect(strokes[0].points.first == Point(x: 99.4509, y: 669.921))
        #expect(strokes[0].points.last == Point(x: 228.798, y: 740.696))
        #expect(strokes[34].points.count == 35)
        #expect(strokes[34].points.first == Point(x: 1429.53, y: 1528.98))
        #expect(strokes[34].points.last == Point(x: 1421.6, y: 1515.56))
        #expect(ink.writer == "writer12")
        let arrows = ink.groups.filter { $0.truth == "arrow" }.map(\.strokes)
        #expect(arrows == [[3, 4, 5], [15, 16, 17], [22], [24, 25], [31, 32]])
        #expect(ink.groups.filter { $0.truth != nil }.count == 17)  // 16 symbols + "From ITF"
        // The generic reader finds InkML from the content.
        let input = try StrokeReader.read(contentsOfFile: path)
        #expect(input == .single(ink.drawing))
    }

    @Test(.enabled(if: flowchartsAvailable, "needs ../shared/datasets/fc-flowcharts"))
    func everyRealFlowchartReads() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.flowcharts.path)
            .filter { $0.hasSuffix(".inkml") }
        #expect(files.count == 231)
        // A stroke dataset from the truth groups (fc-flowcharts/README.md counts).
        let dataset = try StrokeDataset.inkMLGroups(in: Self.flowcharts.path,
                                                    classes: ["arrow", "connection"])
        #expect(dataset.samples.filter { $0.label == "arrow" }.count == 1688)
        #expect(dataset.samples.filter { $0.label == "connection" }.count == 167)
        #expect(dataset.samples.filter { $0.label == "arrow" && $0.strokes.count == 2 }.count
            == 1125)
        #expect(dataset.writers.count == 20)
    }

    @Test func channelsTimeAndDifferencesAreRead() throws {
        let ink = try Self.parse("""
            <?xml version="1.0"?>
            <ink xmlns="http://www.w3.org/2003/InkML">
              <traceFormat><channel name="X"/><channel name="Y"/><channel name="T"/></traceFormat>
              <trace xml:id="a">10 20 0, '2 '3 '5, "1 "0 "0,</trace>
              <trace xml:id="b">1 1 9</trace>
              <traceGroup><annotation type="truth">arrow</annotation>
                <traceView traceDataRef="#b"/><traceView traceDataRef="a"/></traceGroup>
            </ink>
            """)
        #expect(ink.drawing.strokes == [
            Stroke(points: [Point(x: 10, y: 20, t: 0), Point(x: 12, y: 23, t: 5),
                            Point(x: 15, y: 26, t: 10)]),
            Stroke(points: [Point(x: 1, y: 1, t: 9)]),
        ])
        #expect(ink.groups == [InkMLDocument.Group(id: nil, truth: "arrow", strokes: [1, 0],
                                                   reference: nil)])
    }

    @Test func billionLaughsIsRefusedBeforeParsing() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE ink [\n<!ENTITY a \"ha\">\n"
        for k in 1..<10 { text += "<!ENTITY \(Character(UnicodeScalar(97 + k)!)) \"" +
            String(repeating: "&\(Character(UnicodeScalar(96 + k)!));", count: 10) + "\">\n" }
        text += "]>\n<ink><trace>1 2</trace><annotation>&j;</annotation></ink>"
        let error = Self.error(text)
        #expect(error?.kind == .malformedInkML(reason: "line 2: a DOCTYPE declaration is "
            + "refused (a DTD can declare entities that expand without bound; remove it)"))
    }

    /// Found by `scripts/fuzz strokes`: Foundation's XML parser, which read InkML before,
    /// trapped (the process died with SIGILL) on a namespace prefix holding a byte that is
    /// not UTF-8.
    @Test func bytesThatAreNotUTF8AreRefused() {
        let crashing: [UInt8] = Array("<s".utf8) + [0xCD] + Array("?sUnsaa:ink".utf8)
        let error = crashing.withUnsafeBufferPointer { buffer -> StrokeFormatError? in
            do throws(StrokeFormatError) {
                _ = try InkMLDocument.parse(buffer, source: "test.inkml")
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.kind == .malformedInkML(
            reason: "line 1: byte 2 is not UTF-8 (the document is read as UTF-8)"))
        // Through the reader, as fa-recognize and fa-serve read it.
        #expect(throws: StrokeFormatError.self) {
            try StrokeReader.read(bytes: crashing, source: "request")
        }
    }

    /// Found by `scripts/fuzz pipeline`: Foundation's XML parser read a null pointer (the
    /// process died with SIGSEGV) for a processing instruction with no data, which is
    /// well-formed XML: it is skipped like any other.
    @Test func aProcessingInstructionWithoutDataIsSkipped() throws {
        for text in ["<ink><?x?><trace>1 2</trace></ink>", "<ink><?x  ?><trace>1 2</trace></ink>",
                     "<?a?><ink><trace>1 2</trace></ink>",
                     "<?xml version=\"1.0\"?><ink><?x y?><trace>1 2</trace></ink>"] {
            let ink = try Self.parse(text)
            #expect(ink.drawing.strokes == [Stroke(points: [Point(x: 1, y: 2)])], "\(text)")
        }
    }

    /// Found by `scripts/fuzz inkml`: `StrokeReader` took a document for gesture XML (and
    /// refused it) when a processing instruction or comment before the `<ink>` root held
    /// `>` and then `<` and a name, as it skipped them only to their first `>`.
    @Test(arguments: [
        "<?xml version=\"1.0\"?><?editor a>b <trace?><ink><trace>1 2</trace></ink>",
        "<!-- drawn with <b>a pen</b> --><ink><trace>1 2</trace></ink>",
        "<!--> <b> --><?x?><!----><ink><trace>1 2</trace></ink>",
    ])
    func markupInThePrologDoesNotHideTheInkRoot(text: String) throws {
        let ink = try Self.parse(text)
        #expect(ink.drawing.strokes == [Stroke(points: [Point(x: 1, y: 2)])])
        let input = try StrokeReader.read(bytes: Array(text.utf8), source: "test.inkml")
        #expect(input == .single(ink.drawing))
    }

    /// Found by `scripts/fuzz inkml`: the parser took `<ink:/>` for an `<ink>` root (its
    /// local name was the last non-empty part between colons) while `StrokeReader` did not
    /// and refused it as gesture XML. A local name is all after the last colon.
    @Test func aNameEndingInAColonHasAnEmptyLocalName() throws {
        for text in ["<ink:/>", "<ink:><trace>1 2</trace></ink:>"] {
            #expect(Self.error(text)?.kind
                == .unknownFormat(hint: "XML without an InkML <ink> root element"), "\(text)")
        }
        #expect(try Self.parse("<ink><trace:>1 2</trace:></ink>").drawing.strokes.isEmpty)
        #expect(try Self.parse("<a:ink><b:trace>1 2</b:trace></a:ink>").drawing.strokes.count == 1)
    }

    @Test(arguments: [
        ("<ink><trace>1 2</trace>", "line 1: <ink> is never closed (is the file truncated?)"),
        ("<ink><trace>1 2</ink>", "line 1: the end tag </ink> closes <trace>"),
        ("<ink>\n<trace id=1>1 2</trace></ink>",
         "line 2: the value of the attribute id of <trace> is not quoted"),
        ("<ink><trace>1 &z; 2</trace></ink>", "line 1: the entity &z; is not defined (only "
            + "&lt; &gt; &amp; &apos; &quot; are, and no DTD is read)"),
    ])
    func malformedXMLSaysWhereAndWhy(text: String, reason: String) {
        #expect(Self.error(text)?.kind == .malformedInkML(reason: reason))
    }

    @Test func aMillionTracesAreRefusedByTheLimitsNotByMemory() throws {
        let trace = "<trace>1 2</trace>"
        let text = "<ink>" + String(repeating: trace, count: 1_000_000) + "</ink>"
        // Over the document limit: refused before parsing.
        #expect(Self.error(text)?.kind == .documentTooLarge(bytes: text.utf8.count,
                                                             limit: 16 << 20))
        // Within the document limit, the stroke limit stops the parse at trace 10 001.
        let fewer = "<ink>" + String(repeating: trace, count: 20_000) + "</ink>"
        #expect(Self.error(fewer)?.kind == .tooManyStrokes(count: 10_001, limit: 10_000))
    }

    @Test func aNonNumericChannelNamesThePlace() {
        let error = Self.error("<ink><trace>1 2, 3 x</trace></ink>")
        #expect(error?.description == "file test.inkml: stroke 0 point 1 channel Y: "
            + "expected a number, not \"x\"")
    }

    @Test func aTraceViewPointingNowhereIsAnError() {
        let error = Self.error("""
            <ink><trace xml:id="t1">1 2</trace>
            <traceGroup xml:id="g"><traceView traceDataRef="#t9"/></traceGroup></ink>
            """)
        #expect(error?.kind == .unexpectedStructure(
            where: "traceGroup g",
            expected: "a traceView naming an existing <trace> id (traceDataRef \"#t9\" names none)"))
    }

    /// Found while writing `fuzz-inkml` (whose "times are finite" check it fails): a channel
    /// that is not a coordinate (T here) could be made infinite, then NaN, by differences,
    /// though a written `1e400` is refused.
    @Test func differencesPastTheLargestDoubleAreRefused() {
        let format = "<traceFormat><channel name=\"X\"/><channel name=\"Y\"/>"
            + "<channel name=\"T\"/></traceFormat>"
        for trace in ["1 1 1e308, '0 '0 '1e308", "1 1 1e308, '0 '0 '1e308, \"0 \"0 \"-1e308",
                      "1 1 -1e308, '0 '0 '0, \"0 \"0 \"-1e308"] {
            let error = Self.error("<ink>\(format)<trace>\(trace)</trace></ink>")
            guard case .unexpectedStructure(let place, let expected)? = error?.kind else {
                Issue.record("\(trace): \(String(describing: error))")
                continue
            }
            #expect(place.hasPrefix("stroke 0 point ") && place.hasSuffix(" channel T"))
            #expect(expected == "differences that add up to a finite value (within ±1.8e308)")
        }
        #expect(Self.error("<ink>\(format)<trace>1 1 1e308, '0 '0 '-1e308</trace></ink>") == nil)
    }

    @Test func brokenDocumentsGiveClearErrors() {
        #expect(Self.error("<ink><trace>1 2</trace>")?.kind.isMalformedInkML == true)
        #expect(Self.error("<ink><trace> </trace></ink>")?.kind == .emptyStroke(stroke: 0))
        #expect(Self.error("<ink><trace>1</trace></ink>")?.kind == .unexpectedStructure(
            where: "stroke 0 point 0", expected: "a value for each of the channels X Y"))
        #expect(Self.error("<ink><trace>1 2,,3 4</trace></ink>")?.kind == .unexpectedStructure(
            where: "stroke 0 point 1", expected: "a point between two commas"))
        #expect(Self.error("<ink><trace>1e300 2</trace></ink>", limits: StrokeLimits())?.kind
            == .coordinateOutOfRange(stroke: 0, point: 0, value: 1e300, limit: 1e9))
        #expect(Self.error("<ink><trace>'1 2</trace></ink>")?.kind == .unexpectedStructure(
            where: "stroke 0 point 0", expected: "an explicit value before a difference (' or \")"))
    }

    @Test func aGestureFileIsStillReadAsAGesture() throws {
        let bytes = Array("<Gesture><Point X=\"1\" Y=\"2\"/></Gesture>".utf8)
        let input = try StrokeReader.read(bytes: bytes, source: "g.xml")
        #expect(input == .single(Drawing(strokes: [Stroke(points: [Point(x: 1, y: 2)])])))
    }
}

extension StrokeFormatError.Kind {
    var isMalformedInkML: Bool {
        if case .malformedInkML = self { return true }
        return false
    }
}
