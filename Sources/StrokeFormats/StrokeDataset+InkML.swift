import Foundation

extension StrokeDataset {
    /// Samples from the truth-annotated `traceGroup`s of every `.inkml` file in `folder`
    /// (sorted by name): one sample per group whose truth is in `classes` (every truth when
    /// nil), its strokes in trace order, its label the truth, its writer the file's
    /// `<annotation type="writer">`, its source `path#groupID`. For example the `arrow` and
    /// `connection` symbols of `../shared/datasets/fc-flowcharts`.
    public static func inkMLGroups(in folder: String, classes: Set<String>? = nil,
                                   limits: StrokeLimits = .standard)
        throws(StrokeDatasetError) -> StrokeDataset {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .notAFolder(path: folder)
        }
        var samples: [StrokeSample] = []
        for name in names.filter({ $0.hasSuffix(".inkml") && !$0.hasPrefix(".") }).sorted() {
            let path = folder + "/" + name
            let ink: InkMLDocument
            do { ink = try InkMLDocument.read(contentsOfFile: path, limits: limits) }
            catch { throw .badFile(error) }
            for (k, group) in ink.groups.enumerated() {
                guard let truth = group.truth, !group.strokes.isEmpty,
                      classes?.contains(truth) ?? true else { continue }
                samples.append(StrokeSample(
                    strokes: group.strokes.map { ink.drawing.strokes[$0] }, label: truth,
                    writer: ink.writer, source: "\(path)#\(group.id ?? String(k))"))
            }
        }
        guard !samples.isEmpty else { throw .noSamples(path: folder) }
        return StrokeDataset(samples: samples)
    }
}
