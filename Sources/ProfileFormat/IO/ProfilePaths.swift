import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Where a profile goes.
package enum ProfilePaths {
    /// `output` if it names a file; `output/ID.ext` if it is a directory (or ends in `/`);
    /// `ID.ext` in the current directory when nil. IDs are made safe as file names.
    package static func destination(_ output: String?, id: DeviceID, format: any ProfileCodec) -> String {
        let name = fileName(for: id, format: format)
        guard let output, !output.isEmpty else { return name }
        var st = stat()
        if output.hasSuffix("/") || (stat(output, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
            return (output.hasSuffix("/") ? output : output + "/") + name
        }
        return output
    }

    /// `ID.ext`, the ID made safe as a file name, with the first of the codec's extensions.
    package static func fileName(for id: DeviceID, format: any ProfileCodec) -> String {
        SafeFileName.component(id.rawValue) + "." + (format.fileExtensions.first ?? format.name)
    }
}
