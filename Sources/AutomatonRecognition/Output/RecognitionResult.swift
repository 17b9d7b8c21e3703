import Automata
import DrawingClassifier
import StrokeFormats

/// Everything `fa-recognize` reports for one drawing (FORMATS.md §2).
///
/// ```swift
/// let assembly = Assembler().assemble(classified, labels: drawing.labels)
/// let result = RecognitionResult(source: "examples/two-states.json", assembly: assembly,
///                                inputs: drawing.inputs)
/// print(result.jsonLine())          // one line of JSON Lines
/// ```
public struct RecognitionResult: Sendable, Equatable {
    /// Where the drawing came from (a path, or "path:line" in batch mode); nil → `null`.
    public var source: String?
    public var assembly: Assembly
    /// One run per input word, in order; nil when no words were given (no `runs` key).
    public var runs: [Run]?

    /// Confidences are written with this many decimals.
    public static let confidenceDecimals = 4

    public init(source: String?, assembly: Assembly, inputs: [String] = []) {
        self.source = source
        self.assembly = assembly
        self.runs = inputs.isEmpty ? nil : inputs.map { assembly.automaton.run($0) }
    }

    /// Assembles `drawing` from its classified strokes and runs the drawing's words plus
    /// `extraInputs` (e.g. `--input WORD`).
    public init(drawing: Drawing, classified: [ClassifiedStroke], source: String?,
                options: AssemblyOptions = AssemblyOptions(), extraInputs: [String] = []) {
        let assembly = Assembler(options: options).assemble(classified, labels: drawing.labels)
        self.init(source: source, assembly: assembly, inputs: drawing.inputs + extraInputs)
    }

    /// The result as one line of JSON (no trailing newline).
    public func jsonLine() -> String { json.rendered(pretty: false) }

    /// The result as indented JSON (no trailing newline).
    public func prettyJSON() -> String { json.rendered(pretty: true) }

    /// The JSON tree, keys in the order of FORMATS.md §2.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .integer(1)),
            ("source", source.map(JSONValue.string) ?? .null),
            ("elements", .array(assembly.elements.map(Self.json))),
            ("automaton", assembly.automaton.json()),
        ]
        if let runs {
            members.append(("runs", .array(runs.map {
                .object([("input", .string($0.input)), ("accepted", .bool($0.accepted))])
            })))
        }
        return .object(members)
    }

    static func coordinate(_ x: Double) -> JSONValue { .coordinate(x) }

    static func json(_ p: Point) -> JSONValue { .point(p) }

    static func json(_ e: Element) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("stroke", .integer(e.stroke)),
        ]
        if e.strokes.count > 1 { m.append(("strokes", .array(e.strokes.map { .integer($0) }))) }
        m += [
            ("class", .string(e.label)),
            ("confidence", .number(e.confidence, decimals: confidenceDecimals)),
            ("role", .string(e.role.name)),
        ]
        switch e.role {
        case let .state(id, center, radius):
            m += [("state", .string(id)), ("center", json(center)), ("radius", coordinate(radius))]
        case let .final(state):
            m += [("state", .string(state))]
        case let .transition(arrow, from, to):
            m += arrowMembers(arrow)
            m += [("from", from.map(JSONValue.string) ?? .null),
                  ("to", to.map(JSONValue.string) ?? .null)]
        case let .initial(arrow, to):
            m += arrowMembers(arrow) + [("to", .string(to))]
        case let .cycle(state, loop):
            m += [("state", .string(state)), ("path", .array(loop.path.map(json)))]
        case let .rejected(reason):
            m += [("reason", .string(reason))]
        }
        return .object(m)
    }

    static func arrowMembers(_ arrow: ArrowGeometry) -> [(String, JSONValue)] {
        [("start", json(arrow.start)), ("tip", json(arrow.tip)),
         ("head", .array(arrow.head.map(json)))]
    }
}
