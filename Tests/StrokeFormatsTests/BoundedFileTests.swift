import Foundation
import StrokeFormats
import Testing

/// The one bounded whole-file read behind the stroke, InkML, model and Core ML readers.
@Suite struct BoundedFileTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileWithinTheLimitIsReadWhole() throws {
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 * 7) }  // 3 chunks
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try BoundedFile.read(contentsOf: path, limit: bytes.count) == bytes)
    }

    @Test func aRegularFileOverTheLimitIsRefusedByItsSize() throws {
        let path = try Self.temporaryFile(Array(repeating: 65, count: 1001))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: BoundedFile.Failure.tooLarge(bytes: 1001)) {
            try BoundedFile.read(contentsOf: path, limit: 1000)
        }
    }

    /// A device has no size: it is refused as soon as the chunks read pass the limit.
    @Test func anEndlessDeviceIsRefusedAfterOneChunk() {
        #expect(throws: BoundedFile.Failure.tooLarge(bytes: 1 << 20)) {
            try BoundedFile.read(contentsOf: "/dev/zero", limit: 1000)
        }
        #expect(throws: BoundedFile.Failure.notARegularFile) {
            try BoundedFile.read(contentsOf: "/dev/zero", limit: 1000, regularFileOnly: true)
        }
    }

    @Test func aMissingFileOrAFolderIsUnreadable() {
        #expect(throws: BoundedFile.Failure.unreadable(reason: "No such file or directory")) {
            try BoundedFile.read(contentsOf: "/no/such/file", limit: 10)
        }
        #expect(throws: BoundedFile.Failure.notARegularFile) {
            try BoundedFile.read(contentsOf: NSTemporaryDirectory(), limit: 10, regularFileOnly: true)
        }
        #expect(throws: BoundedFile.Failure.self) {
            try BoundedFile.read(contentsOf: NSTemporaryDirectory(), limit: 10)
        }
    }

    @Test func readingStopsWhenAsked() throws {
        var starts: [Int] = []
        let bytes = try BoundedFile.read(contentsOf: "/dev/zero", limit: 10 << 20) { read, start in
            starts.append(start)
            return read.count >= 2 << 20
        }
        #expect(starts == [0, 1 << 20] && bytes.count == 2 << 20)
    }
}
