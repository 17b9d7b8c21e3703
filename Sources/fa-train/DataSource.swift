import ArgumentParser

/// Where a command's drawings come from: PNG class folders or a stroke dataset (exactly one).
struct DataSource: ParsableArguments {
    @Option(help: "Folder with one subfolder of PNG drawings per class (MNIST Maker layout).")
    var data: String?
    @Option(help: ArgumentHelp("Or a stroke dataset, rasterized: a folder per class of stroke "
                               + "files, or the $1 gesture XML tree (sNN/speed/nameNN.xml).",
                               valueName: "dir"))
    var strokes: String?
    @Option(help: "With --strokes: comma-separated classes to keep (default: all).")
    var classes: String?

    func validate() throws {
        guard (data == nil) != (strokes == nil) else {
            throw ValidationError("Give exactly one of --data (PNG folders) or --strokes (stroke files).")
        }
        guard strokes != nil || classes == nil else {
            throw ValidationError("--classes needs --strokes.")
        }
    }

    /// `--classes` as a list.
    var classList: [String]? { classes.map { $0.split(separator: ",").map(String.init) } }
}
