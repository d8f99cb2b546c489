#if canImport(Glibc)
    import Glibc
#endif

/// Names for imported profiles when the text carries no bus info.
enum ImportNames {
    /// `HD Webcam C525` → `hd_webcam_c525`; without a usable name, the file's name without its
    /// extension; when that says nothing (`list-formats-ext.txt`, `all.txt`, `video0.log`…), the
    /// folder it is in (`kitchen/list-formats-ext.txt` → `kitchen`), so two cameras' dumps kept in
    /// folders of their own get profiles of their own.
    static func stem(name: String, file: String?) -> String {
        let fromName = slug(name)
        if !fromName.isEmpty, name != "Imported camera", fromName.contains(where: { $0 != "_" }) { return fromName }
        guard let file, file != "-", file != "<stdin>" else { return "unknown" }
        let parts = file.split(separator: "/")
        let base = parts.last.map { slug($0.split(separator: ".").first ?? $0) } ?? ""
        if !base.isEmpty, !isGeneric(base) { return base }
        let folder = slug(parts.count > 1 ? String(parts[parts.count - 2]) : currentFolderName())
        if !folder.isEmpty, !isGeneric(folder) { return folder }
        return base.isEmpty ? "unknown" : base
    }

    static func slug(_ s: some StringProtocol) -> String {
        String(s.lowercased().map { c -> Character in (c.isLetter || c.isNumber || "-.".contains(c)) && c.isASCII ? c : "_" })
    }

    /// Words of tool output and of places files land that name no camera: a name made only of them
    /// says nothing (`list-formats-ext`, `v4l2-ctl_all`, `downloads`). Numbered words in `numbered`
    /// say nothing either (`video0` is a node, `out2` a paste); `cam1` does name a camera.
    static let genericWords: Set<String> = [
        "list", "formats", "format", "ext", "all", "info", "ctrls", "ctrl", "controls", "menus", "devices", "device", "v4l2", "ctl",
        "v4l2ctl", "media", "mediactl", "lsusb", "udevadm", "arecord", "asound", "cards", "output", "out", "dump", "log", "paste",
        "text", "txt", "camera", "cam", "webcam", "video", "untitled", "new", "test", "tmp", "temp", "file", "capture", "caps", "d",
        "v", "l", "verbose", "stdin", "usb", "p", "downloads", "download", "desktop", "documents", "home", "root", "dev", "x", "",
    ]

    static let numbered: Set<String> = ["video", "out", "output", "dump", "log", "paste", "untitled", "file", "new", "capture", "media"]

    static func isGeneric(_ stem: String) -> Bool {
        stem.split(whereSeparator: { "-_.".contains($0) }).allSatisfy { word in
            let letters = String(word.filter { !$0.isNumber })
            return genericWords.contains(String(word)) || word.allSatisfy(\.isNumber)
                || (numbered.contains(letters) && word.last?.isNumber == true)
        }
    }

    /// The current directory's last component (`getcwd(3)`), for a file named without a folder.
    static func currentFolderName() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.split(separator: "/").last.map(String.init) ?? ""
    }
}
