import DrawingClassifier
import Foundation

/// Progress and diagnostics go to stderr; results go to stdout.
enum Console {
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension EpochReport {
    var tableRow: String {
        let valid = validationAccuracy.map { String(format: "%9.4f", $0) } ?? "        -"
        return String(format: "%6d  %10.4f  %9.4f  %@  %6.1fs", epoch, trainLoss, trainAccuracy, valid,
                      elapsedSeconds)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
