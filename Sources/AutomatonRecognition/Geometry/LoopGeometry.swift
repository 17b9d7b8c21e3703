import Foundation
import DrawingClassifier
import StrokeFormats

/// The snapped shape of a self-loop: an arc that leaves a state's circle, swings out in
/// the direction the stroke was drawn (the angle of the stroke's centroid seen from the
/// state's centre) and re-enters the circle, ending in an arrow head.
///
/// The arc lies on a "loop circle" of radius ρ whose centre sits at distance r + 0.4ρ from
/// the state's centre along that direction; ρ is chosen so the arc reaches as far out as
/// the drawn ink (clamped to 0.4r…1.5r of reach). It runs clockwise or anticlockwise as
/// the stroke was drawn.
public struct LoopGeometry: Sendable, Equatable {
    /// Direction of the loop from the state's centre, radians (atan2 on screen coordinates).
    public var angle: Double
    /// The arc from where it leaves the state's circle to where it re-enters it.
    public var path: [Point]
    /// The two barb ends of the head at the end of `path`.
    public var head: [Point]
    /// True when the loop runs clockwise on a y-down screen.
    public var clockwise: Bool

    /// Loop reach (how far the arc goes beyond the circle) as a fraction of the radius.
    public static let reachRange = 0.4...1.5
    /// Number of points on `path`.
    public static let pathPointCount = 24

    public init(angle: Double, path: [Point], head: [Point], clockwise: Bool) {
        self.angle = angle
        self.path = path
        self.head = head
        self.clockwise = clockwise
    }

    /// Snaps the loop stroke `points` onto the state circle at `center` with `radius`.
    public static func attach(_ points: [Point], toStateAt center: Point, radius: Double)
        -> Result<LoopGeometry, GeometryFailure>
    {
        guard points.allSatisfy(\.isFinite), center.isFinite, radius.isFinite else {
            return .failure(.nonFinitePoint)
        }
        let distinct = Set(points.map { [$0.x, $0.y] }).count
        guard distinct >= 2 else { return .failure(.tooFewPoints(count: distinct, needed: 2)) }
        guard radius > 0 else { return .failure(.tooShort(length: radius)) }
        guard centroid(points).isFinite, boundingDiagonal(points).isFinite else {
            return .failure(.nonFinitePoint)
        }

        let offset = centroid(points) - center
        let angle = offset.length > 0 ? atan2(offset.y, offset.x) : -Double.pi / 2
        let outward = Point(x: cos(angle), y: sin(angle))
        let farthest = points.map { $0.distance(to: center) - radius }.max() ?? radius
        let reach = min(max(farthest / radius, reachRange.lowerBound), reachRange.upperBound)
            * radius
        // Farthest point of the loop circle from the centre: d + ρ = r + reach.
        let rho = reach / 1.4
        let d = radius + 0.4 * rho
        let loopCenter = center + d * outward
        // Angle at the loop centre between the direction back to the state centre and an
        // intersection of the two circles (law of cosines).
        let cosPhi = min(max((d * d + rho * rho - radius * radius) / (2 * d * rho), -1), 1)
        let phi = acos(cosPhi)
        let back = atan2(-outward.y, -outward.x)
        let n = pathPointCount
        var path = (0..<n).map { k -> Point in
            let t = back + phi + (2 * Double.pi - 2 * phi) * Double(k) / Double(n - 1)
            return loopCenter + rho * Point(x: cos(t), y: sin(t))
        }
        // Increasing t is clockwise on a y-down screen; follow the drawn direction.
        let clockwise = signedDoubleArea(points) >= 0
        if !clockwise { path.reverse() }

        let end = path[n - 1], beforeEnd = path[n - 3]
        let backward = (beforeEnd - end).normalized ?? Point(x: -1, y: 0)
        let barbLength = 0.35 * rho
        let barbAngle = 30.0 * Double.pi / 180
        let head = [end + barbLength * backward.rotated(by: barbAngle),
                    end + barbLength * backward.rotated(by: -barbAngle)]
        return .success(LoopGeometry(angle: angle, path: path, head: head, clockwise: clockwise))
    }
}
