/// Thresholds of the assembler. Distances are relative to a state's radius, so a drawing
/// means the same at any scale.
public struct AssemblyOptions: Sendable, Equatable {
    /// A "circle" stroke whose trimmed RMS fit residual (`CircleFit.trimmedResidual`, the
    /// 90 % of ink nearest the circle) exceeds this fraction of its radius is rejected
    /// (the 240 real $1 circles measure 0.02–0.13, the flowchart writers' ovals up to 0.22;
    /// a zigzag 0.3+).
    public var maximumCircleResidual = 0.25
    /// The same for a stroke taken as a circle against its class (a closed "cycle" or a
    /// tentative stroke), and for the rounds the stroke grouping measures: a good circle.
    public var contextCircleResidual = 0.2
    /// A "circle" stroke must cover at least this angle (radians) around its fitted
    /// centre: 200°, so open circles pass and a bare arc does not.
    public var minimumCircleCoverage = 200.0 * Double.pi / 180
    /// A circle is a final ring around a smaller state when their centres are closer than
    /// this fraction of the smaller radius…
    public var ringCenterTolerance = 0.5
    /// …and the larger radius is at most this multiple of the smaller.
    public var maximumRingRatio = 2.2
    /// An arrow end attaches to a state when it is inside it or at most this many reach
    /// radii outside its boundary (the outer ring for a final state).
    public var arrowReach = 0.75
    /// … and a tip with a head (drawn with the shaft or grouped with it) up to this many:
    /// the head says the arrow points at something, and hand-drawn heads often stop short
    /// (flowchart writers' tips lie up to 0.95 reach radii out).
    public var headedArrowReach = 1.0
    /// Farther out, up to this many reach radii, an arrow end still attaches to a state
    /// that lies straight ahead of it (the end's heading within `aimAngle` of the
    /// direction to the state's centre): arrows that stop well short but point at a state.
    public var aimedArrowReach = 1.25
    /// Half-angle (radians, 25°) of the cone an arrow end must aim the state's centre in.
    public var aimAngle = 25.0 * Double.pi / 180
    /// A self-loop attaches to the state whose boundary its ink comes closest to, if that
    /// is within this many reach radii.
    public var loopReach = 0.75
    /// A self-loop leaves its state and returns to it: both its ends lie within this many
    /// reach radii of the boundary (hand-drawn loops: at most 0.9). A curl with an end
    /// farther out is an arrow.
    public var loopEndReach = 1.2
    /// A state under this fraction of the median state radius that no arrow or loop reaches
    /// (no ring, not initial) is no state: a letter such as "o" written beside an arrow.
    public var lonelyStateSize = 0.45
    /// Reach radius = max(state radius, this fraction of the median state radius), so
    /// tiny states still catch arrows that stop a little short.
    public var reachRadiusFloor = 0.5
    /// An arrow whose both ends attach to the same state is a self-loop (not an initial
    /// arrow) when both ends are within this many radii of the boundary and its shaft
    /// swings at least `selfLoopSwing` radii away from it. (A curl swinging out less is no
    /// self-loop either: it lies along the outline, a piece of the state or of a head.)
    public var selfLoopEndGap = 0.35
    public var selfLoopSwing = 0.3
    /// … or when an end lies inside the state, up to this many reach radii (a head drawn on
    /// its own reaching in), and the shaft swings at least `selfLoopWideSwing` away.
    public var selfLoopInsideEnd = 0.75
    public var selfLoopWideSwing = 0.5
    /// A stroke classified `cycle` is a self-loop only if it touches its state, its nearest
    /// ink within this fraction of its own size (extent) of the boundary (hand-drawn loops:
    /// at most 0.25; a letter written beside a state: 0.75 and more) …
    public var selfLoopTouch = 0.5
    /// … and lies outside it: half its ink at least this fraction of its size beyond the
    /// boundary (hand-drawn loops: 0.14 and more; an arc of the state's own outline drawn
    /// apart, which the classifier calls a loop: 0.13 and less, most under 0.1).
    public var selfLoopMiddle = 0.1
    /// A stroke reaching one state only, with no head (no drawn barb, none grouped with
    /// it), is an initial arrow only if it is at least this many reach radii long (its
    /// bounding diagonal): shorter, it is a lone barb or a tick, and rejected.
    public var headlessInitialSize = 1.0
    /// A stroke of its own reaching one state only is no initial arrow, head or no head,
    /// under this many reach radii long: a barb whose shaft was not found, a tick (its
    /// wiggles read as a head).
    public var smallestInitialSize = 0.5
    /// An initial arrow's shaft lies outside the state it points at: one whose median
    /// point lies less than this many reach radii outside the state's outline (or inside
    /// it) is rejected — a piece of the state drawn apart along its outline, or two
    /// pieces of another arrow's head lying on it, taken as a short arrow.
    public var initialOutside = 0.1
    /// States whose centres differ in x by at most this fraction of the median radius
    /// are in one column for naming (named top to bottom).
    public var columnTolerance = 0.5
    /// Number of points a circle stroke is resampled to before fitting.
    public var circleSamples = 64

    /// A stroke classified `cycle` with no circle within `loopReach` is taken for a state
    /// when its circle fit covers at least this angle (radians).
    public var contextCircleCoverage = 270.0 * Double.pi / 180
    /// Such a stroke concentric with a state (within `ringCenterTolerance`) covering less,
    /// down to `minimumCircleCoverage`, is still its ring when at most this share of its
    /// points lies within the state's circle (an open ring round it, not a piece of it).
    public var openRingInside = 0.25
    /// A stroke only tentatively a circle (`ClassifiedStroke.tentative`) is taken for a state
    /// when its radius is within this factor of the median radius of the circles classified
    /// as such (either way), among other tests (`Assembler.takingTentativeStates`).
    public var tentativeStateSize = 2.0
    /// … and when the circularity of its convex hull is at least this (a hand-drawn circle
    /// measures 0.9–1, a triangle 0.6).
    public var tentativeStateRoundness = 0.88
    /// A stroke only tentatively a circle or a loop is taken for a self-loop where it attaches
    /// to a state as one, if the classifier's confidence in its own class is below this (a
    /// confident "none of these" near a state is a word or a piece of an arrow).
    public var tentativeLoopConfidence = 0.95
    /// A rejected round (one group, or two whose ends meet) where an arrow ends reaching no
    /// state is a state when its ink fits one circle covering at least this angle
    /// (radians)… (`Assembler.statesAtArrowEnds`)
    public var arrowEndStateCoverage = 200.0 * Double.pi / 180
    /// … at least this fraction of the median state radius.
    public var arrowEndStateSize = 0.4
    /// Two pieces of such a round whose nearest ends lie further apart than `arcEndGap` of
    /// its radius, up to this much of it, are a state when their own ink covers at least
    /// `wideGapCoverage` (radians) round its centre: an open round drawn in two arcs leaves
    /// a gap at each junction; words and pieces of arrows cover that much of nothing.
    public var wideArcGap = 1.2
    public var wideGapCoverage = 270.0 * Double.pi / 180

    public init() {}
}
