import AutomatonOperations
import Automata
import StrokeFormats
import Foundation
import Testing

@Suite struct JFLAPTests {
    @Test func aWrittenFileReadsBackAsTheSameAutomaton() throws {
        let original = Automaton(states: [
            .init(id: "q0", center: Point(x: 87.25, y: 163.125), radius: JFLAP.stateRadius,
                  initial: true),
            .init(id: "q1", center: Point(x: 240.1, y: -12.5), radius: JFLAP.stateRadius,
                  final: true),
            .init(id: "odd <&> name", center: Point(x: 1e-3, y: 400), radius: JFLAP.stateRadius,
                  initial: true, final: true),
        ], transitions: [
            .init(from: "q0", to: "q1", symbols: ["a", "b"], epsilon: true),
            .init(from: "q1", to: "q1", symbols: ["&"]),
            .init(from: "q1", to: "odd <&> name", symbols: [], epsilon: true),
        ])
        let text = JFLAP.text(of: original)
        let read = try JFLAP.read(Data(text.utf8), source: "written.jff").automaton
        #expect(read == original)
    }

    @Test func aJFLAP7FileGivesItsStatesPositionsAndTransitions() throws {
        let a = try AutomatonInput.parse(Resources.data("jflap7-even-as.jff"), source: "even").automaton
        #expect(a.states.map(\.id) == ["q0", "q1"])
        #expect(a.states[0].center == Point(x: 87, y: 163))
        #expect(a.states[0].initial && a.states[0].final && !a.states[1].final)
        #expect(a.transitions.count == 4)
        for (word, accepted) in [("", true), ("a", false), ("aba", true), ("bbab", false)] {
            #expect(a.run(word).accepted == accepted, "\(word)")
        }
    }

    @Test func anEmptyReadIsAnEpsilonTransition() throws {
        let a = try AutomatonInput.parse(Resources.data("jflap7-epsilon.jff"), source: "eps").automaton
        #expect(a.transitions == [
            .init(from: "q0", to: "q1", symbols: ["a"]),
            .init(from: "q0", to: "q2", epsilon: true),
            .init(from: "q1", to: "q2", symbols: ["b"]),
        ])
        #expect(a.run("").accepted && a.run("ab").accepted && !a.run("a").accepted)
    }

    @Test func aJFLAP6FileWithoutNamesKeepsAStateWithNoTransitions() throws {
        let a = try AutomatonInput.parse(Resources.data("jflap6-unreachable-state.jff"),
                                         source: "six").automaton
        #expect(a.states.map(\.id) == ["q0", "q1", "q2"])
        #expect(a.states[2].center == Point(x: 130, y: 210.25))
        #expect(!a.transitions.contains { $0.from == "q2" || $0.to == "q2" })
        #expect(a.run("0111").accepted && !a.run("1").accepted)
    }

    @Test func statesAndTransitionsOutsideTheAutomatonAreIgnored() throws {
        let text = "<structure><type>fa</type><note><state id=\"9\"><initial/><x>1</x></state>"
            + "<transition><from>9</from></transition></note><automaton><state id=\"0\">"
            + "<final/><initial/></state></automaton></structure>"
        let a = try JFLAP.read(Data(text.utf8), source: "notes.jff").automaton
        #expect(a.states.map(\.id) == ["q0"] && a.transitions.isEmpty)
    }

    /// Two files of 15 and 43 bytes that killed fa-automaton while JFLAP files were read
    /// with Foundation's XML parser (SIGILL on a byte that is not UTF-8 in a name, SIGSEGV on
    /// a processing instruction with no data): an error and a file read.
    @Test func inputsThatCrashedFoundationsParserAreReadOrRefused() throws {
        let notUTF8 = Data("<s".utf8) + Data([0xCD]) + Data("?sUnsaa:ink".utf8)
        #expect(throws: AutomatonInputError(source: "a.jff", reason: "malformed XML at line 1: "
            + "byte 2 is not UTF-8 (the document is read as UTF-8)")) {
            try JFLAP.read(notUTF8, source: "a.jff")
        }
        let text = "<structure><?x?><type>fa</type><automaton><state id=\"0\"><initial/>"
            + "</state></automaton></structure>"
        let a = try JFLAP.read(Data(text.utf8), source: "b.jff").automaton
        #expect(a.states.map(\.id) == ["q0"] && a.states[0].initial)
    }

    @Test(arguments: [
        ("<structure><type>fa</type><state id=\"0\"></structure>", "malformed XML"),
        ("<structure><type>fa</type><state id=\"0\">", "malformed XML"),
        ("<structure><type>fa</type><automaton><state id=\"0\"><x>1</y></state></automaton></structure>",
         "malformed XML"),
        ("<structure><type>pda</type></structure>", "'pda', not 'fa'"),
        ("<structure><automaton></automaton></structure>", "no <type>"),
        ("<structure><type>fa</type><automaton><state id=\"0\"/>"
            + "<transition><from>0</from><to>7</to><read>a</read></transition></automaton></structure>",
         "<to>7</to> names no state"),
        ("<structure><type>fa</type><automaton><state id=\"0\"/>"
            + "<transition><from>0</from><to>0</to><read>0,1</read></transition></automaton></structure>",
         "the read '0,1' looks like a list of symbols, but JFLAP reads it as one string of 3 characters"),
        ("<structure><type>fa</type><automaton><state id=\"0\"/>"
            + "<transition><from>0</from><to>0</to><read>. . .</read></transition></automaton></structure>",
         "the read '. . .' looks like a list of symbols"),
        ("<structure><type>fa</type><automaton><state id=\"0\"/><transition><from>0</from><to>0</to><read>"
            + String(repeating: "ab", count: 40) + "</read></transition></automaton></structure>",
         "the read has 80 characters; at most 64 are read as a chain of symbols"),
        ("<?xml version=\"1.0\"?><!DOCTYPE s [<!ENTITY x \"xx\">]><structure>&x;</structure>",
         "DTD"),
        ("<html><type>fa</type></html>", "root element is <html>"),
    ])
    func badFilesAreRefusedWithAClearReason(text: String, reason: String) {
        #expect {
            _ = try JFLAP.read(Data(text.utf8), source: "bad.jff")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("bad.jff: ") && message.contains(reason)
        }
    }
}
