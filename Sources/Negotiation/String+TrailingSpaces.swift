extension String {
    /// The text without its trailing spaces (a FourCC's description pads short codes: "Y8  ").
    var trimmingCharacters: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
