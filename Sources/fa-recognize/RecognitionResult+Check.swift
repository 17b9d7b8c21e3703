import AutomatonOperations
import AutomatonRecognition
import Automata

extension RecognitionResult {
    /// The result's JSON with `"check"` added: the recognised automaton graded against
    /// `regex` (`acceptedBy` is `"drawing"` or `"regex"`), or `{"error": ..}` when the
    /// subset construction would exceed `maxStates`.
    public func json(checkedAgainst regex: Regex, maxStates: Int = 1_000_000) -> JSONValue {
        let check: JSONValue
        do {
            check = try assembly.automaton.check(against: regex, maxStates: maxStates)
                .json(firstName: "drawing", secondName: "regex")
        } catch {
            check = .object([("error", .string(error.description))])
        }
        guard case var .object(members) = json else { return json }
        members.append(("check", check))
        return .object(members)
    }
}
