import AutomatonOperations
import Automata
import AutomatonRecognition
import Foundation

/// The page's operations (FORMATS.md §6), by the code `fa-automaton` runs (§5):
/// `POST /api/operate` `{"automaton": {...}, "operation": "determinize" | "minimize" |
/// "complement" | "regex" | "compare", "regex": R (compare)}` answers
/// `{"automaton": {...}}` (states laid out by the toolkit's `StateLayout`, each with the
/// `members` and `dead` of §5), `{"regex": R}` or the verdict of `fa-automaton check`;
/// `POST /api/jflap` (a `.jff` file) answers `{"automaton": {...}}` with JFLAP's positions.
extension EditorAPI {
    public static let operations = ["determinize", "minimize", "complement", "regex", "compare"]

    /// `POST /api/operate`.
    public func operate(body: [UInt8]) -> APIResponse {
        guard body.count <= limits.maxBodyBytes else { return tooLarge(body.count) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return .error(400, "malformed JSON: expected {\"automaton\": {...}, \"operation\": ...}")
        }
        guard let operation = object["operation"] as? String, Self.operations.contains(operation) else {
            return .error(400, "\"operation\": expected one of \(Self.operations.joined(separator: ", "))")
        }
        let automaton: Automaton
        do {
            automaton = try AutomatonDocument.automaton(from: object["automaton"] as Any,
                                                       maxSize: limits.maxAutomatonSize)
        } catch {
            return .error(400, error.description)
        }
        let maxStates = limits.maxAutomatonSize
        do {
            switch operation {
            case "determinize":
                return .json(.object([("automaton", try automaton.determinized(maxStates: maxStates).json)]))
            case "minimize":
                return .json(.object([("automaton", try automaton.minimized(maxStates: maxStates).json)]))
            case "complement":
                return .json(.object([("automaton", try automaton.complemented(maxStates: maxStates).json)]))
            case "regex":
                return .json(.object([("regex", .string(try automaton.regex().description))]))
            default:
                guard let text = object["regex"] as? String else {
                    return .error(400, "\"regex\": expected the regular expression to compare with")
                }
                let regex: Regex
                do { regex = try RegexParser.parse(text) } catch { return .error(400, error.description) }
                return .json(try automaton.check(against: regex, maxStates: maxStates)
                    .json(firstName: "drawing", secondName: "regex"))
            }
        } catch {
            return .error(400, error.description)
        }
    }

    /// `POST /api/jflap`: a JFLAP file → its automaton.
    public func jflap(body: [UInt8]) -> APIResponse {
        guard body.count <= limits.maxBodyBytes else { return tooLarge(body.count) }
        do {
            let automaton = try JFLAP.read(Data(body), source: "the file").automaton
            guard automaton.states.count + automaton.transitions.count <= limits.maxAutomatonSize else {
                return .error(400, "the automaton has \(automaton.states.count) states and "
                    + "\(automaton.transitions.count) transitions, over the limit of \(limits.maxAutomatonSize)")
            }
            return .json(.object([("automaton", AnnotatedAutomaton(automaton: automaton).json)]))
        } catch {
            return .error(400, error.description)
        }
    }

    /// The active states before each symbol of `word` and after the last (ε-closures
    /// included): `word.count + 1` sets, each sorted in state order; the sets stop early
    /// (empty) when the word cannot go on.
    static func steps(of word: String, in automaton: Automaton) -> [[String]] {
        let order = Dictionary(uniqueKeysWithValues: automaton.states.enumerated().map { ($1.id, $0) })
        let sorted = { (set: Set<String>) in set.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) } }
        var active = automaton.epsilonClosure(of: Set(automaton.initialStates))
        var steps = [sorted(active)]
        for character in word {
            active = automaton.epsilonClosure(of: automaton.move(from: active, on: String(character)))
            steps.append(sorted(active))
        }
        return steps
    }
}
