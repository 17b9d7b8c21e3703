// Assembler: the role of an arrow or a curl among the states — which states its ends
// reach, whether it is a transition, an initial arrow, a self-loop or rejected.

import Foundation
import DrawingClassifier
import StrokeFormats

extension Assembler {
    /// Why an arrow with no source whose shaft lies along or inside the state it reaches is
    /// rejected (`headPiecesPairedAsArrows` looks for it).
    static let alongTheStateReached = "a stroke lying along or inside the state it reaches,"
        + " not an initial arrow (a piece of that state or of a head?)"

    /// Distance of `point` outside draft `d`'s boundary (negative inside), in reach radii.
    func relativeGap(_ point: Point, _ d: StateDraft,
                     _ reachRadius: (StateDraft) -> Double) -> Double {
        (point.distance(to: d.circle.center) - d.boundary) / reachRadius(d)
    }

    /// States an arrow end can attach to, best first (most inside / nearest the boundary):
    /// within `reach` reach radii outside. `heading` is the unit direction the arrow
    /// travels out of that end (forwards at the tip, backwards at the start): beyond
    /// `reach` an end still attaches, up to `aimedArrowReach`, to a state lying ahead of it.
    func endCandidates(_ point: Point, heading: Point, reach: Double,
                       _ drafts: [StateDraft],
                       _ reachRadius: (StateDraft) -> Double) -> [Int] {
        drafts.indices
            .map { ($0, relativeGap(point, drafts[$0], reachRadius)) }
            .filter { k, gap in
                if gap <= reach { return true }
                guard gap <= options.aimedArrowReach,
                      let toCenter = (drafts[k].circle.center - point).normalized
                else { return false }
                return toCenter.dot(heading) >= cos(options.aimAngle)
            }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0)
    }

    /// Unit direction out of the shaft's end: from the point a quarter of the shaft back.
    func heading(_ shaft: [Point], atEnd: Bool) -> Point {
        let ordered = atEnd ? shaft : shaft.reversed()
        let end = ordered[ordered.count - 1]
        let back = ordered[(3 * (ordered.count - 1)) / 4]
        return (end - back).normalized ?? Point(x: 0, y: 0)
    }

    /// `measured`: the arrow of a grouped shaft and head (else `stroke` is measured).
    func arrowRole(_ stroke: Stroke, measured: ArrowGeometry? = nil,
                   drafts: inout [StateDraft],
                   reachRadius: (StateDraft) -> Double,
                   marksInitial: Bool = true) -> Element.Role {
        let arrow: ArrowGeometry
        switch measured.map({ .success($0) }) ?? ArrowGeometry.measure(stroke.points) {
        case let .success(a): arrow = a
        case let .failure(failure): return .rejected(reason: "not an arrow: \(failure)")
        }
        let starts = endCandidates(arrow.start, heading: heading(arrow.shaft, atEnd: false),
                                   reach: options.arrowReach, drafts, reachRadius)
        var tips = endCandidates(arrow.tip, heading: heading(arrow.shaft, atEnd: true),
                                 reach: options.arrowReach, drafts, reachRadius)
        // (A tip reaching no state, with a head, of an arrow leaving a state, reaches
        // farther, to another state: the head says it points at something.)
        if tips.isEmpty, !arrow.head.isEmpty, let start = starts.first {
            tips = endCandidates(arrow.tip, heading: heading(arrow.shaft, atEnd: true),
                                 reach: options.headedArrowReach, drafts, reachRadius)
                .filter { $0 != start }
        }
        var from = starts.first, to = tips.first
        if let f = from, let t = to, f == t {
            // Both ends at one state: a self-loop drawn as an arrow, or an initial arrow
            // (or a transition) whose start merely lies near its target.
            let startGap = relativeGap(arrow.start, drafts[f], reachRadius)
            let tipGap = relativeGap(arrow.tip, drafts[f], reachRadius)
            let swing = arrow.shaft.map { relativeGap($0, drafts[f], reachRadius) }.max() ?? 0
            if abs(startGap) <= options.selfLoopEndGap, abs(tipGap) <= options.selfLoopEndGap,
               swing >= options.selfLoopSwing {
                // keep from == to
            } else if max(startGap, tipGap) <= options.selfLoopEndGap,
                      min(startGap, tipGap) >= -options.selfLoopInsideEnd,
                      swing >= options.selfLoopWideSwing {
                // (a loop whose head, drawn on its own, reaches into the state)
            } else if startGap >= tipGap {
                from = starts.dropFirst().first
            } else if let other = tips.dropFirst().first {
                to = other
            } else {
                from = starts.dropFirst().first
            }
        }
        if from == nil, let t = to {
            // A short stroke with no head of its own, and none drawn separately, is no
            // initial arrow: a barb whose shaft was not found, a tick beside a state; nor,
            // head or no head, is a tiny one.
            let size = boundingDiagonal(stroke.points), radius = reachRadius(drafts[t])
            if measured == nil, size < options.headlessInitialSize * radius,
               arrow.drawnBarbs == 0 || size < options.smallestInitialSize * radius {
                return .rejected(reason: (arrow.drawnBarbs == 0
                    ? "a short stroke with no head" : "a stroke too small for an arrow")
                    + " beside a state (a barb whose shaft was not found?), not an initial arrow")
            }
            // (Nor is a stroke lying along or inside the state it reaches.)
            let gaps = arrow.shaft.map { relativeGap($0, drafts[t], reachRadius) }.sorted()
            if !gaps.isEmpty, gaps[gaps.count / 2] < options.initialOutside {
                return .rejected(reason: Self.alongTheStateReached)
            }
            if marksInitial { drafts[t].initial = true }
            return .initial(arrow, to: drafts[t].id)
        }
        if from == nil, to == nil, !drafts.isEmpty {
            // Between no states at all: a word written in one stroke, a scribble — nothing to
            // carry a label or to dangle from.
            return .rejected(reason: "an arrow that reaches no state")
        }
        return .transition(arrow, from: from.map { drafts[$0].id }, to: to.map { drafts[$0].id })
    }

    /// The self-loop a curl makes on the state its ink comes nearest; nil when one of its
    /// ends lies more than `loopEndReach` from that state's boundary (no loop); rejected when
    /// its nearest ink lies more than `selfLoopTouch` of its size from the boundary (a letter
    /// written beside the state), or its ink swings out less than `selfLoopSwing` beyond
    /// it, or half its ink lies less than `selfLoopMiddle` of its size outside (a piece of
    /// the state's own outline, or of a head lying along it).
    func loopRole(_ stroke: Stroke, drafts: [StateDraft],
                  reachRadius: (StateDraft) -> Double) -> Element.Role? {
        let points = stroke.points.filter(\.isFinite)
        guard !points.isEmpty else {
            return .rejected(reason: "self-loop stroke has no finite points")
        }
        let best = drafts.indices.map { k -> (Int, Double) in
            let gaps = points.map { abs(relativeGap($0, drafts[k], reachRadius)) }
            return (k, gaps.min() ?? .infinity)
        }
        .filter { $0.1 <= options.loopReach }
        .min { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let (k, _) = best else { return .rejected(reason: "self-loop with no state nearby") }
        // (Measured in the state's reach radii, and against the curl's own size: a
        // self-loop may be small beside its state.)
        let along = points.map { relativeGap($0, drafts[k], reachRadius) }
        guard abs(along[0]) <= options.loopEndReach,
              abs(along[along.count - 1]) <= options.loopEndReach else { return nil }
        let gaps = along.sorted()
        let reach = reachRadius(drafts[k]), size = max(boundingDiagonal(points), 1e-9)
        guard gaps[0] * reach <= options.selfLoopTouch * size else {
            return .rejected(reason: "a small curl beside a state that does not touch it (a "
                + "self-loop comes within \(Self.percent(options.selfLoopTouch)) of its size of "
                + "the outline, this one \(Self.percent(gaps[0] * reach / size))): a letter?")
        }
        let swing = gaps[gaps.count - 1], middle = gaps[gaps.count / 2] * reach
        guard swing >= options.selfLoopSwing, middle >= options.selfLoopMiddle * size else {
            return .rejected(reason: "a curl lying along a state's outline (a self-loop swings "
                + "out \(Self.percent(options.selfLoopSwing)) of the radius or more and half "
                + "its ink lies \(Self.percent(options.selfLoopMiddle)) of its size or more "
                + "outside; this one \(Self.percent(max(swing, 0))) and "
                + "\(Self.percent(max(middle, 0) / size)))")
        }
        switch LoopGeometry.attach(points, toStateAt: drafts[k].circle.center,
                                   radius: drafts[k].boundary) {
        case let .success(loop): return .cycle(state: drafts[k].id, loop: loop)
        case let .failure(failure): return .rejected(reason: "not a self-loop: \(failure)")
        }
    }
}
