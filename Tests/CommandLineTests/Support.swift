import Foundation

/// Runs the package's built executables (they sit beside the test bundle in .build/<config>/).
enum Tool {
    static let productsFolder: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // The test runner is .build/<config>/<Package>PackageTests.xctest (a file on Linux).
        while url.path != "/" && !FileManager.default.fileExists(
            atPath: url.appendingPathComponent("fa-train").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sharedDatasets = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/datasets")
    static var sharedDataIsAvailable: Bool {
        FileManager.default.fileExists(atPath: sharedDatasets.appendingPathComponent("automata-editor/circle").path)
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
        /// Whether a signal ended the process (then `status` is the signal's number).
        var signaled = false
    }

    /// Runs `name` with `arguments` (in `directory` if given), killing it after `timeout` seconds.
    static func run(_ name: String, _ arguments: [String], stdin: Data? = nil,
                    timeout: TimeInterval = 60, directory: URL? = nil) throws -> Outcome {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = productsFolder.appendingPathComponent(name)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline { process.terminate(); timedOut = true; break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        group.wait()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut,
                       signaled: process.terminationReason == .uncaughtSignal)
    }

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("fa-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
