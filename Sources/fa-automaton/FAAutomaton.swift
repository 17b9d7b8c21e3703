import ArgumentParser
import AutomatonOperations
import Automata
import Foundation

@main
struct FAAutomaton: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fa-automaton",
        abstract: "Determinize, minimize, compare and convert finite automata (FORMATS.md §5).",
        discussion: """
            AUTOMATON is fa-recognize output, a bare {"states": .., "transitions": ..} object \
            or a JFLAP .jff file; '-' reads standard input. Exit codes: 0 when the command ran \
            (whatever its verdict), 1 for bad input, 64 for usage errors.
            """,
        subcommands: [Simulate.self, Determinize.self, Minimize.self, Complete.self,
                      Complement.self, Equivalent.self, ToRegex.self, FromRegex.self, Check.self,
                      Batch.self, Benchmark.self])
}

enum OutputFormat: String, ExpressibleByArgument { case json, dot, jff }

struct AutomatonOptions: ParsableArguments {
    @Option(help: "Output: json (indented), dot (Graphviz) or jff (JFLAP).")
    var format: OutputFormat = .json
    @Option(help: "Most states a subset construction may make before stopping with an error.")
    var maxStates = 1_000_000
    @Option(help: "Extra symbols of the alphabet, as one string (e.g. 01).")
    var alphabet = ""

    var symbols: [String] { alphabet.map(String.init) }

    func validate() throws {
        guard maxStates > 0 else { throw ValidationError("--max-states must be positive.") }
    }

    func print(_ result: AnnotatedAutomaton) {
        switch format {
        case .json: Swift.print(result.json.rendered(pretty: true))
        case .dot: Swift.print(result.automaton.dot(name: "automaton"), terminator: "")
        case .jff: Swift.print(JFLAP.text(of: result.automaton), terminator: "")
        }
    }
}

func printJSON(_ value: JSONValue) { print(value.rendered(pretty: true)) }

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run words through the automaton.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @Option(name: .customLong("input"), help: "A word to run (repeatable; \"\" is the empty word).")
    var inputs: [String] = []

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        printJSON(.object([("runs", .array(inputs.map { word in
            .object([("input", .string(word)), ("accepted", .bool(a.run(word).accepted))])
        }))]))
    }
}

struct Determinize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The subset construction; each state lists the states it stands for in \"members\".")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        options.print(try a.determinized(alphabet: options.symbols, maxStates: options.maxStates))
    }
}

struct Minimize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The minimal complete DFA (Hopcroft); a dead state is marked \"dead\": true.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        options.print(try a.minimized(alphabet: options.symbols, maxStates: options.maxStates))
    }
}

struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A DFA with every transition: missing ones go to a dead state.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        options.print(try a.completed(alphabet: options.symbols, maxStates: options.maxStates))
    }
}

struct Complement: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A DFA for the words over the alphabet that the automaton rejects.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        options.print(try a.complemented(alphabet: options.symbols, maxStates: options.maxStates))
    }
}

struct Equivalent: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Whether A and B accept the same words; if not, a shortest word accepted by one only.")
    @Argument(help: "The first automaton file, or '-'.") var a: String
    @Argument(help: "The second automaton file, or '-'.") var b: String
    @Option(help: "Most states a subset construction may make before stopping with an error.")
    var maxStates = 1_000_000

    func validate() throws {
        guard a != "-" || b != "-" else { throw ValidationError("Only one of A and B can be '-'.") }
    }

    func run() throws {
        let first = try AutomatonInput.read(contentsOfFile: a)
        let second = try AutomatonInput.read(contentsOfFile: b)
        printJSON(try first.equivalence(to: second, maxStates: maxStates)
            .json(firstName: "A", secondName: "B"))
    }
}

struct ToRegex: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regex", abstract: "A regular expression for the language (state elimination).")
    @Argument(help: "The automaton file, or '-'.") var automaton: String

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        printJSON(.object([("regex", .string(try a.regex().description))]))
    }
}

struct FromRegex: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Thompson's ε-NFA for a regular expression (symbols: single characters; | * + ? ε ∅ ( )).")
    @Argument(help: "The regular expression.") var regex: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        options.print(AnnotatedAutomaton(automaton: Automaton(regex: try RegexParser.parse(regex))))
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade a drawn automaton against a language: like equivalent, with acceptedBy drawing or regex.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @Option(help: "The language, as a regular expression.") var regex: String
    @Option(help: "Most states a subset construction may make before stopping with an error.")
    var maxStates = 1_000_000

    func run() throws {
        let a = try AutomatonInput.read(contentsOfFile: automaton)
        let verdict = try a.check(against: try RegexParser.parse(regex), maxStates: maxStates)
        printJSON(verdict.json(firstName: "drawing", secondName: "regex"))
    }
}
