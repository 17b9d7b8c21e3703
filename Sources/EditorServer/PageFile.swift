/// One file of the editor's page, served from memory: the page is embedded in the library
/// (`EmbeddedPage.swift`, written from `Page/` by `scripts/embed-page`), so `fa-serve` never
/// reads a file, whatever path a client asks for.
public struct PageFile: Sendable, Equatable {
    /// The URL path it is served at (`/`, `/editor.js`, …).
    public var path: String
    public var contentType: String
    public var text: String

    /// Every file of the page, by URL path; `index.html` is also served at `/`.
    public static let all: [String: PageFile] = {
        var files: [String: PageFile] = [:]
        for (name, text) in EmbeddedPage.files {
            let file = PageFile(path: "/" + name, contentType: contentType(of: name), text: text)
            files[file.path] = file
            if name == "index.html" { files["/"] = PageFile(path: "/", contentType: file.contentType, text: text) }
        }
        return files
    }()

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return "text/plain; charset=utf-8"
    }
}
