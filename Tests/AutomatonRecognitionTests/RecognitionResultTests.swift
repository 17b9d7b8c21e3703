import Automata
import Foundation
import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

@Suite struct RecognitionResultTests {
    /// q0 (initial) –a→ q1 (final), a loop b on q1, a stray cycle far away.
    static var drawing: Document {
        var d = Document()
        d.add("circle", Sketch.circle(center: Point(x: 100, y: 100), radius: 40))
        d.add("circle", Sketch.circle(center: Point(x: 300, y: 100), radius: 40))
        d.add("circle", Sketch.circle(center: Point(x: 300, y: 100), radius: 50))
        d.add("arrow", Sketch.arrow(from: Point(x: 140, y: 100), to: Point(x: 250, y: 100)))
        d.add("cycle", Sketch.loop(center: Point(x: 300, y: 100), radius: 50))
        d.add("arrow", Sketch.arrow(from: Point(x: 20, y: 100), to: Point(x: 60, y: 100),
                                    style: .none))
        d.add("cycle", Sketch.loop(center: Point(x: 600, y: 400), radius: 30))
        d.label("a", 195, 90)
        d.label("b", 300, 5)
        return d
    }

    static var result: RecognitionResult {
        RecognitionResult(source: "examples/two-states.json", assembly: drawing.assemble(),
                          inputs: ["ab", "a", "abbb", "", "ac"])
    }

    @Test func jsonLineMatchesTheGolden() {
        #expect(Self.result.jsonLine() == twoStatesGoldenJSONLine)
    }

    @Test func jsonLineIsValidJSONWithTheKeysOfTheFormat() throws {
        let line = Self.result.jsonLine()
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8))
                                  as? [String: Any])
        #expect(Set(object.keys) == ["format", "source", "elements", "automaton", "runs"])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let keys = elements.map { Set($0.keys) }
        let common: Set = ["stroke", "class", "confidence", "role"]
        #expect(keys[0] == common.union(["state", "center", "radius"]))
        #expect(keys[2] == common.union(["state"]))
        #expect(keys[3] == common.union(["start", "tip", "head", "from", "to"]))
        #expect(keys[4] == common.union(["state", "path"]))
        #expect(keys[5] == common.union(["start", "tip", "head", "to"]))
        #expect(keys[6] == common.union(["reason"]))
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.map { $0["accepted"] as? Bool } == [true, true, true, false, false])
    }

    @Test func prettyJSONParsesToTheSameValue() throws {
        let pretty = Self.result.prettyJSON()
        #expect(pretty.contains("\n  \"elements\": [\n"))
        let a = try JSONSerialization.jsonObject(with: Data(pretty.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(Self.result.jsonLine().utf8))
            as? NSDictionary
        #expect(a == b)
    }

    @Test func numbersAreRoundedDeterministically() {
        #expect(JSONNumber.format(100, decimals: 2) == "100")
        #expect(JSONNumber.format(12.345, decimals: 2) == "12.35")
        #expect(JSONNumber.format(-0.001, decimals: 2) == "0")
        #expect(JSONNumber.format(-7.5, decimals: 0) == "-8")
        #expect(JSONNumber.format(0.98765, decimals: 4) == "0.9877")
        #expect(JSONNumber.format(0.05, decimals: 4) == "0.05")
        #expect(JSONNumber.format(.nan, decimals: 2) == "null")
        #expect(JSONValue.string("a\"b\\c\nε\u{1}").rendered() == #""a\"b\\c\nε\u0001""#)
    }
}
