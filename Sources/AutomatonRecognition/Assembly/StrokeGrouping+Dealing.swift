// StrokeGrouping: dealing — which shaft each offered head goes to: best offers first, a
// shaft pointing to one end, heads exchanged between two shafts and handed to a headless one.

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// The strokes offered as heads to more than one shaft.
    static func contested(_ offers: [Offer]) -> Set<Int> {
        Set(Dictionary(grouping: offers, by: \.head).filter { Set($0.value.map(\.shaft)).count > 1 }
            .keys)
    }

    /// The heads each shaft takes (shaft → its heads and where they lie), from `offers`
    /// (`contested`: `Self.contested(offers)`; `curls`: strokes the classifier calls a
    /// loop and self-loop candidates).
    func dealHeads(_ offers: [Offer], ends: [Int: [ShaftEnd]], contested: Set<Int>, ink: [Ink],
                   curls: Set<Int> = [])
        -> [Int: [(head: Int, end: ShaftEnd)]] {
        // Best offers first; a stroke is a head or a shaft, never both. A shaft that has a
        // head takes no more that is also offered to a shaft with none yet: an arrow has
        // one head, so the other shaft, left headless, is the likelier owner (two arrows
        // ending close together); nor a curl (`curls`: a stroke the classifier calls a
        // loop, or a self-loop candidate) the model finds more than `furtherCurlOdds`
        // log-odds unlikely. A shaft offered heads at both ends points to one of them:
        // away from the end whose heads are all offered to a shaft left with none, else
        // `pointedEnd`; the offers at its other end are withdrawn and the heads dealt
        // again, so a head that lost there goes to its next best shaft.
        var headsOf: [Int: [(head: Int, end: ShaftEnd)]] = [:]
        var isHead = Set<Int>()
        var tipEnd: [Int: Int] = [:]
        func order(_ offer: Offer) -> Double { offer.score + Self.modelRankWeight * offer.rank }
        let ranked = offers.sorted {
            (order($0), $0.head, $0.shaft, $0.end) < (order($1), $1.head, $1.shaft, $1.end)
        }
        let offersOf = Dictionary(grouping: ranked, by: \.head)
        let rankOf = Dictionary(ranked.map {
            (Pair(head: $0.head, shaft: $0.shaft, side: ends[$0.shaft]![$0.end].side), $0.rank)
        }, uniquingKeysWith: min)
        func isOpen(_ offer: Offer) -> Bool {
            tipEnd[offer.shaft].map { $0 == ends[offer.shaft]![offer.end].side } ?? true
        }
        // Whether the head is also offered (not only as a barb) to a shaft that has no head
        // yet and is no head itself.
        func wantedElsewhere(_ offer: Offer) -> Bool {
            offersOf[offer.head, default: []].contains { other in
                isHeadless(other.shaft, besides: offer.shaft) && other.score < Self.barbOnlyRank
                    && isOpen(other)
            }
        }
        func isHeadless(_ shaft: Int, besides other: Int) -> Bool {
            shaft != other && headsOf[shaft] == nil && !isHead.contains(shaft)
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
                // (Nor does it take a curl the model finds unlikely: a self-loop drawn with
                // its head, at the state an initial arrow ends at.)
                if headsOf[offer.shaft] != nil, curls.contains(offer.head),
                   offer.rank > Self.furtherCurlOdds { continue }
                let end = ends[offer.shaft]![offer.end]
                headsOf[offer.shaft, default: []].append((offer.head, end))
                isHead.insert(offer.head)
            }
            var settled = true
            for (s, heads) in headsOf where Set(heads.map(\.end.side)).count == 2 {
                // (Where every head at one end is offered to a shaft left with none, the
                // shaft points to its other end: one arrow's tail lies at another's head.)
                let wanted = [0, 1].map { side in
                    heads.filter { $0.end.side == side }.allSatisfy { h in
                        offersOf[h.head, default: []].contains {
                            isHeadless($0.shaft, besides: s) && $0.score < Self.barbOnlyRank
                        }
                    }
                }
                tipEnd[s] = wanted[0] != wanted[1] ? (wanted[0] ? 1 : 0)
                    : pointedEnd(heads, contested: contested) {
                        rankOf[Pair(head: $0, shaft: s, side: $1)]!
                    }
                settled = false
            }
            if settled { break }
        }
        return handedOver(exchanged(headsOf, offers: ranked, ends: ends),
                          offers: ranked, ends: ends, ink: ink)
    }

    /// A V is a whole head on its own, and an arrow has one head. So a shaft left with no
    /// head takes a V offered to it (not only as a barb) from a shaft that keeps another
    /// head stroke at that end (two arrows ending together, the first dealt took both
    /// heads); then a shaft whose heads at an end include no V takes a V offered to it
    /// there from a shaft that keeps another V at that end (the first dealt took the
    /// other's V beside its own, leaving it a barb or a line). Best offers first.
    func handedOver(_ headsOf: [Int: [(head: Int, end: ShaftEnd)]], offers: [Offer],
                    ends: [Int: [ShaftEnd]], ink: [Ink]) -> [Int: [(head: Int, end: ShaftEnd)]] {
        var heads = headsOf
        var holderOf: [Int: Int] = [:]      // head → the shaft holding it
        for (shaft, list) in headsOf { for h in list { holderOf[h.head] = shaft } }
        let vees = offers.filter { $0.score < Self.barbOnlyRank && isVee(ink[$0.head]) }
        /// The shaft holding the offer's head (another shaft; the offer's is no head itself)
        /// and the other heads it holds at that end.
        func holding(_ offer: Offer) -> (holder: Int, kept: [(head: Int, end: ShaftEnd)])? {
            guard holderOf[offer.shaft] == nil, let holder = holderOf[offer.head],
                  holder != offer.shaft,
                  let side = heads[holder]!.first(where: { $0.head == offer.head })?.end.side
            else { return nil }
            return (holder, heads[holder]!.filter { $0.end.side == side && $0.head != offer.head })
        }
        func move(_ offer: Offer, from holder: Int) {
            heads[holder]!.removeAll { $0.head == offer.head }
            heads[offer.shaft, default: []].append((offer.head, ends[offer.shaft]![offer.end]))
            holderOf[offer.head] = offer.shaft
        }
        for offer in vees where heads[offer.shaft] == nil {
            guard let (holder, kept) = holding(offer), !kept.isEmpty else { continue }
            move(offer, from: holder)
        }
        for offer in vees {
            let side = ends[offer.shaft]![offer.end].side
            guard let mine = heads[offer.shaft]?.filter({ $0.end.side == side }), !mine.isEmpty,
                  !mine.contains(where: { isVee(ink[$0.head]) }),
                  let (holder, kept) = holding(offer),
                  kept.contains(where: { isVee(ink[$0.head]) }) else { continue }
            move(offer, from: holder)
        }
        return heads
    }

    /// `headsOf` after exchanging heads between two shafts while that lowers the sum of their
    /// costs by more than `exchangeGain`: an offer's cost is its `rank`, the head-offer
    /// model's (which reads, among others, how far a V head points away from the shaft,
    /// `turned`). Dealt best offer first, two shafts ending close together may be left
    /// each with the other's head: the first
    /// takes its best offer, the other's head, and the second gets what is left. A head
    /// moves only to the side of its new shaft where that shaft's heads lie, and only where
    /// it was offered.
    func exchanged(_ headsOf: [Int: [(head: Int, end: ShaftEnd)]], offers: [Offer],
                   ends: [Int: [ShaftEnd]]) -> [Int: [(head: Int, end: ShaftEnd)]] {
        // (With fewer than two shafts holding heads there is nothing to exchange.)
        guard headsOf.count >= 2 else { return headsOf }
        var best: [Pair: Offer] = [:]   // the best offer of a head to a shaft at a side
        for offer in offers {
            let key = Pair(head: offer.head, shaft: offer.shaft,
                           side: ends[offer.shaft]![offer.end].side)
            if best[key].map({ offer.rank < $0.rank }) ?? true { best[key] = offer }
        }
        var heads = headsOf
        let shafts = heads.keys.sorted()
        for _ in 0..<Self.exchangeRounds {
            var changed = false
            for a in shafts { for b in shafts where a < b {
                for i in heads[a]!.indices { for j in heads[b]!.indices {
                    let (ha, endA) = heads[a]![i], (hb, endB) = heads[b]![j]
                    guard let aa = best[Pair(head: ha, shaft: a, side: endA.side)],
                          let bb = best[Pair(head: hb, shaft: b, side: endB.side)],
                          let ab = best[Pair(head: ha, shaft: b, side: endB.side)],
                          let ba = best[Pair(head: hb, shaft: a, side: endA.side)],
                          ab.rank + ba.rank < aa.rank + bb.rank - Self.exchangeGain
                    else { continue }
                    heads[a]![i] = (hb, ends[a]![ba.end])
                    heads[b]![j] = (ha, ends[b]![ab.end])
                    changed = true
                } }
            } }
            if !changed { break }
        }
        return heads
    }

    /// A head offered to a shaft at one of its sides.
    struct Pair: Hashable { var head: Int, shaft: Int, side: Int }

    /// The side (1: the pen's last end) a shaft with heads at both ends points to: the side
    /// whose likeliest head is more than `surerEnd` log-odds likelier than the other's
    /// (`rank`: a head's rank at a side, if known); else the side with more head strokes;
    /// ties: the side whose heads are offered to no other shaft, if only one is (a head
    /// offered to another shaft too lies where two arrows end and can go to the other
    /// one), else the pen's end.
    func pointedEnd(_ heads: [(head: Int, end: ShaftEnd)], contested: Set<Int>,
                    rank: ((_ head: Int, _ side: Int) -> Double)? = nil) -> Int {
        if let rank {
            let likeliest = [0, 1].map { side in
                heads.filter { $0.end.side == side }.map { rank($0.head, side) }.min() ?? .infinity
            }
            if abs(likeliest[0] - likeliest[1]) > Self.surerEnd {
                return likeliest[0] < likeliest[1] ? 0 : 1
            }
        }
        let atEnd = heads.filter { $0.end.side == 1 }, atStart = heads.filter { $0.end.side == 0 }
        if atEnd.count != atStart.count { return atEnd.count > atStart.count ? 1 : 0 }
        let free = { (side: [(head: Int, end: ShaftEnd)]) in
            side.allSatisfy { !contested.contains($0.head) } }
        return !free(atEnd) && free(atStart) ? 0 : 1
    }

    /// Heads for shafts left without one, and head pieces left over. A shaft the
    /// classifier calls none of its classes (`other`: without a head it is rejected), no
    /// whole arrow, that was dealt no head and is no head itself, takes a stroke of `loose`
    /// (alone, no head, shaft, round or letter) lying at one of its ends: the nearest ink
    /// within `leftoverHeadReach` of the stroke's extent from the end, its centre within as
    /// much of the shaft's line and ahead of the end, and `barbBehind` behind it. Such a
    /// head was offered nowhere: a barb drawn well off the tip, a head drawn ahead of the
    /// shaft, or one whose other offers lost. A shaft of `leftoverPieceShaft`·S or more
    /// with a head takes such strokes lying at its head's end as pieces of that head (a
    /// barb drawn twice, a side of an open triangle, too far from the other pieces to
    /// touch them). Not a whole arrow or a stroke the classifier calls a loop (the arrows
    /// and loops of one-stroke drawings lie at each other's ends). Best first by
    /// (gap + lateral offset) / extent; each stroke once, one head stroke for a shaft with
    /// none (its other pieces join it as `headPieces`), up to `maximumHeadStrokes` for one
    /// with a head. Returns shaft → its new head.
    func leftoverHeads(_ ordered: [ClassifiedStroke], ink: [Ink], shafts: Shafts,
                       headsOf: [Int: [(head: Int, end: ShaftEnd)]], dealt: Set<Int>,
                       loose: Set<Int>, handwriting: Set<Int>, scale: Double?)
        -> [(shaft: Int, head: (head: Int, end: ShaftEnd))] {
        var offers: [(score: Double, head: Int, shaft: Int, end: ShaftEnd)] = []
        let reach = Self.leftoverHeadReach
        // (Each candidate's box, made once: a drawing of thousands of scribbles has
        // millions of pairs, and most lie far apart.)
        let pieces = loose.sorted().filter { h in
            ink[h].extent > 0 && !shafts.wholeArrows.contains(h) && ordered[h].kind != .cycle
        }.map { (head: $0, box: Box(ink[$0].sparse)) }
        for (s, ends) in shafts.ends where !handwriting.contains(s) {
            let held = headsOf[s]
            let bare = held == nil && ordered[s].kind == nil && !dealt.contains(s)
                && !shafts.wholeArrows.contains(s)
            let headed = held != nil
                && ink[s].extent >= Self.leftoverPieceShaft * (scale ?? 0)
            guard bare || headed else { continue }
            for end in ends where held?.contains(where: { $0.end.side == end.side }) ?? true {
                for (h, box) in pieces where h != s {
                    let size = ink[h].extent
                    guard size <= Self.headSize * ink[s].extent,
                          box.distance(to: end.point) <= reach * size else { continue }
                    let gap = end.gap(to: ink[h].sparse) ?? .infinity
                    guard gap <= reach * size else { continue }
                    let center = centroid(ink[h].sparse)
                    let lateral = end.lateral(of: center), along = end.along(of: center)
                    guard lateral <= reach * size, along <= reach * size,
                          along >= -Self.barbBehind * size else { continue }
                    offers.append(((gap + lateral) / size, h, s, end))
                }
            }
        }
        var taken = Set<Int>()
        var count = headsOf.mapValues(\.count)
        var heads: [(shaft: Int, head: (head: Int, end: ShaftEnd))] = []
        for offer in offers.sorted(by: { ($0.score, $0.head, $0.shaft, $0.end.side)
                                            < ($1.score, $1.head, $1.shaft, $1.end.side) })
        where !taken.contains(offer.head)
            && (!taken.contains(offer.shaft) || headsOf[offer.shaft] != nil)
            && count[offer.shaft, default: 0] < Self.maximumHeadStrokes {
            heads.append((offer.shaft, (offer.head, offer.end)))
            taken.formUnion([offer.head, offer.shaft])
            count[offer.shaft, default: 0] += 1
        }
        return heads
    }
}
