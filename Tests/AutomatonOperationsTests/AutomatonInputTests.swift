import AutomatonOperations
import StrokeFormats
import Foundation
import Testing

@Suite struct AutomatonInputTests {
    @Test func aBareObjectAndFaRecognizeOutputBothGiveTheAutomaton() throws {
        let bare = """
            {"states": [{"id": "q0", "initial": true, "center": {"x": 10, "y": 20.5}},
                        {"id": "q1", "final": true}],
             "transitions": [{"from": "q0", "to": "q1", "symbols": ["b", "a", "a"]},
                             {"from": "q1", "to": "q0", "epsilon": true}]}
            """
        let a = try AutomatonInput.parse(Data(bare.utf8), source: "bare.json").automaton
        #expect(a.states[0].center == Point(x: 10, y: 20.5) && a.states[0].initial)
        #expect(a.transitions[0].symbols == ["a", "b"] && a.transitions[1].epsilon)
        let wrapped = "{\"format\": 1, \"elements\": [], \"automaton\": \(bare)}"
        #expect(try AutomatonInput.parse(Data(wrapped.utf8), source: "out.json").automaton == a)
    }

    @Test(arguments: [
        ("not json at all", "not an automaton"),
        ("{\"states\": [", "not valid JSON"),
        ("", "the input is empty"),
        ("{\"states\": [{\"id\": \"q0\"}], \"transitions\": [{\"from\": \"q0\", \"to\": \"q9\"}]}",
         "names the state 'q9', which is not in \"states\""),
        ("{\"states\": [{\"id\": \"q0\"}], \"transitions\": "
            + "[{\"from\": \"q0\", \"to\": \"q0\", \"symbols\": [\"ab\"]}]}",
         "the symbol 'ab' is not a single character"),
        ("{\"states\": [{\"id\": \"q0\"}, {\"id\": \"q0\"}]}", "two states have the id 'q0'"),
        ("{\"format\": 1, \"source\": \"x\", \"error\": \"unreadable\"}", "fa-recognize error"),
        ("{\"drawing\": []}", "expected fa-recognize output or an object with a \"states\" array"),
        ("{\"states\": " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
         "nested deeper"),
    ])
    func badInputIsRefusedWithOneClearReason(text: String, reason: String) {
        #expect {
            _ = try AutomatonInput.parse(Data(text.utf8), source: "in.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("in.json: ") && message.contains(reason) && !message.contains("\n")
        }
    }
}
