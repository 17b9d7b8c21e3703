import ArgumentParser
import AutomatonOperations
import Automata
import Foundation

/// Differential-testing mode (Lab/scripts/differential-automata): one JSON object per line on
/// stdin, `{"a": automaton, "alphabet": [..], "words": [..], "b": automaton?, "regex": R?}`;
/// one result line per case on stdout, in order:
/// `{"nfa": [..], "dfa": [..], "min": [..], "minStates": n, "regex": R(a),
///   "roundTrip": a ≡ Thompson(R(a)), "roundTripWords": [..],
///   "equivalent": .., "counterexample": .., "acceptedByA": ..,          (with "b")
///   "regexWords": [..], "regexRegex": R(Thompson(R)), "regexRoundTrip": ..}  (with "regex")`.
/// Acceptance lists follow `words`: by the ε-NFA simulation (`Automaton.run`), the subset
/// DFA and the minimal DFA over `alphabet`.
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run differential-testing cases from JSON Lines on stdin.", shouldDisplay: false)

    func run() throws {
        var count = 0
        while let line = readLine(strippingNewline: true) {
            count += 1
            guard !line.isEmpty else { continue }
            let result: JSONValue
            do {
                result = try Self.run(line: line, number: count)
            } catch {
                result = .object([("error", .string(String(describing: error)))])
            }
            print(result.rendered(pretty: false))
            if count % 10_000 == 0 {
                FileHandle.standardError.write(Data("batch: \(count) cases\n".utf8))
            }
        }
    }

    struct CaseError: Error, CustomStringConvertible { var description: String }

    static func run(line: String, number: Int) throws -> JSONValue {
        let source = "case \(number)"
        guard let tree = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let aTree = tree["a"] else { throw CaseError(description: "\(source): no \"a\"") }
        let a = try AutomatonInput.automaton(fromJSONObject: aTree, source: source)
        let alphabet = tree["alphabet"] as? [String] ?? []
        let words = tree["words"] as? [String] ?? []
        let nfa = NFA(a, alphabet: alphabet)
        let dfa = try nfa.determinized().dfa
        let minimal = dfa.minimized().dfa
        var members: [(String, JSONValue)] = [
            ("nfa", .array(words.map { .bool(a.run($0).accepted) })),
            ("dfa", .array(words.map { .bool(dfa.accepts($0)) })),
            ("min", .array(words.map { .bool(minimal.accepts($0)) })),
            ("minStates", .integer(minimal.stateCount)),
        ]
        // nil when the expression would be too large (AutomatonOperationError.regexTooLarge).
        if let regex = try? nfa.regex() {
            let back = NFA(regex: try RegexParser.parse(regex.description), alphabet: alphabet)
            members += [("regex", .string(regex.description)),
                        ("roundTrip", .bool(try nfa.equivalence(to: back).equivalent)),
                        ("roundTripWords", .array(words.map { .bool(back.accepts($0)) }))]
        }
        if let bTree = tree["b"] {
            let b = try AutomatonInput.automaton(fromJSONObject: bTree, source: source)
            let verdict = try nfa.equivalence(to: NFA(b, alphabet: alphabet))
            members += [("equivalent", .bool(verdict.equivalent)),
                        ("counterexample", verdict.counterexample.map(JSONValue.string) ?? .null),
                        ("acceptedByA", .bool(verdict.acceptedByFirst))]
            if let length = tree["brute"] as? Int {
                let brute = bruteForceCounterexample(nfa, NFA(b, alphabet: alphabet), upTo: length)
                members.append(("brute", brute.map { $0.map(JSONValue.string) ?? .null }
                    ?? .string("skipped")))
            }
        }
        if let text = tree["regex"] as? String {
            let thompson = NFA(regex: try RegexParser.parse(text), alphabet: alphabet)
            members.append(("regexWords", .array(words.map { .bool(thompson.accepts($0)) })))
            if let again = try? thompson.regex() {
                let thompsonAgain = NFA(regex: try RegexParser.parse(again.description),
                                        alphabet: alphabet)
                members += [("regexRegex", .string(again.description)),
                            ("regexRoundTrip",
                             .bool(try thompson.equivalence(to: thompsonAgain).equivalent))]
            }
        }
        return .object(members)
    }
}

/// The first word in shortlex order, of length at most `maxLength`, accepted by exactly one
/// of `a` and `b` (same alphabet), found by trying every word: a naive twin of
/// `equivalence`, with no subset construction or product. Sets of states are bit sets of
/// `width` 64-bit words; `nil` when the alphabets differ, `.some(nil)` when no word differs.
func bruteForceCounterexample(_ a: NFA, _ b: NFA, upTo maxLength: Int) -> String?? {
    guard a.symbols == b.symbols else { return nil }
    let k = a.symbols.count
    /// One automaton's sets: the start set, the accepting set and, per state and symbol, the
    /// ε-closure of the symbol's targets, each `width` words.
    struct BitSets {
        let width: Int
        var start: [UInt64], accepting: [UInt64]
        var step: [UInt64]  // (state * k + symbol) * width ..< +width

        init(_ nfa: NFA, k: Int) {
            width = max(1, (nfa.stateCount + 63) / 64)
            var closure = EpsilonClosure(nfa)
            let width = width
            func bits(_ states: [Int]) -> [UInt64] {
                var set = [UInt64](repeating: 0, count: width)
                for state in states { set[state / 64] |= 1 << UInt64(state % 64) }
                return set
            }
            start = bits(closure.closure(of: nfa.initial))
            accepting = bits((0..<nfa.stateCount).filter { nfa.accepting[$0] })
            step = []
            step.reserveCapacity(nfa.stateCount * k * width)
            for s in 0..<nfa.stateCount {
                for symbol in 0..<k {
                    step += bits(closure.closure(of: nfa.edges[s].filter { $0.symbol == symbol }.map(\.to)))
                }
            }
        }

        /// Whether the set at `offset` of `sets` holds an accepting state.
        func accepts(_ sets: [UInt64], at offset: Int) -> Bool {
            (0..<width).contains { sets[offset + $0] & accepting[$0] != 0 }
        }

        /// Appends to `out` the set reached from the set at `offset` of `sets` on `symbol`.
        func appendNext(of sets: [UInt64], at offset: Int, on symbol: Int, k: Int, to out: inout [UInt64]) {
            let base = out.count
            out.append(contentsOf: repeatElement(0, count: width))
            for w in 0..<width {
                var rest = sets[offset + w]
                while rest != 0 {
                    let from = ((w * 64 + rest.trailingZeroBitCount) * k + symbol) * width
                    for v in 0..<width { out[base + v] |= step[from + v] }
                    rest &= rest - 1
                }
            }
        }
    }
    let (sa, sb) = (BitSets(a, k: k), BitSets(b, k: k))
    // Level l holds the sets of all words of length l, in lexicographic order (word i of
    // level l has base-k digits i): word i's set of a at i·width_a, of b at i·width_b.
    var (levelA, levelB) = (sa.start, sb.start)
    for length in 0...maxLength {
        let count = levelA.count / sa.width
        for i in 0..<count where sa.accepts(levelA, at: i * sa.width) != sb.accepts(levelB, at: i * sb.width) {
            var digits: [String] = []
            var rest = i
            for _ in 0..<length {
                digits.append(a.symbols[rest % k])
                rest /= k
            }
            return .some(digits.reversed().joined())
        }
        guard length < maxLength, k > 0 else { break }
        var (nextA, nextB) = ([UInt64](), [UInt64]())
        nextA.reserveCapacity(levelA.count * k)
        nextB.reserveCapacity(levelB.count * k)
        for i in 0..<count {
            for symbol in 0..<k {
                sa.appendNext(of: levelA, at: i * sa.width, on: symbol, k: k, to: &nextA)
                sb.appendNext(of: levelB, at: i * sb.width, on: symbol, k: k, to: &nextB)
            }
        }
        (levelA, levelB) = (nextA, nextB)
    }
    return .some(nil)
}
