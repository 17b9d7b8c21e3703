import ArgumentParser
import AutomatonOperations
import AutomatonRecognition
import Foundation

/// Differential-testing mode (scripts/differential-automata): one JSON object per line on
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
/// `equivalence`, with no subset construction or product. Sets of states are bit masks, so
/// automata with more than 64 states are skipped (nil); `.some(nil)` means no such word.
func bruteForceCounterexample(_ a: NFA, _ b: NFA, upTo maxLength: Int) -> String?? {
    guard a.stateCount <= 64, b.stateCount <= 64, a.symbols == b.symbols else { return nil }
    let k = a.symbols.count
    struct Masks {
        var start: UInt64 = 0, accepting: UInt64 = 0
        var step: [UInt64]  // state * k + symbol → ε-closure of the symbol's targets

        init(_ nfa: NFA, k: Int) {
            var closure = EpsilonClosure(nfa)
            func mask(_ states: [Int]) -> UInt64 { states.reduce(0) { $0 | (1 << UInt64($1)) } }
            start = mask(closure.closure(of: nfa.initial))
            accepting = mask((0..<nfa.stateCount).filter { nfa.accepting[$0] })
            step = [UInt64](repeating: 0, count: nfa.stateCount * k)
            for s in 0..<nfa.stateCount {
                for symbol in 0..<k {
                    let targets = nfa.edges[s].filter { $0.symbol == symbol }.map(\.to)
                    step[s * k + symbol] = mask(closure.closure(of: targets))
                }
            }
        }

        func next(_ set: UInt64, _ symbol: Int, _ k: Int) -> UInt64 {
            var rest = set, result: UInt64 = 0
            while rest != 0 {
                result |= step[rest.trailingZeroBitCount * k + symbol]
                rest &= rest - 1
            }
            return result
        }
    }
    let (ma, mb) = (Masks(a, k: k), Masks(b, k: k))
    // Level l holds the pairs of active sets of all words of length l, in lexicographic order:
    // word i of level l has base-k digits i.
    var level = [(ma.start, mb.start)]
    for length in 0...maxLength {
        for (i, (sa, sb)) in level.enumerated() where (sa & ma.accepting != 0) != (sb & mb.accepting != 0) {
            var digits: [String] = []
            var rest = i
            for _ in 0..<length {
                digits.append(a.symbols[rest % k])
                rest /= k
            }
            return .some(digits.reversed().joined())
        }
        guard length < maxLength, k > 0 else { break }
        var nextLevel: [(UInt64, UInt64)] = []
        nextLevel.reserveCapacity(level.count * k)
        for (sa, sb) in level {
            for symbol in 0..<k { nextLevel.append((ma.next(sa, symbol, k), mb.next(sb, symbol, k))) }
        }
        level = nextLevel
    }
    return .some(nil)
}
