import StrokeFormats

/// Positions for the states of an automaton made by an operation (nothing was drawn):
/// rows of ⌈√n⌉ states, 120 points apart, radius 30, in state order.
public enum StateLayout {
    public static let spacing = 120.0
    public static let radius = 30.0

    public static func grid(count: Int) -> [Point] {
        var columns = 1
        while columns * columns < count { columns += 1 }
        return (0..<count).map { i in
            Point(x: 80 + spacing * Double(i % columns), y: 80 + spacing * Double(i / columns))
        }
    }
}
