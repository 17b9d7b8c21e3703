import ArgumentParser
import AutomatonRecognition
import DrawingClassifier

@main
struct FARecognize: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fa-recognize",
        abstract: "Recognise hand-drawn automata from pen strokes.")
    func run() throws {}
}
