import Automata
import StrokeFormats
import Foundation

/// Reads an automaton (FORMATS.md §5) from fa-recognize output (its `automaton` block), a
/// bare `{"states": [..], "transitions": [..]}` object (§2 fields, `center`/`radius`
/// optional), or a JFLAP `.jff` file, told apart by content: `<` starts XML, `{` JSON.
/// Warnings come with the automaton (`ReadAutomaton`): no initial state, several, and what
/// the JFLAP reader changed.
public enum AutomatonInput {
    /// Largest file read, in bytes.
    public static let maximumBytes = 256 << 20
    /// Deepest nesting of JSON arrays and objects read (an automaton needs 4).
    public static let maximumDepth = 32

    /// Reads `path` (a file, a pipe or FIFO, `/dev/fd/N`), or standard input for `-`, at
    /// most `maximumBytes`.
    public static func read(contentsOfFile path: String) throws(AutomatonInputError) -> ReadAutomaton {
        let source = path == "-" ? "stdin" : path
        let bytes: [UInt8]
        do {
            bytes = path == "-"
                ? try BoundedFile.read(from: FileHandle.standardInput, limit: maximumBytes)
                : try BoundedFile.read(contentsOf: path, limit: maximumBytes)
        } catch {
            let reason = switch error {
            case let .unreadable(reason): "cannot read the file (\(reason))"
            case .notARegularFile: "cannot read the file (not a regular file)"
            case let .tooLarge(bytes): "\(bytes) bytes, more than \(maximumBytes)"
            }
            throw AutomatonInputError(source: source, reason: reason)
        }
        return try parse(Data(bytes), source: source)
    }

    /// The automaton in `data`, which came from `source` (named in errors and warnings), with
    /// the warnings of its reader and about its initial states (`ReadAutomaton`).
    public static func parse(_ data: Data, source: String) throws(AutomatonInputError) -> ReadAutomaton {
        guard data.count <= maximumBytes else {
            throw AutomatonInputError(source: source, reason: "more than \(maximumBytes) bytes")
        }
        // The first byte that is not white space, a zero (UTF-16) or part of a byte-order mark.
        let start = data.firstIndex { ![0x00, 0x20, 0x0A, 0x0D, 0x09].contains($0) && $0 < 0x80 }
        var read: ReadAutomaton
        switch start.map({ data[$0] }) {
        case UInt8(ascii: "<"): read = try JFLAP.read(data, source: source)
        case UInt8(ascii: "{"): read = ReadAutomaton(automaton: try parseJSON(data, source: source))
        case nil: throw AutomatonInputError(source: source, reason: "the input is empty")
        default:
            throw AutomatonInputError(source: source, reason:
                "not an automaton: expected a JSON object (fa-recognize output or "
                + "{\"states\": .., \"transitions\": ..}) or a JFLAP .jff file")
        }
        read.warnings += ReadAutomaton.initialStateWarnings(of: read.automaton, source: source)
        return read
    }

    static func parseJSON(_ data: Data, source: String) throws(AutomatonInputError) -> Automaton {
        let fail = { (reason: String) in AutomatonInputError(source: source, reason: reason) }
        guard nestingDepth(of: data) <= maximumDepth else {
            throw fail("JSON nested deeper than \(maximumDepth) levels; an automaton needs 4")
        }
        let tree: Any
        do {
            tree = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw fail("not valid JSON (\(reason ?? "the JSON parser refused it"))")
        }
        return try automaton(fromJSONObject: tree, source: source)
    }

    /// The automaton in a parsed JSON tree (`JSONSerialization`): fa-recognize output or a
    /// bare automaton object.
    public static func automaton(fromJSONObject tree: Any, source: String)
        throws(AutomatonInputError) -> Automaton {
        let fail = { (reason: String) in AutomatonInputError(source: source, reason: reason) }
        guard var object = tree as? [String: Any] else {
            throw fail("expected a JSON object holding an automaton")
        }
        if let message = object["error"] as? String {
            throw fail("the input is an fa-recognize error, not an automaton: \(message)")
        }
        if let inner = object["automaton"] {
            guard let inner = inner as? [String: Any] else {
                throw fail("\"automaton\" must be an object with \"states\" and \"transitions\"")
            }
            object = inner
        }
        guard let stateList = object["states"] as? [Any] else {
            throw fail("expected fa-recognize output or an object with a \"states\" array "
                       + "and a \"transitions\" array")
        }
        var states: [Automaton.State] = []
        var ids = Set<String>()
        for (i, item) in stateList.enumerated() {
            guard let s = item as? [String: Any], let id = s["id"] as? String, !id.isEmpty else {
                throw fail("state \(i) must be an object with a non-empty string \"id\"")
            }
            guard ids.insert(id).inserted else { throw fail("two states have the id '\(id)'") }
            var state = Automaton.State(id: id, radius: StateLayout.radius)
            state.initial = try flag(s["initial"], "initial", of: "state '\(id)'", fail)
            state.final = try flag(s["final"], "final", of: "state '\(id)'", fail)
            if let center = s["center"] {
                guard let c = center as? [String: Any], let x = c["x"] as? Double,
                      let y = c["y"] as? Double else {
                    throw fail("state '\(id)': \"center\" must be {\"x\": number, \"y\": number}")
                }
                state.center = Point(x: x, y: y)
            }
            if let radius = s["radius"] {
                guard let r = radius as? Double else {
                    throw fail("state '\(id)': \"radius\" must be a number")
                }
                state.radius = r
            }
            state.ringRadius = s["ringRadius"] as? Double
            states.append(state)
        }
        guard let transitionList = (object["transitions"] ?? []) as? [Any] else {
            throw fail("\"transitions\" must be an array")
        }
        var transitions: [Automaton.Transition] = []
        for (i, item) in transitionList.enumerated() {
            guard let t = item as? [String: Any], let from = t["from"] as? String,
                  let to = t["to"] as? String else {
                throw fail("transition \(i) must be an object with string \"from\" and \"to\"")
            }
            for end in [from, to] where !ids.contains(end) {
                throw fail("transition \(i) (\(from) → \(to)) names the state '\(end)', "
                           + "which is not in \"states\"")
            }
            guard let symbols = (t["symbols"] ?? []) as? [String] else {
                throw fail("transition \(i): \"symbols\" must be an array of strings")
            }
            for symbol in symbols {
                try checkSymbol(symbol, where: "transition \(i) (\(from) → \(to))", fail)
            }
            let epsilon = try flag(t["epsilon"], "epsilon", of: "transition \(i)", fail)
            transitions.append(Automaton.Transition(from: from, to: to,
                                                    symbols: Array(Set(symbols)).sorted(),
                                                    epsilon: epsilon))
        }
        return Automaton(states: states, transitions: transitions)
    }

    /// Refuses what the model cannot hold: a symbol must be one character, and ε is a flag.
    static func checkSymbol(_ symbol: String, where place: String,
                            _ fail: (String) -> AutomatonInputError) throws(AutomatonInputError) {
        guard symbol != "ε" && symbol != "eps" else {
            throw fail("\(place): write an ε-transition as \"epsilon\": true, "
                       + "not as the symbol '\(symbol)'")
        }
        guard symbol.count == 1 else {
            throw fail("\(place): the symbol '\(symbol)' is not a single character "
                       + "(give each symbol of a multi-symbol transition separately)")
        }
    }

    private static func flag(_ value: Any?, _ name: String, of owner: String,
                             _ fail: (String) -> AutomatonInputError)
        throws(AutomatonInputError) -> Bool {
        guard let value else { return false }
        guard let b = value as? Bool else { throw fail("\(owner): \"\(name)\" must be true or false") }
        return b
    }

    /// The deepest nesting of arrays and objects, brackets counted outside strings (checked
    /// before parsing, so a hostile file cannot exhaust the parser's stack).
    static func nestingDepth(of data: Data) -> Int {
        var depth = 0, deepest = 0
        var inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {  // backslash
                    escaped = true
                } else if byte == 0x22 {  // closing quote
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1; deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }
}
