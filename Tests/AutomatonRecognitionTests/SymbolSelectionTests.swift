import Testing
@testable import AutomatonRecognition
import SeededRandom

@Suite struct SymbolSelectionTests {
    /// A random drawing of `strokes` strokes: every stroke alone (claiming nothing), plus
    /// random groups of 2–3 strokes, some of them claiming one of three shared names.
    static func randomCandidates(strokes: Int, groups: Int, using rng: inout SplitMix64) -> [SymbolCandidate] {
        var candidates = (0..<strokes).map {
            SymbolCandidate(strokes: [$0], score: -Double.random(in: 0.5...4, using: &rng))
        }
        for _ in 0..<groups {
            let size = Int.random(in: 2...3, using: &rng)
            let members = (0..<size).map { _ in Int.random(in: 0..<strokes, using: &rng) }
            let claims = Int.random(in: 0..<3, using: &rng) == 0 ? [] : ["state \(Int.random(in: 0..<3, using: &rng))"]
            candidates.append(SymbolCandidate(strokes: members, score: -Double.random(in: 0...3, using: &rng),
                                              claims: claims))
        }
        return candidates
    }

    /// The best score over every subset of candidates that covers each stroke once and
    /// makes no claim twice.
    static func bruteForce(_ candidates: [SymbolCandidate], strokes: Int) -> Double {
        var best = -Double.infinity
        for mask in 0..<(1 << candidates.count) {
            var count = Array(repeating: 0, count: strokes)
            var claims: [String] = []
            var score = 0.0
            for i in candidates.indices where mask & (1 << i) != 0 {
                for s in candidates[i].strokes { count[s] += 1 }
                claims += candidates[i].claims
                score += candidates[i].score
            }
            if count.allSatisfy({ $0 == 1 }) && Set(claims).count == claims.count { best = max(best, score) }
        }
        return best
    }

    static func isConsistent(_ selection: SymbolSelection, _ candidates: [SymbolCandidate], strokes: Int) -> Bool {
        let chosen = selection.chosen.map { candidates[$0] }
        let covered = chosen.flatMap(\.strokes).sorted()
        let claims = chosen.flatMap(\.claims)
        return covered == Array(0..<strokes) && Set(claims).count == claims.count
    }

    @Test func equalsBruteForceOnRandomSmallDrawings() throws {
        var rng = SplitMix64(seed: 45)
        var grouped = 0
        for _ in 0..<300 {
            let strokes = Int.random(in: 1...7, using: &rng)
            let candidates = Self.randomCandidates(strokes: strokes, groups: Int.random(in: 0...8, using: &rng),
                                                   using: &rng)
            let selection = try #require(SymbolSelection.select(candidates, strokeCount: strokes))
            #expect(selection.exact)
            #expect(Self.isConsistent(selection, candidates, strokes: strokes))
            #expect(abs(selection.score - Self.bruteForce(candidates, strokes: strokes)) < 1e-9)
            if selection.chosen.count < strokes { grouped += 1 }
        }
        // The instances are not trivial: in many of them the best choice groups strokes.
        #expect(grouped > 100)
    }

    @Test func aClaimIsHeldOnce() throws {
        // Two rings want the same state; together they would score best, but only one may ring it.
        let candidates = [SymbolCandidate(strokes: [0], score: -5), SymbolCandidate(strokes: [1], score: -5),
                          SymbolCandidate(strokes: [0], score: -1, claims: ["ring of q0"]),
                          SymbolCandidate(strokes: [1], score: -2, claims: ["ring of q0"])]
        let selection = try #require(SymbolSelection.select(candidates, strokeCount: 2))
        #expect(selection.chosen == [1, 2])
        #expect(selection.score == -6)
    }

    @Test func aStrokeInNoCandidateHasNoSelection() {
        #expect(SymbolSelection.select([SymbolCandidate(strokes: [0], score: 0)], strokeCount: 2) == nil)
    }

    @Test func theBeamTakesOverPastTheBudgetAndStaysConsistent() throws {
        var rng = SplitMix64(seed: 7)
        var atBest = 0
        for _ in 0..<40 {
            let candidates = Self.randomCandidates(strokes: 7, groups: 8, using: &rng)
            let beam = try #require(SymbolSelection.select(candidates, strokeCount: 7, nodeBudget: 1, beamWidth: 8))
            #expect(!beam.exact)
            #expect(Self.isConsistent(beam, candidates, strokes: 7))
            let best = Self.bruteForce(candidates, strokes: 7)
            #expect(beam.score <= best + 1e-9)
            if abs(beam.score - best) < 1e-9 { atBest += 1 }
        }
        #expect(atBest >= 30)
    }

    @Test func aHeapOfThousandsOfStrokesStaysBounded() throws {
        // 2 000 strokes heaped in one place: every pair of neighbours a candidate, claims shared.
        var rng = SplitMix64(seed: 3)
        var candidates = (0..<2_000).map { SymbolCandidate(strokes: [$0], score: -Double.random(in: 1...2, using: &rng)) }
        for s in 0..<1_999 {
            candidates.append(SymbolCandidate(strokes: [s, s + 1], score: -Double.random(in: 1...4, using: &rng),
                                              claims: ["state \(s % 5)"]))
        }
        let selection = try #require(SymbolSelection.select(candidates, strokeCount: 2_000, nodeBudget: 20_000,
                                                            beamWidth: 16))
        #expect(!selection.exact)
        #expect(Self.isConsistent(selection, candidates, strokes: 2_000))
        #expect(selection.nodes <= 20_001 + 2_000 * 16 * 2)
    }
}
