import Foundation
import Testing

/// fa-recognize on a JSON Lines batch longer than one piece (it reads, recognises and prints
/// 1 024 lines at a time): one output line per drawing, in order, numbered across the pieces,
/// a bad line reported in its place.
@Suite struct RecognizeBatchTests {
    @Test func aBatchOfSeveralPiecesComesOutWholeAndInOrder() throws {
        let folder = try Tool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A circle of 12 points, its centre moving with the line number.
        func circle(_ line: Int) -> String {
            let points = (0..<12).map { i in
                let t = Double(i) / 12 * 2 * Double.pi
                return "{\"x\":\(100 + line % 50 + Int(40 * cos(t))),\"y\":\(100 + Int(40 * sin(t)))}"
            }
            return "[[" + points.joined(separator: ",") + "]]"
        }
        let lines = (1...1_100).map { line in
            switch line {
            case 700: ""                       // blank: no output
            case 1_050: "[[{\"x\":1,\"y\":2}"  // broken JSON, in the second piece
            default: circle(line)
            }
        }
        let file = folder.appendingPathComponent("batch.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let run = try Tool.run("fa-recognize", ["batch.jsonl"], timeout: 120, directory: folder)
        #expect(run.status == 1 && !run.timedOut && !run.signaled)
        #expect(run.stderr == "1 of 1099 inputs could not be read\n", "\(run.stderr)")
        let output = run.stdout.split(separator: "\n").map(String.init)
        try #require(output.count == 1_099)
        for (index, line) in output.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            // Drawings are numbered in order (blank lines are not drawings).
            #expect(object?["source"] as? String == "batch.jsonl:\(index + 1)")
            if index + 1 == 1_049 {
                let error = try #require(object?["error"] as? String)
                #expect(error.contains("line 1050"), "\(error)")
            } else {
                #expect(object?["elements"] != nil, "\(line)")
            }
        }
    }
}
