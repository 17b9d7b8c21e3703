import ArgumentParser
import DrawingClassifier

@main
struct FATrain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fa-train",
        abstract: "Train the stroke classifier on folders of PNGs and export its weights.")
    func run() throws {}
}
