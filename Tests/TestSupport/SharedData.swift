import Foundation

/// Where the package and the real data of `../shared/datasets` live. Tests that need a
/// dataset are `.enabled(if: SharedData.has(...))` and say why when skipped.
public enum SharedData {
    /// The package root (this file is Tests/TestSupport/SharedData.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let datasets = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/datasets")
    /// The 677 MNIST Maker PNGs (circle, arrow, cycle).
    public static let automataEditor = datasets.appendingPathComponent("automata-editor")
    /// The $1 gesture logs (sNN/speed/nameNN.xml).
    public static let dollarGestures = datasets.appendingPathComponent("dollar-gestures")
    /// The FC_A flowcharts (InkML).
    public static let fcFlowcharts = datasets.appendingPathComponent("fc-flowcharts")

    /// True when `folder/probe` exists.
    public static func has(_ folder: URL, _ probe: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(probe).path)
    }

    public static var hasAutomataEditor: Bool { has(automataEditor, "circle") }
    public static var hasDollarGestures: Bool { has(dollarGestures, "s02") }
    public static var hasFlowcharts: Bool { has(fcFlowcharts, "README.md") }

    /// A file of the package, e.g. `file("models/default.model")`.
    public static func file(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }
}
