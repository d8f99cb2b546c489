import CamProbeTesting
import FoundationEssentials

/// The fixture types have no initializers outside their module: a value starts as the JSON of its required
/// keys, exactly as a fixture file would hold them, and the writer then sets its fields.
enum FixtureSeed {
    static func node() throws -> FakeNodeSpec { try decode(#"{"path":"","driver":"","card":"","busInfo":""}"#) }
    static func format() throws -> FakeFormatSpec { try decode(#"{"fourcc":"","description":"","sizes":[]}"#) }
    static func size() throws -> FakeSizeSpec { try decode("{}") }
    static func range() throws -> FakeSizeSpec.FakeRange { try decode(#"{"min":"","max":""}"#) }
    static func intervals() throws -> FakeIntervalsSpec { try decode("{}") }
    static func intervalRange() throws -> FakeIntervalsSpec.Range { try decode(#"{"min":"","max":""}"#) }
    static func control() throws -> FakeControlSpec { try decode(#"{"id":0,"name":"","type":""}"#) }
    static func input() throws -> FakeInputSpec { try decode(#"{"name":""}"#) }
    static func activeFormat() throws -> FakeActiveFormatSpec { try decode(#"{"fourcc":"","width":0,"height":0}"#) }
    static func udev() throws -> FakeUdevSpec { try decode("{}") }
    static func parent() throws -> FakeUdevSpec.Parent { try decode(#"{"sysPath":"","bus":""}"#) }

    static func decode<T: Decodable>(_ json: String) throws -> T { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
}
