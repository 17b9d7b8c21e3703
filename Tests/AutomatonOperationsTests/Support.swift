import AutomatonOperations
import Automata
import Foundation

/// Test files in Tests/AutomatonOperationsTests/Resources.
enum Resources {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}

/// An automaton from a short description: `edges` as "from:symbols:to" separated by
/// spaces, states numbered from 0 (named q0, q1, …), ε written as the symbol ε.
func automaton(states: Int, initial: [Int] = [0], final: [Int], edges: String) -> Automaton {
    let names = (0..<states).map { "q\($0)" }
    var a = Automaton(states: names.enumerated().map { i, id in
        Automaton.State(id: id, initial: initial.contains(i), final: final.contains(i))
    })
    for edge in edges.split(separator: " ") {
        let parts = edge.split(separator: ":", omittingEmptySubsequences: false)
        let symbols = parts[1].map(String.init)
        a.transitions.append(Automaton.Transition(
            from: names[Int(parts[0])!], to: names[Int(parts[2])!],
            symbols: symbols.filter { $0 != "ε" }.sorted(), epsilon: symbols.contains("ε")))
    }
    return a
}

/// Every word over `symbols` of length 0...maxLength, in shortlex order.
func allWords(over symbols: [String], upTo maxLength: Int) -> [String] {
    var words = [""]
    var level = [""]
    for _ in 0..<maxLength {
        level = level.flatMap { w in symbols.map { w + $0 } }
        words += level
    }
    return words
}
