import Foundation
import Testing

@testable import ProfileFormat

/// The published JSON Schema, read by an independent implementation
/// (Python's `jsonschema`, Draft 2020-12), must reach the same verdicts as
/// `JSONSchemaValidator`. Skipped where python3 or jsonschema is missing; it
/// needs no network.
@Suite("JSON Schema: cross-check with Python jsonschema")
struct JSONSchemaPythonCrossCheckTests {
    static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        v = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            print("ok" if v.is_valid(json.load(open(path))) else "invalid")
        """

    static let available: Bool = (try? run(["-c", "import jsonschema"]).status) == 0

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: available, "python3 with jsonschema is not installed"))
    func pythonAgreesOnValidAndInvalidDocuments() throws {
        let c525 = JSONSchemaValidatorTests.c525
        // The small shipped profiles (Python takes seconds over the vivid ones).
        let shipped = ProfileTestFiles.profiles.filter { !$0.contains("/vivid-") }
        var documents = try shipped.map { String(decoding: try ProfileTestFiles.bytes($0), as: UTF8.self) }
        for (old, new) in [
            (#""name" : "HD Webcam C525","#, ""), (#""width" : 640"#, #""width" : "640""#),
            (#""interval" : "1/30""#, #""interval" : "1/30.0""#), (#""type" : "discrete""#, #""type" : "ranged""#),
            (#""throughLibV4L2" : false"#, #""throughLibV4L2" : false, "extra" : 1"#),
            (#""sizeImage" : 614400"#, #""sizeImage" : 4294967296"#), (#""fourcc" : "YUYV""#, #""fourcc" : "YUYV2""#),
            (#""value" : 128"#, #""value" : true"#), (#""schemaVersion" : 1"#, #""schemaVersion" : 2"#),
        ] {
            let parts = c525.split(separator: old, omittingEmptySubsequences: false)
            try #require(parts.count >= 2)
            documents.append(parts[0] + new + parts.dropFirst().joined(separator: old))
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("camprobe-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, d) in documents.enumerated() {
            let url = dir.appendingPathComponent("\(i).json")
            try Data(d.utf8).write(to: url)
            paths.append(url.path)
        }
        let r = try Self.run(["-c", Self.script, ProfileTestFiles.root + "/Profiles/schema/camprobe-profile.schema.json"] + paths)
        #expect(r.status == 0)
        let python = r.stdout.split(separator: "\n").map(String.init)
        let ours = documents.map { JSONProfile.validate(Array($0.utf8)).isEmpty ? "ok" : "invalid" }
        #expect(python == ours)
        #expect(ours.filter { $0 == "ok" }.count == shipped.count)
    }
}
