import AutomatonOperations
import Automata
import Foundation
import StrokeFormats
import Testing

/// JFLAP files as people write them (issue 48): several characters on one transition, a
/// repeated state name, a declared ISO-8859-1 or UTF-16 encoding, a pipe as the path, no
/// initial state or several, a JFLAP 8 file, and JFLAP's regular-expression syntax. Each
/// small hand-made file is checked for its language and its warnings.
@Suite struct JFLAPAsWrittenTests {
    /// A `.jff` file: `states` as (id, name, initial, final) — a nil name leaves the attribute
    /// out — and `transitions` as (from, to, read).
    static func jff(_ states: [(String, String?, Bool, Bool)],
                    _ transitions: [(String, String, String)], declaration: String = "") -> String {
        var text = declaration + "<structure><type>fa</type><automaton>"
        for (i, (id, name, initial, final)) in states.enumerated() {
            text += "<state id=\"\(id)\"" + (name.map { " name=\"\($0)\"" } ?? "") + ">"
                + "<x>\(100 * i)</x><y>50</y>" + (initial ? "<initial/>" : "")
                + (final ? "<final/>" : "") + "</state>"
        }
        for (from, to, read) in transitions {
            text += "<transition><from>\(from)</from><to>\(to)</to>"
                + (read.isEmpty ? "<read/>" : "<read>\(read)</read>") + "</transition>"
        }
        return text + "</automaton></structure>"
    }

    static func regexAutomaton(_ regex: String) throws -> Automaton {
        Automaton(regex: try RegexParser.parse(regex))
    }

    // MARK: Several characters on one transition

    @Test func aSeveralCharacterReadIsAChainWithTheLanguageJFLAPGivesIt() throws {
        let text = Self.jff([("0", "q0", true, false), ("1", "q1", false, true)],
                            [("0", "1", "ab"), ("1", "1", "c"), ("1", "0", "ba")])
        let read = try AutomatonInput.parse(Data(text.utf8), source: "chain.jff")
        let a = read.automaton
        #expect(a.states.map(\.id) == ["q0", "q1", "q0-a", "q1-b"])
        #expect(try a.equivalence(to: Self.regexAutomaton("ab(c|baab)*")).equivalent)
        for (word, accepted) in [("ab", true), ("abc", true), ("abbaab", true), ("a", false),
                                 ("abba", false), ("b", false), ("abcbaabc", true)] {
            #expect(a.run(word).accepted == accepted, "\(word)")
        }
        #expect(read.warnings == [
            "chain.jff: transition 1 (q0 → q1) reads 'ab', 2 symbols: read as JFLAP does, one "
                + "after another, through the new state 'q0-a'",
            "chain.jff: transition 3 (q1 → q0) reads 'ba', 2 symbols: read as JFLAP does, one "
                + "after another, through the new state 'q1-b'",
        ])
        // The chain between the two states, off the straight line (left of the way).
        #expect(a.states[2].center == Point(x: 50, y: 20))
        #expect(a.states[3].center == Point(x: 50, y: 80))
    }

    @Test func chainsFromOneStateShareTheirPrefixesAndAreWrittenBackAsChains() throws {
        let text = Self.jff([("0", "s", true, false), ("1", "t", false, true),
                             ("2", "s-a", false, true)],
                            [("0", "1", "abc"), ("0", "2", "ab"), ("1", "1", "xyz"),
                             ("0", "1", "d")])
        let read = try JFLAP.read(Data(text.utf8), source: "share.jff")
        let a = read.automaton
        // 's-a' is taken by a state of the file, so the chain's state after 'a' is 's-a_2'.
        #expect(a.states.map(\.id) == ["s", "t", "s-a", "s-a_2", "s-ab", "t-x", "t-xy"])
        #expect(read.warnings.count == 3)
        #expect(read.warnings[0].hasSuffix("through the new states 's-a_2', 's-ab'"))
        #expect(try a.equivalence(to: Self.regexAutomaton("(abc|d)(xyz)*|ab")).equivalent)
        let written = JFLAP.text(of: a)
        #expect(!written.contains("<read>ab") && !written.contains("<read>xyz"))
        let back = try JFLAP.read(Data(written.utf8), source: "back.jff")
        #expect(back.warnings.isEmpty)
        #expect(back.automaton == a)
    }

    // MARK: Repeated state names

    @Test func repeatedNamesAreMadeUniqueWithAWarning() throws {
        // Before, the second 'q1' fell back on 'q1' (its id) and the file was refused.
        let text = Self.jff([("0", "q1", true, false), ("1", "q1", false, false),
                             ("2", "q1", false, true), ("3", nil, false, false)],
                            [("0", "1", "a"), ("1", "2", "b"), ("2", "3", "c"), ("3", "0", "d")])
        let read = try JFLAP.read(Data(text.utf8), source: "names.jff")
        #expect(read.automaton.states.map(\.id) == ["q1", "q1_2", "q2", "q3"])
        #expect(read.warnings == [
            "names.jff: the states with ids 0 and 1 are both named 'q1': the second is read as 'q1_2'",
            "names.jff: the states with ids 0 and 2 are both named 'q1': the second is read as 'q2'",
        ])
        #expect(try read.automaton.equivalence(to: Self.regexAutomaton("ab(cdab)*")).equivalent)
    }

    // MARK: Encodings

    @Test func aLatin1FileIsReadWithItsAccentedNames() throws {
        let text = Self.jff([("0", "d\u{E9}but", true, false), ("1", "fin", false, true)],
                            [("0", "1", "\u{E9}")],
                            declaration: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        let bytes = Data(text.unicodeScalars.map { UInt8($0.value) })  // one byte a character
        #expect(bytes.count == text.unicodeScalars.count && bytes.contains(0xE9))
        let read = try AutomatonInput.parse(bytes, source: "latin1.jff")
        #expect(read.automaton.states.map(\.id) == ["début", "fin"] && read.warnings.isEmpty)
        #expect(read.automaton.run("é").accepted && !read.automaton.run("e").accepted)
        let latin = text.replacingOccurrences(of: "ISO-8859-1", with: "latin1")
        let again = try AutomatonInput.parse(Data(latin.unicodeScalars.map { UInt8($0.value) }),
                                             source: "l.jff")
        #expect(again == read)
    }

    @Test(arguments: [true, false])
    func aUTF16FileIsReadInEitherByteOrder(bigEndian: Bool) throws {
        let text = Self.jff([("0", "début", true, false), ("1", "𝑓in", false, true)],
                            [("0", "1", "é"), ("1", "1", "😀")],
                            declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n")
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)]
                               : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let read = try AutomatonInput.parse(Data(bytes), source: "utf16.jff")
        #expect(read.automaton.states.map(\.id) == ["début", "𝑓in"])
        #expect(read.automaton.run("é😀😀").accepted && !read.automaton.run("😀").accepted)
        // Without the byte-order mark, the first '<' tells the order.
        let bare = try AutomatonInput.parse(Data(bytes.dropFirst(2)), source: "bare.jff")
        #expect(bare.automaton == read.automaton)
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>",
         "declares the encoding \"Shift_JIS\"; only UTF-8, UTF-16 and ISO-8859-1 (Latin-1) are read"),
        ("<?xml version=\"1.0\" encoding=\"windows-1252\"?>", "the encoding \"windows-1252\""),
        ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
         "declares the encoding \"UTF-16\" but is written in UTF-8"),
    ])
    func anotherDeclaredEncodingIsAClearError(declaration: String, reason: String) {
        let text = Self.jff([("0", "q0", true, true)], [], declaration: declaration)
        #expect {
            _ = try AutomatonInput.parse(Data(text.utf8), source: "enc.jff")
        } throws: { error in
            "\(error)".hasPrefix("enc.jff: malformed XML at line 1: ") && "\(error)".contains(reason)
        }
    }

    // MARK: Pipes

    @Test func aFIFOIsReadAsAFileIs() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("jflap-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.jff").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = Self.jff([("0", "q0", true, false), ("1", "q1", false, true)], [("0", "1", "a")])
        let writer = Thread {
            FileHandle(forWritingAtPath: path)?.write(Data(text.utf8))  // closed when released
        }
        writer.start()
        let read = try AutomatonInput.read(contentsOfFile: path)
        #expect(read.automaton.states.map(\.id) == ["q0", "q1"] && read.automaton.run("a").accepted)
        #expect(throws: AutomatonInputError(
            source: folder.appendingPathComponent("none.jff").path,
            reason: "cannot read the file (No such file or directory)")) {
            try AutomatonInput.read(contentsOfFile: folder.appendingPathComponent("none.jff").path)
        }
    }

    // MARK: Initial states

    @Test func noInitialStateAndSeveralAreWarnedAbout() throws {
        let none = Self.jff([("0", "q0", false, true)], [("0", "0", "a")])
        let readNone = try AutomatonInput.parse(Data(none.utf8), source: "none.jff")
        #expect(readNone.warnings == ["none.jff: no initial state, so the automaton accepts no "
                                      + "word (JFLAP refuses to run it; mark one state initial)"])
        #expect(!readNone.automaton.run("").accepted && !readNone.automaton.run("a").accepted)
        let two = Self.jff([("0", "q0", true, false), ("1", "q1", true, false), ("2", "q2", false, true)],
                           [("0", "2", "a"), ("1", "2", "b")])
        let readTwo = try AutomatonInput.parse(Data(two.utf8), source: "two.jff")
        #expect(readTwo.warnings == ["two.jff: 2 initial states ('q0', 'q1'): read as the union "
                                     + "of their languages (JFLAP allows one)"])
        #expect(try readTwo.automaton.equivalence(to: Self.regexAutomaton("a|b")).equivalent)
        // The same for a JSON automaton.
        let json = "{\"states\": [{\"id\": \"p\"}, {\"id\": \"r\", \"final\": true}]}"
        #expect(try AutomatonInput.parse(Data(json.utf8), source: "j.json").warnings.count == 1)
        let one = Self.jff([("0", "q0", true, true)], [])
        #expect(try AutomatonInput.parse(Data(one.utf8), source: "one.jff").warnings.isEmpty)
    }

    // MARK: JFLAP 8

    @Test func aJFLAP8FileIsNamedInItsError() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><structure type=\"editor_panel\">"
            + "<structure type=\"fsa\"><structure type=\"state_set\"><state><name>q0</name>"
            + "<id>0</id></state></structure></structure></structure>"
        #expect(throws: AutomatonInputError(source: "8.jff", reason: "JFLAP 8 files are not "
            + "read; save as JFLAP 7 (this file's <structure> has type=\"editor_panel\")")) {
            try JFLAP.read(Data(text.utf8), source: "8.jff")
        }
        let fsa = "<structure type=\"fsa\"><structure type=\"state_set\"/></structure>"
        #expect {
            _ = try JFLAP.read(Data(fsa.utf8), source: "8.jff")
        } throws: { "\($0)".contains("JFLAP 8 files are not read; save as JFLAP 7") }
    }

    // MARK: JFLAP's regular-expression syntax

    @Test(arguments: [
        ("(0+1)*01", "(0|1)*01"),
        ("a+!", "a?"),
        ("(ab+!)*c", "(ab)*c"),
        ("a*b + ba*", "a*b|ba*"),
        ("λ+a", "ε|a"),
        ("∅+a", "a"),
    ])
    func jflapSyntaxReadsPlusAsUnionAndBangAsTheEmptyWord(jflap: String, plain: String) throws {
        let a = Automaton(regex: try RegexParser.parse(jflap, syntax: .jflap))
        #expect(try a.equivalence(to: Self.regexAutomaton(plain)).equivalent)
        #expect(RegexParser.warnings(for: jflap, syntax: .jflap).isEmpty)
    }

    @Test func expressionsAreWrittenInJFLAPsSyntaxAndReadBack() throws {
        for (plain, written) in [("a+b", "aa*b"), ("(ab)+", "ab(ab)*"), ("a?b", "(a+!)b"),
                                 ("a|bc*", "a+bc*"), ("ε", "!"), ("(a|b)?", "a+b+!"),
                                 ("((a|b)c)+", "(a+b)c((a+b)c)*")] {
            let regex = try RegexParser.parse(plain)
            #expect(regex.text(in: .jflap) == written, "\(plain)")
            let back = try RegexParser.parse(written, syntax: .jflap)
            #expect(try Automaton(regex: back).equivalence(to: Automaton(regex: regex)).equivalent)
        }
    }

    @Test(arguments: [
        ("a|b", "'|' is no operator in JFLAP's syntax: write '+' for a union"),
        ("a?", "'?' is no operator in JFLAP's syntax"),
        ("a+", "an alternative is empty before the end (write ! for the empty word)"),
        ("+a", "an alternative is empty before '+'"),
        ("*a", "'*' has nothing before it to repeat"),
    ])
    func jflapSyntaxRefusesWhatJFLAPDoesNotWrite(text: String, reason: String) {
        #expect {
            _ = try RegexParser.parse(text, syntax: .jflap)
        } throws: { ($0 as? RegexSyntaxError)?.reason.hasPrefix(reason) == true }
    }

    @Test(arguments: [
        ("a+b", [1]),
        ("(0+1)*", [2]),
        ("a + b + c", [2, 6]),
        ("(ab)+c", [4]),
        ("a+", []),
        ("a+|b", []),      // a writer who uses '|' means '+' as one or more
        ("(a+)*b", []),
        ("a+*b", []),
    ])
    func aPlusThatLooksMeantAsAUnionIsWarnedAbout(text: String, places: [Int]) throws {
        _ = try RegexParser.parse(text)
        let warnings = RegexParser.warnings(for: text)
        #expect(warnings.count == (places.isEmpty ? 0 : 1))
        if let warning = warnings.first {
            let list = places.map(String.init).joined(separator: ", ")
            #expect(warning.contains("(at character\(places.count > 1 ? "s" : "") \(list))"),
                    "\(warning)")
            #expect(warning.hasPrefix("regular expression '\(text)': '+' between two operands"))
        }
    }
}
