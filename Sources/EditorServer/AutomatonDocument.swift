import Automata
import AutomatonRecognition
import StrokeFormats
import Foundation

/// Reads the automaton of a `/api/simulate` request: the `automaton` block of FORMATS.md §2,
/// `{"states": [{"id", "center"?, "radius"?, "initial", "final"}], "transitions":
/// [{"from", "to", "symbols", "epsilon"}]}`. Positions are optional (simulation needs none);
/// a transition naming a state that is not listed, or a symbol longer than one character,
/// is an error that says which.
public enum AutomatonDocument {
    /// Why an automaton could not be read; `description` says where and what was expected.
    public struct DecodingError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public static func automaton(from value: Any, maxSize: Int) throws(DecodingError) -> Automaton {
        guard let object = value as? [String: Any] else {
            throw DecodingError(description: "\"automaton\": expected an object with \"states\" and \"transitions\"")
        }
        guard let states = object["states"] as? [Any] else {
            throw DecodingError(description: "\"automaton.states\": expected an array of states")
        }
        let transitions = (object["transitions"] as? [Any]) ?? []
        guard object["transitions"] == nil || object["transitions"] is [Any] else {
            throw DecodingError(description: "\"automaton.transitions\": expected an array of transitions")
        }
        guard states.count + transitions.count <= maxSize else {
            throw DecodingError(description: "the automaton has \(states.count) states and "
                + "\(transitions.count) transitions, over the limit of \(maxSize) in all")
        }
        var automaton = Automaton()
        var ids: Set<String> = []
        for (index, item) in states.enumerated() {
            let place = "\"automaton.states[\(index)]\""
            guard let state = item as? [String: Any], let id = state["id"] as? String, !id.isEmpty else {
                throw DecodingError(description: "\(place): expected an object with a non-empty \"id\"")
            }
            guard ids.insert(id).inserted else {
                throw DecodingError(description: "\(place): the id \"\(id)\" is used twice")
            }
            let center = state["center"] as? [String: Any]
            automaton.states.append(Automaton.State(
                id: id,
                center: Point(x: number(center?["x"]) ?? 0, y: number(center?["y"]) ?? 0),
                radius: number(state["radius"]) ?? 1,
                initial: try flag(state["initial"], place: place + ".initial"),
                final: try flag(state["final"], place: place + ".final"),
                ringRadius: number(state["ringRadius"])))
        }
        for (index, item) in transitions.enumerated() {
            let place = "\"automaton.transitions[\(index)]\""
            guard let t = item as? [String: Any], let from = t["from"] as? String,
                  let to = t["to"] as? String else {
                throw DecodingError(description: "\(place): expected an object with \"from\" and \"to\"")
            }
            for end in [from, to] where !ids.contains(end) {
                throw DecodingError(description: "\(place): no state has the id \"\(end)\"")
            }
            let symbols = (t["symbols"] as? [Any]) ?? []
            guard t["symbols"] == nil || t["symbols"] is [Any] else {
                throw DecodingError(description: "\(place).symbols: expected an array of strings")
            }
            var clean: [String] = []
            for symbol in symbols {
                guard let s = symbol as? String, s.count == 1 else {
                    throw DecodingError(description: "\(place).symbols: each symbol is one character")
                }
                clean.append(s)
            }
            automaton.transitions.append(Automaton.Transition(
                from: from, to: to, symbols: Array(Set(clean)).sorted(),
                epsilon: try flag(t["epsilon"], place: place + ".epsilon")))
        }
        return automaton
    }

    private static func number(_ value: Any?) -> Double? {
        let x: Double? = switch value {
        case let d as Double: d
        case let i as Int: Double(i)
        default: nil
        }
        return x.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func flag(_ value: Any?, place: String) throws(DecodingError) -> Bool {
        guard let value else { return false }
        guard let b = value as? Bool else {
            throw DecodingError(description: "\(place): expected true or false")
        }
        return b
    }
}
