import Foundation

extension VectorPicture {
    /// The picture as a standalone SVG document. Text uses a monospace font at the size the
    /// bitmap font has in `rasterized()`.
    public func svg() -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\">",
            "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" "
                + "fill=\"\(background.hex)\"/>",
        ]
        for shape in shapes {
            switch shape {
            case let .polyline(points, width, color, opacity, dash):
                let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
                guard !finite.isEmpty else { continue }
                let coordinates = finite.map { "\(number($0.x)),\(number($0.y))" }
                    .joined(separator: " ")
                var line = "<polyline points=\"\(coordinates)\" fill=\"none\" "
                    + "stroke=\"\(color.hex)\" "
                    + "stroke-width=\"\(number(width))\" stroke-linecap=\"round\" "
                    + "stroke-linejoin=\"round\""
                if opacity < 1 { line += " stroke-opacity=\"\(number(opacity))\"" }
                if let dash { line += " stroke-dasharray=\"\(number(dash))\"" }
                lines.append(line + "/>")
            case let .circle(center, radius, width, color, fill, fillOpacity):
                var line = "<circle cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" "
                    + "r=\"\(number(radius))\" stroke=\"\(color.hex)\" "
                    + "stroke-width=\"\(number(width))\" fill=\"\(fill?.hex ?? "none")\""
                if fill != nil && fillOpacity < 1 {
                    line += " fill-opacity=\"\(number(fillOpacity))\""
                }
                lines.append(line + "/>")
            case let .text(text, center, size, color):
                let pixels = BitmapFont.glyphHeight * max(size, 1)
                lines.append("<text x=\"\(number(center.x))\" y=\"\(number(center.y))\" "
                    + "font-family=\"monospace\" font-size=\"\(number(Double(pixels) * 1.3))\" "
                    + "text-anchor=\"middle\" dominant-baseline=\"central\" "
                    + "fill=\"\(color.hex)\">\(escaped(text))</text>")
            }
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `svg()` atomically (see `AtomicFile`).
    public func writeSVG(to path: String) throws(FileWriteError) {
        try AtomicFile.write(svg(), to: path)
    }

    /// Writes a PNG or an SVG, chosen by the extension of `path` (`.svg`, else PNG).
    public func write(to path: String) throws(FileWriteError) {
        if path.lowercased().hasSuffix(".svg") {
            try writeSVG(to: path)
        } else {
            try rasterized().writePNG(to: path)
        }
    }
}

/// A coordinate with at most two decimals and no trailing zeros ("12", "12.5", "-0.25");
/// non-finite values become 0 so the document stays valid.
private func number(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    var text = String(format: "%.2f", x)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

/// `text` with XML's special characters escaped.
private func escaped(_ text: String) -> String {
    var out = ""
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
