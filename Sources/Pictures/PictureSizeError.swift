/// A picture whose layout would be larger than `Canvas.maximumSide`.
public struct PictureSizeError: Error, CustomStringConvertible, Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var description: String {
        "the picture would be \(width)×\(height) pixels, more than \(Canvas.maximumSide) "
            + "on a side; "
            + "show fewer images or use a smaller scale"
    }

    /// Throws unless a `width`×`height` canvas is allowed.
    public static func check(width: Int, height: Int) throws(PictureSizeError) {
        guard (1...Canvas.maximumSide).contains(width), (1...Canvas.maximumSide).contains(height)
        else { throw PictureSizeError(width: width, height: height) }
    }
}
