// StrokeGrouping: handwriting — small strokes written close together, rejected as text.

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// Handwriting: small strokes written close together (letters of a word) are no
    /// element, whatever the classifier made of each letter, unless one of them is a head
    /// piece of a larger shaft outside the cluster (a V drawn as two barbs, `offers`).
    /// Strokes `onOutline` (states, closed rounds, arcs on a state) are no letters.
    func handwriting(_ ink: [Ink], onOutline: Set<Int>, owner: [Int], scale: Double,
                     offers: [Offer]) -> Set<Int> {
        var handwriting = Set<Int>()
        // (Text is not written on a state's outline: a loop or an arrow end is. A state
        // known from the assembler may lead with a stroke too short for a fit.)
        let outlines = ink.indices.filter { ink[$0].isState && owner[$0] == $0 }
            .compactMap { ink[$0].fit }
        let small = ink.indices.filter { k in
            !onOutline.contains(k) && ink[k].extent > 0
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
        // (Boxes first: a drawing of thousands of scribbles has millions of pairs.)
        let gap = Self.textGap * scale
        let boxes = small.map { Box(ink[$0].sparse) }
        for i in small.indices {
            for j in (i + 1)..<small.count where boxes[i].meets(boxes[j], within: gap)
                && nearer(ink[small[i]].sparse, ink[small[j]].sparse, than: gap) {
                cluster[root(small[i])] = root(small[j])
            }
        }
        let clusters = Dictionary(grouping: small, by: root).values.filter { $0.count >= 2 }
        let shaftsOf = Dictionary(grouping: offers.filter {
            ink[$0.shaft].extent >= Self.textSize * scale
        }, by: \.head).mapValues { $0.map(\.shaft) }
        for letters in clusters.map(Set.init) {
            let isHead = letters.contains { letter in
                shaftsOf[letter]?.contains { !letters.contains($0) } ?? false
            }
            if !isHead { handwriting.formUnion(letters) }
        }
        return handwriting
    }
}
