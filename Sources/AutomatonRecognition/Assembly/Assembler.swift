import Automata
import Foundation
import DrawingClassifier
import StrokeFormats

/// The automaton recognised from one drawing, with what each stroke became.
public struct Assembly: Sendable, Equatable {
    /// One element per group of input strokes (most are one stroke), in order of their
    /// first stroke; every input stroke is in exactly one element.
    public var elements: [Element]
    public var automaton: Automaton
    /// Labels that found no transition or loop to attach to (there was none).
    public var unattachedLabels: [Label]

    /// The automaton of `states` and the transitions of `elements` (a transition with both
    /// ends, a loop), in a canonical order independent of drawing order: by source, target
    /// (state order), ε, then symbols; stable, so equal transitions keep stroke order.
    public static func automaton(states: [Automaton.State], elements: [Element]) -> Automaton {
        var transitions: [Automaton.Transition] = []
        for e in elements {
            let ends: (String, String)
            switch e.role {
            case let .transition(_, from?, to?): ends = (from, to)
            case let .cycle(state, _): ends = (state, state)
            default: continue
            }
            transitions.append(Automaton.Transition(from: ends.0, to: ends.1,
                                                    symbols: e.symbols, epsilon: e.epsilon))
        }
        let rank = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.id, $0) })
        transitions = transitions.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            let keyX = (rank[x.from] ?? 0, rank[x.to] ?? 0, x.epsilon ? 1 : 0)
            let keyY = (rank[y.from] ?? 0, rank[y.to] ?? 0, y.epsilon ? 1 : 0)
            if keyX != keyY { return keyX < keyY }
            if x.symbols != y.symbols { return x.symbols.lexicographicallyPrecedes(y.symbols) }
            return a.offset < b.offset
        }.map(\.element)
        return Automaton(states: states, transitions: transitions)
    }
}

/// Turns classified strokes and typed labels into an automaton. The automaton does not
/// depend on the order strokes were drawn in: all circles are fitted first, then rings
/// are matched (smallest circles first), then arrows and loops attach to the states, then
/// labels to arrows and loops; transitions are listed by source, target, ε and symbols.
/// A state under `lonelyStateSize` of the median radius that nothing reaches is a letter
/// ("o" beside an arrow): the drawing is assembled again without it.
///
/// States are named `q0, q1, …` leftmost first, then topmost: centres sorted by x are cut
/// into columns wherever the gap between neighbouring x exceeds `columnTolerance` × the
/// median radius; columns go left to right, states within a column top to bottom (ties by
/// stroke index). Fitted centres are never exactly aligned, so a plain (x, y) sort would
/// name a drawn column by noise.
public struct Assembler: Sendable {
    public var options: AssemblyOptions

    public init(options: AssemblyOptions = AssemblyOptions()) {
        self.options = options
    }

    /// A fitted circle waiting to become a state or a ring.
    struct Circle {
        var stroke: Int
        var center: Point
        var radius: Double
    }

    /// A state while assembling: its inner circle and optional ring.
    struct StateDraft {
        var circle: Circle
        var ring: Circle?
        var id = ""
        var initial = false
        var boundary: Double { ring?.radius ?? circle.radius }
    }

    /// Assembles one drawing. Every input stroke gives exactly one element (in index
    /// order); nothing is dropped silently: what does not fit becomes `rejected` with a
    /// reason.
    public func assemble(_ strokes: [ClassifiedStroke], labels: [Label] = []) -> Assembly {
        // 0. Strokes drawn as one element (a shaft and its head, arcs of a circle) are
        // grouped; the rest of the assembly sees one item per group.
        // (A tentative stroke of state shape and size is taken as a circle from the start;
        // its element keeps the classifier's label.)
        let given = strokes.sorted { $0.index < $1.index }
        let sorted = takingTentativeStates(given)
        // (A group of several strokes has the class of what they form, not tentatively.)
        let grouping = StrokeGrouping(options: options)
        func grouped(knownRounds: [[Int]] = [], notShafts: Set<Int> = [])
            -> [StrokeGrouping.Group] {
            grouping.group(sorted, knownRounds: knownRounds, notShafts: notShafts).map { group in
                var group = group
                if group.members.count > 1 { group.item.tentative = nil }
                return group
            }
        }
        var groups = grouped()
        var assembly = assembleGroups(groups, given: given, sorted: sorted, labels: labels)
        // Rounds left out where arrows end are states: grouped and assembled again.
        let rounds = statesAtArrowEnds(assembly, groups: groups, sorted: sorted)
        if !rounds.isEmpty {
            groups = grouped(knownRounds: rounds)
            assembly = assembleGroups(groups, given: given, sorted: sorted, labels: labels)
        }
        // Pieces of one head paired as a short arrow lying along a state: grouped and
        // assembled again with their shafts barred as shafts.
        let pieces = headPiecesPairedAsArrows(assembly, groups: groups)
        if !pieces.isEmpty {
            groups = grouped(knownRounds: rounds, notShafts: pieces)
            assembly = assembleGroups(groups, given: given, sorted: sorted, labels: labels)
        }
        // A small circle that nothing attaches to is a letter, not a state: assembled again
        // without it (the states are named afresh).
        let (lonely, median) = lonelySmallStates(assembly)
        guard !lonely.isEmpty else { return assembly }
        for (position, group) in groups.enumerated() {
            guard let radius = lonely[sorted[group.members[0]].index] else { continue }
            groups[position].item.rejection = "a small circle that no arrow or loop reaches "
                + "(radius \(Int(radius.rounded())) beside states of "
                + "\(Int(median.rounded()))): a letter?"
        }
        return assembleGroups(groups, given: given, sorted: sorted, labels: labels)
    }

    /// The shafts (positions in `sorted`) of arrows drawn in several strokes that were
    /// rejected as lying along or inside the state they reach. Such an arrow is most often
    /// two pieces of one head — the sides of a triangle, two barbs — drawn apart at a
    /// shaft's tip where it meets a state, one taken as the other's shaft: grouped again
    /// with it barred as a shaft, both can join the head of the shaft they lie at.
    private func headPiecesPairedAsArrows(_ assembly: Assembly,
                                          groups: [StrokeGrouping.Group]) -> Set<Int> {
        Set(zip(groups, assembly.elements).compactMap { group, element in
            guard let shaft = group.shaft, group.members.count > 1,
                  case let .rejected(reason) = element.role,
                  reason == Self.alongTheStateReached else { return nil }
            return shaft
        })
    }

    /// States under `lonelyStateSize` of the median radius that no transition, loop or
    /// initial arrow reaches and that have no ring: first stroke index → radius; and the
    /// median radius.
    private func lonelySmallStates(_ assembly: Assembly)
        -> (lonely: [Int: Double], median: Double) {
        let radii = assembly.automaton.states.map(\.radius).sorted()
        guard radii.count >= 2 else { return ([:], radii.first ?? 0) }
        let median = radii[radii.count / 2]
        let used = Set(assembly.automaton.transitions.flatMap { [$0.from, $0.to] })
        let alone = Set(assembly.automaton.states.filter { state in
            !state.initial && !state.final && !used.contains(state.id)
        }.map(\.id))
        var lonely: [Int: Double] = [:]
        for element in assembly.elements {
            if case let .state(id, _, radius) = element.role, alone.contains(id),
               radius < options.lonelyStateSize * median {
                lonely[element.stroke] = radius
            }
        }
        return (lonely, median)
    }

    /// Steps 1–4 on the grouped strokes.
    private func assembleGroups(_ groups: [StrokeGrouping.Group], given: [ClassifiedStroke],
                          sorted: [ClassifiedStroke], labels: [Label]) -> Assembly {
        let ordered = groups.map(\.item)
        var roles: [Int: Element.Role] = [:]   // keyed by position in `ordered`

        // 1. Refusals and circle fits.
        var circles: [(position: Int, circle: Circle)] = []
        for (position, s) in ordered.enumerated() {
            if let reason = s.rejection {
                roles[position] = .rejected(reason: reason)
            } else if s.kind == .circle {
                switch fitCircle(s.stroke, maximumResidual: options.maximumCircleResidual) {
                case let .success(c):
                    circles.append((position, Circle(stroke: s.index, center: c.center,
                                                     radius: c.radius)))
                case let .failure(r): roles[position] = .rejected(reason: r.reason)
                }
            }
        }

        // 1b. Context corrects the classifier where circles and loops look alike. States do
        // not overlap: a small "circle" crossing a larger state's boundary (not concentric
        // with it) is a self-loop on that state.
        var kinds = ordered.map(\.kind)
        let fitted = circles
        circles.removeAll { entry in
            let crossesLarger = fitted.contains { other in
                let (a, b) = (entry.circle, other.circle)
                let d = a.center.distance(to: b.center)
                return b.radius > a.radius && d > options.ringCenterTolerance * b.radius
                    && d < a.radius + b.radius
            }
            if crossesLarger { kinds[entry.position] = .cycle }
            return crossesLarger
        }
        // A "cycle" that is a good closed circle and either concentric with a state (a final
        // ring) or far from every state (cannot be a self-loop) is a circle. A ring may be
        // open wider, down to `minimumCircleCoverage`, when it lies round its state: at most
        // `openRingInside` of its points within the state's circle (a piece of the state
        // itself crosses it).
        for (position, s) in ordered.enumerated() where roles[position] == nil && s.kind == .cycle {
            guard case let .success(c) = fitCircle(
                    s.stroke, maximumResidual: options.contextCircleResidual),
                  c.coveredAngle >= options.minimumCircleCoverage else { continue }
            let rings = fitted.filter { entry in
                c.center.distance(to: entry.circle.center)
                    <= options.ringCenterTolerance * min(c.radius, entry.circle.radius)
            }
            guard c.coveredAngle >= options.contextCircleCoverage || rings.contains(where: { entry in
                let inside = s.stroke.points.count {
                    $0.distance(to: entry.circle.center) < entry.circle.radius
                }
                return Double(inside) <= options.openRingInside * Double(s.stroke.points.count)
            }) else { continue }
            // (Near a circle and round none: a self-loop, left to the classifier.)
            if rings.isEmpty && fitted.contains(where: { entry in
                s.stroke.points.contains { p in
                    abs(p.distance(to: entry.circle.center) - entry.circle.radius)
                        <= options.loopReach * entry.circle.radius
                }
            }) { continue }
            circles.append((position, Circle(stroke: s.index, center: c.center, radius: c.radius)))
            kinds[position] = .circle
        }

        // 2. States and final rings, named by position.
        var drafts = groupIntoStates(circles, roles: &roles, ordered: ordered)

        // 3. Arrows and loops.
        let radii = drafts.map(\.circle.radius).sorted()
        let median = radii.isEmpty ? 0 : radii[radii.count / 2]
        func reachRadius(_ d: StateDraft) -> Double {
            max(d.circle.radius, options.reachRadiusFloor * median)
        }
        /// The stroke read as an arrow, when its two ends reach two different states.
        func joiningTransition(_ stroke: Stroke, position: Int) -> Element.Role? {
            let role = arrowRole(stroke, measured: groups[position].arrow, drafts: &drafts,
                                 reachRadius: reachRadius, marksInitial: false)
            guard case let .transition(_, from?, to?) = role, from != to else { return nil }
            return role
        }
        /// A tentative arrow as an initial arrow: one state at its tip, none at its start,
        /// both barbs of its head drawn, at least `headlessInitialSize` reach radii long (as
        /// an initial arrow with no head must be; a letter beside a state is shorter).
        func tentativeInitial(_ stroke: Stroke, position: Int) -> Element.Role? {
            let role = arrowRole(stroke, measured: groups[position].arrow, drafts: &drafts,
                                 reachRadius: reachRadius, marksInitial: false)
            guard case let .initial(arrow, to: id) = role, arrow.drawnBarbs == 2,
                  let k = drafts.firstIndex(where: { $0.id == id }),
                  boundingDiagonal(stroke.points)
                    >= options.headlessInitialSize * reachRadius(drafts[k]) else { return nil }
            drafts[k].initial = true
            return role
        }
        /// A tentative round stroke as a self-loop, when the classifier was not sure of its
        /// class (below `tentativeLoopConfidence`) and it attaches to a state as one.
        func tentativeLoop(_ s: ClassifiedStroke) -> Element.Role? {
            guard s.confidence < options.tentativeLoopConfidence else { return nil }
            let role = loopRole(s.stroke, drafts: drafts, reachRadius: reachRadius)
            guard case .cycle = role else { return nil }
            return role
        }
        for (position, s) in ordered.enumerated() where roles[position] == nil {
            switch kinds[position] {
            case .arrow:
                roles[position] = arrowRole(s.stroke, measured: groups[position].arrow,
                                            drafts: &drafts, reachRadius: reachRadius)
            case .cycle:
                // Context: a curved stroke whose two ends reach two different states is a
                // bent transition, whatever its curl looked like to the classifier.
                // A curl with an end far from the state it curls by is no loop: an arrow
                // bent round (an initial arrow, most often).
                roles[position] = joiningTransition(s.stroke, position: position)
                    ?? loopRole(s.stroke, drafts: drafts, reachRadius: reachRadius)
                    ?? arrowRole(s.stroke, measured: groups[position].arrow, drafts: &drafts,
                                 reachRadius: reachRadius)
            case .circle:
                break  // circles got their roles in step 2
            case nil:
                // Not an element class (e.g. `other`): still a transition when its two ends
                // reach two different states — a stroke joining two states is a transition —
                // and, if the classifier's best element for it is an arrow, an initial arrow
                // when it reaches one state with a drawn head.
                roles[position] = joiningTransition(s.stroke, position: position)
                    ?? (s.tentative == .arrow ? tentativeInitial(s.stroke, position: position) : nil)
                    ?? (s.tentative == .cycle || s.tentative == .circle ? tentativeLoop(s) : nil)
                    ?? .rejected(reason: "not an automaton element (classified as '\(s.label)'"
                        + (s.tentative.map { ", else most like '\($0.rawValue)')" } ?? ")"))
            }
        }

        // 4. Elements with their labels, then the automaton.
        // (A one-stroke element keeps the classifier's label, also when taken as a state.)
        var elements = ordered.enumerated().map { position, s in
            Element(stroke: s.index,
                    label: groups[position].members.count == 1
                        ? given[groups[position].members[0]].label : s.label,
                    confidence: s.confidence,
                    role: roles[position] ?? .rejected(reason: "not assembled"),
                    strokes: groups[position].members.map { sorted[$0].index })
        }
        let unattached = attach(labels, to: &elements, ink: ordered.map(\.stroke.points))
        let states = drafts.map { d in
            Automaton.State(id: d.id, center: d.circle.center, radius: d.circle.radius,
                            initial: d.initial, final: d.ring != nil,
                            ringRadius: d.ring?.radius)
        }
        return Assembly(elements: elements,
                        automaton: Assembly.automaton(states: states, elements: elements),
                        unattachedLabels: unattached)
    }

    /// The strokes with each `tentative` circle that is strongly a state taken as a circle
    /// (label `circle`, no longer tentative): its circle fit passes as a state's
    /// (`fitCircle`), its radius is within `tentativeStateSize`× of the median radius of the
    /// strokes classified `circle` that fit one (when there are any), and it crosses none of
    /// their outlines unless concentric with it (a final ring). Any other stroke is returned
    /// as it is.
    func takingTentativeStates(_ strokes: [ClassifiedStroke]) -> [ClassifiedStroke] {
        // (The round ones first, the cheap test first: the states' circles are fitted only
        // if there are any.)
        var rounds: [Int: CircleFit] = [:]
        for (k, s) in strokes.enumerated() where s.rejection == nil && s.tentative != nil {
            guard ConvexHull(s.stroke.points).circularity >= options.tentativeStateRoundness,
                  case let .success(fit) = fitCircle(
                      s.stroke, maximumResidual: options.contextCircleResidual),
                  fit.coveredAngle >= options.contextCircleCoverage
            else { continue }
            rounds[k] = fit
        }
        guard !rounds.isEmpty else { return strokes }
        let states = strokes.compactMap { s -> CircleFit? in
            guard s.rejection == nil, s.kind == .circle,
                  case let .success(fit) = fitCircle(
                      s.stroke, maximumResidual: options.contextCircleResidual) else { return nil }
            return fit
        }
        let radii = states.map(\.radius).sorted()
        return strokes.enumerated().map { k, s in
            guard let fit = rounds[k] else { return s }
            if !radii.isEmpty {
                guard fit.radius >= radii[radii.count / 2] / options.tentativeStateSize
                else { return s }
            }
            let crosses = states.contains { state in
                let d = fit.center.distance(to: state.center)
                return state.radius >= fit.radius && d < fit.radius + state.radius
                    && d > options.ringCenterTolerance * fit.radius
            }
            guard !crosses else { return s }
            var taken = s
            taken.label = ClassifiedStroke.Kind.circle.rawValue
            taken.tentative = nil
            return taken
        }
    }

    /// Turns fitted circles into named states: smallest circle first, so a circle around
    /// an existing one (similar centre, radius at most `maximumRingRatio` times) is its
    /// final ring whichever was drawn first. Sets the circles' roles.
    private func groupIntoStates(_ circles: [(position: Int, circle: Circle)],
                                 roles: inout [Int: Element.Role],
                                 ordered: [ClassifiedStroke]) -> [StateDraft] {
        let circles = circles.sorted {
            ($0.circle.radius, $0.circle.stroke) < ($1.circle.radius, $1.circle.stroke)
        }
        var drafts: [StateDraft] = []
        var owner: [Int: Int] = [:]      // position → draft index
        for (position, circle) in circles {
            func offset(_ k: Int) -> Double {
                circle.center.distance(to: drafts[k].circle.center) / drafts[k].circle.radius
            }
            let host = drafts.indices.filter { k in
                offset(k) <= options.ringCenterTolerance
                    && circle.radius <= options.maximumRingRatio * drafts[k].circle.radius
            }.min { offset($0) < offset($1) }
            if let host {
                if drafts[host].ring == nil {
                    drafts[host].ring = circle
                    owner[position] = host
                } else {
                    roles[position] = .rejected(reason:
                        "a third concentric circle around a state that is already final")
                }
            } else {
                drafts.append(StateDraft(circle: circle))
                owner[position] = drafts.count - 1
            }
        }
        let naming = namingOrder(drafts.map(\.circle))
        for (rank, k) in naming.enumerated() { drafts[k].id = "q\(rank)" }
        for (position, k) in owner {
            roles[position] = drafts[k].circle.stroke == ordered[position].index
                ? .state(id: drafts[k].id, center: drafts[k].circle.center,
                         radius: drafts[k].circle.radius)
                : .final(state: drafts[k].id)
        }
        return naming.map { drafts[$0] }   // in name order: q0, q1, …
    }

    /// Gives each label to the element whose drawn ink passes nearest (FORMATS.md §2:
    /// "drawn path"): transitions, dangling ones included, and self-loops; not initial
    /// arrows. Returns the labels with nowhere to go.
    private func attach(_ labels: [Label], to elements: inout [Element], ink: [[Point]])
        -> [Label]
    {
        let carriers = elements.indices.filter { i in
            switch elements[i].role {
            case .transition, .cycle: true
            default: false
            }
        }
        var unattached: [Label] = []
        var symbols: [Int: Set<String>] = [:]
        let nearest = nearestPaths(for: labels, among: carriers.map { ink[$0] })
        for (label, choice) in zip(labels, nearest) {
            guard let choice else { unattached.append(label); continue }
            let meaning = LabelMeaning(text: label.text)
            let i = carriers[choice]
            symbols[i, default: []].formUnion(meaning.symbols)
            if meaning.epsilon { elements[i].epsilon = true }
        }
        for (i, set) in symbols { elements[i].symbols = set.sorted() }
        return unattached
    }

    /// Indices of `circles` in naming order (see the type's documentation).
    private func namingOrder(_ circles: [Circle]) -> [Int] {
        let radii = circles.map(\.radius).sorted()
        guard !radii.isEmpty else { return [] }
        let tolerance = options.columnTolerance * radii[radii.count / 2]
        let byX = circles.indices.sorted {
            (circles[$0].center.x, circles[$0].stroke) < (circles[$1].center.x, circles[$1].stroke)
        }
        var columns: [[Int]] = []
        var previousX = -Double.infinity
        for k in byX {
            if columns.isEmpty || circles[k].center.x - previousX > tolerance {
                columns.append([])
            }
            columns[columns.count - 1].append(k)
            previousX = circles[k].center.x
        }
        return columns.flatMap { column in
            column.sorted { a, b in
                (circles[a].center.y, circles[a].stroke) < (circles[b].center.y, circles[b].stroke)
            }
        }
    }

    /// Fits a circle stroke; a failure or a poor fit (residual over `maximumResidual` of the
    /// radius) gives the rejection reason.
    private func fitCircle(_ stroke: Stroke, maximumResidual: Double)
        -> Result<CircleFit, Rejection> {
        let points = resampled(stroke.points, count: options.circleSamples)
        switch CircleFit.fit(points) {
        case let .failure(failure):
            return .failure(Rejection(reason: "no circle fits this stroke: \(failure)"))
        case let .success(fit):
            if fit.relativeTrimmedResidual > maximumResidual {
                return .failure(Rejection(reason: "circle fit residual is "
                    + "\(Self.percent(fit.relativeTrimmedResidual)) of the radius "
                    + "(at most \(Self.percent(maximumResidual)) allowed)"))
            }
            if fit.coveredAngle < options.minimumCircleCoverage {
                return .failure(Rejection(reason: "stroke covers only "
                    + "\(Self.degrees(fit.coveredAngle)) around its centre "
                    + "(a circle needs \(Self.degrees(options.minimumCircleCoverage)))"))
            }
            return .success(fit)
        }
    }
}

/// Why a stroke is left out of the automaton.
private struct Rejection: Error { var reason: String }

extension Assembler {
    /// `x` as a whole percentage, for rejection reasons.
    static func percent(_ x: Double) -> String { JSONNumber.format(100 * x, decimals: 0) + "%" }
    /// `radians` in whole degrees, for rejection reasons.
    static func degrees(_ radians: Double) -> String {
        JSONNumber.format(radians * 180 / Double.pi, decimals: 0) + "°"
    }
}
