import DrawingClassifier
import Pictures
import StrokeFormats
// Rasterizer calibration and timing over the real $1 strokes (compiled by
// Lab/scripts/measure-rasterizer.sh together with the library's stroke sources, with -O).
// Usage: rasterizer-calibration DOLLAR_GESTURES_DIR
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: rasterizer-calibration DOLLAR_DIR\n".utf8))
    exit(64)
}
let dataset: StrokeDataset
do { dataset = try StrokeDataset.load(at: arguments[1]) } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

/// "mean±sd" of each ink statistic over the samples.
func summary(_ samples: [StrokeSample], _ rasterizer: Rasterizer) -> String {
    var columns = [[Double]](repeating: [], count: 6)
    for sample in samples {
        let s = InkStatistics(image: rasterizer.rasterize(sample.strokes))
        let values = [s.mean, s.fractionOver128, s.strokeWidth, Double(s.boxLonger),
                      Double(s.boxShorter), Double(s.margin)]
        for i in columns.indices { columns[i].append(values[i]) }
    }
    return columns.map { values in
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return String(format: "%.3f±%.3f", mean, variance.squareRoot())
    }.joined(separator: " ")
}

let circles = dataset.samples.filter { $0.label == "circle" }
let arrows = dataset.samples.filter { $0.label == "arrow" }
print("$1 strokes: \(circles.count) circles, \(arrows.count) arrows, "
      + "\(dataset.samples.count) in all")
print("columns: mean over128 width boxLonger boxShorter margin (mean±sd over strokes)")
var pens: [Rasterizer.PenWidth] = [2, 3, 3.5, 4, 4.5, 5, 6].map { .drawingUnits($0) }
pens += [0.03, 0.035, 0.04, 0.045, 0.05].map { .fractionOfSide($0) }
for pen in pens {
    for margin in [0.0, 0.5, 1.0] {
        let r = Rasterizer(penWidth: pen, margin: margin)
        print("\(pen) margin \(margin)")
        print("  circle \(summary(circles, r))")
        print("  arrow  \(summary(arrows, r))")
    }
}

// Timing: every $1 stroke, rasterized many times into one reused Float buffer. Wall time
// suffers when other processes share the cores, so CPU time (getrusage) is printed too.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func time(_ label: String, rounds: Int, _ body: () -> Void) {
    let clock = ContinuousClock()
    let (start, cpuStart) = (clock.now, cpuSeconds())
    for _ in 0..<rounds { body() }
    let count = Double(rounds * dataset.samples.count)
    print(String(format: "%@: %.2f µs wall, %.2f µs CPU per stroke", label,
                 seconds(clock.now - start) / count * 1e6, (cpuSeconds() - cpuStart) / count * 1e6))
}

let strokes = dataset.samples.map(\.strokes)
let pointCount = strokes.reduce(0) { $0 + $1[0].points.count }
print(String(format: "timing over %d strokes of %.1f points on average",
             strokes.count, Double(pointCount) / Double(strokes.count)))
var buffer = [Float](repeating: 0, count: 28 * 28)
var checksum: Float = 0
time("rasterize(_:into:)", rounds: 30) {
    for s in strokes {
        Rasterizer.standard.rasterize(s, into: &buffer)
        checksum += buffer[406]
    }
}
time("rasterize(_:) -> GrayImage", rounds: 10) {
    for s in strokes { checksum += Float(Rasterizer.standard.rasterize(s).pixels[406]) }
}
print("checksum \(checksum)")
