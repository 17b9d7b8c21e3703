// StrokeGrouping: the arc-pair model — how likely two strokes are one round (a state or a
// final state's other circle) drawn in two arcs, from their joint fit and how they share it.

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// The measurements of a pair of arcs the model reads, each relative to their joint
    /// circle (so it holds at any scale): how well they fit it together and each, how they
    /// share it between them, how their ends meet, and what else either could be.
    struct ArcPairFeatures {
        var residual: Double        // the joint fit's trimmed residual / its radius
        var ownResidual: Double     // the larger of the arcs' own
        var union: Double           // share of the circle's sectors the two cover together
        var smallerCover: Double    // ... the smaller arc covers
        var largerCover: Double     // ... the larger arc covers
        var shared: Double          // sectors both cover / the smaller arc's
        var separation: Double      // across the shared sectors, how far apart they lie / radius
        var endGap: Double          // the nearest two ends, one of each / radius
        var endOnInk: Double        // an end of one nearest the other's ink / radius
        var ofState: Double         // joint radius / S
        var smallerRadius: Double   // the smaller arc's own radius / joint radius
        var largerRadius: Double    // the larger arc's own radius / joint radius
        var offOutline: Double      // the arcs' larger mean distance off the outline / radius
        var corner: Bool            // either turns at a corner (`hasCorner`)
        var curls: Bool             // either curls round on itself, smaller (`curlsSmaller`)
        var crossesRound: Bool      // the circle crosses a closed round (`crossesARound`)
        var ringsState: Bool        // the circle rings a closed state (`ringsAState`)
        var closedRounds: Int       // how many of the two are closed rounds alone
        var states: Int             // how many pass as a state alone
        var circles: Int            // how many the classifier calls a circle
        var loops: Int              // ... a loop
        var arrows: Int             // ... an arrow

        /// The model's inputs, clamped as when it was fitted.
        var inputs: [Double] {
            [min(residual, 0.5), min(ownResidual, 0.5), union, smallerCover, largerCover, shared,
             min(separation, 1), min(endGap, 2), min(endOnInk, 2), min(ofState, 3),
             min(smallerRadius, 2), min(largerRadius, 2), min(offOutline, 1),
             corner ? 1 : 0, curls ? 1 : 0, crossesRound ? 1 : 0, ringsState ? 1 : 0,
             Double(closedRounds), Double(states), Double(circles), Double(loops), Double(arrows)]
        }
    }

    /// The measurements of arcs `a` and `b` on their joint circle `fit` (`corner`,
    /// `crossesRound`, `ringsState`: as measured by the caller).
    func arcPairFeatures(_ a: Int, _ b: Int, fit: CircleFit, ink: [Ink],
                         kinds: [ClassifiedStroke.Kind?], scale: Double?, corner: Bool,
                         crossesRound: Bool, ringsState: Bool) -> ArcPairFeatures {
        let first = sectors(ink[a].sparse, around: fit.center)
        let second = sectors(ink[b].sparse, around: fit.center)
        let small = min(first.nonzeroBitCount, second.nonzeroBitCount)
        let large = max(first.nonzeroBitCount, second.nonzeroBitCount)
        let n = Double(Self.angleBins)
        func ends(_ k: Int) -> [Point] { [ink[k].points.first!, ink[k].points.last!] }
        let endGap = ends(a).flatMap { p in ends(b).map { p.distance(to: $0) } }.min()!
        let endOnInk = min(ends(a).map { nearestDistance([$0], ink[b].sparse) }.min()!,
                           ends(b).map { nearestDistance([$0], ink[a].sparse) }.min()!)
        let pair = [a, b]
        return ArcPairFeatures(
            residual: fit.relativeTrimmedResidual,
            ownResidual: pair.map { ink[$0].fit!.relativeTrimmedResidual }.max()!,
            union: Double((first | second).nonzeroBitCount) / n,
            smallerCover: Double(small) / n, largerCover: Double(large) / n,
            shared: Double((first & second).nonzeroBitCount) / Double(max(1, small)),
            separation: radialSeparation(ink[a].sparse, ink[b].sparse, around: fit),
            endGap: endGap / fit.radius, endOnInk: endOnInk / fit.radius,
            ofState: fit.radius / (scale ?? fit.radius),
            smallerRadius: pair.map { ink[$0].fit!.radius }.min()! / fit.radius,
            largerRadius: pair.map { ink[$0].fit!.radius }.max()! / fit.radius,
            offOutline: pair.map { meanDistance(of: ink[$0].sparse, from: fit) }.max()! / fit.radius,
            corner: corner,
            curls: pair.contains { curlsSmaller(ink[$0].fit!, than: fit) },
            crossesRound: crossesRound, ringsState: ringsState,
            closedRounds: pair.filter { isClosedRound(ink[$0].fit!) }.count,
            states: pair.filter { ink[$0].isState }.count,
            circles: pair.filter { kinds[$0] == .circle }.count,
            loops: pair.filter { kinds[$0] == .cycle }.count,
            arrows: pair.filter { kinds[$0] == .arrow }.count)
    }

    /// The sectors (of `angleBins` round `center`, bit k for sector k) a stroke's ink passes
    /// through: each segment's ends and middle.
    func sectors(_ points: [Point], around center: Point) -> UInt64 {
        var bins: UInt64 = 0
        for (p, q) in zip(points, points.dropFirst()) {
            for t in [0.0, 0.5, 1.0] {
                bins |= 1 << UInt64(sector(of: p + t * (q - p), around: center))
            }
        }
        return bins
    }

    /// The sector (of `angleBins`) of `p` round `center`.
    func sector(of p: Point, around center: Point) -> Int {
        let angle = atan2(p.y - center.y, p.x - center.x) + .pi
        return min(Self.angleBins - 1, Int(angle / (2 * .pi) * Double(Self.angleBins)))
    }

    /// How far apart two arcs lie across the sectors they share round `circle`: the median,
    /// over those sectors, of the difference of their median distances from its centre,
    /// over its radius (1 if they share none). A round drawn on past its start lies on
    /// itself; a final state's two circles lie a fifth or more of the radius apart.
    func radialSeparation(_ a: [Point], _ b: [Point], around circle: CircleFit) -> Double {
        func distances(_ points: [Point]) -> [[Double]] {
            var bins = [[Double]](repeating: [], count: Self.angleBins)
            for p in points {
                bins[sector(of: p, around: circle.center)].append(p.distance(to: circle.center))
            }
            return bins
        }
        let first = distances(a), second = distances(b)
        let gaps = zip(first, second).compactMap { d, e in
            d.isEmpty || e.isEmpty ? nil : abs(median(d) - median(e)) / circle.radius
        }
        return gaps.isEmpty ? 1 : median(gaps)
    }

    /// The log-odds that two arcs are one round: a network of one hidden layer of rectified
    /// units over `ArcPairFeatures.inputs` (`ArcPairWeights`).
    static func arcPairLogit(_ features: ArcPairFeatures) -> Double {
        ArcPairWeights.network.logit(features.inputs)
    }
}

/// A pair of arcs as the arc-pair model reads it (`Assembler.arcPairs`).
public struct ArcPairRecord: Sendable, Equatable {
    /// Input stroke indices of the two arcs.
    public var first: Int
    public var second: Int
    /// `StrokeGrouping.ArcPairFeatures.inputs`: what the model's weights multiply.
    public var inputs: [Double]
}

extension Assembler {
    /// Every pair of strokes that may be one round drawn in two arcs, with what the
    /// arc-pair model reads of it, as the first grouping of `assemble` sees them: the data
    /// the model is fitted on (`Lab/Sources/grouping-features --arcs`,
    /// `Lab/scripts/fit-grouping-models`).
    public func arcPairs(_ strokes: [ClassifiedStroke]) -> [ArcPairRecord] {
        var records: [ArcPairRecord] = []
        _ = StrokeGrouping(options: options).group(
            takingTentativeStates(strokes.sorted { $0.index < $1.index }),
            observeArcs: { records = $0 })
        return records
    }
}
