import Automata
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

/// A drawing written for a test: strokes with the class a perfect classifier would give.
struct Document {
    var strokes: [(label: String, stroke: Stroke)] = []
    var labels: [Label] = []

    mutating func add(_ label: String, _ stroke: Stroke) { strokes.append((label, stroke)) }

    mutating func label(_ text: String, _ x: Double, _ y: Double) {
        labels.append(Label(text: text, position: Point(x: x, y: y)))
    }

    var classified: [ClassifiedStroke] {
        strokes.enumerated().map { i, s in
            ClassifiedStroke(index: i, stroke: s.stroke, label: s.label, confidence: 0.9)
        }
    }

    func assemble(options: AssemblyOptions = AssemblyOptions()) -> Assembly {
        Assembler(options: options).assemble(classified, labels: labels)
    }

    /// The same document with its strokes in another order.
    func permuted(seed: UInt64) -> Document {
        var rng = SplitMix64(seed: seed)
        var copy = self
        rng.shuffle(&copy.strokes)
        return copy
    }
}

/// The automaton as exact, comparable lines: "q0 initial final" per state (flags only
/// when set) and "q0 -> q1 a,b ε" per transition, in the automaton's order.
func summary(_ a: Automaton) -> [String] {
    a.states.map { s in
        ([s.id] + (s.initial ? ["initial"] : []) + (s.final ? ["final"] : []))
            .joined(separator: " ")
    } + a.transitions.map { t in
        "\(t.from) -> \(t.to) " + (t.symbols + (t.epsilon ? ["ε"] : [])).joined(separator: ",")
    }
}

/// The role names of the elements, in stroke order.
func roles(_ assembly: Assembly) -> [String] { assembly.elements.map(\.role.name) }
