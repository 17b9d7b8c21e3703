import Foundation
import DrawingClassifier
import StrokeFormats
import TestSupport

/// The real $1 strokes, for tests `.enabled(if: SharedData.hasDollarGestures)`.
extension SharedData {
    /// Every `<gesture>NN.xml` stroke of the $1 logs, sorted by path. A minimal reader for
    /// the `<Point X=".." Y=".." .../>` elements (the library's own reader lives with the
    /// classifier).
    static func gestures(named name: String) -> [[Point]] {
        let root = dollarGestures.path
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { path in
                let file = (path as NSString).lastPathComponent
                return file.hasPrefix(name) && file.hasSuffix(".xml")
                    && file.dropFirst(name.count).first?.isNumber == true
            }
            .sorted()
        return paths.compactMap { path in
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8)
            else { return nil }
            return text.components(separatedBy: "<Point ").dropFirst().compactMap { element in
                guard let x = attribute("X", in: element), let y = attribute("Y", in: element)
                else { return nil }
                return Point(x: x, y: y)
            }
        }
    }

    private static func attribute(_ name: String, in element: String) -> Double? {
        guard let start = element.range(of: " \(name)=\"") ?? element.range(of: "\(name)=\"")
        else { return nil }
        let rest = element[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }
}
