/// A direct reader for the JSON drawings `fa-recognize` meets most: a stroke list
/// `[[{"x": .., "y": .., "t": ..}, ..], ..]` or a drawing document whose keys are among
/// `"strokes"`, `"labels"` and `"inputs"` (FORMATS.md §1). It gives the same `Drawing` as
/// `JSONSerialization` plus `JSONDrawing.drawing(from:limits:)`, bit for bit, without
/// building an object per value (that path spent about half of a batch's time turning
/// numbers into `NSNumber`s and back).
///
/// It reads only documents it can read exactly like that path, within every limit that
/// `JSONDrawing.checkShape` and the general path check; for anything else it returns nil and
/// the caller takes the general path, which also gives every error message:
/// another shape (Quick, Draw!, unknown keys, a duplicated key), a string with an escape or
/// a control character, `true`/`false`/`null` where a number belongs, a number of more
/// than 17 characters (Foundation keeps some of those as `Decimal`), and any input that
/// breaks a limit or is malformed.
///
/// Numbers are converted as Foundation does: an integer through `Int64`, anything else as
/// the nearest double. With at most 15 significant digits and a power of ten up to 10²²,
/// that is one exact division or multiplication (both operands are exact doubles, and one
/// IEEE operation rounds correctly: Clinger's fast path); other numbers go through
/// `Double(_:)`, as in Foundation.
struct JSONDrawingScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: StrokeLimits
    private var i = 0

    /// The drawing in `bytes`, or nil when the general path must read it.
    static func drawing(_ bytes: UnsafeBufferPointer<UInt8>, limits: StrokeLimits) -> Drawing? {
        var scanner = JSONDrawingScanner(bytes: bytes, limits: limits)
        return scanner.document()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: StrokeLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    // ASCII bytes of the grammar.
    private static let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    private static let openArray: UInt8 = 0x5B, closeArray: UInt8 = 0x5D
    private static let openObject: UInt8 = 0x7B, closeObject: UInt8 = 0x7D
    private static let backslash: UInt8 = 0x5C, minus: UInt8 = 0x2D, plus: UInt8 = 0x2B
    private static let dot: UInt8 = 0x2E, zero: UInt8 = 0x30, nine: UInt8 = 0x39

    private mutating func document() -> Drawing? {
        skipSpace()
        let drawing: Drawing
        if next(is: Self.openArray) {
            guard let strokes = strokeList() else { return nil }
            drawing = Drawing(strokes: strokes)
        } else {
            guard let document = drawingObject() else { return nil }
            drawing = document
        }
        skipSpace()
        return i == bytes.count ? drawing : nil
    }

    /// `{"strokes": [..], "labels": [..], "inputs": [..]}`, labels and inputs optional.
    private mutating func drawingObject() -> Drawing? {
        guard take(Self.openObject) else { return nil }
        var strokes: [Stroke]?, labels: [Label]?, inputs: [String]?
        repeat {
            switch key() {
            case "strokes" where strokes == nil:
                guard let value = strokeList() else { return nil }
                strokes = value
            case "labels" where labels == nil:
                guard let value = labelList() else { return nil }
                labels = value
            case "inputs" where inputs == nil:
                guard let value = stringList() else { return nil }
                inputs = value
            default:
                return nil
            }
        } while take(Self.comma)
        guard take(Self.closeObject), let strokes else { return nil }
        return Drawing(strokes: strokes, labels: labels ?? [], inputs: inputs ?? [])
    }

    /// `[item, ..]`: at most `limit` items, none when `allowsEmpty`, each read by `item`.
    private mutating func array<Item>(atMost limit: Int, allowsEmpty: Bool = true,
                                      _ item: (inout Self) -> Item?) -> [Item]? {
        guard take(Self.openArray) else { return nil }
        var items: [Item] = []
        if allowsEmpty, take(Self.closeArray) { return items }
        repeat {
            guard items.count < limit, let next = item(&self) else { return nil }
            items.append(next)
        } while take(Self.comma)
        return take(Self.closeArray) ? items : nil
    }

    /// `[[point, ..], ..]`, every stroke non-empty, within the limits.
    private mutating func strokeList() -> [Stroke]? {
        array(atMost: limits.maxStrokesPerDrawing) { scanner in
            scanner.array(atMost: scanner.limits.maxPointsPerStroke, allowsEmpty: false) {
                $0.point()
            }.map(Stroke.init(points:))
        }
    }

    /// `{"x": .., "y": ..}` with an optional `"t"`, in any order, coordinates in range.
    private mutating func point() -> Point? {
        guard take(Self.openObject) else { return nil }
        var x: Double?, y: Double?, t: Double?
        repeat {
            guard let name = key(), let value = number() else { return nil }
            switch name {
            case "x" where x == nil: x = value
            case "y" where y == nil: y = value
            case "t" where t == nil: t = value
            default: return nil
            }
        } while take(Self.comma)
        guard take(Self.closeObject), let x, let y,
              limits.accepts(coordinate: x), limits.accepts(coordinate: y) else { return nil }
        return Point(x: x, y: y, t: t)
    }

    /// `[{"text": "a", "x": .., "y": ..}, ..]` (`checkShape` takes any array of objects for
    /// a stroke's points, so at most `maxPointsPerStroke` of them).
    private mutating func labelList() -> [Label]? {
        array(atMost: limits.maxPointsPerStroke) { $0.label() }
    }

    private mutating func label() -> Label? {
        guard take(Self.openObject) else { return nil }
        var text: String?, x: Double?, y: Double?
        repeat {
            switch key() {
            case "text" where text == nil:
                guard let value = string() else { return nil }
                text = value
            case "x" where x == nil:
                guard let value = number() else { return nil }
                x = value
            case "y" where y == nil:
                guard let value = number() else { return nil }
                y = value
            default:
                return nil
            }
        } while take(Self.comma)
        guard take(Self.closeObject), let text, let x, let y,
              limits.accepts(coordinate: x), limits.accepts(coordinate: y)
        else { return nil }
        return Label(text: text, position: Point(x: x, y: y))
    }

    /// `["ab", ..]`.
    private mutating func stringList() -> [String]? {
        array(atMost: .max) { $0.string() }
    }

    /// An object's key and its colon.
    private mutating func key() -> String? {
        guard let key = string(), take(Self.colon) else { return nil }
        return key
    }

    /// A string without escapes or control characters, valid UTF-8.
    private mutating func string() -> String? {
        guard take(Self.quote) else { return nil }
        let start = i
        while i < bytes.count, bytes[i] != Self.quote {
            guard bytes[i] >= 0x20, bytes[i] != Self.backslash else { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }
        let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<i]),
                          as: UTF8.self)
        i += 1
        return text
    }

    /// A JSON number, as Foundation's `JSONSerialization` reads it (see above).
    private mutating func number() -> Double? {
        skipSpace()
        let start = i
        let negative = next(is: Self.minus)
        if negative { i += 1 }
        var mantissa: Int64 = 0, digits = 0, exponent = 0
        // Integer part: 0, or digits not starting with 0.
        if next(is: Self.zero) {
            i += 1
        } else {
            guard nextIsDigit() else { return nil }
            while nextIsDigit() {
                if digits < 18 { mantissa = 10 * mantissa + Int64(bytes[i] - Self.zero) }
                digits += 1
                i += 1
            }
        }
        var isInteger = true
        if next(is: Self.dot) {
            isInteger = false
            i += 1
            guard nextIsDigit() else { return nil }
            while nextIsDigit() {
                if digits < 18 { mantissa = 10 * mantissa + Int64(bytes[i] - Self.zero) }
                if mantissa != 0 { digits += 1 }
                exponent -= 1
                i += 1
            }
        }
        if next(is: 0x65) || next(is: 0x45) {  // e E
            isInteger = false
            i += 1
            var sign = 1
            if next(is: Self.minus) || next(is: Self.plus) {
                sign = bytes[i] == Self.minus ? -1 : 1
                i += 1
            }
            guard nextIsDigit() else { return nil }
            var power = 0
            while nextIsDigit() {
                power = min(10 * power + Int(bytes[i] - Self.zero), 100_000)
                i += 1
            }
            exponent += sign * power
        }
        // Longer numbers: Foundation may read them as Decimal.
        guard i - start <= 17 else { return nil }
        if isInteger {
            return Double(negative ? -mantissa : mantissa)
        }
        if digits <= 15, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            value = exponent < 0 ? value / Self.powersOfTen[-exponent]
                : value * Self.powersOfTen[exponent]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]),
                          as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// 10⁰ … 10²², each exact in a double.
    private static let powersOfTen: [Double] = (0...22).map { k in
        (0..<k).reduce(1.0) { value, _ in value * 10 }
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private func next(is byte: UInt8) -> Bool { i < bytes.count && bytes[i] == byte }

    private func nextIsDigit() -> Bool {
        i < bytes.count && bytes[i] >= Self.zero && bytes[i] <= Self.nine
    }

    /// Skips white space, then takes `byte` if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard next(is: byte) else { return false }
        i += 1
        return true
    }
}
