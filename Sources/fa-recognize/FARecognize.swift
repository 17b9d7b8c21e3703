import ArgumentParser
import AutomatonOperations
import Automata
import AutomatonRecognition
import DrawingClassifier
import Foundation
import StrokeFormats

@main
struct FARecognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fa-recognize",
        abstract: "Recognise hand-drawn finite automata from pen strokes and simulate words on them.",
        discussion: """
            Each FILE holds a stroke list, a drawing document, JSON Lines of either (batch), \
            Quick, Draw! lines, a $1 gesture XML or InkML (FORMATS.md §1); '-' reads standard input. \
            One JSON object per drawing goes to stdout, in input order. An input that cannot \
            be read gets an object with an "error" and the batch goes on; the exit code is \
            then 1. A JSON Lines batch is read, recognised and printed a piece at a time \
            (1 024 lines or 8 MiB), so memory does not grow with the batch.
            """)

    @Option(help: "Model file (default: the model built into this tool).") var model: String?
    @Option(name: .customLong("input"), help: "A word to simulate (repeatable; \"\" is the empty word).")
    var inputs: [String] = []
    @Option(help: "Output: jsonl (one line per drawing), json (indented), dot (Graphviz) or jff (JFLAP).")
    var format: OutputFormat = .jsonl
    @Option(help: "Grade each drawing against this regular expression (adds \"check\" to the JSON).")
    var expectRegex: String?
    @Option(help: "Worker threads for batches, parsing and recognising (output order never changes).")
    var threads = 2
    @Option(help: "Strokes whose best class has a lower probability are rejected.")
    var minConfidence = 0.5
    @Flag(help: "Do not reject strokes unlike every trained class.") var acceptNovel = false
    @Option(help: "Draw the recognised automaton over the strokes (.png or .svg; one drawing only).")
    var render: String?
    @Option(help: "Most points accepted in one stroke.")
    var maxPoints = StrokeLimits.standard.maxPointsPerStroke
    @Option(help: "Most strokes accepted in one drawing.")
    var maxStrokes = StrokeLimits.standard.maxStrokesPerDrawing
    @Option(help: "Largest JSON document, JSON Lines line or XML file, in bytes.")
    var maxLineBytes = StrokeLimits.standard.maxDocumentBytes
    @Argument(help: "Drawing files, or '-' for standard input.") var files: [String]

    enum OutputFormat: String, ExpressibleByArgument { case jsonl, json, dot, jff }

    /// One drawing's result in the chosen format.
    /// `expected`: the parsed `--expect-regex`, when given.
    func text(of result: RecognitionResult, expected: Regex?) -> String {
        let json = expected.map { result.json(checkedAgainst: $0) } ?? result.json
        switch format {
        case .jsonl: return json.rendered(pretty: false)
        case .json: return json.rendered(pretty: true)
        case .dot: return result.assembly.automaton.dot(name: "automaton")
        case .jff: return String(JFLAP.text(of: result.assembly.automaton).dropLast())  // print adds the newline
        }
    }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one drawing file, or '-'.") }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must lie in 1...64.") }
        guard (0...1).contains(minConfidence) else {
            throw ValidationError("--min-confidence must lie in 0...1.")
        }
        guard maxPoints > 0, maxStrokes > 0, maxLineBytes > 0 else {
            throw ValidationError("--max-points, --max-strokes and --max-line-bytes must be positive.")
        }
        if let expectRegex {
            do { _ = try RegexParser.parse(expectRegex) } catch { throw ValidationError("--expect-regex: \(error)") }
        }
    }

    func run() throws {
        let classifier = try model.map { try ModelFile.read(from: $0) } ?? DefaultModel.classifier()
        if let mismatch = ElementClassifier.inputMismatch(of: classifier) {
            throw ModelMismatchError(
                description: "file \(model ?? "<built-in default model>"): \(mismatch)")
        }
        let limits = StrokeLimits(maxDocumentBytes: maxLineBytes, maxStrokesPerDrawing: maxStrokes,
                                  maxPointsPerStroke: maxPoints)
        let recognizer = Recognizer(elementClassifier: ElementClassifier(
            classifier: classifier, minimumConfidence: minConfidence, rejectsNovelStrokes: !acceptNovel))
        let expected = expectRegex.flatMap { try? RegexParser.parse($0) }  // checked in validate()
        if let render {
            try renderOne(to: render, recognizer: recognizer, limits: limits, expected: expected)
            return
        }
        // Each input is read a piece at a time (a JSON Lines batch in pieces of up to 1 024
        // lines), recognised and printed before the next piece is read: memory holds one piece.
        var count = 0, failures = 0
        try forEachPiece(limits: limits) { items in
            count += items.count
            failures += items.filter { if case .failure = $0.drawing { true } else { false } }.count
            if format == .jsonl && expectRegex == nil {
                for line in recognizer.jsonLines(for: items, extraInputs: inputs,
                                                 threadCount: threads) {
                    print(line)
                }
                return
            }
            for item in items {
                switch item.drawing {
                case .success(let drawing):
                    print(text(of: recognizer.recognize(drawing, source: item.source,
                                                        extraInputs: inputs), expected: expected))
                case .failure(let error):
                    print(Recognizer.errorLine(source: item.source, message: error.description))
                }
            }
        }
        if failures > 0 {
            FileHandle.standardError.write(Data("\(failures) of \(count) inputs could not be read\n".utf8))
            throw ExitCode(1)
        }
    }

    typealias Item = (source: String, drawing: Result<Drawing, StrokeFormatError>)

    /// Reads the inputs in order, a piece at a time (`StrokeReader.readPieces`), and hands
    /// `body` each piece's drawings named by their source (`file`, or `file:N` for the N-th
    /// drawing of a batch); an input that cannot be read is one failed item.
    func forEachPiece(limits: StrokeLimits, _ body: ([Item]) throws -> Void) throws {
        for file in files {
            let name = file == "-" ? "stdin" : file
            var read = 0  // results of this input so far
            func piece(_ input: DrawingInput) throws {
                let results = input.results
                try body(results.enumerated().map { index, result in
                    (source: input.isBatch ? "\(name):\(read + index + 1)" : name, drawing: result)
                })
                read += results.count
            }
            do {
                if file == "-" {
                    try StrokeReader.readPieces(from: .standardInput, source: name, limits: limits,
                                                threads: threads, piece)
                } else {
                    try StrokeReader.readPieces(contentsOfFile: file, limits: limits,
                                                threads: threads, piece)
                }
            } catch let error as StrokeFormatError {
                try body([(file, .failure(error))])
            }
        }
    }

    /// `--render`: the one drawing of the one input, drawn with what was recognised.
    func renderOne(to render: String, recognizer: Recognizer, limits: StrokeLimits,
                   expected: Regex?) throws {
        var items: [Item] = []
        try forEachPiece(limits: limits) { items += $0 }
        guard items.count == 1 else {
            throw ValidationError("--render draws one drawing; the input holds \(items.count).")
        }
        guard case .success(let drawing) = items[0].drawing else {
            if case .failure(let error) = items[0].drawing {
                print(Recognizer.errorLine(source: items[0].source, message: error.description))
            }
            throw ExitCode(1)
        }
        let result = recognizer.recognize(drawing, source: items[0].source, extraInputs: inputs)
        try AutomatonRenderer().picture(of: drawing, assembly: result.assembly).write(to: render)
        print(text(of: result, expected: expected))
    }
}

/// A model that loads but cannot classify this tool's 28×28 rasterized strokes (exit code 1).
struct ModelMismatchError: Error, CustomStringConvertible { var description: String }
