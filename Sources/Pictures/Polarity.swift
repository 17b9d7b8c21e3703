/// Which way round a drawing's ink and background are.
///
/// The classifier is trained on white ink on a black background (the MNIST Maker convention),
/// so `.whiteInkOnBlack` is the default everywhere. When a PNG has an alpha channel, its
/// transparent pixels are composited onto the polarity's background colour.
public enum Polarity: String, Sendable, Codable, CaseIterable {
    /// White (255) strokes on a black (0) background; transparent pixels become black.
    case whiteInkOnBlack
    /// Black (0) strokes on a white (255) background; transparent pixels become white.
    case blackInkOnWhite

    /// The gray value of the background: 0 for `.whiteInkOnBlack`, 255 for `.blackInkOnWhite`.
    public var backgroundValue: UInt8 {
        switch self {
        case .whiteInkOnBlack: 0
        case .blackInkOnWhite: 255
        }
    }
}
