import Foundation
import DrawingClassifier
import StrokeFormats

// Assembler: rounds that arrows end at are states, whatever the classifier made of them.

extension Assembler {
    /// Rounds left out of the automaton where an arrow ends: states.
    ///
    /// An arrow joins states, and an initial arrow starts in empty space. So where a drawn
    /// arrow ends reaching no state — a transition's dangling end, an initial arrow's start,
    /// an arrow rejected as reaching no state — a round lying there is more likely a state
    /// that the classifier or the grouping missed (a lumpy round called `other`, two arcs
    /// with wide gaps taken as a curl and its head, arcs taken as that arrow's head) than
    /// ink that means nothing. The pieces such a round is made of are rejected groups and
    /// the head strokes of an arrow with an end reaching no state; one piece, or two whose
    /// ends meet (within `arcEndGap` of the radius, or `wideArcGap` where their ink covers
    /// `wideGapCoverage` round the circle: an open round in two arcs), is a state when
    /// their ink fits one circle (trimmed residual ≤ `contextCircleResidual`, covering
    /// `arrowEndStateCoverage`), from `arrowEndStateSize` to `largestArcState` times the
    /// median state radius, crossing no state's outline, and another arrow's end lies
    /// within `arrowReach` reach radii of its outline. Where the ends of two arrows or more
    /// lie there, one piece may be as lumpy as a stroke the classifier calls a circle
    /// (`maximumCircleResidual`): two arrows are evidence enough. (Two pieces that lumpy may
    /// be two bowed arrows' lens.) Those taking fewer head strokes first, then best fits
    /// first, none overlapping.
    /// Returns each such round's positions in `sorted` (none: no change).
    func statesAtArrowEnds(_ assembly: Assembly, groups: [StrokeGrouping.Group],
                           sorted: [ClassifiedStroke]) -> [[Int]] {
        let states = assembly.automaton.states
        guard !states.isEmpty else { return [] }
        let radii = states.map(\.radius).sorted()
        let median = radii[radii.count / 2]

        // Arrow ends that reach no state, with their arrow's shaft (a position in `sorted`),
        // and the pieces a round may be made of: rejected groups whole, and each head
        // stroke of an arrow with such an end (the arcs of a state an arrow took as its head).
        var ends: [(shaft: Int, point: Point)] = []
        var units: [[Int]] = []
        var headPieces = Set<Int>()
        for (position, element) in assembly.elements.enumerated() {
            let group = groups[position]
            let shaft = group.shaft ?? group.members[0]
            var dangling: [Point] = []
            switch element.role {
            case let .transition(arrow, from, to):
                if from == nil { dangling.append(arrow.start) }
                if to == nil { dangling.append(arrow.tip) }
            case let .initial(arrow, _):
                dangling.append(arrow.start)
            case .rejected:
                units.append(group.members)
                if group.item.kind == .arrow, let first = group.item.stroke.points.first,
                   let last = group.item.stroke.points.last {
                    dangling += [first, last]
                }
            default: break
            }
            ends += dangling.map { (shaft, $0) }
            if !dangling.isEmpty, group.shaft != nil {
                let head = group.members.filter { $0 != shaft }
                units += head.map { [$0] }
                headPieces.formUnion(head)
            }
        }
        guard !ends.isEmpty, !units.isEmpty else { return [] }

        // Each stroke's finite ink, its ends and its box, measured once.
        let grouping = StrokeGrouping(options: options)
        var inkOf: [Int: (points: [Point], ends: [Point], box: StrokeGrouping.Box)] = [:]
        for k in Set(units.joined()) {
            let points = sorted[k].stroke.points.filter(\.isFinite)
            guard let first = points.first, let last = points.last else { continue }
            inkOf[k] = (points, [first, last], StrokeGrouping.Box(points))
        }
        let smallest = options.arrowEndStateSize * median
        let largest = StrokeGrouping.largestArcState * median

        /// The circle the ink of `members` fits, when it passes as a state there. (Cheap
        /// tests first: a round covering 200° is nearly twice its radius across, and an end
        /// that reaches it lies within its box widened by its size; a closed-form fit.)
        func round(_ members: [Int]) -> CircleFit? {
            let parts = members.compactMap { inkOf[$0] }
            guard parts.count == members.count else { return nil }
            let box = StrokeGrouping.Box(parts.flatMap { [$0.box.low, $0.box.high] })
            let across = max(box.high.x - box.low.x, box.high.y - box.low.y)
            guard across >= 1.8 * smallest, across <= 2.5 * largest else { return nil }
            let margin = across + median
            let near = ends.filter { end in
                !members.contains(end.shaft)
                    && StrokeGrouping.Box([end.point]).meets(box, within: margin)
            }
            guard !near.isEmpty else { return nil }
            let points = parts.flatMap(\.points)
            guard points.count >= 3,
                  let quick = grouping.quickFit(parts.flatMap { resampled($0.points, count: 32) }),
                  quick.relativeTrimmedResidual <= 1.5 * options.maximumCircleResidual,
                  quick.radius >= 0.8 * smallest, quick.radius <= 1.2 * largest,
                  quick.coveredAngle >= 0.8 * options.arrowEndStateCoverage,
                  near.contains(where: { end in
                      end.point.distance(to: quick.center) - quick.radius
                          <= 1.5 * options.arrowReach * max(quick.radius, median)
                  })
            else { return nil }
            // (Several strokes: their ink in angle order round the rough circle.)
            let ordered = parts.count == 1 ? points
                : grouping.inAngleOrder(points, around: quick.center)
            guard case let .success(fit) = CircleFit.fit(
                    resampled(ordered, count: options.circleSamples)),
                  fit.relativeTrimmedResidual <= options.maximumCircleResidual,
                  fit.coveredAngle >= options.arrowEndStateCoverage,
                  fit.radius >= smallest, fit.radius <= largest,
                  !states.contains(where: { s in
                      let d = s.center.distance(to: fit.center)
                      return d < s.radius + fit.radius
                          && d > options.ringCenterTolerance * min(s.radius, fit.radius)
                  })
            else { return nil }
            let reach = max(fit.radius, options.reachRadiusFloor * median)
            let arrows = Set(near.filter { end in
                end.point.distance(to: fit.center) - fit.radius <= options.arrowReach * reach
            }.map(\.shaft))   // (the arrows whose ends reach it)
            guard !arrows.isEmpty,
                  fit.relativeTrimmedResidual <= options.contextCircleResidual
                    || (arrows.count >= 2 && members.count == 1) else { return nil }
            return fit
        }

        /// How much of a circle round `center` the ink of `members` covers (its own points:
        /// the fit's samples run across the gaps between pieces).
        func covered(_ members: [Int], around center: Point) -> Double {
            CircleFit.coveredAngle(members.flatMap { inkOf[$0]?.points ?? [] }, around: center)
        }

        var found: [(members: [Int], fit: CircleFit)] = []
        let unitEnds = units.map { unit in unit.flatMap { inkOf[$0]?.ends ?? [] } }
        for (i, a) in units.enumerated() {
            if let fit = round(a) { found.append((a, fit)) }
            for j in (i + 1)..<units.count {
                var gap = Double.infinity
                for p in unitEnds[i] { for q in unitEnds[j] { gap = min(gap, p.distance(to: q)) } }
                let b = units[j]
                guard gap <= StrokeGrouping.arcEndGap * largest,
                      !a.contains(where: b.contains), let fit = round(a + b),
                      gap <= StrokeGrouping.arcEndGap * fit.radius
                        || (gap <= options.wideArcGap * fit.radius
                            && covered(a + b, around: fit.center) >= options.wideGapCoverage)
                else { continue }
                found.append((a + b, fit))
            }
        }
        // Rounds taking fewer head strokes first (an arrow keeps its head where rejected
        // ink closes the round as well), then best fits; a stroke is taken once, and the
        // new states do not overlap.
        func rank(_ f: (members: [Int], fit: CircleFit)) -> (Int, Double) {
            (f.members.filter(headPieces.contains).count, f.fit.relativeTrimmedResidual)
        }
        var taken = Set<Int>()
        var made: [(members: [Int], fit: CircleFit)] = []
        for f in found.sorted(by: { rank($0) < rank($1) })
        where taken.isDisjoint(with: f.members) && !made.contains(where: { m in
            m.fit.center.distance(to: f.fit.center) < m.fit.radius + f.fit.radius
        }) {
            taken.formUnion(f.members)
            made.append(f)
        }
        return made.map { $0.members.sorted() }
    }
}
