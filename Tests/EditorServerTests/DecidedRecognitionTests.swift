import Automata
import AutomatonRecognition
import AutomatonOperations
@testable import EditorServer
import Foundation
import Testing
import TestSupport

/// The user's decisions over recognition (editor document version 2) and the page's
/// operations, on examples/two-states.json: strokes 0 and 1 are the circles of q0 and q1,
/// 2 q1's final ring, 3 the initial arrow, 4 q0→q1 (label "a" typed near it), 5 q1→q0
/// (label "ε"), 6 q1's loop (label "b").
@Suite struct DecidedRecognitionTests {
    static let api = EditorAPITests.api

    static func example(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> [UInt8] {
        let url = SharedData.packageRoot.appendingPathComponent("examples/two-states.json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    static func answer(_ body: [UInt8]) throws -> (automaton: [String: Any], object: [String: Any]) {
        let response = api.recognize(body: body)
        #expect(response.status == 200, "\(response.body)")
        let object = try EditorAPITests.json(response)
        return (try #require(object["automaton"] as? [String: Any]), object)
    }

    static func transitions(_ automaton: [String: Any]) -> [String] {
        ((automaton["transitions"] as? [[String: Any]]) ?? []).map {
            "\($0["from"]!)→\($0["to"]!) \((($0["symbols"] as? [String]) ?? []).joined(separator: ","))"
                + (($0["epsilon"] as? Bool) == true ? " ε" : "")
        }
    }

    @Test func aLabelTypedOnAStrokeStaysOnItWhereverItIs() throws {
        // "a" placed by the loop but typed on stroke 4 (q0→q1): it goes to q0→q1.
        let body = try Self.example { o in
            o["labels"] = [["text": "a", "x": 330, "y": 50, "stroke": 4],
                           ["text": "ε", "x": 225, "y": 222], ["text": "b", "x": 330, "y": 50]]
        }
        let (automaton, _) = try Self.answer(body)
        #expect(Self.transitions(automaton) == ["q0→q1 a", "q1→q0  ε", "q1→q1 b"])
    }

    @Test func namesAreKeptAndNewStatesTakeTheNextFreeName() throws {
        // q1's circle (stroke 1) is named "q0", so the other state takes the next free name.
        let (automaton, object) = try Self.answer(try Self.example { o in
            o["names"] = [["text": "q0", "stroke": 1]]
        })
        let ids = ((automaton["states"] as? [[String: Any]]) ?? []).map { $0["id"] as? String }
        #expect(ids == ["q1", "q0"])   // listed left to right: stroke 0 is left of stroke 1
        let fresh = try #require(object["newNames"] as? [[String: Any]])
        #expect(fresh.count == 1 && fresh[0]["stroke"] as? Int == 0 && fresh[0]["text"] as? String == "q1")
        #expect(Self.transitions(automaton) == ["q1→q0 a", "q0→q1  ε", "q0→q0 b"])
    }

    @Test func correctionsAndFlagsOverrideRecognition() throws {
        let (automaton, object) = try Self.answer(try Self.example { o in
            o["corrections"] = [["stroke": 6, "as": "none"]]
            o["flags"] = [["stroke": 0, "final": true], ["stroke": 1, "initial": true]]
        })
        let states = try #require(automaton["states"] as? [[String: Any]])
        #expect(states.map { $0["final"] as? Bool } == [true, true])
        #expect(states.map { $0["initial"] as? Bool } == [true, true])
        #expect(Self.transitions(automaton) == ["q0→q1 a,b", "q1→q0  ε"])  // "b" goes to the next nearest ink
        let elements = try #require(object["elements"] as? [[String: Any]])
        #expect(elements[6]["role"] as? String == "rejected")
    }

    @Test func anInitialCorrectionDropsTheArrowsSource() throws {
        let (automaton, _) = try Self.answer(try Self.example { o in
            o["corrections"] = [["stroke": 5, "as": "initial"]]
        })
        let states = try #require(automaton["states"] as? [[String: Any]])
        #expect(states.map { $0["initial"] as? Bool } == [true, false])
        #expect(!Self.transitions(automaton).contains { $0.hasPrefix("q1→q0") })
    }

    @Test func aDecisionOnNoStrokeIsA400ThatSaysWhich() throws {
        let response = Self.api.recognize(body: try Self.example { o in
            o["names"] = [["text": "x", "stroke": 7]]
        })
        #expect(response.status == 400)
        #expect(try EditorAPITests.json(response)["error"] as? String
            == "\"names[0]\".stroke: 7 is not a stroke index (the drawing has 7 strokes)")
        let bad = Self.api.recognize(body: try Self.example { o in o["corrections"] = [["stroke": 1, "as": "box"]] })
        #expect(bad.status == 400)
    }

    static let nfa = """
        {"states": [{"id": "p", "initial": true, "final": false}, {"id": "r", "final": false},
                    {"id": "s", "final": true}],
         "transitions": [{"from": "p", "to": "r", "epsilon": true}, {"from": "p", "to": "p", "symbols": ["a"]},
                         {"from": "r", "to": "s", "symbols": ["b"]}, {"from": "s", "to": "s", "symbols": ["b"]}]}
        """

    @Test func stepsHoldTheEpsilonClosures() throws {
        let body = #"{"automaton": \#(Self.nfa), "inputs": ["abb", "ba"], "steps": true}"#
        let runs = try #require(try EditorAPITests.json(Self.api.simulate(body: Array(body.utf8)))["runs"] as? [[String: Any]])
        #expect(runs[0]["steps"] as? [[String]] == [["p", "r"], ["p", "r"], ["s"], ["s"]])
        #expect(runs[1]["steps"] as? [[String]] == [["p", "r"], ["s"], []])
    }

    @Test func operationsAreFaAutomatonsOwn() throws {
        let automaton = try AutomatonDocument.automaton(
            from: try JSONSerialization.jsonObject(with: Data(Self.nfa.utf8)), maxSize: 100)
        for (operation, expected) in [("determinize", try automaton.determinized().json),
                                      ("minimize", try automaton.minimized().json),
                                      ("complement", try automaton.complemented().json)] {
            let body = #"{"automaton": \#(Self.nfa), "operation": "\#(operation)"}"#
            let response = Self.api.operate(body: Array(body.utf8))
            #expect(response.body == JSONValue.object([("automaton", expected)]).rendered(pretty: false))
        }
        let regex = Self.api.operate(body: Array(#"{"automaton": \#(Self.nfa), "operation": "regex"}"#.utf8))
        #expect(try EditorAPITests.json(regex)["regex"] as? String == (try automaton.regex().description))
        let compare = try EditorAPITests.json(Self.api.operate(
            body: Array(#"{"automaton": \#(Self.nfa), "operation": "compare", "regex": "a*b"}"#.utf8)))
        #expect(compare["counterexample"] as? String == "bb" && compare["acceptedBy"] as? String == "drawing")
        let bad = Self.api.operate(body: Array(#"{"automaton": \#(Self.nfa), "operation": "compare", "regex": "a("}"#.utf8))
        #expect(bad.status == 400)
        #expect(Self.api.operate(body: Array(#"{"automaton": \#(Self.nfa), "operation": "sort"}"#.utf8)).status == 400)
    }

    @Test func aJFLAPFileIsRead() throws {
        let jff = """
            <?xml version="1.0"?><structure><type>fa</type><automaton>
            <state id="0" name="a"><x>10</x><y>20</y><initial/></state>
            <state id="1" name="b"><x>110</x><y>20</y><final/></state>
            <transition><from>0</from><to>1</to><read>x</read></transition></automaton></structure>
            """
        let object = try EditorAPITests.json(Self.api.jflap(body: Array(jff.utf8)))
        let automaton = try #require(object["automaton"] as? [String: Any])
        #expect(Self.transitions(automaton) == ["a→b x"])
        #expect(Self.api.jflap(body: Array("<structure>".utf8)).status == 400)
    }
}
