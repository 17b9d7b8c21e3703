import Automata
import StrokeFormats
import Foundation
import XMLReading

/// JFLAP `.jff` finite automata (JFLAP 4–7):
///
///     <structure><type>fa</type><automaton>
///       <state id="0" name="q0"><x>87.0</x><y>163.0</y><initial/></state>
///       <state id="1" name="q1"><x>240.0</x><y>160.0</y><final/></state>
///       <transition><from>0</from><to>1</to><read>a</read></transition>
///     </automaton></structure>
///
/// An empty `<read/>` is an ε-transition. States keep their positions (JFLAP's x and y,
/// y down, like ours); `name` becomes the state id (`q<id>` when missing or repeated).
/// JFLAP lists one transition per symbol; reading merges those between the same two
/// states into one transition, writing splits them again.
public enum JFLAP {
    /// Largest file read, in bytes.
    public static let maximumBytes = 64 << 20
    /// Radius given to states read from JFLAP (which draws every state with radius 20).
    public static let stateRadius = 20.0

    /// The automaton in the `.jff` text `data`. Refuses malformed XML, DTDs and entity
    /// declarations (never expanded), a `<type>` other than `fa`, a transition whose
    /// `<from>` or `<to>` names no state, and a `<read>` of more than one character.
    public static func read(_ data: Data, source: String) throws(AutomatonInputError) -> Automaton {
        let fail = { (reason: String) in AutomatonInputError(source: source, reason: reason) }
        guard data.count <= maximumBytes else { throw fail("more than \(maximumBytes) bytes") }
        var collector = JFLAPCollector()
        do {
            try XMLReader.read([UInt8](data)) { collector.take($0) }
        } catch {
            throw fail("malformed XML at \(error)")
        }
        if let failure = collector.failure { throw fail(failure) }
        guard collector.root == "structure" else {
            throw fail("not a JFLAP file: the root element is <\(collector.root ?? "")>, "
                       + "not <structure>")
        }
        guard let type = collector.type?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw fail("the JFLAP file has no <type> (a finite automaton has <type>fa</type>)")
        }
        guard type == "fa" else {
            throw fail("the JFLAP <type> is '\(type)', not 'fa': only finite automata can be read")
        }

        var idOf: [String: String] = [:]  // JFLAP id → our state id
        var states: [Automaton.State] = []
        var names = Set<String>()
        for (i, s) in collector.states.enumerated() {
            guard let jflapID = s.id, !jflapID.isEmpty else {
                throw fail("state \(i) has no id attribute")
            }
            guard idOf[jflapID] == nil else { throw fail("two states have the id \(jflapID)") }
            var name = s.name ?? ""
            if name.isEmpty || names.contains(name) { name = "q" + jflapID }
            guard names.insert(name).inserted else { throw fail("two states are named '\(name)'") }
            idOf[jflapID] = name
            guard let x = Double(s.x.trimmed.isEmpty ? "0" : s.x.trimmed),
                  let y = Double(s.y.trimmed.isEmpty ? "0" : s.y.trimmed), x.isFinite, y.isFinite else {
                throw fail("state \(jflapID): <x>/<y> must be finite numbers, "
                           + "not '\(s.x.trimmed)', '\(s.y.trimmed)'")
            }
            states.append(Automaton.State(id: name, center: Point(x: x, y: y), radius: stateRadius,
                                          initial: s.initial, final: s.final))
        }
        var transitions: [Automaton.Transition] = []
        var index: [[String]: Int] = [:]
        for (i, t) in collector.transitions.enumerated() {
            let place = "transition \(i + 1)"
            guard let from = idOf[t.from.trimmed] else {
                throw fail("\(place): <from>\(t.from.trimmed)</from> names no state in the file")
            }
            guard let to = idOf[t.to.trimmed] else {
                throw fail("\(place): <to>\(t.to.trimmed)</to> names no state in the file")
            }
            if index[[from, to]] == nil {
                index[[from, to]] = transitions.count
                transitions.append(Automaton.Transition(from: from, to: to))
            }
            let k = index[[from, to]]!
            if t.read.isEmpty {
                transitions[k].epsilon = true
            } else {
                guard t.read.count == 1 else {
                    throw fail("\(place) (\(from) → \(to)): the read '\(t.read)' is not a single "
                               + "character (this tool reads single-character symbols)")
                }
                if !transitions[k].symbols.contains(t.read) {
                    transitions[k].symbols.append(t.read)
                    transitions[k].symbols.sort()
                }
            }
        }
        return Automaton(states: states, transitions: transitions)
    }

    /// The automaton as a JFLAP 7 `.jff` file: state `i` gets id `i` and its id as name;
    /// one `<transition>` per symbol, and one with an empty `<read/>` for ε.
    public static func text(of automaton: Automaton) -> String {
        var number: [String: Int] = [:]
        for (i, s) in automaton.states.enumerated() where number[s.id] == nil { number[s.id] = i }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>"
                + "<!--Created with FiniteAutomataToolkit.--><structure>",
            "\t<type>fa</type>",
            "\t<automaton>",
            "\t\t<!--The list of states.-->",
        ]
        for (i, s) in automaton.states.enumerated() {
            lines.append("\t\t<state id=\"\(i)\" name=\"\(escaped(s.id))\">")
            lines.append("\t\t\t<x>\(s.center.x)</x>")
            lines.append("\t\t\t<y>\(s.center.y)</y>")
            if s.initial { lines.append("\t\t\t<initial/>") }
            if s.final { lines.append("\t\t\t<final/>") }
            lines.append("\t\t</state>")
        }
        lines.append("\t\t<!--The list of transitions.-->")
        for t in automaton.transitions {
            guard let from = number[t.from], let to = number[t.to] else { continue }
            for read in t.symbols.map(Optional.some) + (t.epsilon ? [nil] : []) {
                lines.append("\t\t<transition>")
                lines.append("\t\t\t<from>\(from)</from>")
                lines.append("\t\t\t<to>\(to)</to>")
                lines.append(read.map { "\t\t\t<read>\(escaped($0))</read>" } ?? "\t\t\t<read/>")
                lines.append("\t\t</transition>")
            }
        }
        lines += ["\t</automaton>", "</structure>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Collects the elements of a `.jff` file from the reader's events.
private struct JFLAPCollector {
    struct StateElement {
        var id: String?
        var name: String?
        var x = "", y = ""
        var initial = false, final = false
    }
    struct TransitionElement { var from = "", to = "", read = "" }

    /// Most states and transitions read.
    static let maximumElements = 2_000_000

    var root: String?
    var type: String?
    var states: [StateElement] = []
    var transitions: [TransitionElement] = []
    var failure: String?
    private var path: [String] = []
    private var text = ""

    /// Takes one event; false (with `failure` set) stops the reading.
    mutating func take(_ event: XMLEvent) -> Bool {
        switch event {
        case let .start(name, attributes): return start(name, attributes)
        case let .text(more): text += more
        case let .end(name): end(name)
        }
        return true
    }

    mutating func start(_ name: String, _ attributes: [String: String]) -> Bool {
        if root == nil { root = name }
        let parent = path.last
        let listed = parent == "automaton" || parent == "structure"
        // A <state> or <transition> anywhere else is ignored, and so are its children: it
        // enters the path as "#state" (or "#transition"), which no case below matches.
        path.append((name == "state" || name == "transition") && !listed ? "#" + name : name)
        text = ""
        switch (parent, name) {
        case (_, "state") where listed:
            states.append(StateElement(id: attributes["id"], name: attributes["name"]))
        case (_, "transition") where listed:
            transitions.append(TransitionElement())
        case ("state", "initial"): states[states.count - 1].initial = true
        case ("state", "final"): states[states.count - 1].final = true
        default: break
        }
        guard states.count + transitions.count <= Self.maximumElements else {
            failure = "more than \(Self.maximumElements) states and transitions"
            return false
        }
        return true
    }

    /// (The reader has checked that `name` closes the innermost element.)
    mutating func end(_ name: String) {
        path.removeLast()
        switch (path.last, name) {
        case ("structure", "type"): type = text
        case ("state", "x"): states[states.count - 1].x = text
        case ("state", "y"): states[states.count - 1].y = text
        case ("transition", "from"): transitions[transitions.count - 1].from = text
        case ("transition", "to"): transitions[transitions.count - 1].to = text
        case ("transition", "read"): transitions[transitions.count - 1].read = text
        default: break
        }
        text = ""
    }
}
