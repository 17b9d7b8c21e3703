// StrokeGrouping: rounds — states drawn in two arcs (and arcs lying on a state), self-loops,
// the closed-form circle fit and the tests on arcs that it feeds, and S measured again over
// the states once arcs are joined.

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// Whether a stroke passes as a state on its own: a good fit covering
    /// `minimumCircleCoverage`.
    func passesAsCircle(_ fit: CircleFit) -> Bool {
        fit.relativeTrimmedResidual <= options.contextCircleResidual
            && fit.coveredAngle >= options.minimumCircleCoverage
    }

    /// A closed round (whatever its class): a good fit all the way round, at least `radius`
    /// large.
    func isClosedRound(_ fit: CircleFit, radius: Double = 0) -> Bool {
        fit.relativeTrimmedResidual <= options.contextCircleResidual
            && fit.coveredAngle >= options.contextCircleCoverage && fit.radius >= radius
    }

    /// Pairs of strokes that are one round drawn twice: both pass as states, concentric
    /// (centres within `finalCircleCenter` of the smaller radius), of one size (the smaller
    /// over `finalCircleRatio` of the larger) and lying along each other (each one's
    /// samples on average within `retracedGap` of the smaller radius from the other's ink;
    /// a final state's two circles lie 0.14 of it apart or more, even where their fitted
    /// sizes agree). Each stroke in one pair at most, the closest sizes first; each pair in
    /// input order.
    func retracedRounds(_ ink: [Ink], among states: [Int]) -> [[Int]] {
        // (By size, so each round is compared only with those of about its size.)
        let bySize = states.filter { ink[$0].fit != nil }.sorted {
            (ink[$0].fit!.radius, $0) < (ink[$1].fit!.radius, $1)
        }
        var pairs: [(a: Int, b: Int, ratio: Double)] = []
        for (i, k) in bySize.enumerated() {
            let small = ink[k].fit!.radius
            for l in bySize[(i + 1)...] {
                let large = ink[l].fit!.radius
                guard small > Self.finalCircleRatio * large else { break }
                let (a, b) = (min(k, l), max(k, l))
                let (fa, fb) = (ink[a].fit!, ink[b].fit!)
                if fa.center.distance(to: fb.center) <= Self.finalCircleCenter * small,
                   meanGap(ink[a].samples, ink[b].samples) <= Self.retracedGap * small,
                   meanGap(ink[b].samples, ink[a].samples) <= Self.retracedGap * small {
                    pairs.append((a, b, small / large))
                }
            }
        }
        var taken = Set<Int>(), out: [[Int]] = []
        for p in pairs.sorted(by: { ($0.ratio, -$0.a, -$0.b) > ($1.ratio, -$1.a, -$1.b) })
        where !taken.contains(p.a) && !taken.contains(p.b) {
            taken.formUnion([p.a, p.b])
            out.append([p.a, p.b])
        }
        return out
    }

    /// The mean distance of `points` from the polyline `line`.
    func meanGap(_ points: [Point], _ line: [Point]) -> Double {
        points.reduce(0) { $0 + distance(from: $1, toPolyline: line) } / Double(points.count)
    }

    /// The states (`isState`) that are self-loops: a "circle" crossing a larger round's
    /// outline (not concentric) is one, as the assembler decides, and may take a head. (The
    /// larger one may be any closed round of state size, whatever its class.)
    /// `rounds`: more large rounds, such as states drawn in arcs (`circles`: only those
    /// strokes are tested); `atLeast`: the smallest a loop may be beside the round it
    /// crosses, as a fraction of that round's radius.
    func selfLoops(_ ink: [Ink], scale: Double?, rounds: [CircleFit] = [],
                   among circles: [Int]? = nil, atLeast ratio: Double = 0) -> Set<Int> {
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
                return fb.radius > fa.radius && fa.radius >= ratio * fb.radius
                    && d > options.ringCenterTolerance * fb.radius
                    && d < Self.touchingLoop * (fa.radius + fb.radius)
            }) { loops.insert(a) }
        }
        return loops
    }

    /// Arcs: two strokes that together close one circle are one state (or ring), whatever
    /// the classifier made of each: an arc's own fit says little about the circle it belongs
    /// to (hand-drawn rounds are not round), so each pair of candidates is judged on their
    /// joint circle by the arc-pair model (`arcPairFeatures`, `arcPairLogit`; `kinds`: the
    /// classifier's for each stroke). Their leader (`owner`) is the lower position. Returns
    /// the merged rounds' ink by leader, in angle order, and the arcs left over that lie on
    /// a state, with that state (`absorbed`: they join it if no arrow takes them as its
    /// head; one covering `largeAbsorbedArc` joins it here, in `owner`); marks the paired
    /// strokes as states. `observe`, if given, sees every candidate pair (positions) with
    /// the model's inputs (`Assembler.arcPairs`, to fit the model).
    func joinArcs(_ ink: inout [Ink], loops: Set<Int>, scale: Double?,
                  kinds: [ClassifiedStroke.Kind?], owner: inout [Int],
                  observe: (([(Int, Int, [Double])]) -> Void)? = nil)
        -> (merged: [Int: [Point]], absorbed: [Int: Int]) {
        var merged: [Int: [Point]] = [:], absorbed: [Int: Int] = [:]
        // Whether the circle overlaps or touches a closed round of state size (whatever its
        // class) that is not concentric with it (its ring, the state inside it), at least
        // three quarters its size, or two such rounds of any size: two bowed arrows between
        // two states close a round too, touching both. (One smaller round crossing it is a
        // self-loop drawn on the state the arcs make.)
        let largeRounds = ink.indices.filter { k in
            ink[k].fit.map { isClosedRound($0, radius: 0.5 * (scale ?? 0)) } == true
        }
        func crossesARound(_ circle: CircleFit, besides: [Int]) -> Bool {
            var crossed = 0
            for k in largeRounds where !besides.contains(k) {
                let c = ink[k].fit!
                let d = circle.center.distance(to: c.center)
                guard d > options.ringCenterTolerance * min(circle.radius, c.radius),
                      d < Self.touchingRounds * (circle.radius + c.radius) else { continue }
                crossed += 1
                if crossed >= 2 || c.radius >= Self.bridgedRound * circle.radius { return true }
            }
            return false
        }
        // Whether the circle is concentric with a closed state at a ring's ratio: the other
        // circle of a final state, which may be drawn in two arcs with a gap.
        let closedStates = ink.indices.filter { k in
            ink[k].isState && ink[k].fit.map { isClosedRound($0) } == true
        }
        func ringsAState(_ circle: CircleFit, besides: [Int]) -> Bool {
            closedStates.contains { k in
                !besides.contains(k) && isConcentricRing(circle, ink[k].fit!)
            }
        }
        // Pairs of strokes whose ends meet (within what may join two arcs of the largest
        // state), each fitting an arc loosely, whose joint circle is of state size: the
        // arc-pair model gives each its log-odds of being one round.
        let candidates = ink.indices.filter { k in
            guard !loops.contains(k), let fit = ink[k].fit, ink[k].points.count >= 2 else {
                return false
            }
            return (fit.relativeTrimmedResidual <= Self.looseArcResidual || ink[k].isState)
                && fit.coveredAngle >= Self.looseArcCoverage
                && fit.radius >= Self.looseArcStateRatio * (scale ?? 0)
        }
        var cornered: [Int: Bool] = [:]   // `hasCorner`, for the strokes of a fitted pair
        func turnsAtCorner(_ k: Int) -> Bool {
            if let known = cornered[k] { return known }
            let found = hasCorner(ink[k].samples)
            cornered[k] = found
            return found
        }
        var pairs: [(logit: Double, a: Int, b: Int, fit: CircleFit)] = []
        var oversized: [(a: Int, b: Int, fit: CircleFit)] = []
        var records: [(Int, Int, [Double])] = []
        func logit(_ a: Int, _ b: Int, _ fit: CircleFit, ringsState: Bool) -> Double {
            let features = arcPairFeatures(a, b, fit: fit, ink: ink, kinds: kinds,
                                           scale: scale,
                                           corner: turnsAtCorner(a) || turnsAtCorner(b),
                                           crossesRound: crossesARound(fit, besides: [a, b]),
                                           ringsState: ringsState)
            if observe != nil { records.append((a, b, features.inputs)) }
            return Self.arcPairLogit(features)
        }
        for (i, a) in candidates.enumerated() {
            for b in candidates[(i + 1)...] where endsMeet(ink[a].points, ink[b].points,
                within: Self.arcEndGap * Self.largestArcState * (scale ?? .infinity)) {
                guard let fit = quickFit(ink[a].samples + ink[b].samples),
                      fit.relativeTrimmedResidual <= Self.looseArcResidual,
                      fit.radius >= Self.looseArcStateRatio * (scale ?? 0) else { continue }
                guard fit.radius <= Self.largestArcState * (scale ?? .infinity) else {
                    oversized.append((a, b, fit))
                    continue
                }
                let odds = logit(a, b, fit, ringsState: ringsAState(fit, besides: [a, b]))
                if odds >= Self.arcPairOdds { pairs.append((odds, a, b, fit)) }
            }
        }
        // Likeliest first, each stroke in one round.
        var usedArcs = Set<Int>()
        func merge(_ pairs: [(logit: Double, a: Int, b: Int, fit: CircleFit)]) {
            for pair in pairs.sorted(by: { ($0.logit, $1.a, $1.b) > ($1.logit, $0.a, $0.b) })
            where !usedArcs.contains(pair.a) && !usedArcs.contains(pair.b) {
                usedArcs.formUnion([pair.a, pair.b])
                let leader = min(pair.a, pair.b)
                owner[pair.a] = leader
                owner[pair.b] = leader
                // The arcs' ink in angle order around the joint centre: one closed round.
                merged[leader] = inAngleOrder(ink[pair.a].points + ink[pair.b].points,
                                              around: pair.fit.center)
                ink[pair.a].isState = true
                ink[pair.b].isState = true
            }
        }
        merge(pairs)
        // S is the median of the states drawn in one stroke, so the ring of a large final
        // state drawn in two arcs may be over `largestArcState`·S: such a pair is judged too
        // where its circle rings a state (one closed stroke, or two arcs just merged).
        if !oversized.isEmpty {
            let mergedRounds = merged.values.compactMap { quickFit(resampled($0, count: 32)) }
                + closedStates.map { ink[$0].fit! }
            merge(oversized.compactMap { a, b, fit in
                guard !usedArcs.contains(a), !usedArcs.contains(b),
                      mergedRounds.contains(where: { isConcentricRing(fit, $0) })
                else { return nil }
                let odds = logit(a, b, fit, ringsState: true)
                return odds >= Self.arcPairOdds ? (odds, a, b, fit) : nil
            })
        }
        observe?(records)
        // An arc in no pair may lie on a state.
        let arcs = ink.indices.filter { k in
            guard !loops.contains(k), let fit = ink[k].fit else { return false }
            return (fit.relativeTrimmedResidual <= Self.maximumArcResidual || ink[k].isState)
                && fit.coveredAngle >= Self.minimumArcCoverage
                && fit.radius >= Self.arcStateRatio * (scale ?? 0)
        }
        for a in arcs where !usedArcs.contains(a) && !ink[a].isState {
            // The state (or ring) it lies on: the two fit one circle about as large as the
            // state's own (within a fifth: the fit of an open round alone runs small).
            let host = ink.indices.compactMap {
                k -> (k: Int, residual: Double, center: Point)? in
                guard k != a, ink[k].isState, owner[k] == k, merged[k] == nil,
                      let c = ink[k].fit, !isFinalCircle(ink[a].fit!, of: c) else { return nil }
                guard let fit = quickFit(ink[k].samples + ink[a].samples),
                      fit.relativeTrimmedResidual <= Self.maximumArcResidual,
                      abs(c.radius / fit.radius - 1) <= Self.absorbedArcRadiusRatio,
                      lies(ink[a].sparse, on: fit, within: Self.absorbedArcRadiusTolerance),
                      ink[a].sparse.allSatisfy({ abs($0.distance(to: fit.center) - fit.radius)
                          <= 0.25 * fit.radius })
                else { return nil }
                return (k, fit.relativeTrimmedResidual, fit.center)
            }.min { $0.residual < $1.residual }
            // (One covering `largeAbsorbedArc` or more of that circle joins it now: no head
            // lying along the outline is that long. Measured round the joint circle, not on
            // the arc's own fit: a small curled head covers most of its own circle.)
            if let host, CircleFit.coveredAngle(ink[a].sparse, around: host.center)
                >= Self.largeAbsorbedArc {
                owner[a] = host.k
            } else if let host {
                absorbed[a] = host.k
            }
        }
        return (merged, absorbed)
    }

    /// The ink of a round drawn in several strokes in angle order round `center`: one
    /// closed round.
    func inAngleOrder(_ points: [Point], around c: Point) -> [Point] {
        points.sorted { atan2($0.y - c.y, $0.x - c.x) < atan2($1.y - c.y, $1.x - c.x) }
    }

    /// The second circles of final states that pass as no state on their own — an open C,
    /// an oval, which the classifier calls a loop or nothing: a stroke covering
    /// `minimumCircleCoverage` of a round (residual ≤ `finalCircleResidual`), concentric
    /// with a state or a round drawn in arcs (centres within `finalCircleCenter` of the
    /// smaller radius), inside it or around it, the smaller of the two at most
    /// `finalCircleRatio` of the larger and at least 1 / `maximumRingRatio` of it. Marks
    /// them as states (the assembler pairs each with its state as inner circle and ring).
    /// `mergedRounds`: the circles of the rounds drawn in arcs.
    func finalCircles(_ ink: inout [Ink], loops: Set<Int>, owner: [Int],
                      merged: [Int: [Point]], mergedRounds: [CircleFit]) -> Set<Int> {
        let rounds = ink.indices.compactMap { k -> CircleFit? in
            ink[k].isState && owner[k] == k && merged[k] == nil ? ink[k].fit : nil
        } + mergedRounds
        var found = Set<Int>()
        for k in ink.indices where owner[k] == k && merged[k] == nil && !ink[k].isState
            && !loops.contains(k) {
            guard let fit = ink[k].fit else { continue }
            if rounds.contains(where: { isFinalCircle(fit, of: $0) }) {
                found.insert(k)
                ink[k].isState = true
            }
        }
        return found
    }

    /// Whether `fit` is a round concentric with `round` as a final state's two circles are,
    /// inside it or around it (the second circle is drawn either way).
    func isFinalCircle(_ fit: CircleFit, of round: CircleFit) -> Bool {
        fit.coveredAngle >= options.minimumCircleCoverage
            && fit.relativeTrimmedResidual <= Self.finalCircleResidual
            && isConcentricRing(fit, round)
    }

    /// Whether two circles lie as a final state's two do: concentric (centres within
    /// `finalCircleCenter` of the smaller radius), the smaller `maximumRingRatio`⁻¹ to
    /// `finalCircleRatio` of the larger.
    func isConcentricRing(_ a: CircleFit, _ b: CircleFit) -> Bool {
        let small = min(a.radius, b.radius), large = max(a.radius, b.radius)
        return a.center.distance(to: b.center) <= Self.finalCircleCenter * small
            && small <= Self.finalCircleRatio * large
            && large <= options.maximumRingRatio * small
    }

    /// A circle fitted in closed form (Taubin's algebraic fit, no iterations) to evenly
    /// resampled points (`Ink.samples`, one stroke's or two arcs' together): enough to tell
    /// arcs, rounds and sizes apart, at a fraction of the cost of `CircleFit.fit` (the
    /// assembler still fits every state with it).
    func quickFit(_ p: [Point]) -> CircleFit? {
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
    func curlsSmaller(_ arc: CircleFit, than circle: CircleFit) -> Bool {
        arc.coveredAngle >= Self.ownArcCoverage && arc.radius < Self.ownArcRadius * circle.radius
    }

    /// Whether a stroke's `samples` turn by more than `arcCornerTurn` over
    /// `arcCornerWindow` samples on either side of a point, away from its first and last
    /// `arcCornerMargin` (where a pen hook or an oval's pointed end lies): a corner, as a
    /// bent arrow has and a hand-drawn round has not.
    func hasCorner(_ samples: [Point]) -> Bool {
        let w = Self.arcCornerWindow, n = samples.count
        let margin = Int(Self.arcCornerMargin * Double(n))
        guard n - margin - w > margin + w else { return false }
        return ArrowGeometry.turningAngles(samples, window: w)[(margin + w)..<(n - margin - w)]
            .contains { $0 > Self.arcCornerTurn }
    }

    /// Whether the points lie on the circle: their mean distance from its outline is at most
    /// `tolerance` of its radius.
    func lies(_ points: [Point], on circle: CircleFit, within tolerance: Double) -> Bool {
        meanDistance(of: points, from: circle) <= tolerance * circle.radius
    }

    /// The points' mean distance from the circle's outline (0 for none).
    func meanDistance(of points: [Point], from circle: CircleFit) -> Double {
        points.reduce(0) { $0 + abs($1.distance(to: circle.center) - circle.radius) }
            / Double(max(1, points.count))
    }

    /// Whether an end of `a` is within `distance` of an end of `b` (two arcs of one round
    /// meet).
    func endsMeet(_ a: [Point], _ b: [Point], within distance: Double) -> Bool {
        guard let a0 = a.first, let a1 = a.last, let b0 = b.first, let b1 = b.last else { return false }
        return [a0, a1].contains { p in min(p.distance(to: b0), p.distance(to: b1)) <= distance }
    }

    /// The median radius of the states once arcs are joined (`medianStateRadius`): strokes
    /// passing as states alone that are no loop, arc or ring, and the rounds in arcs
    /// (`mergedRounds`).
    func stateScale(_ ink: [Ink], owner: [Int], merged: [Int: [Point]],
                    mergedRounds: [CircleFit], loops: Set<Int>, finalCircles: Set<Int>)
        -> Double? {
        let alone = ink.indices.compactMap { k -> Double? in
            guard ink[k].isState, owner[k] == k, merged[k] == nil, !loops.contains(k),
                  !finalCircles.contains(k) else { return nil }
            return ink[k].fit?.radius
        }
        return Self.medianStateRadius(alone + mergedRounds.map(\.radius))
    }

    /// The median of the radii of states, those under `tinyCircleRatio` of the largest (dots,
    /// letters) left out; nil if there are none: the drawing's S.
    static func medianStateRadius(_ radii: [Double]) -> Double? {
        let largest = radii.max() ?? 0
        let states = radii.filter { $0 >= tinyCircleRatio * largest }.sorted()
        return states.isEmpty ? nil : states[states.count / 2]
    }
}
