import StrokeFormats

extension JSONValue {
    /// Coordinates and radii are written with this many decimals (FORMATS.md §2).
    public static let coordinateDecimals = 2

    /// A coordinate or a radius, with `coordinateDecimals`.
    public static func coordinate(_ x: Double) -> JSONValue { .number(x, decimals: coordinateDecimals) }

    /// `{"x": .., "y": ..}`.
    public static func point(_ p: Point) -> JSONValue {
        .object([("x", coordinate(p.x)), ("y", coordinate(p.y))])
    }
}

extension Automaton {
    /// The `automaton` object of FORMATS.md §2; `extra` adds members to a state's object
    /// (e.g. what a determinized state stands for).
    public func json(extra: (State) -> [(String, JSONValue)] = { _ in [] }) -> JSONValue {
        let states: [JSONValue] = states.map { s in
            var m: [(String, JSONValue)] = [
                ("id", .string(s.id)), ("center", .point(s.center)), ("radius", .coordinate(s.radius)),
                ("initial", .bool(s.initial)), ("final", .bool(s.final)),
            ]
            if let ring = s.ringRadius { m.append(("ringRadius", .coordinate(ring))) }
            return .object(m + extra(s))
        }
        let transitions: [JSONValue] = transitions.map { t in
            .object([("from", .string(t.from)), ("to", .string(t.to)),
                     ("symbols", .array(t.symbols.map(JSONValue.string))),
                     ("epsilon", .bool(t.epsilon))])
        }
        return .object([("states", .array(states)), ("transitions", .array(transitions))])
    }
}
