import Foundation
import Testing
@testable import DrawingClassifier
@testable import StrokeFormats

/// `StrokeReader.readPieces` (what `fa-recognize` reads with: a JSON Lines batch a piece at a
/// time) against `StrokeReader.read` of the whole input: the same results, order, line
/// numbers and errors, with chunks as small as one byte so that lines, blanks and the
/// byte-order mark fall across every chunk boundary.
@Suite struct StrokeReaderPiecesTests {
    /// A batch of 300 lines: good ones, blank ones, broken JSON, empty drawings and (with a
    /// 200-byte line limit) lines too long.
    static let batch: String = (1...300).map { line in
        switch line % 9 {
        case 0: ""                                                     // blank
        case 3: "[[{\"x\":1,\"y\":\(line)}"                            // broken JSON
        case 5: "{\"strokes\":[]}"                                     // an empty drawing
        case 7: "[[" + Array(repeating: "{\"x\":1,\"y\":2}", count: 20)
            .joined(separator: ",") + "]]"                             // 283 bytes
        default: "  [[{\"x\":\(line),\"y\":2},{\"x\":3,\"y\":\(line % 11)}]] "
        }
    }.joined(separator: "\n")

    static let limits = StrokeLimits(maxDocumentBytes: 200)

    /// Inputs of every kind `read` tells apart.
    static let inputs: [(name: String, text: String)] = [
        ("batch", batch + "\n"),
        ("batch without a last line end", batch),
        ("batch after a byte-order mark and blank lines", "\u{FEFF}\n  \n\n" + batch),
        ("batch with trailing blanks", batch + "\n\n   \n "),
        ("two lines", "[[{\"x\":1,\"y\":2}]]\n[[{\"x\":3,\"y\":4}]]"),
        ("one line and blanks", "[[{\"x\":1,\"y\":2}]]\n\n  \n"),
        ("one document over three lines", "{\"strokes\": [[{\"x\":1,\"y\":2}]],\n"
            + "\"labels\": [\"circle\"]\n}\n"),
        ("gesture XML", "<Gesture>\n<Point X=\"1\" Y=\"2\"/>\n</Gesture>\n"),
        ("not a drawing", "\n  hello\n[[{\"x\":1,\"y\":2}]]\n"),
        ("empty", ""),
        ("only blanks", " \n\n \t \n"),
    ]

    /// The pieces `readPieces` hands over for `text`, or the error it throws.
    func pieces(_ text: String, chunk: Int, lines: Int, bytes: Int,
                limits: StrokeLimits = Self.limits) throws -> Result<[DrawingInput], StrokeFormatError> {
        let folder = try TemporaryFolder("pieces")
        defer { folder.remove() }
        try folder.write(Array(text.utf8), to: "input")
        let handle = try #require(FileHandle(forReadingAtPath: folder.path + "/input"))
        defer { try? handle.close() }
        var pieces: [DrawingInput] = []
        do {
            try StrokeReader.readPieces(from: handle, source: "test", limits: limits, threads: 2,
                                        linesPerPiece: lines, bytesPerPiece: bytes,
                                        chunkBytes: chunk) { pieces.append($0) }
        } catch let error as StrokeFormatError {
            return .failure(error)
        }
        return .success(pieces)
    }

    @Test(arguments: [1, 3, 64, 1 << 20])
    func piecesGiveWhatTheWholeInputGives(chunk: Int) throws {
        for input in Self.inputs {
            let whole = Result { () throws(StrokeFormatError) in
                try StrokeReader.read(bytes: Array(input.text.utf8), source: "test",
                                      limits: Self.limits)
            }
            // Pieces of 16 lines, then of about 1 000 bytes (a few lines each).
            for (lines, bytes) in [(16, 1 << 20), (1_000, 1_000)] {
                let read = try pieces(input.text, chunk: chunk, lines: lines, bytes: bytes)
                let label = "\(input.name), chunks of \(chunk), pieces of \(lines) lines"
                switch (whole, read) {
                case let (.success(whole), .success(pieces)):
                    #expect(pieces.flatMap(\.results) == whole.results, "\(label)")
                    #expect(pieces.allSatisfy { $0.isBatch == whole.isBatch }, "\(label)")
                    #expect(pieces.allSatisfy { $0.results.count <= lines }, "\(label)")
                    if !whole.isBatch { #expect(pieces.count == 1, "\(label)") }
                case let (.failure(expected), .failure(error)):
                    #expect(error == expected, "\(label)")
                default:
                    Issue.record("\(label): read whole \(whole), in pieces \(read)")
                }
            }
        }
        // The batch really came in pieces, with its 33 long lines refused in their places.
        let batch = try pieces(Self.batch, chunk: chunk, lines: 16, bytes: 1 << 20).get()
        #expect(batch.count == (300 - 33 + 15) / 16)  // 267 non-blank lines
        let tooLong = batch.flatMap(\.results).compactMap { result -> Int? in
            guard case .failure(let error) = result, case .documentTooLarge = error.kind
            else { return nil }
            return error.line
        }
        #expect(tooLong == Array(stride(from: 7, through: 300, by: 9)))
    }

    /// A streamed batch has no total size limit (only `read` has, holding it all); what is
    /// held at once (lines not yet handed over and an unfinished line) still is.
    @Test func aStreamedBatchIsBoundedByItsLongestLineNotByItsLength() throws {
        let limits = StrokeLimits(maxInputBytes: 1_000, maxDocumentBytes: 200)
        let line = "[[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]]\n"  // 34 bytes
        let long = String(repeating: line, count: 100)       // 3 400 bytes
        #expect(throws: StrokeFormatError.self) {
            try StrokeReader.read(bytes: Array(long.utf8), source: "test", limits: limits)
        }
        let pieces = try pieces(long, chunk: 100, lines: 10, bytes: 1 << 20, limits: limits).get()
        #expect(pieces.count == 10)
        #expect(pieces.flatMap(\.results).allSatisfy { (try? $0.get()) != nil })
        let endless = line + line + "[[" + String(repeating: " ", count: 2_000)
        #expect(try self.pieces(endless, chunk: 100, lines: 10, bytes: 1 << 20, limits: limits)
                == .failure(StrokeFormatError(source: "test", kind: .inputTooLarge(
                    bytes: 1_100, limit: 1_000))))  // 100-byte chunks: 1 100 held

    }
}
