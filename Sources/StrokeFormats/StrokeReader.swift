import Foundation

/// Reads drawings in the formats of FORMATS.md §1, recognising the format from the content
/// (never from the file extension):
///
/// - first non-blank byte `<` → InkML when the root element is `<ink>` (one stroke per
///   `<trace>`, see `InkMLDocument`), else $1 gesture XML (one stroke per `<Gesture>`);
/// - `[` or `{` on a first line that is a complete JSON value and followed by more lines →
///   JSON Lines, each non-blank line a stroke list, a drawing document or a Quick, Draw!
///   object, read independently;
/// - otherwise `[` or `{` → one JSON stroke list, drawing document or Quick, Draw! object;
/// - anything else → `unknownFormat`.
///
/// A leading UTF-8 byte-order mark is skipped. Strokes may have a single point (a dot); a
/// stroke with no points is an error; a drawing with no strokes is an empty drawing.
/// Limits (`StrokeLimits`) are checked before parsing; see there for the defaults.
public enum StrokeReader {
    /// Reads a file (or a device or pipe such as `/dev/stdin`) through `BoundedFile`: a
    /// regular file larger than `limits.maxInputBytes` is refused by its size, anything else
    /// as soon as it passes the limit; reading stops as soon as the first non-blank byte
    /// shows it is no drawing (so `/dev/zero` or a PNG fails at once). `source` in errors is
    /// the path. The lines of a JSON Lines batch are parsed on `threads` threads (the
    /// results, in input order, are the same for any count).
    public static func read(contentsOfFile path: String, limits: StrokeLimits = .standard,
                            threads: Int = 1) throws(StrokeFormatError) -> DrawingInput {
        let bytes: [UInt8]
        var sniffer = FormatSniffer()
        do {
            bytes = try BoundedFile.read(contentsOf: path, limit: limits.maxInputBytes,
                                         stoppingWhen: { sniffer.showsNoDrawing($0, from: $1) })
        } catch {
            throw StrokeFormatError(source: path, kind: kind(of: error, limit: limits.maxInputBytes))
        }
        return try read(bytes: bytes, source: path, limits: limits, threads: threads)
    }

    /// Reads an open file, pipe or standard input (`FileHandle.standardInput`) the same way,
    /// bounded by the same limits; `source` names it in errors (`"stdin"`, say).
    public static func read(from handle: FileHandle, source: String,
                            limits: StrokeLimits = .standard,
                            threads: Int = 1) throws(StrokeFormatError) -> DrawingInput {
        let bytes: [UInt8]
        var sniffer = FormatSniffer()
        do {
            bytes = try BoundedFile.read(from: handle, limit: limits.maxInputBytes,
                                         stoppingWhen: { sniffer.showsNoDrawing($0, from: $1) })
        } catch {
            throw StrokeFormatError(source: source, kind: kind(of: error, limit: limits.maxInputBytes))
        }
        return try read(bytes: bytes, source: source, limits: limits, threads: threads)
    }

    /// Watches the chunks of an input as they are read, so that reading stops as soon as
    /// the first non-blank byte shows it is no drawing (`/dev/zero` or a PNG fails at once;
    /// `read(bytes:)` then names the unknown format from what was read).
    private struct FormatSniffer {
        var checkedStart = false

        /// Whether reading can stop: `bytes` so far, the new chunk starting at `start`.
        mutating func showsNoDrawing(_ bytes: [UInt8], from start: Int) -> Bool {
            // Only the new chunk is scanned: rescanning from the start made a long run of
            // blanks quadratic (a 200 MB file of spaces took minutes).
            guard !checkedStart, let first = bytes.withUnsafeBufferPointer({ buffer in
                firstSignificant(buffer, from: start)
            }) else { return false }
            checkedStart = true
            return ![UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "{")].contains(bytes[first])
        }
    }

    /// The reader's error for a failure to read the input whole.
    private static func kind(of failure: BoundedFile.Failure, limit: Int) -> StrokeFormatError.Kind {
        switch failure {
        case .unreadable, .notARegularFile: .unreadableFile
        case let .tooLarge(bytes): .inputTooLarge(bytes: bytes, limit: limit)
        }
    }

    /// `readPieces(from:…)` on a file (or a device or pipe such as `/dev/stdin`); `source` in
    /// errors is the path.
    public static func readPieces(
        contentsOfFile path: String, limits: StrokeLimits = .standard, threads: Int = 1,
        linesPerPiece: Int = 1024, bytesPerPiece: Int = 8 << 20,
        _ body: (DrawingInput) throws -> Void
    ) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StrokeFormatError(source: path, kind: .unreadableFile)
        }
        defer { try? handle.close() }
        try readPieces(from: handle, source: path, limits: limits, threads: threads,
                       linesPerPiece: linesPerPiece, bytesPerPiece: bytesPerPiece, body)
    }

    /// Reads like `read(from:source:limits:threads:)`, but hands a JSON Lines batch to `body`
    /// as it goes, in pieces of at most `linesPerPiece` lines or `bytesPerPiece` bytes, so
    /// that memory holds one piece (and its drawings) instead of the whole batch: the
    /// results, their order and their line numbers are those of `read`. Any other input (one
    /// drawing) is read whole and handed over once. A streamed batch has no total size limit:
    /// `maxInputBytes` then bounds what is held at once (the lines of a piece not yet handed
    /// over and an unfinished line), `maxDocumentBytes` each line as always. An error thrown
    /// after some pieces were handed over ends the input there.
    public static func readPieces(
        from handle: FileHandle, source: String, limits: StrokeLimits = .standard,
        threads: Int = 1, linesPerPiece: Int = 1024, bytesPerPiece: Int = 8 << 20,
        _ body: (DrawingInput) throws -> Void
    ) throws {
        try readPieces(from: handle, source: source, limits: limits, threads: threads,
                       linesPerPiece: linesPerPiece, bytesPerPiece: bytesPerPiece,
                       chunkBytes: 1 << 20, body)
    }

    /// `readPieces`, reading `chunkBytes` at a time (tests use tiny chunks, so that lines,
    /// byte-order marks and blanks fall across chunk boundaries).
    static func readPieces(
        from handle: FileHandle, source: String, limits: StrokeLimits, threads: Int,
        linesPerPiece: Int, bytesPerPiece: Int, chunkBytes: Int,
        _ body: (DrawingInput) throws -> Void
    ) throws {
        precondition(linesPerPiece > 0 && bytesPerPiece > 0 && chunkBytes > 0,
                     "A piece and a chunk hold something.")
        var pending: [UInt8] = []
        var atEnd = false
        /// Appends the next chunk of the input; false at its end.
        func readChunk() throws(StrokeFormatError) -> Bool {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: chunkBytes) } catch {
                throw StrokeFormatError(source: source, kind: .unreadableFile)
            }
            guard let chunk, !chunk.isEmpty else {
                atEnd = true
                return false
            }
            pending.append(contentsOf: chunk)
            guard pending.count <= limits.maxInputBytes else {
                throw StrokeFormatError(source: source, kind: .inputTooLarge(
                    bytes: pending.count, limit: limits.maxInputBytes))
            }
            return true
        }
        // Read until the format shows: the first line, then something after it (a batch
        // has more lines than one), or the end of the input. Each step resumes where the
        // last chunk ended (rescanning made a long run of blanks quadratic).
        var start = 0, first: Int?, firstLineEnd: Int?, batch = false, scanned = 0
        decide: while try readChunk() {
            let decision = pending.withUnsafeBufferPointer { buffer -> Bool? in
                // (Three bytes show whether a byte-order mark comes first.)
                guard buffer.count >= 3 else { return nil }
                defer { scanned = buffer.count }
                if buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
                if first == nil {
                    let index = skipWhitespace(buffer, from: max(start, scanned), to: buffer.count)
                    if let index, index < buffer.count { first = index }
                }
                guard let first else { return nil }
                guard buffer[first] == UInt8(ascii: "[") || buffer[first] == UInt8(ascii: "{")
                else { return false }  // gesture XML, or no drawing: read whole
                if firstLineEnd == nil {
                    let stop = lineEnd(buffer, from: max(first, scanned))
                    guard stop < buffer.count else { return nil }  // the first line goes on
                    firstLineEnd = stop
                }
                let stop = firstLineEnd!
                guard skipWhitespace(buffer, from: max(stop, scanned), to: buffer.count)!
                    < buffer.count else { return nil }  // only blanks after it so far
                return stop - first > limits.maxDocumentBytes
                    || isCompleteJSONValue(buffer, from: first, to: stop)
            }
            if let decision {
                batch = decision
                break decide
            }
        }
        guard batch else {
            // One drawing (or an error): the rest of it, then `read` as a whole. An input
            // that is no drawing at all is named from its first bytes without reading on.
            let drawing = first.map { [UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "{")]
                .contains(pending[$0]) } ?? true
            // (Eight bytes name it, as when it is read whole.)
            while !atEnd, drawing || pending.count < first! + 8, try readChunk() {}
            try body(read(bytes: pending, source: source, limits: limits, threads: threads))
            return
        }
        // The batch, a piece at a time: whole lines are parsed and handed over, and the
        // bytes they took are dropped.
        var lineNumber = 0, position = start, pieceStart = start
        var searched = start  // no line end in position..<searched
        var lines: [Line] = []
        func handOver() throws {
            let results = pending.withUnsafeBufferPointer { buffer in
                parse(lines, in: buffer, source: source, limits: limits, threads: threads)
            }
            pending.removeSubrange(0..<position)
            searched -= position
            (position, pieceStart) = (0, 0)
            lines.removeAll(keepingCapacity: true)
            try body(.batch(results))
        }
        while true {
            // Every complete line in what was read (and at the end, an unfinished last one).
            while true {
                let found: Line?? = pending.withUnsafeBufferPointer { buffer in
                    let stop = lineEnd(buffer, from: max(position, searched))
                    searched = stop
                    guard stop < buffer.count || (atEnd && position < buffer.count) else {
                        return Line??.none  // the line goes on in the next chunk
                    }
                    defer { position = min(stop + 1, buffer.count) }
                    return Line??.some(line(buffer, from: position, to: stop,
                                            number: lineNumber + 1))
                }
                guard let line = found else { break }
                lineNumber += 1
                if let line { lines.append(line) }
                if lines.count >= linesPerPiece || position - pieceStart >= bytesPerPiece {
                    try handOver()
                }
            }
            if atEnd { break }
            _ = try readChunk()
        }
        if !lines.isEmpty { try handOver() }
    }

    /// Reads one input held in memory. `source` names it in errors (a path or `"stdin"`).
    /// Throws for an input that is unreadable as a whole; in a JSON Lines batch, a bad line
    /// becomes a `.failure` in `DrawingInput.batch` and the other lines are still read.
    public static func read(bytes: [UInt8], source: String, limits: StrokeLimits = .standard,
                            threads: Int = 1) throws(StrokeFormatError) -> DrawingInput {
        guard bytes.count <= limits.maxInputBytes else {
            throw StrokeFormatError(source: source, kind: .inputTooLarge(
                bytes: bytes.count, limit: limits.maxInputBytes))
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(StrokeFormatError) in
            try read(buffer: buffer, source: source, limits: limits, threads: threads)
        }
    }

    private static func read(buffer: UnsafeBufferPointer<UInt8>, source: String,
                             limits: StrokeLimits,
                             threads: Int) throws(StrokeFormatError) -> DrawingInput {
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        guard let first = skipWhitespace(buffer, from: start, to: buffer.count),
              first < buffer.count else {
            throw StrokeFormatError(source: source, kind: .emptyInput)
        }
        let end = trimmedEnd(buffer, from: first, to: buffer.count)
        switch buffer[first] {
        case UInt8(ascii: "<"):
            try checkDocumentSize(end - first, source: source, line: nil, limits: limits)
            let xml = UnsafeBufferPointer(rebasing: buffer[first..<end])
            if InkMLDocument.isInkML(xml) {
                return .single(try InkMLDocument.parse(xml, source: source, limits: limits).drawing)
            }
            return .single(try GestureXML.parse(xml, source: source, limits: limits))
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let firstLineEnd = lineEnd(buffer, from: first)
            let rest = skipWhitespace(buffer, from: min(firstLineEnd, end), to: end) ?? end
            if rest >= end {  // one line (or one line of JSON with trailing blanks)
                try checkDocumentSize(end - first, source: source, line: nil, limits: limits)
                return .single(try JSONDrawing.parse(
                    UnsafeBufferPointer(rebasing: buffer[first..<end]), source: source,
                    line: nil, limits: limits))
            }
            let firstLineTooLong = firstLineEnd - first > limits.maxDocumentBytes
            if firstLineTooLong || isCompleteJSONValue(buffer, from: first, to: firstLineEnd) {
                return .batch(readLines(buffer, from: start, to: buffer.count, source: source,
                                        limits: limits, threads: threads))
            }
            try checkDocumentSize(end - first, source: source, line: nil, limits: limits)
            return .single(try JSONDrawing.parse(
                UnsafeBufferPointer(rebasing: buffer[first..<end]), source: source, line: nil,
                limits: limits))
        default:
            throw StrokeFormatError(source: source, kind: .unknownFormat(
                hint: describeStart(buffer, from: first)))
        }
    }

    /// A non-blank line of a JSON Lines batch: its 1-based number, its bytes without the
    /// surrounding whitespace.
    struct Line {
        var number: Int, first: Int, last: Int
    }

    /// Line `number`, the bytes from..<to before its `\n`, without surrounding whitespace;
    /// nil when it is blank.
    private static func line(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to stop: Int,
                             number: Int) -> Line? {
        guard let first = skipWhitespace(buffer, from: from, to: stop), first < stop else {
            return nil
        }
        return Line(number: number, first: first, last: trimmedEnd(buffer, from: first, to: stop))
    }

    /// JSON Lines: every non-blank line is read on its own. The lines are found first
    /// (cheap: memchr), then parsed.
    private static func readLines(_ buffer: UnsafeBufferPointer<UInt8>,
                                  from start: Int, to end: Int,
                                  source: String, limits: StrokeLimits, threads: Int)
        -> [Result<Drawing, StrokeFormatError>] {
        var lines: [Line] = []
        var position = start
        var lineNumber = 0
        while position < end {
            lineNumber += 1
            let stop = lineEnd(buffer, from: position)
            defer { position = stop + 1 }
            if let line = line(buffer, from: position, to: stop, number: lineNumber) {
                lines.append(line)
            }
        }
        return parse(lines, in: buffer, source: source, limits: limits, threads: threads)
    }

    /// Parses `lines` of `buffer` — on up to `threads` threads when there are many, each line
    /// into its own slot, so the results do not depend on the thread count.
    private static func parse(_ lines: [Line], in buffer: UnsafeBufferPointer<UInt8>,
                              source: String, limits: StrokeLimits, threads: Int)
        -> [Result<Drawing, StrokeFormatError>] {
        func parse(_ line: Line) -> Result<Drawing, StrokeFormatError> {
            do throws(StrokeFormatError) {
                try checkDocumentSize(line.last - line.first, source: source, line: line.number,
                                      limits: limits)
                return .success(try JSONDrawing.parse(
                    UnsafeBufferPointer(rebasing: buffer[line.first..<line.last]),
                    source: source, line: line.number, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        // A thread for at least 64 lines: waking one costs more than parsing a few.
        let workers = max(1, min(threads, lines.count / 64))
        guard workers > 1 else { return lines.map(parse) }
        var results = [Result<Drawing, StrokeFormatError>](
            repeating: .failure(StrokeFormatError(source: source, kind: .emptyInput)),
            count: lines.count)
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            nonisolated(unsafe) let parse = parse
            // Interleaved, so that a run of long lines is shared out.
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: lines.count, by: workers) {
                    slots[index] = parse(lines[index])
                }
            }
        }
        return results
    }

    private static func checkDocumentSize(_ size: Int, source: String, line: Int?,
                                          limits: StrokeLimits) throws(StrokeFormatError) {
        guard size <= limits.maxDocumentBytes else {
            throw StrokeFormatError(source: source, line: line, kind: .documentTooLarge(
                bytes: size, limit: limits.maxDocumentBytes))
        }
    }

    /// The index of the next `\n` at or after `from`, or the buffer's end (found with memchr,
    /// so a 100 MB line costs milliseconds even in debug builds).
    static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = buffer.baseAddress, from < buffer.count else { return buffer.count }
        guard let hit = memchr(base + from, 0x0A, buffer.count - from) else { return buffer.count }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first non-whitespace index in from..<to, `to` if none, or nil if from ≥ to.
    /// Walks the raw pointer: a megabyte of blanks costs milliseconds even in debug builds.
    static func skipWhitespace(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = buffer.baseAddress else { return nil }
        precondition(to <= buffer.count, "The range must lie inside the buffer.")
        var index = from
        while index < to, isWhitespace(base[index]) { index += 1 }
        return index
    }

    /// The first index at or after `from` holding neither whitespace nor a byte-order-mark
    /// byte, or nil.
    static func firstSignificant(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var index = from
        while index < buffer.count {
            let byte = base[index]
            if !isWhitespace(byte) && byte != 0xEF && byte != 0xBB && byte != 0xBF { return index }
            index += 1
        }
        return nil
    }

    /// `to` moved back over trailing whitespace (never before `from`).
    static func trimmedEnd(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var index = to
        while index > from, isWhitespace(buffer[index - 1]) { index -= 1 }
        return index
    }

    /// Whether from..<to holds one balanced JSON array or object (brackets counted outside
    /// strings) with nothing but whitespace after it. Cheap: no parsing, no allocation.
    static func isCompleteJSONValue(_ buffer: UnsafeBufferPointer<UInt8>, from: Int,
                                    to: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var index = from
        while index < to {
            let byte = buffer[index]
            if inString {
                if escaped { escaped = false }
                else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 {
                        let rest = skipWhitespace(buffer, from: index + 1, to: to) ?? to
                        return rest >= to
                    }
                    if depth < 0 { return false }
                default: break
                }
            }
            index += 1
        }
        return false
    }

    private static func describeStart(_ buffer: UnsafeBufferPointer<UInt8>, from: Int) -> String {
        let prefix = buffer[from..<min(from + 8, buffer.count)]
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "it is a PNG image" }
        if prefix.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return "it starts with \"\(String(decoding: prefix, as: UTF8.self))\""
        }
        let hex = prefix.map { String($0, radix: 16) }.joined(separator: " ")
        return "it starts with bytes \(hex)"
    }
}
