import Foundation

extension Automaton {
    /// Graphviz DOT text: final states as `doublecircle`, each initial state entered by an
    /// edge from an invisible point node `__start_<id>`, one edge per transition labelled
    /// with its symbols and `ε`, joined by ", ". States are pinned at their drawn
    /// positions (`pos`, in points, y flipped) for `neato -n`; `dot` ignores them.
    public func dot(name: String = "automaton") -> String {
        var lines = ["digraph \(quoted(name)) {", "  rankdir=LR;", "  node [shape=circle];"]
        for state in states {
            let shape = state.final ? "doublecircle" : "circle"
            let pos = "\(format(state.center.x)),\(format(-state.center.y))!"
            lines.append("  \(quoted(state.id)) [shape=\(shape), pos=\(quoted(pos))];")
        }
        for state in states where state.initial {
            let start = quoted("__start_" + state.id)
            lines.append("  \(start) [shape=point, style=invis];")
            lines.append("  \(start) -> \(quoted(state.id));")
        }
        for t in transitions {
            let label = (t.symbols + (t.epsilon ? ["ε"] : [])).joined(separator: ", ")
            lines.append("  \(quoted(t.from)) -> \(quoted(t.to)) [label=\(quoted(label))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A DOT double-quoted string.
private func quoted(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

private func format(_ x: Double) -> String { JSONNumber.format(x, decimals: 2) }
