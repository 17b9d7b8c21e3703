import Foundation
import Testing
@testable import AutomatonRecognition
import StrokeFormats

@Suite struct CandidatesTests {
    private func line(_ a: (Double, Double), _ b: (Double, Double)) -> Stroke {
        Stroke(points: [Point(x: a.0, y: a.1), Point(x: b.0, y: b.1)])
    }

    private func ray(_ degrees: Double) -> Stroke {
        let t = degrees * Double.pi / 180
        return line((0, 0), (100 * cos(t), 100 * sin(t)))
    }

    @Test func aStateAnArrowInThreeStrokesAndAWordGiveFourteenCandidates() {
        let circle = Stroke(points: (0...24).map { k in
            let t = Double(k) / 24 * 2 * Double.pi
            return Point(x: 40 * cos(t), y: 40 * sin(t))
        })
        let strokes = [circle,
                       line((60, 0), (200, 0)),                // shaft, 20 from the circle
                       line((200, 0), (188, -8)),              // two barbs at its tip
                       line((200, 0), (188, 8)),
                       line((120, -60), (120, -70)),           // a word: three bars 2.5 apart
                       line((122.5, -60), (122.5, -70)),
                       line((125, -60), (125, -70))]
        // Scale: the median diagonal, a barb's 14.4; near means within 3.6.
        let c = Candidates(strokes: strokes)
        #expect(c.neighbours == [[], [2, 3], [1, 3], [1, 2], [5], [4, 6], [5]])
        // {0}; the arrow's 7 subsets; the word's 3 + 2 + 1.
        #expect(c.sets.count == 14)
        #expect(c.sets.contains([1, 2, 3]) && c.sets.contains([4, 5, 6]))
        #expect(!c.sets.contains([4, 6]) && !c.sets.contains([0, 1]))
        #expect(!c.capped)
    }

    @Test func strokesThatCrossAreNeighboursWhateverTheirEnds() {
        // Five segments through one point, 36° apart: their ends lie 29.4 from each other
        // segment, beyond the reach of 25, so only the crossing joins them.
        let strokes = (0..<5).map { k -> Stroke in
            let t = Double(k) * Double.pi / 5
            return line((-50 * cos(t), -50 * sin(t)), (50 * cos(t), 50 * sin(t)))
        }
        #expect(Candidates(strokes: strokes).sets.count == 5 + 10 + 10 + 5)
        var two = Candidates.Options()
        two.maximumStrokes = 2
        #expect(Candidates(strokes: strokes, options: two).sets.count == 15)
        var five = Candidates.Options()
        five.maximumStrokes = 5
        #expect(Candidates(strokes: strokes, options: five).sets.count == 31)
    }

    @Test func noStrokeHasMoreThanEightNeighbours() {
        // Twelve rays from one point, 30° apart: all touch, each keeps the 8 with the
        // nearest centres (up to 120° away), so the graph is the circulant C12(1, 2, 3, 4),
        // which has 721 connected sets of up to four (counted by brute force).
        let c = Candidates(strokes: (0..<12).map { ray(Double($0) * 30) })
        #expect(c.neighbours.allSatisfy { $0.count == 8 })
        #expect(c.neighbours[0] == [1, 2, 3, 4, 8, 9, 10, 11])
        #expect(c.sets.count == 721)
        #expect(c.sets.count <= Candidates.worstCaseCount(strokes: 12))
    }

    @Test func theStatedWorstCase() {
        // Per stroke with D = 8, k = 4: 1 + 4 + 28 + (56 + 196) = 285.
        #expect(Candidates.worstCaseCount(strokes: 1) == 285)
        #expect(Candidates.worstCaseCount(strokes: 40) == 11_400)
        #expect(Candidates.worstCaseCount(strokes: 70) < Candidates.Options().cap)
        #expect(Candidates.worstCaseCount(strokes: 2_000) == 570_000)
        var two = Candidates.Options()
        two.maximumStrokes = 2
        #expect(Candidates.worstCaseCount(strokes: 10, options: two) == 50)
    }

    @Test func theListingEqualsBruteForceOnRandomSmallDrawings() {
        var state: UInt64 = 12_345
        func next() -> Double {   // a linear congruential generator: reproducible
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var largest = 0
        for _ in 0..<30 {
            let strokes = (0..<9).map { _ -> Stroke in
                let (x, y) = (next() * 50, next() * 50)
                return line((x, y), (x + next() * 50 - 25, y + next() * 50 - 25))
            }
            let c = Candidates(strokes: strokes)
            var expected: Set<[Int]> = []
            for mask in 1..<(1 << 9) where mask.nonzeroBitCount <= 4 {
                let members = (0..<9).filter { mask & (1 << $0) != 0 }
                var reached: Set<Int> = [members[0]]
                var stack = [members[0]]
                while let v = stack.popLast() {
                    for u in c.neighbours[v] where members.contains(u) && !reached.contains(u) {
                        reached.insert(u)
                        stack.append(u)
                    }
                }
                if reached.count == members.count { expected.insert(members) }
            }
            #expect(Set(c.sets) == expected && c.sets.count == expected.count)
            #expect(c.sets.count <= Candidates.worstCaseCount(strokes: 9))
            largest = max(largest, c.sets.map(\.count).max() ?? 0)
        }
        #expect(largest == 4)   // the drawings do join strokes, up to k
    }

    @Test func twoThousandStrokesHeapedInOnePlaceHitTheCapInBoundedTime() {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let strokes = (0..<2_000).map { _ in
            Stroke(points: (0..<6).map { _ in Point(x: next() * 50, y: next() * 50) })
        }
        let clock = ContinuousClock()
        var c: Candidates?
        let elapsed = clock.measure { c = Candidates(strokes: strokes) }
        guard let c else { return }
        #expect(c.capped)
        #expect(c.sets.count == Candidates.Options().cap)
        #expect(c.neighbours.allSatisfy { $0.count <= 8 })
        #expect(elapsed < .seconds(30), "took \(elapsed)")   // 4.7 s in a debug build
    }
}
