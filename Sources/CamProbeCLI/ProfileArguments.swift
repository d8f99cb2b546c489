/// `--profile` takes every profile file that follows it, as its usage line (`[--profile <file> ...]`) says and the
/// shell's expansion of `--profile DIR/*.json` needs: before parsing, each argument after a `--profile` value that
/// names a profile file (ends in `.json` or `.xml`) gets a `--profile` of its own. The first argument that is not
/// one (an option, a device selector such as `0`, an assignment) ends the run, so `--profile c525.json 0` still
/// names device 0.
enum ProfileArguments {
    static func spread(_ arguments: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(arguments.count)
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            out.append(a)
            i += 1
            if a == "--" { break }
            guard a == "--profile" || a.hasPrefix("--profile=") else { continue }
            if a == "--profile", i < arguments.count {
                out.append(arguments[i])  // the option's own value
                i += 1
            }
            while i < arguments.count, isProfileFile(arguments[i]) {
                out += ["--profile", arguments[i]]
                i += 1
            }
        }
        return out + arguments[i...]
    }

    /// A profile document's name: `.json` or `.xml`, in any case, not an option.
    static func isProfileFile(_ a: String) -> Bool {
        guard !a.hasPrefix("-") else { return false }
        let lower = a.lowercased()
        return lower.hasSuffix(".json") || lower.hasSuffix(".xml")
    }
}
