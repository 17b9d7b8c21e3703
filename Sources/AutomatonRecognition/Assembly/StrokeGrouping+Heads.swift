// StrokeGrouping: heads — the offers of a stroke as a head (or a piece of one) of a shaft
// (how they are dealt: +Dealing.swift).

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// `end`: the index of the shaft's end in its `ShaftEnd`s.
    /// `score`: how well it lies (`headOffers`; lower is better); `rank`: how unlikely the
    /// head-offer model finds it (− its log-odds, set by `ranked`).
    typealias Offer = (score: Double, head: Int, shaft: Int, end: Int, rank: Double)

    /// Every place a stroke may lie as a head (or a piece of one) of a shaft, scored (lower
    /// is better; offers only as a barb rank after every other). Strokes that can be the
    /// head of a shaft twice their size are withdrawn as shafts at the end lying there
    /// (and wholly when a barb of the same head is offered at their other end).
    func headOffers(ink: [Ink], shafts: Shafts, inCircle: Set<Int>, loops: Set<Int>,
                    owner: [Int], merged: [Int: [Point]], scale: Double?,
                    hull: (Int) -> ConvexHull) -> [Offer] {
        var offers: [Offer] = []
        var rounds = Set<Int>()
        // A closed round may be a closed head (a triangle drawn in one stroke) however large,
        // where it touches a larger state that is not its own: the state the arrow points at
        // (a state alone, or a closed round of state size of any class that is no loop: a
        // state the classifier calls a loop).
        // (Those states listed once: a drawing of thousands of scribbles has thousands of
        // closed rounds.)
        let states = ink.indices.compactMap { k -> (k: Int, circle: CircleFit)? in
            guard ink[k].isState || (inCircle.contains(k) && owner[k] == k && merged[k] == nil
                                     && !loops.contains(k)), let c = ink[k].fit else { return nil }
            return (k, c)
        }
        func touchesAnotherState(_ h: Int) -> Bool {
            guard let own = ink[h].fit, !ink[h].sparse.isEmpty else { return false }
            let box = Box(ink[h].sparse)
            return states.contains { k, c in
                guard k != h, c.radius >= Self.closedHeadStateRatio * own.radius,
                      own.center.distance(to: c.center) > options.ringCenterTolerance * c.radius,
                      box.distance(to: c.center) <= (1 + Self.closedHeadOutlineGap) * c.radius
                else { return false }
                return ink[h].sparse.contains { abs($0.distance(to: c.center) - c.radius)
                    <= Self.closedHeadOutlineGap * c.radius }
            }
        }
        // Every shaft end's place, flat: scanned for every stroke (a drawing of thousands of
        // scribbles has millions of pairs), and a `ShaftEnd` is costly to copy.
        // (`whole`: a whole arrow's tail (0), which takes only a V or a closed head, or its
        // tip (1), which takes only a V that is no loop and whose outline is no round: a
        // self-loop open at its ends measures as a V.)
        let places = shafts.ends.flatMap { s, ends in
            let whole = shafts.wholeArrows.contains(s)
            return ends.enumerated().map {
                (shaft: s, end: $0.offset, point: $0.element.point, whole: whole ? $0.offset : nil)
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
            if roundish { rounds.insert(h) }
            // (A closed head may be as large as a small state only where it crosses a state's
            // outline, which no state does.)
            if roundish, !closedHead, let scale,
               ink[h].fit!.radius >= (loops.contains(h) ? Self.crossingHeadRatio : Self.roundHeadRatio) * scale {
                continue
            }
            // (A stroke that is a whole arrow on its own is a head only of a much longer shaft:
            // a barb drawn with a hook.)
            // (... or, if a V at most `wholeVeeOfState`·S across, of a shaft twice its size:
            // a V head drawn with a stroke on, which measures as an arrow with two barbs.)
            let largest = shafts.wholeArrows.contains(h)
                ? (isVee(ink[h]) && size <= Self.wholeVeeOfState * (scale ?? 0)
                   ? Self.wholeVeeHeadSize : Self.wholeArrowHeadSize)
                : roundish && !closedHead ? Self.roundHeadSize : Self.headSize
            let box = Box(ink[h].sparse)
            for place in places
            where place.shaft != h && size <= largest * ink[place.shaft].extent {
                let s = place.shaft, e = place.end
                let reach = Self.headGap * size + Self.headGapOfShaft * ink[s].extent
                guard box.distance(to: place.point) <= reach else { continue }
                let end = shafts.ends[s]![e]
                let gap = end.gap(to: ink[h].sparse) ?? .infinity
                guard gap <= reach else { continue }
                if place.whole == 0, !(roundish || isVee(ink[h])) { continue }
                if place.whole == 1, roundish || loops.contains(h) || !isVee(ink[h])
                    || hull(h).circularity > Self.roundHull { continue }
                // (A barb pointing back from the end is judged by its near end: its
                // middle lies off the line by the barb's own slant.)
                let barbOffset = roundish ? nil : barbLateral(ink[h], at: end)
                // (Only the other barb lies at the corner before a barb.)
                if end.hooked != nil, barbOffset == nil { continue }
                let lateral = end.lateral(of: center), along = end.along(of: center)
                guard lateral <= Self.headLateral * size
                        || (barbOffset ?? .infinity) <= Self.barbLateral * size,
                      along <= (roundish && !loops.contains(h)
                                && lateral > Self.roundHeadOnLine * size
                                ? Self.roundHeadAlong : Self.headAlong) * size,
                      along >= -(barbOffset == nil ? Self.headBehind : Self.barbBehind) * size
                else { continue }
                // (An offer only as a barb comes after every other.)
                let barbOnly = lateral > Self.headLateral * size
                let score = (gap + lateral) / size + (barbOnly ? Self.barbOnlyRank : 0)
                    + (end.side == 0 ? Self.penStartRank : 0)
                offers.append((score, h, s, e, 0))
            }
        }
        let closed = closedHeadOffers(ink: ink, shafts: shafts, scale: scale, besides: offers,
                                      hull: hull, isLoop: loops.contains,
                                      touchesAnotherState: touchesAnotherState) { h in
            owner[h] == h && merged[h] == nil
        }
        offers += closed
        // A stroke that can be the head of a shaft twice its size (its parent, offered to it
        // with a score under `parentOffer`: a barb lies close to its shaft) takes no head
        // at its end that lies at the parent's end: the two barbs of a V meet there and would
        // otherwise take each other. Its other end may hold a head of its own (a short
        // shaft beside another arrow's end), unless a stroke offered there is offered to
        // the parent too (a barb of the same V, lying across the other barb's far end).
        // A closed round is no barb: it stays offered (a short initial arrow whose tip lies
        // at the tail of a transition leaving the same state keeps its round head). Nor is
        // a V at most half the stroke's size (a shaft is at least twice its head): an
        // initial arrow whose tip meets a transition's keeps its V head. Nor is a stroke
        // at most half its size offered at the corner before a barb drawn with it (only
        // the other barb is offered there): that initial arrow keeps its barbs too.
        let closedRounds = rounds.union(closed.map(\.head))
        var parents: [Int: Set<Int>] = [:]
        var headSides: [Int: Set<Int>] = [:]
        for offer in offers where ink[offer.shaft].extent >= 2 * ink[offer.head].extent
            && offer.score < Self.parentOffer {
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
            parents[offer.shaft] != nil && !closedRounds.contains(offer.head)
                && !((isVee(ink[offer.head])
                      || shafts.ends[offer.shaft]![offer.end].hooked != nil)
                     && ink[offer.shaft].extent >= 2 * ink[offer.head].extent)
                && (atHeadSide(offer) || siblings.contains(offer.shaft))
        }
        return offers
    }

    /// Offers of closed heads — a triangle drawn in one stroke, open or filled, which the
    /// classifier often calls a circle or a loop and which may cross the outline of the
    /// state it points at — to the shaft whose end they surround, whatever their class:
    /// the stroke closes round (its circle fit covers `contextCircleCoverage`); its outline
    /// is no round (the circularity of its convex hull is at most `roundHull`, where a
    /// hand-drawn circle or loop measures 0.9–1 and a triangle 0.6); it is at most
    /// `closedHeadSizeOfState`·S and `headSize`·(the shaft); and the shaft's end lies
    /// inside its hull (within `closedHeadEndGap`·(its extent)). A round crossing a state
    /// (a self-loop candidate, `isLoop`) is offered only where the shaft's end lies inside
    /// it and no other head is offered there (but a head lying better at another shaft's
    /// end): a head drawn as a curl round the shaft's end
    /// (its ends need not meet, as a closed head's must within `closedHeadEndpointGap` of
    /// its extent: a curl may run on into a tail). So is a curl lying wholly inside a state,
    /// off its centre, at most `insideHeadRatio` of its radius (`insideAState`): a head
    /// drawn as a curl inside the state the arrow points at, at the shaft's end (within
    /// `closedHeadEndGap`·(its extent) of its hull).
    /// In flowcharts such a curl is up to `loopHeadSizeOfState`·S across, as large as a
    /// state; one of `crossingHeadRatio`·S or more is no head of a shaft that is a loop
    /// itself (`Shafts.curled`: two loops drawn on one state). `besides`: offers already
    /// made, not repeated.
    func closedHeadOffers(ink: [Ink], shafts: Shafts,
                          scale: Double?, besides: [Offer], hull: (Int) -> ConvexHull,
                          isLoop: (Int) -> Bool, touchesAnotherState: (Int) -> Bool,
                          isFree: (Int) -> Bool) -> [Offer] {
        var offers: [Offer] = []
        let states = ink.filter(\.isState).compactMap(\.fit)
        // The offers made at each shaft end, and those of each head.
        let offeredAt = Dictionary(grouping: besides) { EndIndex(shaft: $0.shaft, end: $0.end) }
        let offersOf = Dictionary(grouping: besides, by: \.head)
        func liesBetterElsewhere(_ offer: Offer, than shaft: Int) -> Bool {
            offersOf[offer.head, default: []].contains {
                $0.shaft != shaft && $0.score < offer.score
            }
        }
        for h in ink.indices where isFree(h) && ink[h].extent > 0 {
            let size = ink[h].extent
            guard let fit = ink[h].fit, fit.coveredAngle >= options.contextCircleCoverage,
                  let first = ink[h].points.first, let last = ink[h].points.last else { continue }
            let hull = hull(h)
            // A closed head touching the state it points at; a round one is a self-loop,
            // unless small and round the end. Or a curl round the end of an arrow's shaft
            // (a closed round already, its ends may lie apart: a curl with a tail).
            let round = hull.circularity > Self.roundHull
            let small = fit.radius < Self.crossingHeadRatio * (scale ?? 0)
            let closedHead = first.distance(to: last) <= Self.closedHeadEndpointGap * size
                && touchesAnotherState(h) && (!round || (isLoop(h) && small))
                && size <= Self.closedHeadSizeOfState * (scale ?? .infinity)
            let inside = insideAState(fit, states: states)
            let curl = (isLoop(h) || inside)
                && size <= Self.loopHeadSizeOfState * (scale ?? .infinity)
            guard closedHead || curl else { continue }
            let center = centroid(ink[h].sparse)
            // (A round one, or a curl, only round the end; a curl inside a state at it.)
            let surrounds = round || !closedHead
            let endGap = surrounds && !inside ? 0 : Self.closedHeadEndGap * size
            // (A loop's end may lie inside another loop drawn on its state.)
            for (s, shaftEnds) in shafts.ends where s != h && size <= Self.headSize * ink[s].extent
                && (closedHead || !shafts.curled.contains(s)) {
                // (By index: a `ShaftEnd` is costly to copy, and most lie far away.)
                for e in shaftEnds.indices where hull.distance(to: shaftEnds[e].point) <= endGap {
                    let end = shaftEnds[e]
                    let here = offeredAt[EndIndex(shaft: s, end: e), default: []]
                    guard !here.contains(where: { $0.head == h }) else { continue }
                    // (Only where no other head is offered: a loop drawn where an arrow with
                    // its own head arrives stays a loop. A head that lies better at another
                    // shaft's end is that arrow's: two arrows ending at one point.)
                    if surrounds, here.contains(where: { other in
                        other.score < Self.barbOnlyRank && !liesBetterElsewhere(other, than: s)
                    }) { continue }
                    let gap = end.gap(to: ink[h].sparse) ?? .infinity
                    let lateral = end.lateral(of: center)
                    offers.append(((gap + lateral) / size, h, s, e, 0))
                }
            }
        }
        return offers
    }

    /// Whether a round lies wholly inside a state (`states`: their circle fits), at most
    /// `insideHeadRatio` of its radius and off its centre (not concentric as the inner
    /// circle of a final state is: centres more than `finalCircleCenter` of its own radius
    /// apart).
    func insideAState(_ round: CircleFit, states: [CircleFit]) -> Bool {
        states.contains { c in
            guard round.radius <= Self.insideHeadRatio * c.radius else { return false }
            let d = round.center.distance(to: c.center)
            return d > Self.finalCircleCenter * round.radius && d + round.radius <= c.radius
        }
    }

    /// How far a barb's near end (the one nearer the shaft's end) lies off the shaft's line,
    /// if the stroke is a barb pointing back from the shaft's end: nearly straight (its
    /// chord at least `barbStraightness` of its length), its near end within
    /// `barbGap`·(its extent) of the shaft's end, and the chord from near to far end turned
    /// `minimumBarbAngle`…`maximumBarbAngle` from the direction back along the shaft. A
    /// barb's middle lies off the line by its own slant (more where it starts a little off
    /// the tip), so it is judged by where it points, not by its middle.
    func barbLateral(_ barb: Ink, at end: ShaftEnd) -> Double? {
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

    /// How far a V head points away from the shaft's way out at `end`: 1 − the cosine
    /// between them, where the V points from the middle of its two ends to its apex, its
    /// ink nearest the end; 0 for a stroke that is no V (its apex within
    /// `headAxis`·(its extent) of the line through its ends: a barb, a straight stroke).
    func turned(_ head: Ink, at end: ShaftEnd) -> Double {
        guard let first = head.points.first, let last = head.points.last,
              let chord = (last - first).normalized,
              let apex = head.sparse.min(by: {
                  $0.distance(to: end.point) < $1.distance(to: end.point) }),
              abs((apex - first).cross(chord)) >= Self.headAxis * head.extent
        else { return 0 }
        let axis = apex - centroid([first, last])
        return 1 - (axis.normalized?.dot(end.outward) ?? 1)
    }

    /// Whether a stroke is a V: its ink bends off the line through its ends by at least
    /// `headAxis` of its extent (a barb is straight).
    func isVee(_ stroke: Ink) -> Bool {
        guard let first = stroke.points.first, let last = stroke.points.last,
              let chord = (last - first).normalized else { return false }
        return stroke.sparse.contains {
            abs(($0 - first).cross(chord)) >= Self.headAxis * stroke.extent
        }
    }

    /// A shaft's end, by its index in the shaft's `ShaftEnd`s.
    struct EndIndex: Hashable { var shaft: Int, end: Int }

    /// The loose strokes that are pieces of the head made of `pieces`, taken out of `loose`
    /// (strokes alone and small enough): each touches a piece, found pieces included (its
    /// ink within `headPieceGap` of that piece's extent), and is at most `headPieceSize`
    /// times its size (a head filled in with strokes, a barb drawn twice), up to
    /// `maximumHeadStrokes` in all.
    func headPieces(touching pieces: [Int], ink: [Ink], loose: inout Set<Int>) -> [Int] {
        var head = pieces
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
            }
        }
        return Array(head.dropFirst(pieces.count))
    }

    /// An axis-aligned bounding box (of at least one point): a cheap test before `nearer`.
    struct Box {
        var low: Point, high: Point
        init(_ points: [Point]) {
            low = Point(x: points.lazy.map(\.x).min()!, y: points.lazy.map(\.y).min()!)
            high = Point(x: points.lazy.map(\.x).max()!, y: points.lazy.map(\.y).max()!)
        }
        /// How far `p` lies from the box (0 inside it): at most its distance to any point
        /// inside.
        func distance(to p: Point) -> Double {
            let dx = max(0, low.x - p.x, p.x - high.x), dy = max(0, low.y - p.y, p.y - high.y)
            return (dx * dx + dy * dy).squareRoot()
        }
        /// Whether the two boxes are at most `d` apart along each axis.
        func meets(_ other: Box, within d: Double) -> Bool {
            low.x <= other.high.x + d && other.low.x <= high.x + d
                && low.y <= other.high.y + d && other.low.y <= high.y + d
        }
    }
}
