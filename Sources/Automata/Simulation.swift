/// The result of running one word through an automaton.
public struct Run: Sendable, Equatable {
    /// Why a word was not accepted.
    public enum Rejection: Sendable, Equatable, CustomStringConvertible {
        /// The automaton has no initial state, so no word is accepted.
        case noInitialState
        /// The word uses a character no transition fires on (`position` is 0-based).
        case symbolNotInAlphabet(symbol: String, position: Int)
        /// No run survives past character `position` (0-based).
        case stuck(position: Int)
        /// The word was read to the end, but no reached state is final.
        case endedInNonFinalState

        public var description: String {
            switch self {
            case .noInitialState: "the automaton has no initial state"
            case let .symbolNotInAlphabet(symbol, position):
                "symbol '\(symbol)' at position \(position) is not in the alphabet"
            case let .stuck(position): "no transition can read the symbol at position \(position)"
            case .endedInNonFinalState: "the word ends in no final state"
            }
        }
    }

    public var input: String
    /// nil when accepted.
    public var rejection: Rejection?
    /// Remarks that do not change the outcome (e.g. several initial states).
    public var warnings: [String]
    /// States active after reading the whole word (after ε-closure); empty when stuck.
    public var finalActiveStates: Set<String>

    public var accepted: Bool { rejection == nil }
}

extension Automaton {
    /// Runs `word` character by character, keeping the set of active states (subset
    /// simulation, so nondeterminism and ε-cycles are handled exactly).
    ///
    /// - No initial state: rejected with `.noInitialState`.
    /// - Several initial states: simulated from all of them at once, as an NFA with a set
    ///   of start states would be, and a warning names them.
    /// - A character that no transition uses: rejected with `.symbolNotInAlphabet`.
    /// - The empty word is accepted iff the ε-closure of the initial states holds a final.
    public func run(_ word: String) -> Run {
        let initial = initialStates
        var warnings: [String] = []
        guard !initial.isEmpty else {
            return Run(input: word, rejection: .noInitialState, warnings: [],
                       finalActiveStates: [])
        }
        if initial.count > 1 {
            warnings.append("several initial states (\(initial.joined(separator: ", "))): "
                + "simulated from all of them")
        }
        let symbols = Set(alphabet)
        for (position, character) in word.enumerated() where !symbols.contains(String(character)) {
            let rejection = Run.Rejection.symbolNotInAlphabet(symbol: String(character),
                                                              position: position)
            return Run(input: word, rejection: rejection, warnings: warnings,
                       finalActiveStates: [])
        }
        var active = epsilonClosure(of: Set(initial))
        for (position, character) in word.enumerated() {
            active = epsilonClosure(of: move(from: active, on: String(character)))
            if active.isEmpty {
                return Run(input: word, rejection: .stuck(position: position),
                           warnings: warnings, finalActiveStates: [])
            }
        }
        let accepted = !active.isDisjoint(with: finalStates)
        return Run(input: word, rejection: accepted ? nil : .endedInNonFinalState,
                   warnings: warnings, finalActiveStates: active)
    }
}
