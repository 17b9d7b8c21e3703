import Foundation
import Testing

/// fa-automaton through the built binary (FORMATS.md §5): verdicts exit 0, bad input gives
/// one clear line on stderr and exit 1, usage errors exit 64; fa-recognize grades the two
/// study drawings with --expect-regex.
@Suite struct FAAutomatonTests {
    static let tenStar = """
        {"states": [{"id": "q0", "initial": true, "final": true}, {"id": "q1"}],
         "transitions": [{"from": "q0", "to": "q1", "symbols": ["1"]},
                         {"from": "q1", "to": "q0", "symbols": ["0"]}]}
        """

    /// Words over {0, 1} whose 20th symbol from the end is 1: 21 states, 2²⁰ in a DFA.
    static let twentiethFromTheEndIsOne: String = {
        let states = (0...20).map { "{\"id\": \"q\($0)\", \"initial\": \($0 == 0), \"final\": \($0 == 20)}" }
        let transitions = ["{\"from\": \"q0\", \"to\": \"q0\", \"symbols\": [\"0\", \"1\"]}",
                           "{\"from\": \"q0\", \"to\": \"q1\", \"symbols\": [\"1\"]}"]
            + (1..<20).map { "{\"from\": \"q\($0)\", \"to\": \"q\($0 + 1)\", \"symbols\": [\"0\", \"1\"]}" }
        return "{\"states\": [\(states.joined(separator: ", "))], "
            + "\"transitions\": [\(transitions.joined(separator: ", "))]}"
    }()

    func write(_ text: String, _ name: String, in folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test func equivalentGivesAShortestCounterexampleAndCheckGradesAgainstARegex() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.tenStar, "a.json", in: folder)
        let fromRegex = try Tool.run("fa-automaton", ["from-regex", "(10)*|1", "--format", "jff"])
        #expect(fromRegex.status == 0)
        try write(fromRegex.stdout, "b.jff", in: folder)
        let verdict = try Tool.run("fa-automaton", ["equivalent", "a.json", "b.jff"], directory: folder)
        #expect(verdict.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(verdict.stdout.utf8)) as? [String: Any]
        #expect(object?["equivalent"] as? Bool == false)
        #expect(object?["counterexample"] as? String == "1")
        #expect(object?["acceptedBy"] as? String == "B")
        let check = try Tool.run("fa-automaton", ["check", "-", "--regex", "(10)*"],
                                 stdin: Data(Self.tenStar.utf8))
        #expect(check.status == 0 && check.stdout.contains("\"equivalent\": true"), "\(check.stdout)")
        let regex = try Tool.run("fa-automaton", ["regex", "-"], stdin: Data(Self.tenStar.utf8))
        #expect(regex.stdout == "{\"regex\": \"(10)*\"}\n")
    }

    @Test(arguments: [
        (["determinize", "-"], "this is not JSON", "not an automaton"),
        (["minimize", "-"], "{\"states\": [{\"id\": \"q0\"}], \"transitions\": "
            + "[{\"from\": \"q0\", \"to\": \"q5\", \"symbols\": [\"a\"]}]}", "'q5', which is not in"),
        (["complete", "-"], "{\"states\": [{\"id\": \"q0\"}], \"transitions\": "
            + "[{\"from\": \"q0\", \"to\": \"q0\", \"symbols\": [\"ab\"]}]}", "not a single character"),
        (["from-regex", "(a|b"], "", "unbalanced parentheses"),
        (["check", "-", "--regex", "a)"], tenStar, "unbalanced parentheses"),
        (["determinize", "-", "--max-states", "1000"], twentiethFromTheEndIsOne,
         "more than 1000 states"),
        (["minimize", "-"], "<structure type=\"fsa\"><structure type=\"state_set\"/></structure>",
         "JFLAP 8 files are not read; save as JFLAP 7"),
        (["from-regex", "a|b", "--syntax", "jflap"], "", "'|' is no operator in JFLAP's syntax"),
    ])
    func badInputIsOneClearLineAndExitCode1(arguments: [String], input: String, message: String) throws {
        let run = try Tool.run("fa-automaton", arguments, stdin: Data(input.utf8))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// JFLAP files as people write them (issue 48), through the binary: a several-character
    /// read and two initial states give warnings on stderr and in the JSON; a pipe path reads.
    @Test func warningsGoToStderrAndToTheJSONAndAPipeIsAPath() throws {
        let jff = "<structure><type>fa</type><automaton>"
            + "<state id=\"0\" name=\"p\"><initial/></state><state id=\"1\" name=\"r\"><initial/></state>"
            + "<state id=\"2\" name=\"f\"><final/></state>"
            + "<transition><from>0</from><to>2</to><read>ab</read></transition>"
            + "<transition><from>1</from><to>2</to><read>c</read></transition></automaton></structure>"
        // /dev/stdin is a pipe here, as <(cat a.jff) is in a shell.
        let run = try Tool.run("fa-automaton", ["minimize", "/dev/stdin"], stdin: Data(jff.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("warning: /dev/stdin: ") },
                "\(run.stderr)")
        #expect(lines.first?.contains("reads 'ab', 2 symbols") == true)
        #expect(lines.last?.contains("2 initial states ('p', 'r')") == true)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((object?["warnings"] as? [String])?.count == 2)
        #expect((object?["states"] as? [Any])?.count == 4)  // start, after a, end, dead

        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(jff, "a.jff", in: folder)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.currentDirectoryURL = folder
        let out = Pipe()
        shell.standardOutput = out
        shell.standardError = Pipe()
        let tool = Tool.productsFolder.appendingPathComponent("fa-automaton").path
        shell.arguments = ["-c", "'\(tool)' simulate <(cat a.jff) --input ab --input c --input a"]
        try shell.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let runs = try JSONSerialization.jsonObject(with: output) as? [String: Any]
        #expect((runs?["runs"] as? [[String: Any]])?.map { $0["accepted"] as? Bool }
                == [true, true, false])
    }

    @Test func jflapSyntaxIsReadAndWrittenAndAPlainPlusIsWarnedAbout() throws {
        let nfa = try Tool.run("fa-automaton", ["from-regex", "(0+1)*01", "--syntax", "jflap"])
        #expect(nfa.status == 0 && nfa.stderr.isEmpty, "\(nfa.stderr)")
        let check = try Tool.run("fa-automaton", ["check", "-", "--regex", "(0|1)*01"],
                                 stdin: Data(nfa.stdout.utf8))
        #expect(check.stdout.contains("\"equivalent\": true"), "\(check.stdout)")
        let regex = try Tool.run("fa-automaton", ["regex", "-", "--syntax", "jflap"],
                                 stdin: Data(Self.tenStar.utf8))
        #expect(regex.stdout == "{\"regex\": \"(10)*\"}\n")
        let optional = try Tool.run("fa-automaton", ["regex", "-", "--syntax", "jflap"],
                                    stdin: try Tool.run("fa-automaton", ["from-regex", "1?0+"]).stdout
                                        .data(using: .utf8))
        #expect(optional.stdout == "{\"regex\": \"(1+!)00*\"}\n", "\(optional.stdout)")
        let graded = try Tool.run("fa-automaton", ["check", "-", "--regex", "(10)*+1", "--syntax", "jflap"],
                                  stdin: Data(Self.tenStar.utf8))
        #expect(graded.stdout.contains("\"counterexample\": \"1\""), "\(graded.stdout)")

        let plain = try Tool.run("fa-automaton", ["check", "-", "--regex", "(1+0)*"],
                                 stdin: Data(Self.tenStar.utf8))
        #expect(plain.status == 0)
        #expect(plain.stderr.hasPrefix("warning: regular expression '(1+0)*': '+' between two operands"),
                "\(plain.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any]
        #expect((object?["warnings"] as? [String])?.count == 1)
        #expect(object?["equivalent"] as? Bool == false)
    }

    @Test func usageErrorsExit64() throws {
        #expect(try Tool.run("fa-automaton", ["equivalent", "only-one.json"]).status == 64)
        #expect(try Tool.run("fa-automaton", ["minimize", "a.json", "--format", "png"]).status == 64)
        #expect(try Tool.run("fa-automaton", ["transmogrify"]).status == 64)
        #expect(try Tool.run("fa-recognize", ["x.json", "--expect-regex", "(("]).status == 64)
    }

    @Test(arguments: [
        ("study-10-star.json", "(10)*", nil, nil),
        ("study-10-star.json", "(01)*", "01", "regex"),
        ("study-starts-with-011.json", "011(0|1)*", nil, nil),
        ("study-starts-with-011.json", "011(0|1)+", "011", "drawing"),
    ] as [(String, String, String?, String?)])
    func theStudyDrawingsAreGradedAgainstTheirLanguages(file: String, regex: String,
                                                        counterexample: String?, acceptedBy: String?) throws {
        let path = Tool.packageRoot.appendingPathComponent("examples/\(file)").path
        let run = try Tool.run("fa-recognize", [path, "--expect-regex", regex])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let check = try #require(object?["check"] as? [String: Any])
        #expect(check["equivalent"] as? Bool == (counterexample == nil))
        #expect(check["counterexample"] as? String == counterexample)
        #expect(check["acceptedBy"] as? String == acceptedBy)
    }
}
