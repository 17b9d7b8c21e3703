import Foundation
import DrawingClassifier
import StrokeFormats

/// A circle fitted to a pen stroke by least squares.
///
/// `fit(_:)` runs in three steps on coordinates centred on the mean and scaled to unit
/// RMS spread (for conditioning):
/// 1. an algebraic fit — Taubin's (nearly unbiased on arcs), falling back to Kåsa's when
///    Taubin's is degenerate — gives a starting circle in closed form;
/// 2. Levenberg–Marquardt minimises the geometric error Σ(|pᵢ − c| − r)², which is what
///    "how far is the ink from the circle" means and stays accurate on open arcs;
/// 3. a few rounds of Tukey-biweight re-weighting discount ink far off the circle (a pen
///    lead-in or tail), then the residuals and the angle the points cover are measured.
/// Overshooting strokes (more than one turn) and unclosed arcs need no special case.
public struct CircleFit: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    /// Root-mean-square distance of the points from the circle, in input units.
    public var rmsResidual: Double
    /// The same over the 90 % of points nearest the circle: ignores a pen lead-in or tail.
    public var trimmedResidual: Double
    /// Angle (radians, 0…2π) the points cover around the centre: 2π minus the largest
    /// angular gap between consecutive points. About 3.5 for a 200° arc.
    public var coveredAngle: Double

    /// `rmsResidual / radius`: about 0.03–0.12 for hand-drawn circles (0.074 median on
    /// the $1 circles, which are often elliptic).
    public var relativeResidual: Double { rmsResidual / radius }
    /// `trimmedResidual / radius`.
    public var relativeTrimmedResidual: Double { trimmedResidual / radius }

    public init(center: Point, radius: Double, rmsResidual: Double, trimmedResidual: Double,
                coveredAngle: Double) {
        self.center = center
        self.radius = radius
        self.rmsResidual = rmsResidual
        self.trimmedResidual = trimmedResidual
        self.coveredAngle = coveredAngle
    }

    /// Rounds of robust re-weighting after the plain geometric fit.
    static let robustRounds = 3

    /// Radius / spread beyond which points count as a straight line rather than a circle.
    static let maximumRadiusToSpread = 1_000.0

    /// Fits a circle to `points` (use evenly resampled points for pen strokes).
    /// Fails, never returns NaN, for fewer than 3 distinct points, non-finite coordinates,
    /// or (nearly) collinear points.
    public static func fit(_ points: [Point]) -> Result<CircleFit, GeometryFailure> {
        guard points.allSatisfy(\.isFinite) else { return .failure(.nonFinitePoint) }
        let distinct = distinctPositions(points, upTo: 3)
        guard distinct >= 3 else { return .failure(.tooFewPoints(count: distinct, needed: 3)) }

        // Normalise: u = (p − mean) / spread.
        let mean = centroid(points)
        let spread = (points.reduce(0) { $0 + ($1 - mean).dot($1 - mean) }
                      / Double(points.count)).squareRoot()
        // Coordinates near the Double range overflow the spread; refuse rather than
        // return NaN.
        guard spread.isFinite, spread > 0, mean.isFinite else { return .failure(.nonFinitePoint) }
        let unit = points.map { (1 / spread) * ($0 - mean) }

        guard let initial = taubin(unit) ?? kasa(unit) else { return .failure(.collinear) }
        var refined = levenbergMarquardt(unit, start: initial)
        // Robust re-weighting (Tukey's biweight, c = 4.685 robust σ): pen lead-ins and
        // tails far off the circle lose their pull; clean strokes barely move.
        for _ in 0..<robustRounds {
            let residuals = unit.map { $0.distance(to: refined.center) - refined.radius }
            let sigma = 1.4826 * median(residuals.map(abs))
            guard sigma > 1e-9 else { break }
            let c = 4.685 * sigma
            let weights = residuals.map { e -> Double in
                let u = e / c
                return abs(u) < 1 ? (1 - u * u) * (1 - u * u) : 0
            }
            guard weights.filter({ $0 > 0 }).count >= 3 else { break }
            refined = levenbergMarquardt(unit, start: refined, weights: weights)
        }
        guard refined.radius.isFinite, refined.radius > 0,
              refined.radius < maximumRadiusToSpread,
              refined.center.isFinite else { return .failure(.collinear) }

        let center = mean + spread * refined.center
        let radius = spread * refined.radius
        let squares = points.map { p -> Double in
            let e = p.distance(to: center) - radius
            return e * e
        }.sorted()
        let rms = (squares.reduce(0, +) / Double(points.count)).squareRoot()
        let kept = squares.prefix(max(3, Int((0.9 * Double(squares.count)).rounded())))
        let trimmed = (kept.reduce(0, +) / Double(kept.count)).squareRoot()
        return .success(CircleFit(center: center, radius: radius, rmsResidual: rms,
                                  trimmedResidual: trimmed,
                                  coveredAngle: coveredAngle(points, around: center)))
    }

    /// Kåsa's algebraic fit: minimises Σ(x² + y² + Dx + Ey + F)², a linear least-squares
    /// problem. Simple and exact on exact circles, but shrinks the radius on short arcs.
    /// Returns nil when the 3×3 normal equations are singular (collinear points).
    static func kasa(_ points: [Point]) -> (center: Point, radius: Double)? {
        // Normal equations  A·[D, E, F]ᵀ = b  with rows (x, y, 1) and target −(x² + y²).
        var a = Matrix3(), b = SIMD3<Double>()
        for p in points {
            let row = SIMD3(p.x, p.y, 1.0), z = p.x * p.x + p.y * p.y
            for i in 0..<3 {
                a[i] += row[i] * row
                b[i] -= row[i] * z
            }
        }
        guard let s = solve3x3(a, b) else { return nil }
        let center = Point(x: -s[0] / 2, y: -s[1] / 2)
        let r2 = center.dot(center) - s[2]
        guard r2 > 0, r2.isFinite else { return nil }
        return (center, r2.squareRoot())
    }

    /// Taubin's algebraic fit for points already centred on their mean, solved by Newton's
    /// method on its characteristic polynomial (after Chernov, "Circular and linear
    /// regression", 2010). Returns nil when the result is degenerate.
    static func taubin(_ points: [Point]) -> (center: Point, radius: Double)? {
        var (mxx, myy, mxy, mxz, myz, mzz) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for p in points {
            let z = p.x * p.x + p.y * p.y
            mxx += p.x * p.x; myy += p.y * p.y; mxy += p.x * p.y
            mxz += p.x * z; myz += p.y * z; mzz += z * z
        }
        let n = Double(points.count)
        (mxx, myy, mxy, mxz, myz, mzz) = (mxx / n, myy / n, mxy / n, mxz / n, myz / n, mzz / n)
        let mz = mxx + myy
        let covXY = mxx * myy - mxy * mxy
        let varZ = mzz - mz * mz
        let a3 = 4 * mz
        let a2 = -3 * mz * mz - mzz
        let a1 = varZ * mz + 4 * covXY * mz - mxz * mxz - myz * myz
        let a0 = mxz * (mxz * myy - myz * mxy) + myz * (myz * mxx - mxz * mxy) - varZ * covXY
        var x = 0.0, y = a0
        for _ in 0..<100 {
            let dy = a1 + x * (2 * a2 + 3 * a3 * x)
            let next = x - y / dy
            guard next.isFinite, next != x else { break }
            let nextY = a0 + next * (a1 + next * (a2 + next * a3))
            guard abs(nextY) < abs(y) else { break }
            (x, y) = (next, nextY)
        }
        let det = x * x - x * mz + covXY
        guard abs(det) > 1e-12 else { return nil }
        let center = Point(x: (mxz * (myy - x) - myz * mxy) / det / 2,
                           y: (myz * (mxx - x) - mxz * mxy) / det / 2)
        let radius = (center.dot(center) + mz).squareRoot()
        guard center.isFinite, radius.isFinite, radius > 0 else { return nil }
        return (center, radius)
    }

    /// Geometric refinement: Levenberg–Marquardt on residuals eᵢ = |pᵢ − c| − r with the
    /// 3×3 normal equations (JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀe.
    /// `weights` (one per point, default 1) make it the weighted problem Σwᵢeᵢ².
    static func levenbergMarquardt(_ points: [Point], start: (center: Point, radius: Double),
                                   weights: [Double]? = nil) -> (center: Point, radius: Double)
    {
        func weight(_ i: Int) -> Double { weights?[i] ?? 1 }
        func cost(_ c: Point, _ r: Double) -> Double {
            var total = 0.0
            for (i, p) in points.enumerated() {
                let e = p.distance(to: c) - r
                total += weight(i) * e * e
            }
            return total
        }
        var (c, r) = start
        var current = cost(c, r)
        var lambda = 1e-3
        for _ in 0..<100 {
            var jtj = Matrix3(), jte = SIMD3<Double>()
            for (i, p) in points.enumerated() {
                let wi = weight(i)
                guard wi > 0 else { continue }
                let d = max(p.distance(to: c), 1e-12)
                let row = SIMD3(-(p.x - c.x) / d, -(p.y - c.y) / d, -1.0)  // ∂e/∂(cx, cy, r)
                let e = d - r
                for k in 0..<3 {
                    jtj[k] += (wi * row[k]) * row
                    jte[k] -= wi * row[k] * e
                }
            }
            var improved = false
            while lambda < 1e12 {
                var damped = jtj
                for k in 0..<3 { damped[k][k] += lambda * max(jtj[k][k], 1e-12) }
                guard let step = solve3x3(damped, jte) else { lambda *= 10; continue }
                let (nc, nr) = (Point(x: c.x + step[0], y: c.y + step[1]), r + step[2])
                let candidate = cost(nc, nr)
                if candidate.isFinite, candidate <= current {
                    let moved = abs(step[0]) + abs(step[1]) + abs(step[2])
                    (c, r, current) = (nc, nr, candidate)
                    lambda = max(lambda / 10, 1e-12)
                    improved = moved > 1e-12 * max(1, abs(r))
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        return (c, abs(r))
    }

    /// How many different positions (x, y) `points` hold, counting up to `limit` only.
    static func distinctPositions(_ points: [Point], upTo limit: Int) -> Int {
        var seen: [Point] = []
        for p in points where !seen.contains(where: { $0.x == p.x && $0.y == p.y }) {
            seen.append(p)
            if seen.count == limit { break }
        }
        return seen.count
    }

    /// 2π minus the largest angular gap between points seen from `center`.
    static func coveredAngle(_ points: [Point], around center: Point) -> Double {
        let angles = points.map { atan2($0.y - center.y, $0.x - center.x) }.sorted()
        guard angles.count > 1 else { return 0 }
        var largestGap = angles[0] + 2 * Double.pi - angles[angles.count - 1]
        for i in 1..<angles.count { largestGap = max(largestGap, angles[i] - angles[i - 1]) }
        return 2 * Double.pi - largestGap
    }
}

/// The median of `values` (0 for none).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// A 3×3 matrix of rows, kept in registers (the circle fit's normal equations).
struct Matrix3 {
    var rows = (SIMD3<Double>(), SIMD3<Double>(), SIMD3<Double>())

    init() {}

    subscript(row: Int) -> SIMD3<Double> {
        get {
            switch row {
            case 0: rows.0
            case 1: rows.1
            default: rows.2
            }
        }
        set {
            switch row {
            case 0: rows.0 = newValue
            case 1: rows.1 = newValue
            default: rows.2 = newValue
            }
        }
    }
}

/// Solves the 3×3 system a·x = b by Gaussian elimination with partial pivoting;
/// nil when a pivot is (relatively) zero.
func solve3x3(_ a: Matrix3, _ b: SIMD3<Double>) -> SIMD3<Double>? {
    var m = a, v = b
    var scale = 0.0
    for row in 0..<3 {
        for k in 0..<3 { scale = max(scale, abs(a[row][k])) }
    }
    guard scale > 0, scale.isFinite else { return nil }
    for col in 0..<3 {
        var pivot = col
        for row in (col + 1)..<3 where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
        guard abs(m[pivot][col]) > 1e-14 * scale else { return nil }
        if pivot != col {
            (m[col], m[pivot]) = (m[pivot], m[col])
            (v[col], v[pivot]) = (v[pivot], v[col])
        }
        for row in (col + 1)..<3 {
            let f = m[row][col] / m[col][col]
            for k in col..<3 { m[row][k] -= f * m[col][k] }
            v[row] -= f * v[col]
        }
    }
    var x = SIMD3<Double>()
    for row in stride(from: 2, through: 0, by: -1) {
        var s = v[row]
        for k in (row + 1)..<3 { s -= m[row][k] * x[k] }
        x[row] = s / m[row][row]
    }
    return x[0].isFinite && x[1].isFinite && x[2].isFinite ? x : nil
}
