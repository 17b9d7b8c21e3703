import Automata
import StrokeFormats
import Testing

@Suite struct DOTTests {
    @Test func dotOutputMatchesTheGolden() {
        let a = Automaton(
            states: [.init(id: "q0", center: Point(x: 100, y: 100), radius: 40, initial: true),
                     .init(id: "q1", center: Point(x: 260.5, y: 100), radius: 40, final: true,
                           ringRadius: 50)],
            transitions: [.init(from: "q0", to: "q1", symbols: ["a", "b"]),
                          .init(from: "q1", to: "q1", epsilon: true),
                          .init(from: "q1", to: "q0", symbols: ["c"], epsilon: true)])
        let golden = """
            digraph "automaton" {
              rankdir=LR;
              node [shape=circle];
              "q0" [shape=circle, pos="100,-100!"];
              "q1" [shape=doublecircle, pos="260.5,-100!"];
              "__start_q0" [shape=point, style=invis];
              "__start_q0" -> "q0";
              "q0" -> "q1" [label="a, b"];
              "q1" -> "q1" [label="ε"];
              "q1" -> "q0" [label="c, ε"];
            }

            """
        #expect(a.dot() == golden)
    }
}
