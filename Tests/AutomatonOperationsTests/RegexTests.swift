import AutomatonOperations
import Testing

@Suite struct RegexTests {
    @Test(arguments: [
        ("(10)*", "(10)*"), ("a|b|c", "a|b|c"), ("(a|b)*abb", "(a|b)*abb"),
        ("a(b|c)?d+", "a(b|c)?d+"), ("ε", "ε"), ("∅", "∅"), (" a  b ", "ab"), ("((a))", "a"),
    ])
    func expressionsPrintAsWrittenWithoutExtraParentheses(text: String, printed: String) throws {
        #expect(try RegexParser.parse(text).description == printed)
    }

    @Test(arguments: [
        ("(ab", "the '(' here is never closed", 0), ("ab)", "this ')' closes nothing", 2),
        ("a||b", "an alternative is empty", 2), ("*a", "nothing before it to repeat", 0),
        ("", "the expression is empty", 0), ("a|", "empty before the end", 2),
        ("a" + String(repeating: "*", count: 600), "repetition operators in a row", 501),
        (String(repeating: "(", count: 600) + "a" + String(repeating: ")", count: 600),
         "nested deeper than 500", 500),
    ])
    func malformedExpressionsNameWhereReadingStopped(text: String, reason: String, position: Int) {
        #expect {
            _ = try RegexParser.parse(text)
        } throws: { error in
            guard let e = error as? RegexSyntaxError else { return false }
            return e.reason.contains(reason) && e.position == position
        }
    }

    @Test func theBuildersSimplifyAsTheyBuild() {
        let a = Regex.symbol("a"), b = Regex.symbol("b")
        #expect(Regex.union(of: [.epsilon, a]).description == "a?")
        #expect(Regex.union(of: [b, .emptySet, a, b]).description == "a|b")
        #expect(Regex.concatenation(of: [a, .kleeneStar(a)]).description == "a+")
        #expect(Regex.concatenation(of: [a, .emptySet, b]) == .emptySet)
        #expect(Regex.kleeneStar(.union(of: [.kleeneStar(a), b])).description == "(a|b)*")
        #expect(Regex.kleeneStar(.concatenation(of: [.kleeneStar(a), .kleeneStar(b)])).description
            == "(a|b)*")
        #expect(Regex.kleeneStar(.emptySet) == .epsilon)
        #expect(Regex.zeroOrOne(.oneOrMore(a)).description == "a*")
    }

    @Test func thompsonsAutomatonAcceptsExactlyTheLanguage() throws {
        let nfa = NFA(regex: try RegexParser.parse("(a|b)*abb"))
        for word in allWords(over: ["a", "b"], upTo: 7) {
            #expect(nfa.accepts(word) == word.hasSuffix("abb"), "\(word)")
        }
        let empty = NFA(regex: .emptySet, alphabet: ["a"])
        #expect(!empty.accepts("") && !empty.accepts("a"))
    }

    @Test func stateEliminationGivesAReadableEquivalentExpression() throws {
        // The drawing of the study's first task: (10)* as two states.
        let tenStar = automaton(states: 2, final: [0], edges: "0:1:1 1:0:0")
        #expect(try tenStar.regex().description == "(10)*")
        let startsWith011 = automaton(states: 4, final: [3], edges: "0:0:1 1:1:2 2:1:3 3:01:3")
        #expect(try startsWith011.regex().description == "011(0|1)*")
        let nothing = automaton(states: 2, final: [], edges: "0:a:1")
        #expect(try nothing.regex() == .emptySet)
    }

    @Test func aReservedSymbolCannotBeWrittenInAnExpression() {
        let a = automaton(states: 2, final: [1], edges: "0:*:1")
        #expect(throws: AutomatonOperationError.symbolNotWritableInRegex("*")) { try a.regex() }
    }
}
