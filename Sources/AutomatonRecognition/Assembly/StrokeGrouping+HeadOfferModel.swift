// StrokeGrouping: the head-offer model — how likely an offer of a stroke as a head of a shaft
// is right, from the offer's geometry. It withdraws unlikely offers, orders the dealing,
// costs the exchange of heads and picks the end a shaft with heads at both ends points to.

import Foundation

extension StrokeGrouping {
    /// The measurements of one offer the model reads, each relative (so it holds at any
    /// scale): where the head lies at the shaft's end, what it looks like, how large it is
    /// beside the shaft and the drawing's states, what else the head stroke could be, and
    /// how the offer compares with the head stroke's other offers.
    struct OfferFeatures {
        var gap: Double           // head's nearest ink to the end / head extent
        var lateral: Double       // head centre off the shaft's line / head extent
        var along: Double         // head centre beyond the end / head extent
        var turned: Double        // `turned`: a V pointing away from the shaft's way out
        var isVee: Bool
        var ofShaft: Double       // head extent / shaft extent
        var ofState: Double       // head extent / S
        var shaftOfState: Double  // shaft extent / S
        var apex: Double          // the ink farthest off the head's chord, to the end / extent
        var barbOnly: Bool        // offered only as a barb (`barbLateral`)
        var penStart: Bool        // at the pen's first end of the shaft
        var hooked: Bool          // at the corner before a barb drawn with the shaft
        var headIsShaft: Bool     // the head stroke is a shaft candidate itself
        var headHasOffers: Bool   // ... and is offered heads of its own
        var wholeArrow: Bool      // the head stroke measures as a whole arrow alone
        var chordAlong = 0.0      // |cos| of the head's chord (first to last point) to the way out
        var straddle = 0.0        // −(product of the head's two ends' offsets from the shaft's
                                  // line) / extent²: > 0 when they lie on both sides of it
        var behind = 0.0          // share of the head's ink behind the end
        var reach = 0.0           // the head's end farther off the shaft's line / extent
        var toShaft = 0.0         // head's nearest ink to any of the shaft's / head extent
        // Beside the head stroke's other offers (0, 0, 1, 0 when it has no other):
        var gapOverBest = 0.0     // gap − the least gap of its offers
        var lateralOverBest = 0.0 // lateral − the least lateral of its offers
        var offersOfHead = 1      // how many offers the head stroke has
        var shaftUnderLongest = 0.0 // shaftOfState − the largest of its offers'

        /// Gap, lateral offset and the shaft's size as the model reads them: clamped as
        /// when it was fitted (the comparisons between a head stroke's offers use these).
        var clamped: (gap: Double, lateral: Double, shaftOfState: Double) {
            (min(gap, 3), min(lateral, 3), min(shaftOfState, 10))
        }

        /// The model's inputs, clamped as when it was fitted.
        var inputs: [Double] {
            let (gap, lateral, shaftOfState) = clamped
            return [gap, lateral, along, turned, isVee ? 1 : 0, ofShaft, min(ofState, 3),
                    shaftOfState, min(apex, 3), barbOnly ? 1 : 0, penStart ? 1 : 0,
                    hooked ? 1 : 0, headIsShaft ? 1 : 0, headHasOffers ? 1 : 0,
                    wholeArrow ? 1 : 0, gap * gap, lateral * lateral, along * along,
                    chordAlong, min(max(straddle, -1), 1), behind, min(reach, 3),
                    min(toShaft, 3), gapOverBest, lateralOverBest,
                    Double(min(offersOfHead, 4)), shaftUnderLongest]
        }
    }

    /// `offers`, each ranked by the model (`rank`: − its log-odds; `features`: theirs),
    /// less those the model finds more than `offerLogitMargin` log-odds less likely than
    /// the best offer of the same head stroke — unless it is the likeliest offer its shaft
    /// has (a shaft left with no head is likelier wrong than an unlikely offer) — and those
    /// at a whole arrow's ends under `wholeArrowOdds` (its own barbs make it an arrow
    /// already: a stray or another arrow's head lies at many a tail, a loop at many a tip),
    /// or, for a curl (`curls`: a stroke the classifier calls a loop, or a self-loop
    /// candidate), under `wholeArrowCurlOdds` (a self-loop lies beside many an arrow's tail
    /// on the state it leaves).
    func ranked(_ offers: [Offer], features: [OfferFeatures], shafts: Shafts,
                curls: Set<Int> = []) -> [Offer] {
        var best: [Int: Double] = [:]   // head → its likeliest offer's rank
        var shaftBest: [Int: Double] = [:]   // shaft → its likeliest offer's rank
        let ranked = zip(offers, features).map { offer, features in
            var ranked = offer
            ranked.rank = -Self.headOfferLogit(features)
            best[offer.head] = min(best[offer.head] ?? .infinity, ranked.rank)
            shaftBest[offer.shaft] = min(shaftBest[offer.shaft] ?? .infinity, ranked.rank)
            return ranked
        }
        return ranked.filter {
            let whole = curls.contains($0.head) ? Self.wholeArrowCurlOdds : Self.wholeArrowOdds
            return ($0.rank <= best[$0.head]! + Self.offerLogitMargin
                    || $0.rank == shaftBest[$0.shaft]!)
                && (!shafts.wholeArrows.contains($0.shaft) || -$0.rank >= whole)
        }
    }

    /// The log-odds that an offer is right: a network of one hidden layer of rectified
    /// units over `OfferFeatures.inputs` (`HeadOfferWeights`).
    static func headOfferLogit(_ features: OfferFeatures) -> Double {
        HeadOfferWeights.network.logit(features.inputs)
    }

    /// The measurements of each offer, the comparisons with the head stroke's other
    /// offers included.
    func offerFeatures(_ offers: [Offer], ink: [Ink], shafts: Shafts,
                       scale: Double?) -> [OfferFeatures] {
        let offered = Set(offers.map(\.shaft))
        var features = offers.map { offerFeatures($0, offered: offered, ink: ink, shafts: shafts,
                                                  scale: scale) }
        for indices in Dictionary(grouping: offers.indices, by: { offers[$0].head }).values {
            let clamped = indices.map { features[$0].clamped }
            let leastGap = clamped.map(\.gap).min()!, leastLateral = clamped.map(\.lateral).min()!
            let longest = clamped.map(\.shaftOfState).max()!
            for (k, i) in indices.enumerated() {
                features[i].gapOverBest = clamped[k].gap - leastGap
                features[i].lateralOverBest = clamped[k].lateral - leastLateral
                features[i].offersOfHead = indices.count
                features[i].shaftUnderLongest = clamped[k].shaftOfState - longest
            }
        }
        return features
    }

    /// The measurements of `offer` on its own (`offered`: the shafts offered a head).
    func offerFeatures(_ offer: Offer, offered: Set<Int>, ink: [Ink], shafts: Shafts,
                       scale: Double?) -> OfferFeatures {
        let end = shafts.ends[offer.shaft]![offer.end]
        let head = ink[offer.head]
        let size = head.extent
        let center = centroid(head.sparse)
        var apex = 0.0
        var chordAlong = 1.0, straddle = 0.0, reach = 0.0
        if let first = head.points.first, let last = head.points.last {
            if let chord = (last - first).normalized {
                chordAlong = abs(chord.dot(end.outward))
                if let far = head.sparse.max(by: {
                    abs(($0 - first).cross(chord)) < abs(($1 - first).cross(chord)) }) {
                    apex = far.distance(to: end.point) / size
                }
            }
            let offsets = [first, last].map { ($0 - end.point).cross(end.outward) / size }
            straddle = -offsets[0] * offsets[1]
            reach = max(abs(offsets[0]), abs(offsets[1]))
        }
        let behind = head.sparse.filter { ($0 - end.point).dot(end.outward) < 0 }.count
        return OfferFeatures(
            gap: (end.gap(to: head.sparse) ?? 0) / size,
            lateral: end.lateral(of: center) / size,
            along: end.along(of: center) / size,
            turned: turned(head, at: end), isVee: isVee(head),
            ofShaft: size / ink[offer.shaft].extent,
            ofState: size / (scale ?? size),
            shaftOfState: ink[offer.shaft].extent / (scale ?? size),
            apex: apex, barbOnly: offer.score >= Self.barbOnlyRank, penStart: end.side == 0,
            // (A whole arrow counts as no shaft here, as when the model was fitted.)
            hooked: end.hooked != nil,
            headIsShaft: shafts.ends[offer.head] != nil && !shafts.wholeArrows.contains(offer.head),
            headHasOffers: offered.contains(offer.head) && !shafts.wholeArrows.contains(offer.head),
            wholeArrow: shafts.wholeArrows.contains(offer.head),
            chordAlong: chordAlong, straddle: straddle,
            behind: Double(behind) / Double(max(1, head.sparse.count)), reach: reach,
            toShaft: nearestDistance(head.sparse, ink[offer.shaft].sparse) / size)
    }
}

/// One head offer as the head-offer model reads it (`Assembler.headOffers`).
public struct HeadOfferRecord: Sendable, Equatable {
    /// Input stroke indices of the head and of the shaft it is offered to.
    public var head: Int
    public var shaft: Int
    /// The shaft's end it lies at: 0 the pen's first, 1 its last.
    public var shaftEnd: Int
    /// `StrokeGrouping.OfferFeatures.inputs`: what the model's weights multiply.
    public var inputs: [Double]
}

extension Assembler {
    /// Every place a stroke may lie as a head of a shaft, with what the head-offer model
    /// reads of it, as the first grouping of `assemble` sees them: the data the model is
    /// fitted on (`Lab/Sources/grouping-features`, `Lab/scripts/fit-grouping-models`).
    public func headOffers(_ strokes: [ClassifiedStroke]) -> [HeadOfferRecord] {
        var records: [HeadOfferRecord] = []
        _ = StrokeGrouping(options: options).group(
            takingTentativeStates(strokes.sorted { $0.index < $1.index }),
            observe: { records = $0 })
        return records
    }
}
