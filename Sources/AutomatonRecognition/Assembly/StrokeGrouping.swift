import Foundation
import DrawingClassifier
import StrokeFormats

/// Groups the strokes of a drawing into elements before assembly: people draw an arrow as a
/// shaft and a separately drawn head (a V, two barbs, a triangle), sometimes much later, and
/// a circle as two arcs. The classifier sees each stroke alone, so the grouping is
/// geometric and does not trust its labels for small strokes (a V head often looks like a
/// circle to it, a letter like an arrow). Circles are fitted in closed form (`quickFit`).
///
/// 1. **Scale.** The drawing's state radius `S` is the median radius of the strokes that
///    pass as states on their own (classified `circle`, a good fit covering
///    `minimumCircleCoverage`), ignoring circles under `tinyCircleRatio` of the largest.
///    Such a circle crossing a larger one's outline is a self-loop (as the assembler
///    decides; on a state drawn in arcs, once step 2 has joined them), and so is a closed
///    round of any other class, at least `roundHeadRatio`·S, whose outline is round (the
///    circularity of its convex hull above `roundHull`; a closed head's is not); circles under
///    `headCircleRatio`·S are no states (letters, closed heads).
/// 2. **Arcs.** A stroke that fits an arc (residual ≤ `maximumArcResidual`, covering
///    `minimumArcCoverage`…`minimumArcUnionCoverage`) joins the state it lies on (mean
///    distance from its centre within `absorbedArcRadiusTolerance` of its radius) unless
///    step 4 makes it a head (a head drawn along the outline of the state it points at), or
///    another such arc when the two fit one circle covering `minimumArcUnionCoverage` (an
///    arc covering half a turn on its own is then at least `ownArcRadius` of that circle),
///    `smallestArcState`…`largestArcState`·S large. Each arc covers at least
///    `minimumArcBins` of the `angleBins` sectors round the joint centre, and they share at
///    most `arcOverlap` of the shorter one's (a circle drawn past its start and cut in two
///    overlaps by a third and more). Two arcs whose round crosses (within `touchingRounds`)
///    two closed rounds, or one at least `bridgedRound` of its size, are no state: two
///    bowed arrows between two states.
/// 3. **Handwriting.** Strokes under `textSize`·S, not on a state's outline (within
///    `textOutlineGap`·S), lying within `textGap`·S of each other, are letters of a word:
///    `rejected`, whatever the classifier made of each (text is not read as labels yet) —
///    unless one of them can be a head piece of a larger shaft outside the cluster.
/// 4. **Heads.** A stroke is the head (or one piece of it) of a longer stroke, the shaft,
///    when it lies at one of the shaft's ends: its nearest ink is within
///    `headGap`·(its extent) + `headGapOfShaft`·(shaft extent) of the end; its centre lies
///    within `headLateral`·(its extent) of the shaft's line, at most `headAlong`·(its
///    extent) beyond the end and `headBehind`·(its extent) behind it; it is at most
///    `headSize`·(the shaft's extent) and `headSizeOfState`·S. A closed round is a head
///    only if small (under `roundHeadRatio`·S, or `crossingHeadRatio`·S where it crosses
///    a state's outline), at most `roundHeadSize`·(the shaft) and not ahead of the end
///    (`roundHeadAlong`) unless its centre lies on the shaft's line (within
///    `roundHeadOnLine`·(its extent): a triangle drawn on the end of a shaft). A closed
///    round touching a larger state is a head only if its outline is no round (the
///    circularity of its convex hull is at most `roundHull`): a round one is a self-loop,
///    unless it is under `crossingHeadRatio`·S and the end of a shaft offered no other head
///    lies inside it (a head drawn as a small curl round the shaft's end). Such a
///    self-loop candidate may also lie ahead of the end like any head (it crosses a state,
///    so it is not the state the arrow points at).
///    A barb is judged by where it points (`barbLateral`): straight, its near end within
///    `barbGap`·(its extent) of the end and `barbLateral`·(its extent) of the line, its
///    body turned back along the shaft; such an offer, failing the test of its centre,
///    is dealt after every other and does not make its stroke "no shaft". A barb may also
///    lie up to `barbBehind`·(its extent) behind the end (a shaft drawn on past the
///    barbs' start). A shaft that
///    ends in a barb drawn with it (`hookedEnd`: a sharp turn back, more than an elbow's)
///    also offers the corner before that barb, to barbs only: the other barb lies there.
///    Whatever its class and size, a closed stroke whose outline is no round is a head of
///    the shaft whose end lies inside it (`closedHeadOffers`: a triangle drawn round the
///    end of a shaft, which the classifier calls a circle or a loop).
///    A one-stroke arrow with two real barbs is no shaft (unless the classifier calls it
///    none of its classes and one barb is under `lopsidedBarbs` of the other: a connector's
///    bend and a pen flick read as barbs), and a head only of a shaft
///    `wholeArrowHeadSize`⁻¹ times its size (a barb with a hook); a stroke that can
///    be the head of a shaft twice its size takes no head at its end lying at that
///    shaft's end (the two barbs of a V would take each other), nor at all when a stroke
///    offered at its other end is offered to that shaft too (the other barb of the same
///    V); its other end may hold a head of its own. Offers are taken best first, except
///    that a shaft with a head takes no more that is also offered to a shaft with none
///    yet (which then gets it: two arrows ending close together); a shaft keeps the heads
///    at one end: the end with more or, with as many at each, the end whose heads are
///    offered to no other shaft (the other end's can go to that shaft), else the pen's
///    end. A stroke left alone that touches a kept head piece (within `headPieceGap` of its
///    extent), at most `headPieceSize` times its size and `headPieceOfState`·S across, is
///    a piece of that head too (a head filled in with scribbles, a barb drawn twice), and
///    so are those touching it.
///    The shaft is taken end to end (a bent connector is not cut at its corner);
///    the arrow points to the end with the head whatever the pen direction; its tip is
///    the shaft's end or, for a head drawn ahead of it, the head's apex; its barbs come
///    from the head ink.
///
/// Every stroke is in exactly one group; a stroke that is in no multi-stroke group is a
/// group of its own, unchanged, so one-stroke drawings assemble exactly as before.
struct StrokeGrouping {
    var options: AssemblyOptions

    /// Thresholds (relative, so they hold at any scale).
    static let tinyCircleRatio = 0.25
    static let maximumArcResidual = 0.15
    static let minimumArcCoverage = 40.0 * Double.pi / 180
    static let minimumArcUnionCoverage = 280.0 * Double.pi / 180
    static let ownArcRadius = 0.6
    static let ownArcCoverage = Double.pi
    static let absorbedArcRadiusTolerance = 0.1
    static let headGap = 0.75
    static let headGapOfShaft = 0.03
    static let headLateral = 0.6
    static let headAlong = 0.6
    static let headBehind = 0.9
    static let barbBehind = 1.25
    static let headSize = 0.8
    static let headSizeOfState = 2.5
    static let minimumShaftOfState = 0.5
    static let maximumHeadStrokes = 6
    static let headPieceGap = 0.1
    static let headPieceSize = 1.5
    static let headPieceOfState = 1.0
    static let headRounds = 4
    static let wholeArrowBarb = 0.04
    static let wholeArrowLongestBarb = 0.45
    static let lopsidedBarbs = 0.3
    static let wholeArrowHeadSize = 0.1
    static let roundHeadAlong = 0.15
    static let roundHeadOnLine = 0.2
    static let headCircleRatio = 0.3
    static let roundHeadRatio = 0.35
    static let crossingHeadRatio = 0.6
    static let roundHeadSize = 0.5
    static let closedHeadStateRatio = 1.3
    static let arcStateRatio = 0.35
    static let arcOnCircle = 0.2
    static let angleBins = 36
    static let minimumUnionBins = 29
    static let minimumArcBins = 6
    static let arcOverlap = 0.5
    static let smallestArcState = 0.4
    static let largestArcState = 2.5
    static let arcEndGap = 0.6
    static let touchingRounds = 1.25
    static let touchingLoop = 1.15
    static let bridgedRound = 0.75
    static let closedHeadOutlineGap = 0.5
    static let roundHull = 0.88
    static let closedHeadSizeOfState = 2.2
    static let closedHeadEndGap = 0.1
    static let closedHeadEndpointGap = 0.5
    static let textSize = 1.2
    static let textGap = 0.4
    static let textOutlineGap = 0.2
    static let barbStraightness = 0.7
    static let barbOnlyRank = 100.0
    static let hookSamples = 128
    static let hookApproach = 0.1
    static let hookTurn = 110.0 * Double.pi / 180
    static let barbGap = 1.0
    static let barbLateral = 0.85
    static let minimumBarbAngle = 10.0 * Double.pi / 180
    static let maximumBarbAngle = 80.0 * Double.pi / 180

    /// One element-to-be.
    struct Group {
        /// Positions (in the index-ordered input) of its strokes, ascending.
        var members: [Int]
        /// What the assembler sees: the first member's index, the group's ink (a merged
        /// circle, an oriented shaft) and the group's class.
        var item: ClassifiedStroke
        /// An arrow measured from a shaft and its separately drawn head.
        var arrow: ArrowGeometry?
    }

    /// Per-stroke measurements.
    private struct Ink {
        var points: [Point]       // finite points
        var sparse: [Point]       // resampled, for distances
        var extent: Double
        var samples: [Point] = [] // 32 resampled points, for circle fits (3 or more points)
        var fit: CircleFit?
        var isState = false
    }

    func group(_ ordered: [ClassifiedStroke]) -> [Group] {
        let singles = ordered.enumerated().map { position, s in
            Group(members: [position], item: s, arrow: nil)
        }
        guard ordered.count >= 2 else { return singles }
        var ink = ordered.map { s -> Ink in
            let points = s.stroke.points.filter(\.isFinite)
            let extent = boundingDiagonal(points)
            return Ink(points: points, sparse: points.count >= 2 && extent > 0
                       ? resampled(points, count: 24) : points,
                       extent: extent.isFinite ? extent : 0)
        }
        for k in ink.indices where ink[k].extent > 0 && ink[k].points.count >= 3
            && ordered[k].rejection?.contains("2 points") != true {
            ink[k].samples = resampled(ink[k].points, count: 32)
            ink[k].fit = quickFit(ink[k].samples)
        }

        // 1. Scale.
        let circleRadii = ink.indices.compactMap { k -> Double? in
            guard ordered[k].rejection == nil, ordered[k].kind == .circle,
                  let fit = ink[k].fit, passesAsCircle(fit) else { return nil }
            return fit.radius
        }
        let largest = circleRadii.max() ?? 0
        let stateRadii = circleRadii.filter { $0 >= Self.tinyCircleRatio * largest }.sorted()
        let scale: Double? = stateRadii.isEmpty ? nil : stateRadii[stateRadii.count / 2]
        for k in ink.indices where ordered[k].rejection == nil && ordered[k].kind == .circle {
            if let fit = ink[k].fit, passesAsCircle(fit),
               fit.radius >= Self.tinyCircleRatio * (scale ?? 0) {
                ink[k].isState = true
            }
        }

        // Convex hulls, made once for the strokes that need one (closed rounds).
        var hulls: [Int: ConvexHull] = [:]
        func hull(_ k: Int) -> ConvexHull {
            if let known = hulls[k] { return known }
            let made = ConvexHull(ink[k].points)
            hulls[k] = made
            return made
        }

        // A loop need not pass as a circle: a closed round of any class whose outline is
        // round (no closed head) crossing a larger round is one too, and may take a head.
        let roundLoops = ink.indices.filter { k in
            guard !ink[k].isState, let fit = ink[k].fit,
                  isClosedRound(fit, radius: Self.roundHeadRatio * (scale ?? .infinity))
            else { return false }
            return hull(k).circularity > Self.roundHull
        }
        var loops = selfLoops(ink, scale: scale,
                              among: ink.indices.filter { ink[$0].isState } + roundLoops)
        for a in loops { ink[a].isState = false }

        var owner = Array(ordered.indices)       // position → group leader position
        // 2. Arcs: merged rounds (leader → their ink), each of class "circle".
        let (merged, absorbed) = joinArcs(&ink, loops: loops, scale: scale, owner: &owner)
        // (A loop on a state drawn in arcs is known only now.)
        let arcLoops = selfLoops(
            ink, scale: scale, rounds: merged.values.compactMap { quickFit(resampled($0, count: 32)) },
            among: ink.indices.filter { ink[$0].isState && owner[$0] == $0 && merged[$0] == nil })
        for a in arcLoops { ink[a].isState = false }
        loops.formUnion(arcLoops)
        var kindOf = merged.mapValues { _ in "circle" }  // leader → class of a merged group

        // 3. Heads.
        // (A circle under `headCircleRatio`·S is no state: it may be a closed head.)
        // Nor is a closed round of state size, whatever its class, a head.
        let inCircle = Set(ink.indices.filter { k in
            guard owner[k] == k else { return true }
            guard let fit = ink[k].fit, fit.radius >= Self.roundHeadRatio * (scale ?? 0)
            else { return false }
            guard !loops.contains(k) else { return false }
            return ink[k].isState || isClosedRound(fit)
        })
        // (An arc on a state's outline is no shaft; it may be a head lying there.)
        let onOutline = inCircle.union(absorbed.keys)
        let shafts = self.shafts(ordered, ink: ink, inCircle: onOutline, loops: loops, scale: scale)
        var offers = headOffers(ink: ink, shafts: shafts, inCircle: inCircle, loops: loops,
                                owner: owner, merged: merged, scale: scale, hull: hull)
        // 4. Handwriting (item 3 above: it withdraws offers before they are dealt).
        var handwriting = Set<Int>()
        if let scale {
            handwriting = self.handwriting(ink, inCircle: onOutline, owner: owner, scale: scale,
                                           offers: offers)
            offers.removeAll { handwriting.contains($0.head) || handwriting.contains($0.shaft) }
        }

        let contested = Self.contested(offers)
        let headsOf = dealHeads(offers, ends: shafts.ends, contested: contested)
        // Strokes that may still be a piece of a head: alone, and under
        // `headPieceOfState`·S.
        let dealt = Set(headsOf.keys).union(headsOf.values.joined().map(\.head))
        var loose = Set(ink.indices.filter { k in
            owner[k] == k && merged[k] == nil && !dealt.contains(k) && !onOutline.contains(k)
                && !loops.contains(k) && !handwriting.contains(k) && !ink[k].points.isEmpty
                && ink[k].extent <= Self.headPieceOfState * (scale ?? .infinity)
        })
        var arrows: [Int: ArrowGeometry] = [:]
        for (s, heads) in headsOf.sorted(by: { $0.key < $1.key }) {
            let side = pointedEnd(heads, contested: contested)
            let atSide = heads.filter { $0.end.side == side }
            let kept = atSide.map(\.head) + headPieces(touching: atSide.map(\.head), ink: ink,
                                                       loose: &loose)
            // (A head at the corner before a barb drawn with the shaft: the shaft up to it.)
            let hooked = atSide.lazy.compactMap(\.end.hooked).first
            guard let arrow = groupedArrow(shaft: ink[s].points,
                                           measured: hooked ?? shafts.measured[s]!,
                                           headAtTip: hooked != nil || side == 1,
                                           heads: kept.map { ink[$0].points }) else { continue }
            for h in kept { owner[h] = s }
            arrows[s] = arrow
            kindOf[s] = ordered[s].kind == .cycle || loops.contains(s) ? "cycle" : "arrow"
        }
        // Arcs on a state's outline that no arrow took as its head are part of that state.
        for (a, host) in absorbed where owner[a] == a { owner[a] = host }

        // The groups, each under its lowest position.
        var members: [Int: [Int]] = [:]
        for k in ordered.indices { members[owner[k], default: []].append(k) }
        var groups: [Group] = []
        for (leader, list) in members {
            guard list.count > 1 else {
                var single = singles[leader]
                if ink[leader].isState,
                   ink[leader].fit!.radius < Self.headCircleRatio * (scale ?? 0) {
                    single.item.rejection = Self.tooSmall(ink[leader].fit!.radius, scale: scale ?? 0)
                } else if handwriting.contains(leader) {
                    single.item.rejection = "handwriting: a small stroke among others written "
                        + "close together (text is not read as labels yet)"
                } else if single.item.rejection == nil, single.item.kind == .circle, let scale,
                   let fit = ink[leader].fit, passesAsCircle(fit),
                   fit.radius < Self.tinyCircleRatio * scale {
                    single.item.rejection = Self.tooSmall(fit.radius, scale: scale)
                }
                groups.append(single)
                continue
            }
            let first = list.min()!
            var item = ordered[leader]
            item.index = ordered[first].index
            item.rejection = nil
            if let kind = kindOf[leader] { item.label = kind }
            if let points = merged[leader] {
                item.stroke = Stroke(points: points)
            } else if let arrow = arrows[leader] {
                // The shaft from start to tip: what labels attach to and loops are fitted on.
                let points = ink[leader].points
                let forward = points.first!.distance(to: arrow.start)
                    <= points.last!.distance(to: arrow.start)
                item.stroke = Stroke(points: forward ? points : points.reversed())
            }
            groups.append(Group(members: list.sorted(), item: item, arrow: arrows[leader]))
        }
        return groups.sorted { $0.members[0] < $1.members[0] }
    }

    /// The loose strokes that are pieces of the head made of `pieces`, taken out of `loose`
    /// (strokes alone and small enough): each touches a piece, found pieces included (its
    /// ink within `headPieceGap` of that piece's extent), and is at most `headPieceSize`
    /// times its size (a head filled in with strokes, a barb drawn twice), up to
    /// `maximumHeadStrokes` in all.
    private func headPieces(touching pieces: [Int], ink: [Ink], loose: inout Set<Int>) -> [Int] {
        var head = pieces, found: [Int] = []
        var next = 0
        while next < head.count, head.count < Self.maximumHeadStrokes {
            let piece = ink[head[next]]
            next += 1
            let reach = Self.headPieceGap * piece.extent
            let box = Box(piece.points)
            for k in loose.sorted() where ink[k].extent <= Self.headPieceSize * piece.extent
                && head.count < Self.maximumHeadStrokes
                && box.meets(Box(ink[k].points), within: reach)
                && nearer(ink[k].points, piece.points, than: reach) {
                loose.remove(k)
                head.append(k)
                found.append(k)
            }
        }
        return found
    }

    /// An axis-aligned bounding box (of at least one point): a cheap test before `nearer`.
    private struct Box {
        var low: Point, high: Point
        init(_ points: [Point]) {
            low = Point(x: points.lazy.map(\.x).min()!, y: points.lazy.map(\.y).min()!)
            high = Point(x: points.lazy.map(\.x).max()!, y: points.lazy.map(\.y).max()!)
        }
        /// Whether the two boxes are at most `d` apart along each axis.
        func meets(_ other: Box, within d: Double) -> Bool {
            low.x <= other.high.x + d && other.low.x <= high.x + d
                && low.y <= other.high.y + d && other.low.y <= high.y + d
        }
    }

    /// Shaft candidates: strokes of shaft length that are no state or closed round
    /// (`inCircle`) and no whole arrow, with the places on each where a head may lie.
    private struct Shafts {
        var ends: [Int: [ShaftEnd]] = [:]
        /// Each candidate measured as a bare shaft, pen start to pen end.
        var measured: [Int: ArrowGeometry] = [:]
        /// Strokes with two real barbs: whole arrows, which take no head.
        var wholeArrows = Set<Int>()
    }

    private func shafts(_ ordered: [ClassifiedStroke], ink: [Ink], inCircle: Set<Int>,
                        loops: Set<Int>, scale: Double?) -> Shafts {
        let minimumShaft = Self.minimumShaftOfState * (scale ?? 0)
        var shafts = Shafts()
        for k in ink.indices where !inCircle.contains(k) && ink[k].extent > 0
            && ink[k].extent >= minimumShaft {
            guard case let .success(arrow) = ArrowGeometry.measure(ink[k].points) else { continue }
            // A stroke with two real barbs is a whole arrow and takes no head. Any other is
            // a shaft from end to end, corners and all (a connector drawn with a bend; a
            // pen hook is no head), so it is not cut at corners.
            // (A stroke the classifier calls a circle, covering most of a round, is none.)
            if ordered[k].kind == .circle, !loops.contains(k),
               (ink[k].fit?.coveredAngle ?? 0) >= options.minimumCircleCoverage { continue }
            let shaftLength = pathLength(arrow.shaft)
            let barbs = arrow.head.prefix(2).map { $0.distance(to: arrow.tip) / shaftLength }
            let realBarbs = barbs.allSatisfy {
                $0 >= Self.wholeArrowBarb && $0 <= Self.wholeArrowLongestBarb
            }
            // (Two barbs one over `lopsidedBarbs` times the other, on a stroke the classifier
            // calls none of its classes, are a bend and a pen flick: a shaft's.)
            let lopsided = barbs.count == 2 && barbs.min()! < Self.lopsidedBarbs * barbs.max()!
            if arrow.drawnBarbs == 2, realBarbs, ordered[k].kind != nil || !lopsided {
                shafts.wholeArrows.insert(k)
                continue
            }
            let line = resampled(ink[k].points, count: ArrowGeometry.sampleCount)
            shafts.measured[k] = ArrowGeometry(start: line[0], tip: line[line.count - 1],
                                               head: [], bend: ArrowGeometry.bendPoint(line),
                                               shaft: line, drawnBarbs: 0)
            shafts.ends[k] = [
                ShaftEnd(point: line[0], outward: heading(line.reversed()), side: 0),
                ShaftEnd(point: line[line.count - 1], outward: heading(line), side: 1),
            ] + [0, 1].compactMap { hookedEnd(ink[k].points, side: $0) }
        }
        return shafts
    }

    /// Every place a stroke may lie as a head (or a piece of one) of a shaft, scored (lower
    /// is better; offers only as a barb rank after every other). Strokes that can be the
    /// head of a shaft twice their size are withdrawn as shafts at the end lying there
    /// (and wholly when a barb of the same head is offered at their other end).
    private func headOffers(ink: [Ink], shafts: Shafts, inCircle: Set<Int>, loops: Set<Int>,
                            owner: [Int], merged: [Int: [Point]], scale: Double?,
                            hull: (Int) -> ConvexHull) -> [Offer] {
        var offers: [Offer] = []
        // A closed round may be a closed head (a triangle drawn in one stroke) however large,
        // where it touches a larger state that is not its own: the state the arrow points at.
        func touchesAnotherState(_ h: Int) -> Bool {
            guard let own = ink[h].fit else { return false }
            return ink.indices.contains { k in
                guard k != h, ink[k].isState, let c = ink[k].fit,
                      c.radius >= Self.closedHeadStateRatio * own.radius,
                      own.center.distance(to: c.center) > options.ringCenterTolerance * c.radius
                else { return false }
                return ink[h].sparse.contains { abs($0.distance(to: c.center) - c.radius)
                    <= Self.closedHeadOutlineGap * c.radius }
            }
        }
        for h in ink.indices where ink[h].extent > 0 {
            let closedHead = inCircle.contains(h)
            if closedHead {
                guard owner[h] == h, merged[h] == nil, !loops.contains(h),
                      touchesAnotherState(h),
                      hull(h).circularity <= Self.roundHull else { continue }
            }
            let size = ink[h].extent
            if let scale, size > Self.headSizeOfState * scale { continue }
            let center = centroid(ink[h].sparse)
            // A round between head and state size may be a closed head, if it does not lie
            // ahead of the end as the state an arrow points at does.
            let roundish = closedHead || ink[h].fit.map {
                isClosedRound($0, radius: Self.headCircleRatio * (scale ?? 0))
            } ?? false
            // (A closed head may be as large as a small state only where it crosses a state's
            // outline, which no state does.)
            if roundish, !closedHead, let scale,
               ink[h].fit!.radius >= (loops.contains(h) ? Self.crossingHeadRatio : Self.roundHeadRatio) * scale {
                continue
            }
            // (A stroke that is a whole arrow on its own is a head only of a much longer shaft:
            // a barb drawn with a hook.)
            let largest = shafts.wholeArrows.contains(h) ? Self.wholeArrowHeadSize
                : roundish && !closedHead ? Self.roundHeadSize : Self.headSize
            for (s, shaftEnds) in shafts.ends where s != h && size <= largest * ink[s].extent {
                for (e, end) in shaftEnds.enumerated() {
                    let gap = ink[h].sparse.map { $0.distance(to: end.point) }.min() ?? .infinity
                    guard gap <= Self.headGap * size + Self.headGapOfShaft * ink[s].extent
                    else { continue }
                    // (A barb pointing back from the end is judged by its near end: its
                    // middle lies off the line by the barb's own slant.)
                    let barbOffset = roundish ? nil : barbLateral(ink[h], at: end)
                    // (Only the other barb lies at the corner before a barb.)
                    if end.hooked != nil, barbOffset == nil { continue }
                    let lateral = abs((center - end.point).cross(end.outward))
                    let along = (center - end.point).dot(end.outward)
                    guard lateral <= Self.headLateral * size
                            || (barbOffset ?? .infinity) <= Self.barbLateral * size,
                          along <= (roundish && !loops.contains(h)
                                    && lateral > Self.roundHeadOnLine * size
                                    ? Self.roundHeadAlong : Self.headAlong) * size,
                          along >= -(barbOffset == nil ? Self.headBehind : Self.barbBehind) * size
                    else { continue }
                    // (An offer only as a barb comes after every other.)
                    let barbOnly = lateral > Self.headLateral * size
                    offers.append(((gap + lateral) / size + (barbOnly ? Self.barbOnlyRank : 0),
                                   h, s, e))
                }
            }
        }
        offers += closedHeadOffers(ink: ink, ends: shafts.ends, scale: scale, besides: offers,
                                   hull: hull, isLoop: loops.contains) { h in
            owner[h] == h && merged[h] == nil && touchesAnotherState(h)
        }
        // A stroke that can be the head of a shaft twice its size (its parent) takes no head
        // at its end that lies at the parent's end: the two barbs of a V meet there and would
        // otherwise take each other. Its other end may hold a head of its own (a short
        // shaft beside another arrow's end), unless a stroke offered there is offered to
        // the parent too (a barb of the same V, lying across the other barb's far end).
        var parents: [Int: Set<Int>] = [:]
        var headSides: [Int: Set<Int>] = [:]
        for offer in offers where ink[offer.shaft].extent >= 2 * ink[offer.head].extent
            && offer.score < Self.barbOnlyRank {
            parents[offer.head, default: []].insert(offer.shaft)
            if let own = shafts.ends[offer.head] {
                let at = shafts.ends[offer.shaft]![offer.end].point
                let near = own.min { $0.point.distance(to: at) < $1.point.distance(to: at) }!
                headSides[offer.head, default: []].insert(near.side)
            }
        }
        func atHeadSide(_ offer: Offer) -> Bool {
            headSides[offer.shaft]?.contains(shafts.ends[offer.shaft]![offer.end].side) == true
        }
        let siblings = Set(offers.filter { offer in
            guard let shared = parents[offer.shaft], !atHeadSide(offer) else { return false }
            return offers.contains { $0.head == offer.head && shared.contains($0.shaft) }
        }.map(\.shaft))
        offers.removeAll { offer in
            parents[offer.shaft] != nil && (atHeadSide(offer) || siblings.contains(offer.shaft))
        }
        return offers
    }

    /// The heads each shaft takes (shaft → its heads and where they lie), from `offers`
    /// (`contested`: `Self.contested(offers)`).
    private func dealHeads(_ offers: [Offer], ends: [Int: [ShaftEnd]], contested: Set<Int>)
        -> [Int: [(head: Int, end: ShaftEnd)]] {
        // Best offers first; a stroke is a head or a shaft, never both. A shaft that has a
        // head takes no more that is also offered to a shaft with none yet: an arrow has
        // one head, so the other shaft, left headless, is the likelier owner (two arrows
        // ending close together). A shaft offered heads at both ends points to one of them
        // (`pointedEnd`); the offers at its other end are withdrawn and the heads dealt
        // again, so a head that lost there goes to its next best shaft.
        var headsOf: [Int: [(head: Int, end: ShaftEnd)]] = [:]
        var isHead = Set<Int>()
        var tipEnd: [Int: Int] = [:]
        let ranked = offers.sorted { ($0.score, $0.head, $0.shaft) < ($1.score, $1.head, $1.shaft) }
        let offersOf = Dictionary(grouping: ranked, by: \.head)
        func isOpen(_ offer: Offer) -> Bool {
            tipEnd[offer.shaft].map { $0 == ends[offer.shaft]![offer.end].side } ?? true
        }
        // Whether the head is also offered (not only as a barb) to a shaft that has no head
        // yet and is no head itself.
        func wantedElsewhere(_ offer: Offer) -> Bool {
            offersOf[offer.head, default: []].contains { other in
                other.shaft != offer.shaft && other.score < Self.barbOnlyRank
                    && headsOf[other.shaft] == nil && !isHead.contains(other.shaft)
                    && isOpen(other)
            }
        }
        for _ in 0..<Self.headRounds {
            headsOf = [:]
            isHead = []
            for offer in ranked
            where isOpen(offer)
                && !isHead.contains(offer.head) && headsOf[offer.head] == nil
                && !isHead.contains(offer.shaft)
                && (headsOf[offer.shaft]?.count ?? 0) < Self.maximumHeadStrokes {
                // (A head offered to a shaft that has none yet waits for it.)
                if headsOf[offer.shaft] != nil, wantedElsewhere(offer) { continue }
                let end = ends[offer.shaft]![offer.end]
                headsOf[offer.shaft, default: []].append((offer.head, end))
                isHead.insert(offer.head)
            }
            var settled = true
            for (s, heads) in headsOf where Set(heads.map(\.end.side)).count == 2 {
                tipEnd[s] = pointedEnd(heads, contested: contested)
                settled = false
            }
            if settled { break }
        }
        return headsOf
    }

    /// Why a circle of `radius` is no state beside states of radius `scale`.
    private static func tooSmall(_ radius: Double, scale: Double) -> String {
        "a circle too small for a state (radius \(Int(radius.rounded())) beside states of "
            + "\(Int(scale.rounded())); a letter or a dot?)"
    }

    /// Whether a stroke passes as a state on its own: a good fit covering
    /// `minimumCircleCoverage`.
    private func passesAsCircle(_ fit: CircleFit) -> Bool {
        fit.relativeTrimmedResidual <= options.contextCircleResidual
            && fit.coveredAngle >= options.minimumCircleCoverage
    }

    /// A closed round (whatever its class): a good fit all the way round, at least `radius`
    /// large.
    private func isClosedRound(_ fit: CircleFit, radius: Double = 0) -> Bool {
        fit.relativeTrimmedResidual <= options.contextCircleResidual
            && fit.coveredAngle >= options.contextCircleCoverage && fit.radius >= radius
    }

    /// The states (`isState`) that are self-loops: a "circle" crossing a larger round's
    /// outline (not concentric) is one, as the assembler decides, and may take a head. (The
    /// larger one may be any closed round of state size, whatever its class.)
    /// `rounds`: more large rounds, such as states drawn in arcs (`circles`: only those
    /// strokes are tested).
    private func selfLoops(_ ink: [Ink], scale: Double?, rounds: [CircleFit] = [],
                           among circles: [Int]? = nil) -> Set<Int> {
        let circles = circles ?? ink.indices.filter { ink[$0].isState }
        let largeRounds = ink.indices.compactMap { k -> CircleFit? in
            guard let fit = ink[k].fit else { return nil }
            return ink[k].isState || isClosedRound(fit, radius: 0.5 * (scale ?? 0)) ? fit : nil
        } + rounds
        var loops = Set<Int>()
        for a in circles {
            let fa = ink[a].fit!
            if largeRounds.contains(where: { fb in
                let d = fa.center.distance(to: fb.center)
                return fb.radius > fa.radius && d > options.ringCenterTolerance * fb.radius
                    && d < Self.touchingLoop * (fa.radius + fb.radius)
            }) { loops.insert(a) }
        }
        return loops
    }

    /// Arcs: two strokes that together close one circle, each covering its own part of it,
    /// are one state (or ring), whatever the classifier made of each: an arc's own fit says
    /// little about the circle it belongs to (hand-drawn rounds are not round), so the pair
    /// is judged by their joint fit. Their leader (`owner`) is the lower position. Returns
    /// the merged rounds' ink by leader, in angle order, and the arcs left over that lie on
    /// a state, with that state (`absorbed`: they join it if no arrow takes them as its
    /// head); marks the paired strokes as states.
    private func joinArcs(_ ink: inout [Ink], loops: Set<Int>, scale: Double?,
                          owner: inout [Int]) -> (merged: [Int: [Point]], absorbed: [Int: Int]) {
        var merged: [Int: [Point]] = [:], absorbed: [Int: Int] = [:]
        let arcs = ink.indices.filter { k in
            guard !loops.contains(k), let fit = ink[k].fit else { return false }
            return fit.relativeTrimmedResidual <= Self.maximumArcResidual
                && fit.coveredAngle >= Self.minimumArcCoverage
                && fit.radius >= Self.arcStateRatio * (scale ?? 0)
        }
        // Whether the circle overlaps or touches a closed round of state size (whatever its
        // class) that is not concentric with it (its ring, the state inside it), at least
        // three quarters its size, or two such rounds of any size: two bowed arrows between
        // two states close a round too, touching both. (One smaller round crossing it is a
        // self-loop drawn on the state the arcs make.)
        func crossesARound(_ circle: CircleFit, besides: [Int]) -> Bool {
            var crossed = 0
            for k in ink.indices where !besides.contains(k) {
                guard let c = ink[k].fit, isClosedRound(c, radius: 0.5 * (scale ?? 0)) else {
                    continue
                }
                let d = circle.center.distance(to: c.center)
                guard d > options.ringCenterTolerance * min(circle.radius, c.radius),
                      d < Self.touchingRounds * (circle.radius + c.radius) else { continue }
                crossed += 1
                if crossed >= 2 || c.radius >= Self.bridgedRound * circle.radius { return true }
            }
            return false
        }
        var pairs: [(residual: Double, a: Int, b: Int, fit: CircleFit)] = []
        for (i, a) in arcs.enumerated() {
            // (Arcs whose ends are too far apart for any state are not fitted together.)
            for b in arcs[(i + 1)...] where endsMeet(ink[a].points, ink[b].points,
                within: Self.arcEndGap * Self.largestArcState * (scale ?? .infinity)) {
                guard let fit = quickFit(ink[a].samples + ink[b].samples),
                      fit.relativeTrimmedResidual <= Self.maximumArcResidual,
                      fit.radius >= Self.smallestArcState * (scale ?? 0),
                      fit.radius <= Self.largestArcState * (scale ?? .infinity),
                      [a, b].allSatisfy({ lies(ink[$0].sparse, on: fit, within: Self.arcOnCircle) }),
                      endsMeet(ink[a].points, ink[b].points, within: Self.arcEndGap * fit.radius),
                      // (an arc curling round on itself, such as a self-loop drawn on a ring,
                      // is a part of no larger round)
                      [a, b].allSatisfy({ !curlsSmaller(ink[$0].fit!, than: fit) }),
                      !crossesARound(fit, besides: [a, b]),
                      complementary(ink[a].sparse, ink[b].sparse, around: fit.center)
                else { continue }
                pairs.append((fit.relativeTrimmedResidual, a, b, fit))
            }
        }
        var usedArcs = Set<Int>()
        for pair in pairs.sorted(by: { $0.residual < $1.residual })
        where !usedArcs.contains(pair.a) && !usedArcs.contains(pair.b) {
            usedArcs.formUnion([pair.a, pair.b])
            let leader = min(pair.a, pair.b)
            owner[pair.a] = leader
            owner[pair.b] = leader
            // The arcs' ink in angle order around the joint centre: one closed round.
            let c = pair.fit.center
            merged[leader] = (ink[pair.a].points + ink[pair.b].points).sorted {
                atan2($0.y - c.y, $0.x - c.x) < atan2($1.y - c.y, $1.x - c.x)
            }
            ink[pair.a].isState = true
            ink[pair.b].isState = true
        }
        for a in arcs where !usedArcs.contains(a) && !ink[a].isState {
            // The state (or ring) it lies on: the two fit one circle about as large as the
            // state's own.
            let host = ink.indices.compactMap { k -> (k: Int, residual: Double)? in
                guard k != a, ink[k].isState, owner[k] == k, merged[k] == nil,
                      let c = ink[k].fit else { return nil }
                guard let fit = quickFit(ink[k].samples + ink[a].samples),
                      fit.relativeTrimmedResidual <= Self.maximumArcResidual,
                      abs(c.radius / fit.radius - 1) <= Self.absorbedArcRadiusTolerance,
                      lies(ink[a].sparse, on: fit, within: Self.absorbedArcRadiusTolerance),
                      ink[a].sparse.allSatisfy({ abs($0.distance(to: fit.center) - fit.radius)
                          <= 0.25 * fit.radius })
                else { return nil }
                return (k, fit.relativeTrimmedResidual)
            }.min { $0.residual < $1.residual }?.k
            if let host { absorbed[a] = host }
        }
        return (merged, absorbed)
    }

    /// Handwriting: small strokes written close together (letters of a word) are no
    /// element, whatever the classifier made of each letter, unless one of them is a head
    /// piece of a larger shaft outside the cluster (a V drawn as two barbs, `offers`).
    private func handwriting(_ ink: [Ink], inCircle: Set<Int>, owner: [Int], scale: Double,
                             offers: [Offer]) -> Set<Int> {
        var handwriting = Set<Int>()
        // (Text is not written on a state's outline: a loop or an arrow end is.)
        let outlines = ink.indices.filter { ink[$0].isState && owner[$0] == $0 }
            .map { ink[$0].fit! }
        let small = ink.indices.filter { k in
            !inCircle.contains(k) && ink[k].extent > 0
                && ink[k].extent < Self.textSize * scale
                && !ink[k].sparse.contains { p in outlines.contains { c in
                    abs(p.distance(to: c.center) - c.radius) <= Self.textOutlineGap * scale } }
        }
        var cluster = Dictionary(uniqueKeysWithValues: small.map { ($0, $0) })
        func root(_ k: Int) -> Int {
            var k = k
            while cluster[k]! != k { k = cluster[k]! }
            return k
        }
        for (i, a) in small.enumerated() {
            for b in small[(i + 1)...] where nearer(ink[a].sparse, ink[b].sparse,
                                                     than: Self.textGap * scale) {
                cluster[root(a)] = root(b)
            }
        }
        let clusters = Dictionary(grouping: small, by: root).values.filter { $0.count >= 2 }
        for letters in clusters.map(Set.init) {
            let isHead = offers.contains { letters.contains($0.head)
                && !letters.contains($0.shaft) && ink[$0.shaft].extent >= Self.textSize * scale }
            if !isHead { handwriting.formUnion(letters) }
        }
        return handwriting
    }

    /// `end`: the index of the shaft's end in its `ShaftEnd`s.
    typealias Offer = (score: Double, head: Int, shaft: Int, end: Int)

    /// Where on a shaft a head may lie: one of its two ends or, where the shaft ends in a
    /// barb drawn with it, the corner before that barb.
    struct ShaftEnd {
        var point: Point
        /// Unit direction out of the shaft at `point`.
        var outward: Point
        /// 1: the pen's last end (or a corner near it), 0: its first.
        var side: Int
        /// The arrow cut at the corner, oriented to it, its barb as head ink.
        var hooked: ArrowGeometry? = nil
    }

    /// The side (1: the pen's last end) a shaft with heads at both ends points to: the side
    /// with more head strokes; ties: the side whose heads are offered to no other shaft,
    /// if only one is (a head offered to another shaft too lies where two arrows end and
    /// can go to the other one), else the pen's end.
    private func pointedEnd(_ heads: [(head: Int, end: ShaftEnd)], contested: Set<Int>) -> Int {
        let atEnd = heads.filter { $0.end.side == 1 }, atStart = heads.filter { $0.end.side == 0 }
        if atEnd.count != atStart.count { return atEnd.count > atStart.count ? 1 : 0 }
        let free = { (side: [(head: Int, end: ShaftEnd)]) in
            side.allSatisfy { !contested.contains($0.head) } }
        return !free(atEnd) && free(atStart) ? 0 : 1
    }

    /// The strokes offered as heads to more than one shaft.
    private static func contested(_ offers: [Offer]) -> Set<Int> {
        Set(Dictionary(grouping: offers, by: \.head).filter { Set($0.value.map(\.shaft)).count > 1 }
            .keys)
    }

    /// How far a barb's near end (the one nearer the shaft's end) lies off the shaft's line,
    /// if the stroke is a barb pointing back from the shaft's end: nearly straight (its
    /// chord at least `barbStraightness` of its length), its near end within
    /// `barbGap`·(its extent) of the shaft's end, and the chord from near to far end turned
    /// `minimumBarbAngle`…`maximumBarbAngle` from the direction back along the shaft. A
    /// barb's middle lies off the line by its own slant (more where it starts a little off
    /// the tip), so it is judged by where it points, not by its middle.
    private func barbLateral(_ barb: Ink, at end: ShaftEnd) -> Double? {
        guard let first = barb.points.first, let last = barb.points.last else { return nil }
        let near = first.distance(to: end.point) <= last.distance(to: end.point) ? first : last
        let far = near == first ? last : first
        let chord = far - near
        guard let direction = chord.normalized,
              chord.length >= Self.barbStraightness * pathLength(barb.points) else { return nil }
        let back = -1 * end.outward
        let angle = acos(max(-1, min(1, direction.dot(back))))
        guard angle >= Self.minimumBarbAngle, angle <= Self.maximumBarbAngle else { return nil }
        guard near.distance(to: end.point) <= Self.barbGap * barb.extent else { return nil }
        return abs((near - end.point).cross(end.outward))
    }

    /// The corner before a barb drawn with the shaft at its `side` end (1: the pen's
    /// last), if it ends in one: a head drawn as a barb with the shaft and one barb more has
    /// that other barb at the corner, not at the stroke's end. The barb is the ink from the
    /// sharpest corner whose ink beyond it, straight from corner to end, is
    /// `wholeArrowBarb`…`wholeArrowLongestBarb` of the stroke long and turns back by at
    /// least `hookTurn` from the shaft's direction into the corner (over `hookApproach` of
    /// the stroke; an elbow turns by about a right angle). The shaft is cut there and points
    /// out of the corner.
    private func hookedEnd(_ points: [Point], side: Int) -> ShaftEnd? {
        guard points.count >= 3 else { return nil }
        let line = resampled(side == 1 ? points : points.reversed(), count: Self.hookSamples)
        let length = pathLength(line)
        let step = length / Double(line.count - 1)
        guard length > 0, let end = line.last else { return nil }
        let approach = max(1, Int((Self.hookApproach * length / step).rounded()))
        var best: (corner: Int, turn: Double)?
        for c in stride(from: line.count - 2, through: approach, by: -1) {
            let barb = end - line[c]
            guard barb.length <= Self.wholeArrowLongestBarb * length else { break }
            guard barb.length >= Self.wholeArrowBarb * length,
                  let incoming = (line[c] - line[c - approach]).normalized,
                  let outgoing = barb.normalized else { continue }
            let turn = acos(max(-1, min(1, incoming.dot(outgoing))))
            if turn > (best?.turn ?? Self.hookTurn) { best = (c, turn) }
        }
        guard let corner = best?.corner else { return nil }
        let shaft = Array(line[...corner])
        let cut = ArrowGeometry(start: shaft[0], tip: shaft[corner], head: Array(line[corner...]),
                                bend: ArrowGeometry.bendPoint(shaft), shaft: shaft, drawnBarbs: 1)
        return ShaftEnd(point: shaft[corner], outward: heading(shaft), side: side, hooked: cut)
    }

    /// Offers of closed heads — a triangle drawn in one stroke, open or filled, which the
    /// classifier often calls a circle or a loop and which may cross the outline of the
    /// state it points at — to the shaft whose end they surround, whatever their class:
    /// the stroke closes round (its circle fit covers `contextCircleCoverage`); its outline
    /// is no round (the circularity of its convex hull is at most `roundHull`, where a
    /// hand-drawn circle or loop measures 0.9–1 and a triangle 0.6); it is at most
    /// `closedHeadSizeOfState`·S and `headSize`·(the shaft); and the shaft's end lies
    /// inside its hull (within `closedHeadEndGap`·(its extent)). `besides`: offers already
    /// made, not repeated.
    private func closedHeadOffers(ink: [Ink], ends: [Int: [ShaftEnd]],
                                  scale: Double?, besides: [Offer], hull: (Int) -> ConvexHull,
                                  isLoop: (Int) -> Bool, isFree: (Int) -> Bool) -> [Offer] {
        var offers: [Offer] = []
        for h in ink.indices where isFree(h) && ink[h].extent > 0 {
            let size = ink[h].extent
            guard let fit = ink[h].fit, fit.coveredAngle >= options.contextCircleCoverage,
                  let first = ink[h].points.first, let last = ink[h].points.last,
                  first.distance(to: last) <= Self.closedHeadEndpointGap * size,
                  size <= Self.closedHeadSizeOfState * (scale ?? .infinity) else { continue }
            let hull = hull(h)
            // (A round one crossing a state is a self-loop, unless small and round the end.)
            let round = hull.circularity > Self.roundHull
            guard !round || (isLoop(h) && fit.radius < Self.crossingHeadRatio * (scale ?? 0))
            else { continue }
            let center = centroid(ink[h].sparse)
            for (s, shaftEnds) in ends where s != h && size <= Self.headSize * ink[s].extent {
                for (e, end) in shaftEnds.enumerated()
                where hull.distance(to: end.point) <= (round ? 0 : Self.closedHeadEndGap * size) {
                    guard !besides.contains(where: { $0.head == h && $0.shaft == s && $0.end == e })
                    else { continue }
                    // (A round one only where no other head is offered: a loop drawn where
                    // an arrow with its own head arrives stays a loop.)
                    if round, besides.contains(where: { $0.shaft == s && $0.end == e
                        && $0.score < Self.barbOnlyRank }) { continue }
                    let gap = ink[h].sparse.map { $0.distance(to: end.point) }.min() ?? .infinity
                    let lateral = abs((center - end.point).cross(end.outward))
                    offers.append(((gap + lateral) / size, h, s, e))
                }
            }
        }
        return offers
    }

    /// A circle fitted in closed form (Taubin's algebraic fit, no iterations) to evenly
    /// resampled points (`Ink.samples`, one stroke's or two arcs' together): enough to tell
    /// arcs, rounds and sizes apart, at a fraction of the cost of `CircleFit.fit` (the
    /// assembler still fits every state with it).
    private func quickFit(_ p: [Point]) -> CircleFit? {
        guard p.count >= 3 else { return nil }
        let mean = centroid(p)
        let spread = (p.reduce(0) { $0 + ($1 - mean).dot($1 - mean) } / Double(p.count))
            .squareRoot()
        guard spread.isFinite, spread > 0,
              let unit = CircleFit.taubin(p.map { (1 / spread) * ($0 - mean) }) else { return nil }
        let center = mean + spread * unit.center, radius = spread * unit.radius
        guard center.isFinite, radius.isFinite, radius > 0 else { return nil }
        let squares = p.map { ($0.distance(to: center) - radius) * ($0.distance(to: center) - radius) }
            .sorted()
        let kept = squares.prefix(Int(0.9 * Double(squares.count)))
        return CircleFit(center: center, radius: radius,
                         rmsResidual: (squares.reduce(0, +) / Double(squares.count)).squareRoot(),
                         trimmedResidual: (kept.reduce(0, +) / Double(kept.count)).squareRoot(),
                         coveredAngle: CircleFit.coveredAngle(p, around: center))
    }

    /// Whether an arc covering half a turn or more on its own is much smaller than `circle`
    /// (under `ownArcRadius` of it): it cannot be a part of that round.
    private func curlsSmaller(_ arc: CircleFit, than circle: CircleFit) -> Bool {
        arc.coveredAngle >= Self.ownArcCoverage && arc.radius < Self.ownArcRadius * circle.radius
    }

    /// Whether the points lie on the circle: their mean distance from its outline is at most
    /// `tolerance` of its radius.
    private func lies(_ points: [Point], on circle: CircleFit, within tolerance: Double) -> Bool {
        let off = points.reduce(0) { $0 + abs($1.distance(to: circle.center) - circle.radius) }
        return off <= tolerance * circle.radius * Double(points.count)
    }

    /// Whether an end of `a` is within `distance` of an end of `b` (two arcs of one round
    /// meet).
    private func endsMeet(_ a: [Point], _ b: [Point], within distance: Double) -> Bool {
        guard let a0 = a.first, let a1 = a.last, let b0 = b.first, let b1 = b.last else { return false }
        return [a0, a1].contains { p in min(p.distance(to: b0), p.distance(to: b1)) <= distance }
    }

    /// Whether two arcs close a circle around `center` between them, each covering its own
    /// part: together at least `minimumUnionBins` of `angleBins` sectors, each at least
    /// `minimumArcBins`, sharing at most `arcOverlap` of the smaller one's.
    private func complementary(_ a: [Point], _ b: [Point], around center: Point) -> Bool {
        func sectors(_ points: [Point]) -> Set<Int> {
            var bins = Set<Int>()
            let n = Double(Self.angleBins)
            for (p, q) in zip(points, points.dropFirst()) {
                for t in [0.0, 0.5, 1.0] {   // the segment's ends and middle
                    let x = p + t * (q - p)
                    let angle = atan2(x.y - center.y, x.x - center.x) + .pi
                    bins.insert(min(Self.angleBins - 1, Int(angle / (2 * .pi) * n)))
                }
            }
            return bins
        }
        let first = sectors(a), second = sectors(b)
        let shared = first.intersection(second).count
        return first.union(second).count >= Self.minimumUnionBins
            && min(first.count, second.count) >= Self.minimumArcBins
            && Double(shared) <= Self.arcOverlap * Double(min(first.count, second.count))
    }

    /// Whether some point of `a` is within `distance` of some point of `b`.
    private func nearer(_ a: [Point], _ b: [Point], than distance: Double) -> Bool {
        a.contains { p in b.contains { q in p.distance(to: q) <= distance } }
    }

    /// Unit direction out of a polyline's last point, from the point an eighth back (local
    /// enough for a loop or a bent connector, far enough to pass over a pen hook).
    private func heading(_ line: [Point]) -> Point {
        let end = line[line.count - 1], back = line[(7 * (line.count - 1)) / 8]
        return (end - back).normalized ?? Point(x: 1, y: 0)
    }

    /// The arrow of a shaft whose head was drawn separately: the shaft (as measured, turned
    /// round when the head lies at its start), the tip at the shaft's end or at the apex of a
    /// head drawn ahead of it, the barbs from the head ink (and any the shaft has).
    private func groupedArrow(shaft points: [Point], measured: ArrowGeometry, headAtTip: Bool,
                              heads: [[Point]]) -> ArrowGeometry? {
        var shaft = measured.shaft
        if !headAtTip {
            shaft.reverse()
        }
        guard shaft.count >= 2 else { return nil }
        var tip = shaft[shaft.count - 1]
        let start = shaft[0]
        let length = pathLength(shaft)
        guard length > 0 else { return nil }
        var direction = ArrowGeometry.tipDirection(shaft, length: length)
        let headInk = heads.flatMap { $0 } + (headAtTip && measured.drawnBarbs > 0 ? measured.head : [])
        // A head drawn ahead of the shaft's end (a triangle on it): its apex is the tip.
        let headSize = boundingDiagonal(headInk)
        if let apex = headInk.max(by: { ($0 - tip).dot(direction) < ($1 - tip).dot(direction) }),
           (apex - tip).dot(direction) > 0.15 * headSize,
           abs((apex - tip).cross(direction)) <= 0.35 * headSize {
            shaft.append(apex.position)
            tip = apex.position
            direction = ArrowGeometry.tipDirection(shaft, length: pathLength(shaft))
        }
        let (head, drawn) = ArrowGeometry.barbs(headInk, tip: tip, direction: direction,
                                                shaftLength: length)
        return ArrowGeometry(start: start, tip: tip, head: head,
                             bend: ArrowGeometry.bendPoint(shaft), shaft: shaft, drawnBarbs: drawn)
    }
}
