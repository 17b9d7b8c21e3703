import ArgumentParser

@main
struct FATrain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fa-train",
        abstract: "Train, evaluate and use the stroke classifier (circle / arrow / cycle …).",
        subcommands: [Train.self, Evaluate.self, Predict.self, Rasterize.self, Scribbles.self,
                      MontageCommand.self, Export.self, Import.self, FitInkRange.self],
        defaultSubcommand: Train.self)
}
