/// An 8-bit sRGB colour. Blending works directly on the encoded values (like most drawing
/// programs), which is good enough for diagrams.
public struct RGBColor: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A gray with r = g = b = `gray`.
    public init(gray: UInt8) { self.init(red: gray, green: gray, blue: gray) }

    public static let white = RGBColor(gray: 255)
    public static let black = RGBColor(gray: 0)

    /// The colour `fraction` of the way from `self` to `other` (0 → self, 1 → other), rounded.
    public func mixed(with other: RGBColor, fraction: Double) -> RGBColor {
        let t = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
        }
        return RGBColor(red: mix(red, other.red), green: mix(green, other.green),
                        blue: mix(blue, other.blue))
    }

    /// Luma with the weights `GrayImage` uses when it reads colour PNGs:
    /// `(6968 r + 23434 g + 2366 b) / 32768`, rounded.
    public var luma: UInt8 {
        let r = 6968 * Int(red), g = 23434 * Int(green), b = 2366 * Int(blue)
        return UInt8((r + g + b + 16384) >> 15)
    }

    /// `#rrggbb`, as SVG and CSS write colours.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }
            .joined()
    }
}
