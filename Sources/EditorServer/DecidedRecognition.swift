import Automata
import AutomatonRecognition
import Foundation
import DrawingClassifier
import StrokeFormats

/// Recognition of an editor document with the user's decisions (`EditorDecisions`) laid
/// over what the recognizer makes of the ink:
/// 1. a corrected stroke is classified as the user said (`state`/`final` a circle,
///    `initial`/`transition` an arrow, `cycle` a loop, `none` refused), so the assembler
///    still does the geometry;
/// 2. a corrected initial arrow loses its source; a `final` correction and the flags set a
///    state's flags;
/// 3. a label typed on a stroke goes to the transition or loop holding that stroke, whatever
///    lies nearer (labels with no stroke go to the nearest ink, as in `fa-recognize`);
/// 4. a state takes the name bound to one of its strokes; a state with none takes the next
///    free name `qN` (smallest N in use by no name), in the order of its first stroke, and
///    is listed in `newNames` for the page to keep.
public struct DecidedRecognition: Sendable {
    public var assembly: Assembly
    /// `(stroke, name)`: names given to states that had none (stroke: the state's circle).
    public var newNames: [(stroke: Int, text: String)]

    public init(drawing: Drawing, decisions: EditorDecisions, recognizer: Recognizer) {
        var classified = recognizer.elementClassifier.classify(drawing)
        for i in classified.indices {
            guard let correction = decisions.corrections[classified[i].index] else { continue }
            classified[i].tentative = nil
            switch correction {
            case .state, .final: classified[i].label = "circle"
            case .initial, .transition: classified[i].label = "arrow"
            case .cycle: classified[i].label = "cycle"
            case .none: break
            }
            classified[i].rejection = correction == .none ? "marked as not an element" : nil
        }
        let bound = zip(drawing.labels, decisions.labelStrokes + Array(
            repeating: nil, count: max(0, drawing.labels.count - decisions.labelStrokes.count)))
        let free = bound.filter { $0.1 == nil }.map(\.0)
        var assembly = recognizer.assembler.assemble(classified, labels: free)
        var elements = assembly.elements
        var states = assembly.automaton.states

        // Which element and which state each stroke belongs to.
        var elementOf: [Int: Int] = [:]
        for (k, e) in elements.enumerated() { for s in e.strokes { elementOf[s] = k } }
        func stateIndex(ofStroke s: Int) -> Int? {
            guard let k = elementOf[s] else { return nil }
            let id: String
            switch elements[k].role {
            case let .state(i, _, _): id = i
            case let .final(i): id = i
            default: return nil
            }
            return states.firstIndex { $0.id == id }
        }

        // 2. Corrections of meaning, then the flags.
        for (stroke, correction) in decisions.corrections.sorted(by: { $0.key < $1.key }) {
            guard let k = elementOf[stroke] else { continue }
            switch correction {
            case .initial:
                if case let .transition(arrow, _, to?) = elements[k].role {
                    elements[k].role = .initial(arrow, to: to)
                    elements[k].symbols = []
                    elements[k].epsilon = false
                }
            case .final:
                if let i = stateIndex(ofStroke: stroke) { states[i].final = true }
            default:
                break
            }
        }
        for i in states.indices {
            states[i].initial = elements.contains {
                if case let .initial(_, to) = $0.role { to == states[i].id } else { false }
            }
        }
        for flag in decisions.flags {
            guard let i = stateIndex(ofStroke: flag.stroke) else { continue }
            if let initial = flag.initial { states[i].initial = initial }
            if let final = flag.final { states[i].final = final }
        }

        // 3. Labels typed on a stroke.
        var unattached = assembly.unattachedLabels
        for (label, stroke) in bound {
            guard let stroke else { continue }
            guard let k = elementOf[stroke] else { unattached.append(label); continue }
            switch elements[k].role {
            case .transition, .cycle:
                let meaning = LabelMeaning(text: label.text)
                elements[k].symbols = Array(Set(elements[k].symbols + meaning.symbols)).sorted()
                if meaning.epsilon { elements[k].epsilon = true }
            default:
                unattached.append(label)
            }
        }

        // 4. Names.
        var rename: [String: String] = [:]
        var used = Set(decisions.names.map(\.text))
        var taken: Set<String> = []
        var circleStroke: [String: Int] = [:]
        for e in elements { if case let .state(id, _, _) = e.role { circleStroke[id] = e.stroke } }
        for name in decisions.names {
            let text = name.text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !taken.contains(text) else { continue }
            let index: Int?
            if let stroke = name.stroke {
                index = stateIndex(ofStroke: stroke)
            } else if let p = name.position {
                let d = { (k: Int) in hypot(p.x - states[k].center.x, p.y - states[k].center.y) }
                index = states.indices.filter { d($0) <= 1.5 * states[$0].radius }.min { d($0) < d($1) }
            } else {
                index = nil
            }
            guard let index, rename[states[index].id] == nil else { continue }
            rename[states[index].id] = text
            taken.insert(text)
        }
        var newNames: [(stroke: Int, text: String)] = []
        var next = 0
        for state in states.sorted(by: { (circleStroke[$0.id] ?? 0) < (circleStroke[$1.id] ?? 0) })
            where rename[state.id] == nil {
            while used.contains("q\(next)") || taken.contains("q\(next)") { next += 1 }
            let text = "q\(next)"
            used.insert(text)
            rename[state.id] = text
            if let stroke = circleStroke[state.id] { newNames.append((stroke, text)) }
        }
        let id = { (old: String) in rename[old] ?? old }
        for k in elements.indices {
            switch elements[k].role {
            case let .state(i, center, radius): elements[k].role = .state(id: id(i), center: center, radius: radius)
            case let .final(i): elements[k].role = .final(state: id(i))
            case let .transition(arrow, from, to):
                elements[k].role = .transition(arrow, from: from.map(id), to: to.map(id))
            case let .initial(arrow, to): elements[k].role = .initial(arrow, to: id(to))
            case let .cycle(i, loop): elements[k].role = .cycle(state: id(i), loop: loop)
            case .rejected: break
            }
        }
        for i in states.indices { states[i].id = id(states[i].id) }

        // The automaton, its transitions in the assembler's canonical order.
        assembly.elements = elements
        assembly.automaton = Assembly.automaton(states: states, elements: elements)
        assembly.unattachedLabels = unattached
        self.assembly = assembly
        self.newNames = newNames
    }
}
