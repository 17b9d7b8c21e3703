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
    /// ends meet (within `arcEndGap` of the radius), is a state when their ink fits one
    /// circle (trimmed residual ≤ `contextCircleResidual`, covering
    /// `arrowEndStateCoverage`), from `arrowEndStateSize` to `largestArcState` times the
    /// median state radius, crossing no state's outline, and another arrow's end lies
    /// within `arrowReach` reach radii of its outline. Those taking fewer head strokes
    /// first, then best fits first, none overlapping.
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

        /// The circle the ink of `members` fits, when it passes as a state there.
        func round(_ members: [Int]) -> CircleFit? {
            let points = members.flatMap { sorted[$0].stroke.points }.filter(\.isFinite)
            guard points.count >= 3, case let .success(rough) = CircleFit.fit(
                resampled(points, count: options.circleSamples)) else { return nil }
            let c = rough.center
            let ordered = points.sorted {
                atan2($0.y - c.y, $0.x - c.x) < atan2($1.y - c.y, $1.x - c.x)
            }
            guard case let .success(fit) = CircleFit.fit(
                    resampled(ordered, count: options.circleSamples)),
                  fit.relativeTrimmedResidual <= options.contextCircleResidual,
                  fit.coveredAngle >= options.arrowEndStateCoverage,
                  fit.radius >= options.arrowEndStateSize * median,
                  fit.radius <= StrokeGrouping.largestArcState * median,
                  !states.contains(where: { s in
                      let d = s.center.distance(to: fit.center)
                      return d < s.radius + fit.radius
                          && d > options.ringCenterTolerance * min(s.radius, fit.radius)
                  })
            else { return nil }
            let reach = max(fit.radius, options.reachRadiusFloor * median)
            guard ends.contains(where: { end in
                !members.contains(end.shaft)
                    && end.point.distance(to: fit.center) - fit.radius <= options.arrowReach * reach
            }) else { return nil }
            return fit
        }

        var found: [(members: [Int], fit: CircleFit)] = []
        for (i, a) in units.enumerated() {
            if let fit = round(a) { found.append((a, fit)) }
            let inkA = a.flatMap { sorted[$0].stroke.points }
            for b in units[(i + 1)...] {
                let inkB = b.flatMap { sorted[$0].stroke.points }
                guard let fa = inkA.first, let la = inkA.last, let fb = inkB.first,
                      let lb = inkB.last else { continue }
                let gap = min(fa.distance(to: fb), fa.distance(to: lb), la.distance(to: fb),
                              la.distance(to: lb))
                guard gap <= StrokeGrouping.arcEndGap * StrokeGrouping.largestArcState * median,
                      let fit = round(a + b),
                      gap <= StrokeGrouping.arcEndGap * fit.radius else { continue }
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
