// StrokeGrouping: shafts — the strokes that may carry a head, the places on them where a head
// may lie, and the arrow measured from a shaft and its separately drawn head.

import Foundation
import DrawingClassifier
import StrokeFormats

extension StrokeGrouping {
    /// Shaft candidates: strokes of shaft length that are no state, closed round or arc on
    /// a state's outline (`onOutline`), with the places on each where a head may lie (a
    /// whole arrow's only at its tail).
    struct Shafts {
        var ends: [Int: [ShaftEnd]] = [:]
        /// Each candidate measured as a bare shaft, pen start to pen end.
        var measured: [Int: ArrowGeometry] = [:]
        /// Strokes with two real barbs: whole arrows, which take a head drawn apart only if
        /// likely (`wholeArrowOdds`). Their `ends` are the tail, then the tip.
        var wholeArrows = Set<Int>()
        /// Candidates that are curls (`curls`: the classifier calls them a self-loop, or they
        /// are a loop candidate): their end may lie inside another loop drawn on the same
        /// state.
        var curled = Set<Int>()
    }

    func shafts(_ ordered: [ClassifiedStroke], ink: [Ink], onOutline: Set<Int>,
                loops: Set<Int>, curls: Set<Int>, scale: Double?) -> Shafts {
        let minimumShaft = Self.minimumShaftOfState * (scale ?? 0)
        var shafts = Shafts()
        for k in ink.indices where !onOutline.contains(k) && ink[k].extent > 0
            && ink[k].extent >= minimumShaft {
            // (A stroke the classifier calls a circle, covering most of a round, is none.)
            if ordered[k].kind == .circle, !loops.contains(k),
               (ink[k].fit?.coveredAngle ?? 0) >= options.minimumCircleCoverage { continue }
            guard case let .success(arrow) = ArrowGeometry.measure(ink[k].points) else { continue }
            // A stroke with two real barbs is a whole arrow and takes no head. Any other is
            // a shaft from end to end, corners and all (a connector drawn with a bend; a
            // pen hook is no head), so it is not cut at corners.
            let shaftLength = pathLength(arrow.shaft)
            let barbs = arrow.head.prefix(2).map { $0.distance(to: arrow.tip) / shaftLength }
            let realBarbs = barbs.allSatisfy {
                $0 >= Self.wholeArrowBarb && $0 <= Self.wholeArrowLongestBarb
            }
            // (Two barbs one over `lopsidedBarbs` times the other, on a stroke the classifier
            // calls none of its classes, are a bend and a pen flick: a shaft's.)
            let lopsided = barbs.count == 2 && barbs.min()! < Self.lopsidedBarbs * barbs.max()!
            let line = resampled(ink[k].points, count: ArrowGeometry.sampleCount)
            let ends = [
                ShaftEnd(point: line[0], outward: heading(line.reversed()), side: 0),
                ShaftEnd(point: line[line.count - 1], outward: heading(line), side: 1),
            ]
            shafts.measured[k] = ArrowGeometry(start: line[0], tip: line[line.count - 1],
                                               head: [], bend: ArrowGeometry.bendPoint(line),
                                               shaft: line, drawnBarbs: 0)
            if arrow.drawnBarbs == 2, realBarbs, ordered[k].kind != nil || !lopsided {
                // (It may still take a head drawn apart, `wholeArrowOdds`: the two barbs
                // were a pen flick, or bends of the shaft.)
                shafts.wholeArrows.insert(k)
                shafts.ends[k] = ends.sorted {
                    $0.point.distance(to: arrow.start) < $1.point.distance(to: arrow.start)
                }
                continue
            }
            if curls.contains(k) { shafts.curled.insert(k) }
            shafts.ends[k] = ends + [0, 1].compactMap { hookedEnd(ink[k].points, side: $0) }
        }
        return shafts
    }

    /// Where on a shaft a head may lie: one of its two ends or, where the shaft ends in a
    /// barb drawn with it, the corner before that barb.
    struct ShaftEnd {
        var point: Point
        /// Unit direction out of the shaft at `point`.
        var outward: Point
        /// 1: the pen's last end (or a corner near it), 0: its first.
        var side: Int
        /// The arrow cut at the corner, oriented to it, its barb as head ink.
        var hooked: ArrowGeometry? = nil

        /// The distance from `point` to the nearest of `points` (nil when there are none).
        func gap(to points: [Point]) -> Double? {
            points.map { $0.distance(to: point) }.min()
        }

        /// How far `p` lies off the shaft's line through this end.
        func lateral(of p: Point) -> Double { abs((p - point).cross(outward)) }

        /// How far `p` lies beyond this end along the shaft (negative: behind it).
        func along(of p: Point) -> Double { (p - point).dot(outward) }
    }

    /// The corner before a barb drawn with the shaft at its `side` end (1: the pen's
    /// last), if it ends in one: a head drawn as a barb with the shaft and one barb more has
    /// that other barb at the corner, not at the stroke's end. The barb is the ink from the
    /// sharpest corner whose ink beyond it, straight from corner to end, is
    /// `hookBarb`…`wholeArrowLongestBarb` of the stroke long (less than a whole arrow's
    /// `wholeArrowBarb`: a small head on a long connector has barbs of 2–4 % of the
    /// stroke) and turns back by at least `hookTurn` from the shaft's direction into the
    /// corner (over `hookApproach` of the stroke; an elbow turns by about a right angle).
    /// The shaft is cut there and points out of the corner.
    func hookedEnd(_ points: [Point], side: Int) -> ShaftEnd? {
        guard points.count >= 3 else { return nil }
        let line = resampled(side == 1 ? points : points.reversed(), count: Self.hookSamples)
        let length = pathLength(line)
        let step = length / Double(line.count - 1)
        guard length > 0, let end = line.last else { return nil }
        let approach = max(1, Int((Self.hookApproach * length / step).rounded()))
        var best: (corner: Int, turn: Double)?
        for c in stride(from: line.count - 2, through: approach, by: -1) {
            let barb = end - line[c]
            guard barb.length <= Self.wholeArrowLongestBarb * length else { break }
            guard barb.length >= Self.hookBarb * length,
                  let incoming = (line[c] - line[c - approach]).normalized,
                  let outgoing = barb.normalized else { continue }
            let turn = acos(max(-1, min(1, incoming.dot(outgoing))))
            if turn > (best?.turn ?? Self.hookTurn) { best = (c, turn) }
        }
        guard let corner = best?.corner else { return nil }
        let shaft = Array(line[...corner])
        let cut = ArrowGeometry(start: shaft[0], tip: shaft[corner], head: Array(line[corner...]),
                                bend: ArrowGeometry.bendPoint(shaft), shaft: shaft, drawnBarbs: 1)
        return ShaftEnd(point: shaft[corner], outward: heading(shaft), side: side, hooked: cut)
    }

    /// The arrow of a shaft whose head was drawn separately: the shaft (as measured, turned
    /// round when the head lies at its start), the tip at the shaft's end or at the apex of a
    /// head drawn ahead of it, the barbs from the head ink (and any the shaft has).
    func groupedArrow(shaft points: [Point], measured: ArrowGeometry, headAtTip: Bool,
                      heads: [[Point]]) -> ArrowGeometry? {
        var shaft = measured.shaft
        if !headAtTip {
            shaft.reverse()
        }
        guard shaft.count >= 2 else { return nil }
        var tip = shaft[shaft.count - 1]
        let start = shaft[0]
        let length = pathLength(shaft)
        guard length > 0 else { return nil }
        var direction = ArrowGeometry.tipDirection(shaft, length: length)
        let headInk = heads.flatMap { $0 } + (headAtTip && measured.drawnBarbs > 0 ? measured.head : [])
        // A head drawn ahead of the shaft's end (a triangle on it): its apex is the tip.
        let headSize = boundingDiagonal(headInk)
        if let apex = headInk.max(by: { ($0 - tip).dot(direction) < ($1 - tip).dot(direction) }),
           (apex - tip).dot(direction) > 0.15 * headSize,
           abs((apex - tip).cross(direction)) <= 0.35 * headSize {
            shaft.append(apex.position)
            tip = apex.position
            direction = ArrowGeometry.tipDirection(shaft, length: pathLength(shaft))
        }
        let (head, drawn) = ArrowGeometry.barbs(headInk, tip: tip, direction: direction,
                                                shaftLength: length)
        return ArrowGeometry(start: start, tip: tip, head: head,
                             bend: ArrowGeometry.bendPoint(shaft), shaft: shaft, drawnBarbs: drawn)
    }
}
