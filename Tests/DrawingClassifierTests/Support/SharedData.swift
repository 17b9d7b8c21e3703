import Foundation

/// Where the real data of `../shared/datasets` lives, relative to the package root.
/// Tests that need it are `.enabled(if: SharedData.isAvailable)` and say why when skipped.
enum SharedData {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let datasets = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/datasets")
    static let automataEditor = datasets.appendingPathComponent("automata-editor")
    static let dollarGestures = datasets.appendingPathComponent("dollar-gestures")
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: automataEditor.appendingPathComponent("circle").path)
    }
}
