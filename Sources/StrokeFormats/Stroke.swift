/// A pen position in screen-like coordinates: x to the right, y **down**, any scale.
/// `t` is an optional timestamp (milliseconds in the $1 logs; unused by geometry).
public struct Point: Sendable, Equatable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var t: Double?

    public init(x: Double, y: Double, t: Double? = nil) {
        self.x = x
        self.y = y
        self.t = t
    }
}

/// One pen-down-to-pen-up trace.
public struct Stroke: Sendable, Equatable, Codable {
    public var points: [Point]

    public init(points: [Point]) { self.points = points }
}

/// A text label typed on the canvas (a transition symbol; `ε` or `eps` marks epsilon).
public struct Label: Sendable, Equatable, Codable {
    public var text: String
    public var position: Point

    public init(text: String, position: Point) {
        self.text = text
        self.position = position
    }
}

/// What one input drawing holds: strokes, optional labels and words to simulate
/// (FORMATS.md §1). A bare stroke list is a drawing with no labels and no inputs.
public struct Drawing: Sendable, Equatable {
    public var strokes: [Stroke]
    public var labels: [Label]
    public var inputs: [String]

    public init(strokes: [Stroke], labels: [Label] = [], inputs: [String] = []) {
        self.strokes = strokes
        self.labels = labels
        self.inputs = inputs
    }
}
