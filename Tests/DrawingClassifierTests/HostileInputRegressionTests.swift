import Foundation
import Testing
@testable import DrawingClassifier
@testable import StrokeFormats
@testable import Pictures

/// Regressions for inputs that once hung or allocated far more than their size warranted
/// (found while fuzzing and building the CLI bad-input corpus).
@Suite struct HostileInputRegressionTests {
    /// Reading used to rescan everything read so far after each 1 MiB chunk while looking
    /// for the first non-blank byte: 4 MB of spaces took 1.6 s and 16 MB 16 s (debug; now
    /// about 1 s, which is mostly writing the file).
    @Test func aLongRunOfBlanksIsReadInLinearTime() throws {
        let folder = try TemporaryFolder("blanks")
        defer { folder.remove() }
        try folder.write([UInt8](repeating: 0x20, count: 16 << 20) + Array("x".utf8),
                         to: "blanks.json")
        let start = Date()
        #expect(throws: StrokeFormatError.self) {
            try StrokeReader.read(contentsOfFile: folder.path + "/blanks.json")
        }
        #expect(Date().timeIntervalSince(start) < 4)
    }

    /// A stroke longer than the limits used to be parsed whole before its length was
    /// checked: JSONSerialization makes about 3 KB of objects per point (a 14 MB stroke of a
    /// million points took 3 GB and 50 s). Now one pass over the bytes refuses it, with the
    /// error the check after parsing gives.
    @Test func anOverlongArrayIsRefusedBeforeParsing() throws {
        let limits = StrokeLimits(maxStrokesPerDrawing: 10, maxPointsPerStroke: 1_000)
        let point = Array(#"{"x":1,"y":2},"#.utf8)
        var bytes = Array("[[".utf8)
        for _ in 0..<1_000 { bytes += point }
        let fits = bytes.dropLast() + Array("]]".utf8)
        #expect(throws: Never.self) {
            try StrokeReader.read(bytes: Array(fits), source: "s", limits: limits)
        }
        bytes += Array(#"{"x":1,"y":2}]]"#.utf8)  // 1001 points
        #expect(throws: StrokeFormatError(source: "s", kind: .tooManyPoints(
            stroke: 0, count: 1_001, limit: 1_000))) {
            try StrokeReader.read(bytes: bytes, source: "s", limits: limits)
        }
        // Truncated, so the parser would refuse it too: this error can only come from the scan.
        #expect(throws: StrokeFormatError(source: "s", kind: .tooManyPoints(
            stroke: 0, count: 1_001, limit: 1_000))) {
            try StrokeReader.read(bytes: Array(bytes.dropLast(2)), source: "s", limits: limits)
        }
        let strokes = "[" + Array(repeating: #"[{"x":1,"y":2}]"#, count: 11).joined(separator: ",") + "]"
        #expect(throws: StrokeFormatError(source: "s", kind: .tooManyStrokes(count: 11, limit: 10))) {
            try StrokeReader.read(bytes: Array(strokes.dropLast().utf8), source: "s", limits: limits)
        }
        let quickDraw = #"{"drawing":[[[1],[2]],[["#
            + String(repeating: "1,", count: 1_000) + "1],[2]]]}"
        #expect(throws: StrokeFormatError(source: "s", kind: .tooManyPoints(
            stroke: 1, count: 1_001, limit: 1_000))) {
            try StrokeReader.read(bytes: Array(quickDraw.utf8), source: "s", limits: limits)
        }
        // Commas inside strings are not elements; nesting is bounded.
        let strings = "[[{\"x\":1,\"y\":2,\"note\":\"" + String(repeating: ",", count: 5_000) + "\"}]]"
        #expect(throws: Never.self) {
            try StrokeReader.read(bytes: Array(strings.utf8), source: "s", limits: limits)
        }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: StrokeFormatError(source: "s", kind: .malformedJSON(
            reason: "nested deeper than 64 levels"))) {
            try StrokeReader.read(bytes: Array(deep.utf8), source: "s")
        }
    }

    @Test func aFileHandleIsReadWithTheSameLimits() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("[[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]]".utf8))
        try pipe.fileHandleForWriting.close()
        let limits = StrokeLimits(maxPointsPerStroke: 1)
        #expect(throws: StrokeFormatError(source: "stdin", kind: .tooManyPoints(
            stroke: 0, count: 2, limit: 1))) {
            try StrokeReader.read(from: pipe.fileHandleForReading, source: "stdin", limits: limits)
        }
    }

    /// Opening a FIFO with no writer used to block forever (a dataset folder with a named
    /// pipe called x.png hung fa-train).
    @Test func aNamedPipeIsRefusedInsteadOfBlocking() throws {
        let folder = try TemporaryFolder("fifo")
        defer { folder.remove() }
        let path = folder.path + "/pipe.png"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: ImageLoadingError.cannotRead(
            path: path, reason: "not a regular file (a pipe, socket or device)")) {
            try GrayImage(contentsOfPNG: path)
        }
    }

    /// A 1 kB file whose header claims 49 million weights used to get them allocated and
    /// randomly initialised (about 200 MB) before its length was compared.
    @Test func aShortFileClaimingAHugeNetworkIsRefusedBeforeAllocating() throws {
        var rng = SplitMix64(seed: 1)
        let classifier = Classifier(network: Network(specs: [.flatten, .dense(inputCount: 784,
                                                                               outputCount: 2)],
                                                     using: &rng),
                                    classes: ["a", "b"])
        var bytes = ModelFile.encode(classifier)
        let headerLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16
        var header = String(decoding: bytes[16..<(16 + headerLength)], as: UTF8.self)
        // 784 → 62 000 → 2: 48.7 million weights, under the 50 million architecture cap.
        header = header.replacingOccurrences(
            of: #"{"dense":{"inputCount":784,"outputCount":2}}"#,
            with: #"{"dense":{"inputCount":784,"outputCount":62000}},"#
                + #"{"dense":{"inputCount":62000,"outputCount":2}}"#)
        let newHeader = Array(header.utf8)
        bytes = Array(bytes[0..<12]) + withUnsafeBytes(of: UInt32(newHeader.count).littleEndian,
                                                        Array.init)
            + newHeader + Array(bytes[(16 + headerLength)...].dropLast(4))
        let crc = bytes.withUnsafeBufferPointer { UInt32(crc32Of($0)) }
        bytes += withUnsafeBytes(of: crc.littleEndian, Array.init)
        let start = Date()
        #expect(throws: ModelFileError.truncated(path: "huge.model")) {
            try ModelFile.decode(bytes, path: "huge.model")
        }
        #expect(Date().timeIntervalSince(start) < 0.5)
    }
}
