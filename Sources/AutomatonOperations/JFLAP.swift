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
/// y down, like ours); `name` becomes the state id (`q<id>` when missing; a repeated name is
/// made unique, with a warning). JFLAP lists one transition per symbol; reading merges those
/// between the same two states into one transition, writing splits them again.
///
/// A `<read>` of several characters is read as JFLAP reads it: the string, one symbol after
/// another, through new states (`q0-a`, `q0-ab`, … after reading `a`, `ab` from `q0`), with a
/// warning; the language is JFLAP's, and the file is written back as that chain. A read
/// that looks like a list of symbols (`0,1`, `a b`) is refused: JFLAP too reads it as one
/// string, which its writer did not mean.
public enum JFLAP {
    /// Largest file read, in bytes.
    public static let maximumBytes = 64 << 20
    /// Radius given to states read from JFLAP (which draws every state with radius 20).
    public static let stateRadius = 20.0
    /// Longest read made a chain, in characters (the new states are named after what they
    /// have read, so a longer read would make names of quadratic total length).
    public static let maximumChainLength = 64
    /// Most new states made for several-character reads in one file (real files have a few;
    /// the bound keeps a small hostile file from growing into gigabytes).
    public static let maximumChainStates = 100_000

    /// The automaton in the `.jff` text `data` (UTF-8, UTF-16 or ISO-8859-1), with warnings.
    /// Refuses malformed XML, DTDs and entity declarations (never expanded), JFLAP 8 files, a
    /// `<type>` other than `fa`, a transition whose `<from>` or `<to>` names no state, and a
    /// `<read>` that looks like a list of symbols.
    public static func read(_ data: Data, source: String) throws(AutomatonInputError) -> ReadAutomaton {
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
        if let type = collector.jflap8Type {
            throw fail("JFLAP 8 files are not read; save as JFLAP 7 (this file's <structure> "
                       + "has type=\"\(type)\")")
        }
        guard let type = collector.type?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw fail("the JFLAP file has no <type> (a finite automaton has <type>fa</type>)")
        }
        guard type == "fa" else {
            throw fail("the JFLAP <type> is '\(type)', not 'fa': only finite automata can be read")
        }
        var warnings: [String] = []
        var builder = try JFLAPBuilder(collector.states, source: source, warnings: &warnings)
        for (i, t) in collector.transitions.enumerated() {
            let place = "transition \(i + 1)"
            guard let from = builder.idOf[t.from.trimmed] else {
                throw fail("\(place): <from>\(t.from.trimmed)</from> names no state in the file")
            }
            guard let to = builder.idOf[t.to.trimmed] else {
                throw fail("\(place): <to>\(t.to.trimmed)</to> names no state in the file")
            }
            let symbols = t.read.map(String.init)
            guard symbols.count > 1 else {
                builder.add(from: from, to: to, symbol: symbols.first)
                continue
            }
            if t.read.contains(where: { $0 == "," || $0.isWhitespace }) {
                throw fail("\(place) (\(from) → \(to)): the read '\(t.read)' looks like a list of "
                           + "symbols, but JFLAP reads it as one string of \(symbols.count) "
                           + "characters (give each symbol its own transition)")
            }
            guard symbols.count <= maximumChainLength else {
                throw fail("\(place) (\(from) → \(to)): the read has \(symbols.count) characters; "
                           + "at most \(maximumChainLength) are read as a chain of symbols")
            }
            let through = builder.addChain(from: from, to: to, symbols: symbols)
            guard builder.chainStateCount <= maximumChainStates else {
                throw fail("more than \(maximumChainStates) new states for several-character reads")
            }
            warnings.append("\(source): \(place) (\(from) → \(to)) reads '\(t.read)', "
                            + "\(symbols.count) symbols: read as JFLAP does, one after another, "
                            + "through the new state\(through.count > 1 ? "s" : "") "
                            + through.map { "'\($0)'" }.joined(separator: ", "))
        }
        return ReadAutomaton(automaton: builder.automaton, warnings: warnings)
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

/// Builds the automaton of a `.jff` file: its states, named uniquely, and its transitions,
/// merged per pair of states, several-character reads made chains of new states.
private struct JFLAPBuilder {
    /// JFLAP id → our state id.
    private(set) var idOf: [String: String] = [:]
    private var states: [Automaton.State] = []
    private var transitions: [Automaton.Transition] = []
    private var index: [[String]: Int] = [:]  // [from, to] → its place in `transitions`
    private var taken = Set<String>()
    private var center: [String: Point] = [:]
    /// [from, prefix] → the new state reached from `from` by reading `prefix`.
    private var chainState: [[String]: String] = [:]

    var automaton: Automaton { Automaton(states: states, transitions: transitions) }
    var chainStateCount: Int { chainState.count }

    /// The states of `elements`. The first state to carry a name keeps it; a state with no
    /// name, or with a name taken before, is `q<id>` (made unique with `_2`, `_3`, …), and a
    /// repeated name gets a warning.
    init(_ elements: [JFLAPCollector.StateElement], source: String,
         warnings: inout [String]) throws(AutomatonInputError) {
        let fail = { (reason: String) in AutomatonInputError(source: source, reason: reason) }
        var owner: [String: String] = [:]  // name → JFLAP id of the first state carrying it
        for (i, s) in elements.enumerated() {
            guard let jflapID = s.id, !jflapID.isEmpty else {
                throw fail("state \(i) has no id attribute")
            }
            guard idOf.updateValue("", forKey: jflapID) == nil else {
                throw fail("two states have the id \(jflapID)")
            }
            if let name = s.name, !name.isEmpty, owner[name] == nil {
                owner[name] = jflapID
                taken.insert(name)
            }
        }
        for s in elements {
            let jflapID = s.id ?? ""
            var name = s.name ?? ""
            if name.isEmpty || owner[name] != jflapID {
                let repeated = name
                name = unique("q" + jflapID)
                if !repeated.isEmpty {
                    warnings.append("\(source): the states with ids \(owner[repeated] ?? "") and "
                                    + "\(jflapID) are both named '\(repeated)': the second is read "
                                    + "as '\(name)'")
                }
            }
            idOf[jflapID] = name
            guard let x = Double(s.x.trimmed.isEmpty ? "0" : s.x.trimmed),
                  let y = Double(s.y.trimmed.isEmpty ? "0" : s.y.trimmed), x.isFinite, y.isFinite else {
                throw fail("state \(jflapID): <x>/<y> must be finite numbers, "
                           + "not '\(s.x.trimmed)', '\(s.y.trimmed)'")
            }
            center[name] = Point(x: x, y: y)
            states.append(Automaton.State(id: name, center: Point(x: x, y: y),
                                          radius: JFLAP.stateRadius, initial: s.initial,
                                          final: s.final))
        }
    }

    /// `base`, or `base_2`, `base_3`, … : the first not taken, now taken.
    private mutating func unique(_ base: String) -> String {
        var name = base
        var k = 2
        while taken.contains(name) {
            name = "\(base)_\(k)"
            k += 1
        }
        taken.insert(name)
        return name
    }

    /// A transition on `symbol` (ε when nil), merged into the one between the same states.
    mutating func add(from: String, to: String, symbol: String?) {
        if index[[from, to]] == nil {
            index[[from, to]] = transitions.count
            transitions.append(Automaton.Transition(from: from, to: to))
        }
        let k = index[[from, to]]!
        guard let symbol else {
            transitions[k].epsilon = true
            return
        }
        if !transitions[k].symbols.contains(symbol) {
            transitions[k].symbols.append(symbol)
            transitions[k].symbols.sort()
        }
    }

    /// Transitions reading `symbols` (two or more) one after another from `from` to `to`,
    /// through the states reached by each proper prefix (shared by chains from the same
    /// state: they have no other transitions, so the language is the same); returns them.
    mutating func addChain(from: String, to: String, symbols: [String]) -> [String] {
        var through: [String] = []
        var previous = from
        for k in 1..<symbols.count {
            let prefix = symbols[..<k].joined()
            let state: String
            if let known = chainState[[from, prefix]] {
                state = known
            } else {
                state = unique("\(from)-\(prefix)")
                chainState[[from, prefix]] = state
                let place = position(from: from, to: to, step: k, of: symbols.count)
                center[state] = place
                states.append(Automaton.State(id: state, center: place, radius: JFLAP.stateRadius))
            }
            add(from: previous, to: state, symbol: symbols[k - 1])
            through.append(state)
            previous = state
        }
        add(from: previous, to: to, symbol: symbols[symbols.count - 1])
        return through
    }

    /// Where the `step`-th of the `steps - 1` new states of a chain goes: evenly along the
    /// line from `from` to `to`, 30 to the left of the way (so the chains of two transitions
    /// in opposite directions do not overlap); above the state for a loop.
    private func position(from: String, to: String, step: Int, of steps: Int) -> Point {
        let a = center[from] ?? Point(x: 0, y: 0), b = center[to] ?? Point(x: 0, y: 0)
        let t = Double(step) / Double(steps)
        guard from != to else { return Point(x: a.x + 100 * t - 50, y: a.y - 70) }
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        return Point(x: a.x + t * dx + 30 * dy / length, y: a.y + t * dy - 30 * dx / length)
    }
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
    /// The `type` attribute of a `<structure>` (JFLAP 8 writes `<structure type="fsa">`).
    var jflap8Type: String?
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
        if name == "structure", jflap8Type == nil, let type = attributes["type"] {
            jflap8Type = type
        }
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
