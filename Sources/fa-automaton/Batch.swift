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
        let regex = try nfa.regex()
        let back = NFA(regex: try RegexParser.parse(regex.description), alphabet: alphabet)
        var members: [(String, JSONValue)] = [
            ("nfa", .array(words.map { .bool(a.run($0).accepted) })),
            ("dfa", .array(words.map { .bool(dfa.accepts($0)) })),
            ("min", .array(words.map { .bool(minimal.accepts($0)) })),
            ("minStates", .integer(minimal.stateCount)),
            ("regex", .string(regex.description)),
            ("roundTrip", .bool(try nfa.equivalence(to: back).equivalent)),
            ("roundTripWords", .array(words.map { .bool(back.accepts($0)) })),
        ]
        if let bTree = tree["b"] {
            let b = try AutomatonInput.automaton(fromJSONObject: bTree, source: source)
            let verdict = try nfa.equivalence(to: NFA(b, alphabet: alphabet))
            members += [("equivalent", .bool(verdict.equivalent)),
                        ("counterexample", verdict.counterexample.map(JSONValue.string) ?? .null),
                        ("acceptedByA", .bool(verdict.acceptedByFirst))]
        }
        if let text = tree["regex"] as? String {
            let thompson = NFA(regex: try RegexParser.parse(text), alphabet: alphabet)
            let again = try thompson.regex()
            let thompsonAgain = NFA(regex: try RegexParser.parse(again.description), alphabet: alphabet)
            members += [("regexWords", .array(words.map { .bool(thompson.accepts($0)) })),
                        ("regexRegex", .string(again.description)),
                        ("regexRoundTrip", .bool(try thompson.equivalence(to: thompsonAgain).equivalent))]
        }
        return .object(members)
    }
}
