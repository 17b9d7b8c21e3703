import AutomatonRecognition
@testable import EditorServer
import Foundation
import Testing
import TestSupport

/// The editor's API without a network: the answers of FORMATS.md §6 for good and bad bodies.
@Suite struct EditorAPITests {
    static let api = EditorAPI(recognizer: Recognizer(elementClassifier: ElementClassifier(
        classifier: try! DefaultModel.classifier())))

    static func json(_ response: APIResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
    }

    @Test func recognisesTheTwoStateExample() throws {
        let url = SharedData.packageRoot.appendingPathComponent("examples/two-states.json")
        let response = Self.api.recognize(body: Array(try Data(contentsOf: url)))
        #expect(response.status == 200)
        let object = try Self.json(response)
        let automaton = try #require(object["automaton"] as? [String: Any])
        #expect((automaton["states"] as? [Any])?.count == 2)
        #expect(object["format"] as? Int == 1)
        #expect(object["unattachedLabels"] is [Any])
    }

    @Test func badJSONIsA400WithAMessage() throws {
        let response = Self.api.recognize(body: Array("{\"strokes\": [[{\"x\": 1,".utf8))
        #expect(response.status == 400)
        let message = try #require(try Self.json(response)["error"] as? String)
        #expect(message.contains("malformed JSON"))
    }

    @Test func tooManyPointsNamesTheLimit() throws {
        let xs = Array(repeating: "1", count: 100_001).joined(separator: ",")
        let body = "{\"drawing\": [[[\(xs)],[\(xs)]]]}"
        let response = Self.api.recognize(body: Array(body.utf8))
        #expect(response.status == 400)
        let message = try #require(try Self.json(response)["error"] as? String)
        #expect(message.contains("over the limit of 100000"))
    }

    @Test func aBodyOverTheLimitIsA413() {
        var limits = EditorLimits.standard
        limits.maxBodyBytes = 10
        let api = EditorAPI(recognizer: Self.api.recognizer, limits: limits)
        #expect(api.recognize(body: Array("[[{\"x\":1,\"y\":2}]]".utf8)).status == 413)
        #expect(api.simulate(body: Array("{\"automaton\":{}}".utf8)).status == 413)
    }

    @Test func simulatesWithReasons() throws {
        let body = """
            {"automaton": {"states": [{"id": "a", "initial": true, "final": false},
                                      {"id": "b", "initial": false, "final": true}],
                           "transitions": [{"from": "a", "to": "b", "symbols": ["1"], "epsilon": false},
                                           {"from": "b", "to": "a", "symbols": ["0"], "epsilon": false}]},
             "inputs": ["1", "10", "", "2"]}
            """
        let response = Self.api.simulate(body: Array(body.utf8))
        #expect(response.status == 200)
        let runs = try #require(try Self.json(response)["runs"] as? [[String: Any]])
        #expect(runs.map { $0["accepted"] as? Bool } == [true, false, false, false])
        #expect(runs[3]["reason"] as? String == "symbol '2' at position 0 is not in the alphabet")
    }

    @Test func simulationWithoutAnInitialStateSaysSo() throws {
        let body = #"{"automaton": {"states": [{"id": "a", "final": true}], "transitions": []}, "inputs": [""]}"#
        let runs = try #require(try Self.json(Self.api.simulate(body: Array(body.utf8)))["runs"] as? [[String: Any]])
        #expect(runs.first?["reason"] as? String == "the automaton has no initial state")
    }

    @Test func aTransitionToAnUnknownStateIsA400() throws {
        let body = #"{"automaton": {"states": [{"id": "a"}], "transitions": [{"from": "a", "to": "z"}]}, "inputs": []}"#
        let response = Self.api.simulate(body: Array(body.utf8))
        #expect(response.status == 400)
        #expect(try Self.json(response)["error"] as? String == "\"automaton.transitions[0]\": no state has the id \"z\"")
    }

    @Test func theEmbeddedPageMatchesItsFiles() throws {
        let folder = SharedData.packageRoot.appendingPathComponent("Sources/EditorServer/Page")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(EmbeddedPage.files.map(\.name) == names, "run scripts/embed-page")
        for (name, text) in EmbeddedPage.files {
            let file = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text + "\n" == file, "\(name) changed: run scripts/embed-page")
        }
        #expect(PageFile.all["/"]?.contentType == "text/html; charset=utf-8")
        #expect(PageFile.all["/editor.js"]?.contentType == "text/javascript; charset=utf-8")
        #expect(PageFile.all["/../../etc/passwd"] == nil)
    }
}
