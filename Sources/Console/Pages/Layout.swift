import HTTPTypes
import Hummingbird
import NIOCore

/// The frame every page shares: the title, the navigation, the token the page's script sends with its writes (a page
/// of another site cannot read it), and whether controls may be written.
struct Layout {
    let configuration: ConsoleConfiguration

    /// The page `title` with `body` inside.
    func page(_ title: String, current: String, _ body: String) -> Response {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<meta name=\"camprobe-token\"\(HTML.attr("content", configuration.token.text))>"
        html += "<title>\(HTML.escape(title)) · camprobe</title>"
        html += "<link rel=\"stylesheet\" href=\"/static/console.css\"><script src=\"/static/console.js\" defer></script></head>"
        html += "<body data-allow-control=\"\(configuration.allowControl)\"><header><strong>camprobe</strong><nav>"
        for (path, label) in [("/", "Devices"), ("/usb", "USB"), ("/doctor", "Doctor")] {
            html += "<a href=\"\(path)\"\(path == current ? " aria-current=\"page\"" : "")>\(label)</a>"
        }
        html += "</nav><span id=\"live\" class=\"live\">connecting…</span></header><main>\(body)</main></body></html>\n"
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // The pages run only their own script and load nothing from elsewhere; no other site may frame them.
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
