/// A JSON value with object keys kept in insertion order, written deterministically:
/// the same value always gives the same bytes (no dictionary ordering, no locale).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written with at most `decimals` digits after the point, trailing zeros
    /// dropped (`100`, `12.5`, `0.9812`). Non-finite numbers are written as `null`.
    case number(Double, decimals: Int)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        a.rendered() == b.rendered()
    }

    /// The value as JSON text: one line when `pretty` is false (for JSON Lines), otherwise
    /// indented by two spaces with one member per line.
    public func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(x, decimals): out += JSONNumber.format(x, decimals: decimals)
        case let .integer(n): out += String(n)
        case let .string(s): JSONValue.writeString(s, into: &out)
        case let .array(items):
            // Arrays of scalars and points stay on one line even when pretty.
            let inline = !pretty || items.allSatisfy(\.isCompact)
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", inline: inline,
                           into: &out, pretty: pretty, indent: indent)
        case let .object(members):
            let inline = !pretty || isCompact
            writeContainer(members.map { ($0.0, $0.1) }, open: "{", close: "}", inline: inline,
                           into: &out, pretty: pretty, indent: indent)
        }
    }

    private func writeContainer(_ members: [(String?, JSONValue)], open: String, close: String,
                                inline: Bool, into out: inout String, pretty: Bool,
                                indent: Int) {
        out += open
        guard !members.isEmpty else { out += close; return }
        let pad = String(repeating: " ", count: 2 * (indent + 1))
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out += inline && pretty ? ", " : "," }
            if !inline { out += "\n" + pad }
            if let key {
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
            }
            value.write(into: &out, pretty: pretty, indent: indent + 1)
        }
        if !inline { out += "\n" + String(repeating: " ", count: 2 * indent) }
        out += close
    }

    /// Scalars, and objects whose members are scalars or arrays of scalars (points,
    /// transitions, runs), print on one line in pretty mode.
    private var isCompact: Bool {
        switch self {
        case .array: false
        case let .object(members): members.allSatisfy {
            switch $0.1 {
            case .object: false
            case let .array(items): items.allSatisfy(\.isScalar)
            default: true
            }
        }
        default: true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Deterministic decimal formatting for JSON and DOT output.
public enum JSONNumber {
    /// `x` rounded half away from zero to `decimals` digits, trailing zeros and a bare
    /// point dropped, `-0` written as `0`; `null` when not finite or beyond ±1e15.
    public static func format(_ x: Double, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "Decimals must be between 0 and 9.")
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
        guard x.isFinite, scaled < 1e15 * scale, scaled < 9e18 else { return "null" }
        let units = UInt64(scaled)
        guard units > 0 else { return "0" }
        let divisor = UInt64(scale)
        var text = (x < 0 ? "-" : "") + String(units / divisor)
        if decimals > 0 {
            var fraction = String(units % divisor)
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return text
    }
}
