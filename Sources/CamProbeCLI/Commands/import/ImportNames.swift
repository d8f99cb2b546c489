/// Names for imported profiles when the text carries no bus info.
enum ImportNames {
    /// `HD Webcam C525` → `hd_webcam_c525`; without a usable name, the file's name without its extension.
    static func stem(name: String, file: String?) -> String {
        func slug(_ s: some StringProtocol) -> String {
            String(s.lowercased().map { c -> Character in (c.isLetter || c.isNumber || "-.".contains(c)) && c.isASCII ? c : "_" })
        }
        let fromName = slug(name)
        if !fromName.isEmpty, name != "Imported camera", fromName.contains(where: { $0 != "_" }) { return fromName }
        let base = (file ?? "").split(separator: "/").last.map { $0.split(separator: ".").first ?? $0 } ?? ""
        let fromFile = slug(base)
        return fromFile.isEmpty || file == "-" ? "unknown" : fromFile
    }
}
