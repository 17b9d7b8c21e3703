import DrawingClassifier
import Foundation
import Testing

/// Rasterizes the real $1 circles and arrows with a grid of pens and margins and prints their
/// ink statistics next to the PNGs' (scripts/png_ink_stats.py). scripts/measure-rasterizer.sh
/// runs both; docs/rasterizer.md records the numbers and the choice they led to.
@Suite struct RasterizerCalibrationTests {
    static func dollarSamples(_ gesture: String) throws -> [StrokeSample] {
        let dataset = try StrokeDataset.load(at: SharedData.dollarGestures.path)
        return dataset.samples.filter { $0.label == gesture }
    }

    /// "mean±sd" of each statistic over the samples.
    static func summary(_ samples: [StrokeSample], _ rasterizer: Rasterizer) -> String {
        var columns = [[Double]](repeating: [], count: 6)
        for sample in samples {
            let s = InkStatistics(image: rasterizer.rasterize(sample.strokes))
            let values = [s.mean, s.fractionOver128, s.strokeWidth, Double(s.boxLonger),
                          Double(s.boxShorter), Double(s.margin)]
            for i in columns.indices { columns[i].append(values[i]) }
        }
        return columns.map { values in
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
                / Double(values.count)
            return String(format: "%.3f±%.3f", mean, variance.squareRoot())
        }.joined(separator: " ")
    }

    /// Opt-in (about 10 s in debug): `FA_CALIBRATE=1 swift test --filter RasterizerCalibration`.
    static let isRequested = ProcessInfo.processInfo.environment["FA_CALIBRATE"] == "1"

    @Test(.enabled(if: SharedData.isAvailable && isRequested,
                   "needs ../shared/datasets and FA_CALIBRATE=1"))
    func printsInkStatisticsForAGridOfPens() throws {
        let circles = try Self.dollarSamples("circle"), arrows = try Self.dollarSamples("arrow")
        var pens: [Rasterizer.PenWidth] = [2, 3, 4, 5, 6].map { .drawingUnits($0) }
        pens += [0.035, 0.04, 0.045, 0.05, 0.055].map { .fractionOfSide($0) }
        print("pen margin | circle: mean over128 width boxL boxS margin | arrow: same")
        for pen in pens {
            for margin in [0.0, 0.5] {
                let r = Rasterizer(penWidth: pen, margin: margin)
                print("\(pen) \(margin) | \(Self.summary(circles, r)) | "
                      + Self.summary(arrows, r))
            }
        }
        #expect(circles.count == 240 && arrows.count == 240)
    }
}
