/// The global choice of issue 45: from scored candidate symbols, the consistent set with the
/// highest total score.
///
/// A candidate is a set of strokes taken as one symbol, with a score (a log-probability:
/// higher is better) and the *claims* it makes — names of things at most one chosen candidate
/// may hold, such as "the ring of state 3" or "the tail end at state 1 of stroke 7". A
/// selection is consistent when every stroke is in exactly one chosen candidate and no claim
/// is made twice. The caller gives every stroke a candidate of its own that claims nothing
/// ("not a symbol" or text), so a consistent selection always exists.
///
/// The search is exact branch and bound while it visits at most `nodeBudget` nodes: it takes
/// the first stroke not yet covered, tries each candidate holding it (best first), and prunes
/// with an upper bound on what the uncovered strokes can still add — each stroke's best
/// *share*, a candidate's score divided by its number of strokes, summed (a chosen candidate
/// adds exactly its strokes' shares, so no selection beats the bound). Past the budget it
/// falls back to a beam search of `beamWidth` partial selections, stroke by stroke, and says
/// so (`exact` false). Worst case: `nodeBudget` nodes, then strokes × beamWidth × candidates
/// per stroke steps.
///
/// ```swift
/// let candidates = [SymbolCandidate(strokes: [0], score: -0.1),
///                   SymbolCandidate(strokes: [1], score: -2),
///                   SymbolCandidate(strokes: [0, 1], score: -0.5)]
/// let best = SymbolSelection.select(candidates, strokeCount: 2)
/// // best.chosen == [2], best.score == -0.5, best.exact == true
/// ```
public struct SymbolCandidate: Sendable, Equatable {
    /// The strokes of the symbol, by index in the drawing; sorted, without duplicates.
    public var strokes: [Int]
    /// Log-probability that these strokes are this symbol (with its relations).
    public var score: Double
    /// What the candidate holds exclusively.
    public var claims: [String]

    public init(strokes: [Int], score: Double, claims: [String] = []) {
        self.strokes = Array(Set(strokes)).sorted()
        self.score = score
        self.claims = claims
    }
}

public struct SymbolSelection: Sendable, Equatable {
    /// Indices into the candidate list, ascending.
    public var chosen: [Int]
    /// The sum of the chosen candidates' scores.
    public var score: Double
    /// Whether the branch and bound finished (the selection is the best one), or the beam
    /// gave a consistent selection that may not be.
    public var exact: Bool
    /// Search nodes visited (branch and bound, plus beam steps when it ran).
    public var nodes: Int

    /// Search nodes of the exact search before the beam takes over.
    public static let defaultNodeBudget = 200_000
    /// Partial selections kept per stroke by the beam.
    public static let defaultBeamWidth = 64

    /// The best consistent selection of `candidates` over strokes `0..<strokeCount`; nil when
    /// there is none (some stroke in no candidate, or a stroke index out of range).
    public static func select(_ candidates: [SymbolCandidate], strokeCount: Int,
                              nodeBudget: Int = defaultNodeBudget,
                              beamWidth: Int = defaultBeamWidth) -> SymbolSelection? {
        var search = Search(candidates: candidates, strokeCount: strokeCount)
        guard search.isCoverable else { return nil }
        if let exact = search.branchAndBound(nodeBudget: nodeBudget) { return exact }
        return search.beam(width: max(1, beamWidth))
    }
}

/// The state of one search: candidates by the stroke they start from, the bound, the budget.
struct Search {
    let candidates: [SymbolCandidate]
    let strokeCount: Int
    /// `holding[s]`: candidates that contain stroke `s`, best score first.
    var holding: [[Int]]
    /// `share[s]`: the best score per stroke of a candidate containing `s`.
    var share: [Double]
    /// Claims as small integers.
    var claimIDs: [[Int]]
    var nodes = 0

    init(candidates: [SymbolCandidate], strokeCount: Int) {
        self.candidates = candidates
        self.strokeCount = strokeCount
        holding = Array(repeating: [], count: max(0, strokeCount))
        share = Array(repeating: -.infinity, count: max(0, strokeCount))
        var names: [String: Int] = [:]
        claimIDs = candidates.map { c in c.claims.map { name in
            if let id = names[name] { return id }
            names[name] = names.count
            return names.count - 1
        } }
        for (i, c) in candidates.enumerated() where !c.strokes.isEmpty && c.score.isFinite {
            guard c.strokes.allSatisfy({ (0..<strokeCount).contains($0) }) else { continue }
            let perStroke = c.score / Double(c.strokes.count)
            for s in c.strokes {
                holding[s].append(i)
                share[s] = max(share[s], perStroke)
            }
        }
        for s in holding.indices {
            holding[s].sort { (candidates[$0].score, $1) > (candidates[$1].score, $0) }
        }
    }

    var isCoverable: Bool { strokeCount >= 0 && holding.allSatisfy { !$0.isEmpty } }

    /// Whether candidate `i` fits beside what is covered and claimed.
    func fits(_ i: Int, covered: [Bool], claimed: Set<Int>) -> Bool {
        candidates[i].strokes.allSatisfy { !covered[$0] } && claimIDs[i].allSatisfy { !claimed.contains($0) }
    }

    /// The exact search; nil when the budget ran out first.
    mutating func branchAndBound(nodeBudget: Int) -> SymbolSelection? {
        var covered = Array(repeating: false, count: strokeCount)
        var claimed: Set<Int> = []
        var path: [Int] = []
        var best: (score: Double, chosen: [Int])? = nil
        var bound = share.reduce(0, +)
        var exhausted = false

        func visit(_ from: Int, _ score: Double) {
            nodes += 1
            if nodes > nodeBudget { exhausted = true; return }
            guard let s = (from..<strokeCount).first(where: { !covered[$0] }) else {
                if best == nil || score > best!.score { best = (score, path) }
                return
            }
            for i in holding[s] where fits(i, covered: covered, claimed: claimed) {
                let c = candidates[i]
                let taken = c.strokes.reduce(0) { $0 + share[$1] }
                // What the rest can add at most: the shares of strokes still uncovered.
                if let best, score + c.score + (bound - taken) <= best.score { continue }
                for t in c.strokes { covered[t] = true }
                claimed.formUnion(claimIDs[i])
                path.append(i)
                bound -= taken
                visit(s + 1, score + c.score)
                bound += taken
                path.removeLast()
                claimed.subtract(claimIDs[i])
                for t in c.strokes { covered[t] = false }
                if exhausted { return }
            }
        }
        visit(0, 0)
        guard !exhausted, let best else { return nil }
        return SymbolSelection(chosen: best.chosen.sorted(), score: best.score, exact: true, nodes: nodes)
    }

    /// Stroke by stroke, the `width` best partial selections (score plus the bound of what is
    /// left); always consistent because every stroke has a candidate that claims nothing.
    mutating func beam(width: Int) -> SymbolSelection? {
        struct Partial { var covered: [Bool]; var claimed: Set<Int>; var chosen: [Int]; var score: Double; var rest: Double }
        var beam = [Partial(covered: Array(repeating: false, count: strokeCount), claimed: [],
                            chosen: [], score: 0, rest: share.reduce(0, +))]
        for s in 0..<strokeCount {
            var next: [Partial] = []
            for p in beam {
                if p.covered[s] { next.append(p); continue }
                for i in holding[s] where fits(i, covered: p.covered, claimed: p.claimed) {
                    nodes += 1
                    var q = p
                    for t in candidates[i].strokes { q.covered[t] = true; q.rest -= share[t] }
                    q.claimed.formUnion(claimIDs[i])
                    q.chosen.append(i)
                    q.score += candidates[i].score
                    next.append(q)
                }
            }
            next.sort { ($0.score + $0.rest, $1.chosen.count) > ($1.score + $1.rest, $0.chosen.count) }
            beam = Array(next.prefix(width))
            if beam.isEmpty { return nil }
        }
        guard let best = beam.max(by: { $0.score < $1.score }) else { return nil }
        return SymbolSelection(chosen: best.chosen.sorted(), score: best.score, exact: false, nodes: nodes)
    }
}
