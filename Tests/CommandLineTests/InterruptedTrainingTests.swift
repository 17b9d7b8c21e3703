import DrawingClassifier
import Foundation
import Testing

/// `fa-train` stopped by a signal in the middle of training must leave the model it was
/// about to replace untouched and loadable, and no temporary file beside it.
@Suite struct InterruptedTrainingTests {
    /// Starts `fa-train` with stderr going to `log`, SIGINT/SIGTERM/SIGHUP unblocked and at
    /// their default action: a `Process` child inherits the test runner thread's signal
    /// mask, in which SIGINT is blocked (fa-train then trains on, deaf to it).
    static func spawnTrainer(_ arguments: [String], log: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t(), defaults = sigset_t()
        sigemptyset(&unblocked)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let executable = Tool.productsFolder.appendingPathComponent("fa-train").path
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// A file's text, read with POSIX calls: Foundation's readers leak a buffer (ASan) when
    /// the file grows while being read.
    static func contents(of path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [SIGINT, SIGKILL])
    func aSignalMidTrainingLeavesThePreviousModelIntact(_ signal: Int32) throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FATrainTests.makeDataset(in: folder.appendingPathComponent("data"))
        let model = folder.appendingPathComponent("current.model")
        var rng = SplitMix64(seed: 11)
        let previous = Classifier(network: Network(specs: Network.drawingClassifierSpecs(classCount: 2),
                                                   using: &rng),
                                  classes: ["bar", "pole"])
        try ModelFile.write(previous, to: model.path)
        let before = try Data(contentsOf: model)

        let log = folder.appendingPathComponent("stderr.txt")
        let pid = try Self.spawnTrainer(["--data", folder.appendingPathComponent("data").path,
                                         "--epochs", "100000", "--threads", "1",
                                         "--output", model.path], log: log.path)
        // Wait for the first epoch's row: training is under way.
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while !text.contains("\n     1  ") && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            text = Self.contents(of: log.path)
        }
        #expect(text.contains("\n     1  "), "training did not start: \(text)")
        kill(pid, signal)
        var status: Int32 = 0
        let deadlineForExit = Date().addingTimeInterval(30)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadlineForExit {
                Issue.record("fa-train ignored signal \(signal)")
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(status & 0x7F == signal, "wait status \(status)")  // ended by that signal
        try FileManager.default.removeItem(at: log)

        #expect(try Data(contentsOf: model) == before)
        #expect(try ModelFile.read(from: model.path).classes == ["bar", "pole"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["current.model", "data"], "left behind: \(left)")
    }
}
