import DrawingClassifier
import StrokeFormats
import Foundation
// allocation-probe K [classify]: K strokes through the allocation-free path (rasterize into a
// kept buffer, InferencePlan.run with a kept workspace), or with `classify` K images through
// the convenience API Classifier.classify (which allocates its tensors, not its workspace).
let k = Int(CommandLine.arguments[1])!
var rng = SplitMix64(seed: 1)
let network = Network(specs: Network.drawingClassifierSpecs(classCount: 3), using: &rng)
let plan = Classifier(network: network, classes: ["arrow", "circle", "cycle"]).plan!
var workspace = InferencePlan.Workspace(for: plan)
let stroke = [Stroke(points: (0..<64).map { i in
    let t = Double(i) / 63 * 2 * Double.pi
    return Point(x: 150 + 80 * cos(t), y: 150 + 70 * sin(t))
})]
var pixels = [Float](repeating: 0, count: 784), logits = [Float](repeating: 0, count: 3)
var sink: Float = 0
if CommandLine.arguments.dropFirst(2).first == "classify" {
    let classifier = Classifier(network: network, classes: ["arrow", "circle", "cycle"])
    Rasterizer.standard.rasterize(stroke, into: &pixels)
    let image = Tensor(shape: [1, 1, 28, 28], scalars: pixels)
    for _ in 0..<k { sink += classifier.classify(image).probabilities.scalars[0] }
    if sink.isNaN { print(sink) }
    exit(0)
}
for _ in 0..<k {
    Rasterizer.standard.rasterize(stroke, into: &pixels)
    pixels.withUnsafeBufferPointer { p in
        logits.withUnsafeMutableBufferPointer { l in
            plan.run(p.baseAddress!, layers: plan.layerCount, into: l.baseAddress!,
                     workspace: &workspace)
        }
    }
    sink += logits[0]
}
if sink.isNaN { print(sink) }
