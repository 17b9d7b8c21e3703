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
///    round of any other class (on a state drawn either way), at least `roundHeadRatio`·S,
///    whose outline is round (the circularity of its convex hull above `roundHull`; a
///    closed head's is not), and so is a circle or loop under `roundHeadRatio`·S crossing
///    the outline of a state it is at least `roundHeadRatio` of (S says little of a small
///    state's loops); circles under `headCircleRatio`·S are no states (letters, closed
///    heads). Once step 2 has joined the arcs, S is measured again over the states
///    alone (no loops, no rings) and those in arcs; where that moves it by
///    `rescaledScale` or more (the states all drawn in arcs, the loops called circles),
///    the later steps take the new S.
/// 2. **Arcs.** Two strokes that close one circle together are one state (or ring),
///    whatever the classifier made of each. Candidates: strokes that fit an arc loosely
///    (residual ≤ `looseArcResidual`, or passing as a state alone, covering at least
///    `looseArcCoverage`, radius ≥ `looseArcStateRatio`·S), not self-loops, whose ends come
///    within `arcEndGap` of the largest state's radius (`largestArcState`·S), whose joint
///    circle fits as loosely and is `looseArcStateRatio`…`largestArcState`·S large. The
///    arc-pair model (+ArcPairModel.swift, a network of
///    one hidden layer) reads how well they fit the circle together and each, how they
///    share its sectors, how far apart they lie where they share them, how their ends
///    meet, and what else either could be; the pairs it finds likelier one round than not
///    (log-odds ≥ `arcPairOdds`) are joined, likeliest first, each stroke in one round.
///    A stroke that fits an arc (residual ≤ `maximumArcResidual`, or passing as a state
///    alone, covering at least `minimumArcCoverage`, radius ≥ `arcStateRatio`·S) and is in
///    no pair joins the state it lies on (their joint circle within
///    `absorbedArcRadiusRatio` of the state's own radius — an open round's own fit runs
///    small — and the arc's mean distance from it within `absorbedArcRadiusTolerance`)
///    unless step 4 makes it a head (a head drawn along the outline of the state it points
///    at); one covering `largeAbsorbedArc` or more of the state's circle joins it at once:
///    a head lying along the outline is smaller (a small V or hook covers most of its own
///    circle, so it is measured round the state's). A stroke covering most of a round
///    concentric with a state or a round in arcs, inside or around it within a ring's
///    ratio, is the other circle of a final state, whatever its class (`finalCircles`: an
///    open C, an oval), and no arc lying on that round. Before the arcs, two strokes
///    passing as states that are one round drawn twice over (concentric, the smaller over
///    `finalCircleRatio` of the larger, each lying on average within `retracedGap` of the
///    radius from the other) are one state, not a final state (`retracedRounds`).
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
///    unless the end of a shaft offered no other head lies inside it (a head drawn as a
///    curl round the shaft's end; in flowcharts up to `loopHeadSizeOfState`·S across, as
///    large as a state, but one of `crossingHeadRatio`·S or more is no head of a shaft that
///    is a loop itself: two loops on one state). Such a self-loop candidate may also lie
///    ahead of the end like any head (it crosses a state, so it is not the state the arrow
///    points at). So may a curl lying wholly inside a state, off its centre, at most
///    `insideHeadRatio` of its radius, at the end of a shaft offered no other head there
///    (a head drawn as a curl inside the state the arrow points at).
///    A barb is judged by where it points (`barbLateral`): straight, its near end within
///    `barbGap`·(its extent) of the end and `barbLateral`·(its extent) of the line, its
///    body turned back along the shaft; such an offer, failing the test of its centre,
///    is dealt after every other and does not make its stroke "no shaft". A barb may also
///    lie up to `barbBehind`·(its extent) behind the end (a shaft drawn on past the
///    barbs' start). A shaft that
///    ends in a barb drawn with it (`hookedEnd`: a sharp turn back, more than an elbow's,
///    into at least `hookBarb` of the stroke) also offers the corner before that barb, to
///    barbs only: the other barb lies there.
///    Whatever its class and size, a closed stroke whose outline is no round is a head of
///    the shaft whose end lies inside it (`closedHeadOffers`: a triangle drawn round the
///    end of a shaft, which the classifier calls a circle or a loop).
///    A one-stroke arrow with two real barbs is no shaft (unless the classifier calls it
///    none of its classes and one barb is under `lopsidedBarbs` of the other: a connector's
///    bend and a pen flick read as barbs) but for a head drawn apart that the model finds
///    at least `wholeArrowOdds` log-odds likely (a curl, `wholeArrowCurlOdds`: a
///    self-loop lies beside many a tail): at its tail a V or a closed head (a pen
///    flick at a shaft's end reads as two barbs; the head drawn apart at the other end
///    says where it points), at its tip a V that is no loop and whose outline is no round
///    (hull circularity at most `roundHull`: an open self-loop measures as a V; a
///    connector's bends near its end read as barbs, the V drawn over them is the head);
///    and it is a head only of a shaft `wholeArrowHeadSize`⁻¹ times its size (a barb
///    with a hook) — or, a V at most `wholeVeeOfState`·S across, of one
///    `wholeVeeHeadSize`⁻¹ times (a V head drawn with a stroke on measures as an arrow
///    with two barbs); a stroke that can be the head of a shaft twice its size
///    (offered with a score under `parentOffer`: a short shaft ending beside a long one
///    is no barb of it) takes no head at its end
///    lying at that shaft's end (the two barbs of a V would take each other), nor at all
///    when a stroke
///    offered at its other end is offered to that shaft too (the other barb of the same
///    V), unless that head is a closed round, or a V (`isVee`) or a stroke at the corner
///    before a barb drawn with it (only the other barb lies there) at most half its size
///    (an initial arrow ending where a transition ends keeps its V or its barbs); its
///    other end
///    may hold a head of its own. The head-offer model (+HeadOfferModel.swift, a network of
///    one hidden layer over the offer's measurements, beside the head stroke's other
///    offers) gives each offer its log-odds of being right; an offer more than
///    `offerLogitMargin` below the best of its head stroke is withdrawn, unless it is its
///    shaft's likeliest. Offers are ranked by (gap + lateral
///    offset of the centre)/(extent), plus `penStartRank` at the pen's first end of a
///    shaft (nine shafts in ten in the flowcharts are drawn towards their head), less
///    `modelRankWeight` times the log-odds, and taken best first, except
///    that a shaft with a head takes no more that is also offered to a shaft with none
///    yet (which then gets it: two arrows ending close together), nor a curl (a loop by
///    its class or shape) the model finds more than `furtherCurlOdds` log-odds unlikely
///    (a self-loop at the state an initial arrow ends at); a shaft keeps the heads
///    at one end: not the end whose heads are all offered to a shaft left with none (one
///    arrow's tail lies at another's head); else the end whose likeliest head the model
///    finds more than `surerEnd` log-odds likelier than the other's, else the end with
///    more or, with as many at each, the end whose heads are
///    offered to no other shaft (the other end's can go to that shaft), else the pen's
///    end. Then two shafts exchange heads while that raises the sum of the offers'
///    log-odds by more than `exchangeGain` (`exchanged`: dealt best first, the
///    first of two shafts ending close together may take the other's head). A stroke left
///    alone that touches a kept head piece (within `headPieceGap` of its extent), at most
///    `headPieceSize` times its size and `headPieceOfState`·S across (over S only if it
///    passes as no circle: a state), is a piece of that head too (a head filled in with
///    scribbles, a barb drawn twice, the base of an open triangle drawn apart from its
///    sides, as large as a state in some hands), and so are those touching it.
///    A shaft the classifier calls none of its classes that was dealt no head, then
///    takes the nearest stroke left alone lying at one of its ends within
///    `leftoverHeadReach` of that stroke's extent (gap, lateral offset and how far ahead;
///    `barbBehind` behind), which is no whole arrow or loop; a shaft of
///    `leftoverPieceShaft`·S or more with a head takes such strokes at its head's end as
///    pieces of it (`leftoverHeads`).
///    The shaft is taken end to end (a bent connector is not cut at its corner);
///    the arrow points to the end with the head whatever the pen direction; its tip is
///    the shaft's end or, for a head drawn ahead of it, the head's apex; its barbs come
///    from the head ink.
///
/// Every stroke is in exactly one group; a stroke that is in no multi-stroke group is a
/// group of its own, unchanged, so one-stroke drawings assemble exactly as before.
///
/// `group` runs the steps; they live beside this file: StrokeGrouping+Rounds.swift (arcs,
/// self-loops, circle fits), +Shafts.swift, +Heads.swift (offers), +Dealing.swift (how
/// they are dealt), +HeadOfferModel.swift (how likely an offer is) and +Handwriting.swift.
struct StrokeGrouping {
    var options: AssemblyOptions

    /// Thresholds (relative, so they hold at any scale).
    static let tinyCircleRatio = 0.25
    static let maximumArcResidual = 0.15
    static let minimumArcCoverage = 40.0 * Double.pi / 180
    static let ownArcRadius = 0.6
    static let ownArcCoverage = Double.pi
    static let absorbedArcRadiusTolerance = 0.1
    static let absorbedArcRadiusRatio = 0.2
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
    static let headPieceGap = 0.2
    static let headPieceSize = 1.5
    static let headPieceOfState = 1.5
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
    static let angleBins = 36
    static let looseArcResidual = 0.25
    static let looseArcCoverage = 30.0 * Double.pi / 180
    static let looseArcStateRatio = 0.2
    static let arcPairOdds = 0.0
    static let largestArcState = 2.5
    static let arcEndGap = 0.6
    static let arcCornerTurn = 70.0 * Double.pi / 180
    static let arcCornerWindow = 3
    static let arcCornerMargin = 0.2
    static let largeAbsorbedArc = 120.0 * Double.pi / 180
    static let finalCircleResidual = 0.25
    static let finalCircleCenter = 0.3
    static let finalCircleRatio = 0.95
    static let retracedGap = 0.1
    static let touchingRounds = 1.25
    static let touchingLoop = 1.15
    static let bridgedRound = 0.75
    static let closedHeadOutlineGap = 0.5
    static let roundHull = 0.88
    static let closedHeadSizeOfState = 2.2
    static let loopHeadSizeOfState = 3.0
    static let closedHeadEndGap = 0.1
    static let insideHeadRatio = 0.5
    static let closedHeadEndpointGap = 0.5
    static let textSize = 1.2
    static let textGap = 0.4
    static let textOutlineGap = 0.2
    static let barbStraightness = 0.7
    static let barbOnlyRank = 100.0
    static let hookSamples = 128
    static let hookApproach = 0.1
    static let hookTurn = 100.0 * Double.pi / 180
    static let hookBarb = 0.01
    static let penStartRank = 0.05
    static let parentOffer = 0.75
    static let exchangeRounds = 4
    static let exchangeGain = 0.05
    static let modelRankWeight = 0.1
    static let offerLogitMargin = 4.0
    static let furtherCurlOdds = 2.0
    static let surerEnd = 4.0
    static let wholeArrowOdds = -1.0
    static let wholeArrowCurlOdds = 1.0
    static let wholeVeeHeadSize = 0.5
    static let wholeVeeOfState = 1.0
    static let headAxis = 0.2
    static let barbGap = 1.0
    static let barbLateral = 0.85
    static let minimumBarbAngle = 10.0 * Double.pi / 180
    static let maximumBarbAngle = 80.0 * Double.pi / 180
    static let leftoverHeadReach = 1.0
    static let leftoverPieceShaft = 1.5
    static let rescaledScale = 1.5

    /// One element-to-be.
    struct Group {
        /// Positions (in the index-ordered input) of its strokes, ascending.
        var members: [Int]
        /// What the assembler sees: the first member's index, the group's ink (a merged
        /// circle, an oriented shaft) and the group's class.
        var item: ClassifiedStroke
        /// An arrow measured from a shaft and its separately drawn head.
        var arrow: ArrowGeometry?
        /// The position of such an arrow's shaft (the other members are its head).
        var shaft: Int? = nil
    }

    /// Per-stroke measurements.
    struct Ink {
        var points: [Point]       // finite points
        var sparse: [Point]       // resampled, for distances
        var extent: Double
        var samples: [Point] = [] // 32 resampled points, for circle fits (3 or more points)
        var fit: CircleFit?
        var isState = false
    }

    /// `knownRounds`: sets of positions already known to be one state each (the assembler's
    /// `statesAtArrowEnds`); they are grouped so before anything else.
    /// `notShafts`: positions known to be no shaft (the assembler's `headPiecesPairedAsArrows`:
    /// pieces of one head that were paired as a short arrow); they may still be heads.
    /// `observe`, if given, sees every head offer with the measurements the head-offer
    /// model reads (`Assembler.headOffers`, to fit the model).
    func group(_ ordered: [ClassifiedStroke], knownRounds: [[Int]] = [],
               notShafts: Set<Int> = [],
               observe: (([HeadOfferRecord]) -> Void)? = nil,
               observeArcs: (([ArcPairRecord]) -> Void)? = nil) -> [Group] {
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
        var scale = Self.medianStateRadius(circleRadii)
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
        let known = Set(knownRounds.joined())
        // So is a small circle or loop crossing the outline of a state it is at least
        // `roundHeadRatio` of (under that of S: states of a drawing may differ in size by
        // three to one, and S says little of a small state's loops).
        let smallRounds = ink.indices.filter { k in
            guard !ink[k].isState, !known.contains(k), ordered[k].rejection == nil,
                  ordered[k].kind == .circle || ordered[k].kind == .cycle,
                  let fit = ink[k].fit else { return false }
            return passesAsCircle(fit) && fit.radius < Self.roundHeadRatio * (scale ?? 0)
        }
        var loops = selfLoops(ink, scale: scale,
                              among: ink.indices.filter { ink[$0].isState && !known.contains($0) }
                                + roundLoops.filter { !known.contains($0) })
        loops.formUnion(selfLoops(ink, scale: scale, among: smallRounds,
                                  atLeast: Self.roundHeadRatio))
        for a in loops { ink[a].isState = false }

        var owner = Array(ordered.indices)       // position → group leader position
        // 2. Arcs: merged rounds (leader → their ink), each of class "circle"; the known
        // rounds first, and with them each round drawn twice over (one state: a final
        // state's two circles lie apart).
        let retraced = retracedRounds(ink, among: ink.indices.filter {
            ink[$0].isState && !known.contains($0) && !loops.contains($0)
        })
        var knownInk: [Int: [Point]] = [:]
        for round in knownRounds + retraced {
            let leader = round.min()!
            for k in round {
                owner[k] = leader
                ink[k].isState = true
            }
            let points = round.flatMap { ink[$0].points }
            let center = quickFit(resampled(points, count: 32))?.center ?? centroid(points)
            knownInk[leader] = inAngleOrder(points, around: center)
        }
        // (The arc pairs observed, by input index.)
        func observed(_ pairs: [(Int, Int, [Double])]) {
            observeArcs?(pairs.map { a, b, inputs in
                ArcPairRecord(first: ordered[a].index, second: ordered[b].index, inputs: inputs)
            })
        }
        let joined = joinArcs(&ink, loops: loops.union(known).union(retraced.joined()),
                              scale: scale, kinds: ordered.map(\.kind), owner: &owner,
                              observe: observeArcs == nil ? nil : observed)
        let merged = joined.merged.merging(knownInk) { _, known in known }
        let absorbed = joined.absorbed
        let mergedRounds = merged.values.compactMap { quickFit(resampled($0, count: 32)) }
        // (A loop on a state drawn in arcs is known only now.)
        let arcLoops = selfLoops(
            ink, scale: scale, rounds: mergedRounds,
            among: ink.indices.filter { (ink[$0].isState || roundLoops.contains($0))
                && owner[$0] == $0 && merged[$0] == nil })
        for a in arcLoops { ink[a].isState = false }
        loops.formUnion(arcLoops)
        var kindOf = merged.mapValues { _ in "circle" }  // leader → class of a merged group
        let finalCircles = self.finalCircles(&ink, loops: loops, owner: owner, merged: merged,
                                             mergedRounds: mergedRounds)

        // S again, now that states drawn in arcs are known and loops are no states, if it
        // moves by `rescaledScale` or more.
        if let first = scale, let again = stateScale(ink, owner: owner, merged: merged,
                                                     mergedRounds: mergedRounds, loops: loops,
                                                     finalCircles: finalCircles),
           max(again / first, first / again) >= Self.rescaledScale {
            scale = again
        }
        // 3. Heads.
        // (A circle under `headCircleRatio`·S is no state: it may be a closed head.)
        // Nor is a closed round of state size, whatever its class, a head.
        let inCircle = Set(ink.indices.filter { k in
            guard owner[k] == k, merged[k] == nil else { return true }
            guard let fit = ink[k].fit, fit.radius >= Self.roundHeadRatio * (scale ?? 0)
            else { return false }
            guard !loops.contains(k) else { return false }
            return ink[k].isState || isClosedRound(fit)
        })
        // (An arc on a state's outline is no shaft; it may be a head lying there.)
        let onOutline = inCircle.union(absorbed.keys)
        // (Curls: strokes the classifier calls a loop, and self-loop candidates.)
        let curls = loops.union(ink.indices.filter { ordered[$0].kind == .cycle })
        let shafts = self.shafts(ordered, ink: ink, onOutline: onOutline.union(notShafts),
                                 loops: loops, curls: curls, scale: scale)
        var offers = headOffers(ink: ink, shafts: shafts, inCircle: inCircle, loops: loops,
                                owner: owner, merged: merged, scale: scale, hull: hull)
        // 4. Handwriting (item 3 above: it withdraws offers before they are dealt).
        var handwriting = Set<Int>()
        if let scale {
            handwriting = self.handwriting(ink, onOutline: onOutline, owner: owner, scale: scale,
                                           offers: offers)
            offers.removeAll { handwriting.contains($0.head) || handwriting.contains($0.shaft) }
        }

        let features = offerFeatures(offers, ink: ink, shafts: shafts, scale: scale)
        observe?(zip(offers, features).map { offer, features in
            HeadOfferRecord(head: ordered[offer.head].index, shaft: ordered[offer.shaft].index,
                            shaftEnd: shafts.ends[offer.shaft]![offer.end].side,
                            inputs: features.inputs)
        })
        offers = ranked(offers, features: features, shafts: shafts, curls: curls)
        let contested = Self.contested(offers)
        var headsOf = dealHeads(offers, ends: shafts.ends, contested: contested, ink: ink,
                                curls: curls)
        // Strokes that may still be a piece of a head: alone, and under
        // `headPieceOfState`·S (over S, no round passing as a circle: a state).
        let dealt = Set(headsOf.keys).union(headsOf.values.joined().map(\.head))
        var loose = Set(ink.indices.filter { k in
            owner[k] == k && merged[k] == nil && !dealt.contains(k) && !onOutline.contains(k)
                && !loops.contains(k) && !handwriting.contains(k) && !ink[k].points.isEmpty
                && ink[k].extent <= Self.headPieceOfState * (scale ?? .infinity)
                && (ink[k].extent <= (scale ?? .infinity)
                    || !(ink[k].fit.map(passesAsCircle) ?? false))
        })
        // (A shaft the classifier calls nothing that was dealt no head takes a stroke left
        // alone lying at one of its ends, in a wider reach; a long shaft with a head, such
        // strokes at its head's end as pieces.)
        for (shaft, head) in leftoverHeads(ordered, ink: ink, shafts: shafts, headsOf: headsOf,
                                           dealt: dealt, loose: loose, handwriting: handwriting,
                                           scale: scale) {
            headsOf[shaft, default: []].append(head)
            loose.remove(head.head)
            loose.remove(shaft)
        }
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
                // (A known round of one stroke is a state whatever its class.)
                if finalCircles.contains(leader) || merged[leader] != nil {
                    single.item.label = "circle"
                    single.item.rejection = nil
                    single.item.tentative = nil
                } else if ink[leader].isState,
                   ink[leader].fit!.radius < Self.headCircleRatio * (scale ?? 0) {
                    single.item.rejection = Self.tooSmall(ink[leader].fit!.radius, scale: scale ?? 0)
                } else if handwriting.contains(leader) {
                    single.item.rejection = "handwriting: a small stroke among others written "
                        + "close together (text is not read as labels yet)"
                } else if single.item.rejection == nil, single.item.kind == .circle, let scale,
                   !loops.contains(leader),
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
            groups.append(Group(members: list.sorted(), item: item, arrow: arrows[leader],
                                shaft: arrows[leader] == nil ? nil : leader))
        }
        return groups.sorted { $0.members[0] < $1.members[0] }
    }

    /// Why a circle of `radius` is no state beside states of radius `scale`.
    private static func tooSmall(_ radius: Double, scale: Double) -> String {
        "a circle too small for a state (radius \(Int(radius.rounded())) beside states of "
            + "\(Int(scale.rounded())); a letter or a dot?)"
    }

    /// Whether some point of `a` is within `distance` of some point of `b`.
    func nearer(_ a: [Point], _ b: [Point], than distance: Double) -> Bool {
        a.contains { p in b.contains { q in p.distance(to: q) <= distance } }
    }

    /// The least distance between a point of `a` and one of `b` (∞ when either is empty).
    func nearestDistance(_ a: [Point], _ b: [Point]) -> Double {
        var nearest = Double.infinity
        for p in a { for q in b { nearest = min(nearest, p.distance(to: q)) } }
        return nearest
    }

    /// Unit direction out of a polyline's last point, from the point an eighth back (local
    /// enough for a loop or a bent connector, far enough to pass over a pen hook).
    func heading(_ line: [Point]) -> Point {
        let end = line[line.count - 1], back = line[(7 * (line.count - 1)) / 8]
        return (end - back).normalized ?? Point(x: 1, y: 0)
    }
}
