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
            or a JFLAP .jff file; '-' reads standard input. Warnings (no initial state, several, \
            what was changed to read a JFLAP file, a '+' that looks meant as a union) go to \
            standard error and to the JSON output's "warnings". Exit codes: 0 when the command \
            ran (whatever its verdict), 1 for bad input, 64 for usage errors.
            """,
        subcommands: [Simulate.self, Determinize.self, Minimize.self, Complete.self,
                      Complement.self, Equivalent.self, ToRegex.self, FromRegex.self, Check.self,
                      Batch.self, Benchmark.self])
}

enum OutputFormat: String, ExpressibleByArgument { case json, dot, jff }

extension RegexSyntax: ExpressibleByArgument {}

/// The regular-expression syntax option of from-regex, check and regex.
struct SyntaxOption: ParsableArguments {
    @Option(help: ArgumentHelp("Regular-expression syntax: plain (| union, ε the empty word, "
                                + "postfix * + ?) or jflap (+ union, ! the empty word, postfix *)."))
    var syntax: RegexSyntax = .plain

    /// `text` read in the syntax, its warnings written to standard error.
    func parse(_ text: String) throws -> (regex: Regex, warnings: [String]) {
        let regex = try RegexParser.parse(text, syntax: syntax)
        let warnings = RegexParser.warnings(for: text, syntax: syntax)
        warn(warnings)
        return (regex, warnings)
    }
}

/// The automaton in `path` ('-': standard input), its warnings written to standard error.
func readAutomaton(_ path: String) throws -> ReadAutomaton {
    let read = try AutomatonInput.read(contentsOfFile: path)
    warn(read.warnings)
    return read
}

/// Writes each warning to standard error, one line each.
func warn(_ warnings: [String]) {
    for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
}

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

    /// The result in the chosen format; `warnings` (already on standard error) go into JSON.
    func print(_ result: AnnotatedAutomaton, warnings: [String]) {
        switch format {
        case .json: printJSON(result.json, warnings: warnings)
        case .dot: Swift.print(result.automaton.dot(name: "automaton"), terminator: "")
        case .jff: Swift.print(JFLAP.text(of: result.automaton), terminator: "")
        }
    }
}

/// `value` (an object), with a `"warnings"` array at the end when there are any.
func printJSON(_ value: JSONValue, warnings: [String] = []) {
    guard !warnings.isEmpty, case let .object(members) = value else {
        print(value.rendered(pretty: true))
        return
    }
    print(JSONValue.object(members + [("warnings", .array(warnings.map(JSONValue.string)))])
        .rendered(pretty: true))
}

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run words through the automaton.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @Option(name: .customLong("input"), help: "A word to run (repeatable; \"\" is the empty word).")
    var inputs: [String] = []

    func run() throws {
        let read = try readAutomaton(automaton)
        printJSON(.object([("runs", .array(inputs.map { word in
            .object([("input", .string(word)),
                     ("accepted", .bool(read.automaton.run(word).accepted))])
        }))]), warnings: read.warnings)
    }
}

struct Determinize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The subset construction; each state lists the states it stands for in \"members\".")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let read = try readAutomaton(automaton)
        options.print(try read.automaton.determinized(alphabet: options.symbols, maxStates: options.maxStates),
                      warnings: read.warnings)
    }
}

struct Minimize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The minimal complete DFA (Hopcroft); a dead state is marked \"dead\": true.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let read = try readAutomaton(automaton)
        options.print(try read.automaton.minimized(alphabet: options.symbols, maxStates: options.maxStates),
                      warnings: read.warnings)
    }
}

struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A DFA with every transition: missing ones go to a dead state.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let read = try readAutomaton(automaton)
        options.print(try read.automaton.completed(alphabet: options.symbols, maxStates: options.maxStates),
                      warnings: read.warnings)
    }
}

struct Complement: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A DFA for the words over the alphabet that the automaton rejects.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let read = try readAutomaton(automaton)
        options.print(try read.automaton.complemented(alphabet: options.symbols, maxStates: options.maxStates),
                      warnings: read.warnings)
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
        let first = try readAutomaton(a)
        let second = try readAutomaton(b)
        printJSON(try first.automaton.equivalence(to: second.automaton, maxStates: maxStates)
            .json(firstName: "A", secondName: "B"), warnings: first.warnings + second.warnings)
    }
}

struct ToRegex: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regex", abstract: "A regular expression for the language (state elimination).")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @OptionGroup var syntax: SyntaxOption

    func run() throws {
        let read = try readAutomaton(automaton)
        let regex = try read.automaton.regex()
        if let symbol = regex.symbols.first(where: {
            $0.contains(where: syntax.syntax.reservedCharacters.contains) }) {
            throw AutomatonOperationError.symbolNotWritableInRegex(symbol)
        }
        printJSON(.object([("regex", .string(regex.text(in: syntax.syntax)))]),
                  warnings: read.warnings)
    }
}

struct FromRegex: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Thompson's ε-NFA for a regular expression (symbols: single characters; | * + ? ε ∅ ( ), "
            + "or with --syntax jflap + * ! ( )).")
    @Argument(help: "The regular expression.") var regex: String
    @OptionGroup var syntax: SyntaxOption
    @OptionGroup var options: AutomatonOptions

    func run() throws {
        let (parsed, warnings) = try syntax.parse(regex)
        options.print(AnnotatedAutomaton(automaton: Automaton(regex: parsed)), warnings: warnings)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade a drawn automaton against a language: like equivalent, with acceptedBy drawing or regex.")
    @Argument(help: "The automaton file, or '-'.") var automaton: String
    @Option(help: "The language, as a regular expression.") var regex: String
    @OptionGroup var syntax: SyntaxOption
    @Option(help: "Most states a subset construction may make before stopping with an error.")
    var maxStates = 1_000_000

    func run() throws {
        let read = try readAutomaton(automaton)
        let (parsed, warnings) = try syntax.parse(regex)
        let verdict = try read.automaton.check(against: parsed, maxStates: maxStates)
        printJSON(verdict.json(firstName: "drawing", secondName: "regex"),
                  warnings: read.warnings + warnings)
    }
}
