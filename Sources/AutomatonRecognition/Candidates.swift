import StrokeFormats

/// Candidate symbols of a drawing: every set of up to `maximumStrokes` strokes that is
/// connected in the drawing's proximity graph — the sets a symbol scorer will judge (a
/// shaft with its separately drawn head, a circle in two arcs, a word's letters, one
/// stroke alone).
///
/// **Proximity graph.** The drawing's scale is the median of its strokes' bounding-box
/// diagonals. Two strokes are near when their ink comes within `reach` × scale of each
/// other (the distance between the polylines, zero where they cross, measured on each
/// stroke resampled to at most `resampledPoints` points). Each stroke keeps its
/// `maximumNeighbours` nearest near strokes (ties to the nearer bounding-box centre), and two strokes are
/// neighbours when each keeps the other: no stroke has more than `maximumNeighbours`
/// neighbours, however the strokes are heaped. Only the `shortlist` strokes whose bounding
/// boxes lie nearest a stroke's are measured exactly.
///
/// **Count.** Every connected set is listed once (the ESU enumeration: each set grown
/// from its lowest stroke), in that order, each set's strokes ascending. With D the most
/// neighbours and n strokes, a drawing has at most `worstCaseCount(strokes: n)` candidates
/// (see there); with the defaults (D = 8, k = 4) that is 285 n: 11 400 for 40 strokes.
/// Listing stops at `cap` candidates and `capped` says so: the defaults reach the cap only
/// beyond 70 strokes, and whatever the input, the work is bounded by O(n² + n · shortlist
/// · resampledPoints²) for the graph and O(cap · k · D) for the listing.
public struct Candidates: Sendable, Equatable {
    public struct Options: Sendable, Equatable {
        /// k: the most strokes in one candidate.
        public var maximumStrokes = 4
        /// Near means ink within this fraction of the drawing's scale.
        public var reach = 0.25
        /// D: the most neighbours a stroke has in the graph.
        public var maximumNeighbours = 8
        /// Strokes measured exactly per stroke (those with the nearest bounding boxes).
        public var shortlist = 16
        /// Points each stroke is resampled to (at most) before distances are measured.
        public var resampledPoints = 16
        /// The most candidates listed for one drawing.
        public var cap = 20_000

        public init() {}
    }

    /// The proximity graph: each stroke's neighbours, ascending.
    public let neighbours: [[Int]]
    /// The candidates: sets of stroke indices, each ascending.
    public let sets: [[Int]]
    /// True when listing stopped at `Options.cap` (more connected sets exist).
    public let capped: Bool

    public init(strokes: [Stroke], options: Options = Options()) {
        precondition(options.maximumStrokes >= 1 && options.maximumNeighbours >= 1
                     && options.shortlist >= options.maximumNeighbours
                     && options.resampledPoints >= 2 && options.cap >= 0,
                     "Candidate options out of range.")
        neighbours = Candidates.proximityGraph(strokes, options)
        (sets, capped) = Candidates.connectedSets(neighbours, options)
    }

    /// The most candidates a drawing of `n` strokes can have, before the cap.
    ///
    /// A connected set of s strokes is counted once at the stroke or edge its spanning
    /// tree hangs from; with at most D neighbours per stroke: s = 1: n; s = 2 (edges):
    /// n·D/2; s = 3 (a middle stroke and two of its neighbours): n·C(D, 2); s = 4 (a star,
    /// centre and three neighbours: n·C(D, 3); or a path, its middle edge and one more
    /// neighbour at each end: n·D/2·(D−1)²). Beyond four strokes, Bollobás' bound
    /// (e·(D−1))^(s−1) per lowest stroke.
    public static func worstCaseCount(strokes n: Int, options: Options = Options()) -> Int {
        let d = Double(options.maximumNeighbours)
        var perStroke = 0.0
        for s in 1...options.maximumStrokes {
            switch s {
            case 1: perStroke += 1
            case 2: perStroke += d / 2
            case 3: perStroke += d * (d - 1) / 2
            case 4: perStroke += d * (d - 1) * (d - 2) / 6 + d / 2 * (d - 1) * (d - 1)
            default:
                var power = 1.0
                for _ in 1..<s { power *= 2.718281828459045 * (d - 1) }
                perStroke += power
            }
        }
        return Int((Double(n) * perStroke).rounded(.down))
    }

    // MARK: - The proximity graph

    private struct Box {
        var minX, minY, maxX, maxY: Double
        init(_ points: [Point]) {
            (minX, minY, maxX, maxY) = (.infinity, .infinity, -.infinity, -.infinity)
            for p in points {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        var diagonal: Double { isEmpty ? 0 : Point(x: maxX - minX, y: maxY - minY).length }
        var center: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
        var isEmpty: Bool { !(minX <= maxX) }
        func gap(to o: Box) -> Double {
            if isEmpty || o.isEmpty { return .infinity }
            let dx = Swift.max(0, Swift.max(o.minX - maxX, minX - o.maxX))
            let dy = Swift.max(0, Swift.max(o.minY - maxY, minY - o.maxY))
            return Point(x: dx, y: dy).length
        }
    }

    private static func proximityGraph(_ strokes: [Stroke], _ options: Options) -> [[Int]] {
        let lines = strokes.map { stroke -> [Point] in
            let clean = stroke.points.map(\.position).filter(\.isFinite)
            return clean.count > options.resampledPoints
                ? resampled(clean, count: options.resampledPoints) : clean
        }
        let boxes = lines.map(Box.init)
        let diagonals = boxes.filter { !$0.isEmpty }.map(\.diagonal).sorted()
        let scale = diagonals.isEmpty ? 0 : diagonals[diagonals.count / 2]
        let reach = options.reach * scale
        // Each stroke's kept strokes: the nearest near ones, at most D.
        var kept = [Set<Int>](repeating: [], count: strokes.count)
        for i in strokes.indices {
            var short: [(gap: Double, centre: Double, j: Int)] = []
            for j in strokes.indices where j != i {
                let gap = boxes[i].gap(to: boxes[j])
                guard gap <= reach else { continue }
                let entry = (gap, boxes[i].center.distance(to: boxes[j].center), j)
                if short.count == options.shortlist {
                    guard entry < short[short.count - 1] else { continue }
                    short.removeLast()
                }
                let at = short.firstIndex { entry < $0 } ?? short.count
                short.insert(entry, at: at)
            }
            let near = short.compactMap { s -> (Double, Double, Int)? in
                let d = inkDistance(lines[i], lines[s.j])
                return d <= reach ? (d, s.centre, s.j) : nil
            }.sorted { $0 < $1 }
            kept[i] = Set(near.prefix(options.maximumNeighbours).map(\.2))
        }
        return strokes.indices.map { i in kept[i].filter { kept[$0].contains(i) }.sorted() }
    }

    /// Distance between two polylines: zero where they cross, else the least distance from
    /// a point of one to the other.
    private static func inkDistance(_ a: [Point], _ b: [Point]) -> Double {
        guard let a0 = a.first, let b0 = b.first else { return .infinity }
        if a.count == 1 { return distance(from: a0, toPolyline: b) }
        if b.count == 1 { return distance(from: b0, toPolyline: a) }
        var best = Double.infinity
        for i in 1..<a.count {
            for j in 1..<b.count {
                if cross(a[i - 1], a[i], b[j - 1], b[j]) { return 0 }
                best = Swift.min(best,
                                 distance(from: a[i - 1], toSegment: b[j - 1], b[j]),
                                 distance(from: a[i], toSegment: b[j - 1], b[j]),
                                 distance(from: b[j - 1], toSegment: a[i - 1], a[i]),
                                 distance(from: b[j], toSegment: a[i - 1], a[i]))
            }
        }
        return best
    }

    /// True when the segments p1p2 and q1q2 cross properly (touching is caught by the
    /// point-to-segment distances).
    private static func cross(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        let d1 = (p2 - p1).cross(q1 - p1), d2 = (p2 - p1).cross(q2 - p1)
        let d3 = (q2 - q1).cross(p1 - q1), d4 = (q2 - q1).cross(p2 - q1)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0))
            && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    // MARK: - Connected sets

    /// Every connected set of up to k strokes, once each (ESU: grown from its lowest
    /// stroke v, adding only strokes above v from the exclusive neighbourhood), until the cap.
    private static func connectedSets(_ graph: [[Int]], _ options: Options)
        -> (sets: [[Int]], capped: Bool)
    {
        var sets: [[Int]] = []
        var capped = false
        let k = options.maximumStrokes

        func grow(_ members: [Int], _ extension: [Int], _ v: Int) {
            guard !capped else { return }
            guard sets.count < options.cap else { capped = true; return }
            sets.append(members.sorted())
            guard members.count < k else { return }
            var remaining = `extension`
            while let w = remaining.popLast(), !capped {
                var next = remaining
                for u in graph[w] where u > v && !members.contains(u) && !next.contains(u)
                    && !members.contains(where: { graph[$0].contains(u) }) {
                    next.append(u)
                }
                grow(members + [w], next, v)
            }
        }

        for v in graph.indices where !capped {
            grow([v], graph[v].filter { $0 > v }, v)
        }
        return (sets, capped)
    }
}
