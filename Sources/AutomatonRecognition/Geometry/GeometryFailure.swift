/// Why a stroke's geometry could not be measured. Geometry code returns this instead of
/// NaN or a crash; the assembler turns it into a `rejected` element with the description.
public enum GeometryFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// Fewer distinct, finite points than the measurement needs.
    case tooFewPoints(count: Int, needed: Int)
    /// A coordinate is NaN or infinite.
    case nonFinitePoint
    /// The points lie on (or extremely close to) a straight line, so no circle fits.
    case collinear
    /// The stroke is shorter than the measurement needs.
    case tooShort(length: Double)

    public var description: String {
        switch self {
        case let .tooFewPoints(count, needed):
            "stroke has \(count) distinct point(s); at least \(needed) are needed"
        case .nonFinitePoint:
            "stroke has a NaN or infinite coordinate"
        case .collinear:
            "stroke points lie on a straight line, so no circle fits them"
        case let .tooShort(length):
            "stroke is too short (\(length) units) to measure"
        }
    }
}
