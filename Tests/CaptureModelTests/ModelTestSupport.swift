import FoundationEssentials

@testable import CaptureModel

/// Builders for hand-made controls, as a driver would report them.
enum Ctl {
    static let intType: UInt32 = 1
    static let boolType: UInt32 = 2
    static let menuType: UInt32 = 3
    static let buttonType: UInt32 = 4
    static let bitmaskType: UInt32 = 8

    static func int(
        _ id: UInt32, _ name: String, min: Int64 = 0, max: Int64 = 255, step: UInt64 = 1, def: Int64 = 0, value: Int64? = 0,
        flags: ControlFlags = []
    ) -> Control {
        Control(
            id: id, name: name, type: "int", typeCode: intType, minimum: min, maximum: max, step: step, defaultValue: def,
            value: value.map(ControlValue.integer), flags: flags)
    }

    static func bool(_ id: UInt32, _ name: String, value: Int64? = 1, flags: ControlFlags = []) -> Control {
        Control(
            id: id, name: name, type: "bool", typeCode: boolType, minimum: 0, maximum: 1, step: 1, defaultValue: 1,
            value: value.map(ControlValue.integer), flags: flags)
    }

    static func menu(_ id: UInt32, _ name: String, _ items: [(Int64, String)], value: Int64?, flags: ControlFlags = []) -> Control {
        Control(
            id: id, name: name, type: "menu", typeCode: menuType, minimum: items.map(\.0).min() ?? 0,
            maximum: items.map(\.0).max() ?? 0, step: 1, defaultValue: items.first?.0 ?? 0, value: value.map(ControlValue.integer),
            flags: flags, menu: items.map { MenuItem(index: $0.0, name: $0.1) })
    }

    static func button(_ id: UInt32, _ name: String, flags: ControlFlags = []) -> Control {
        Control(
            id: id, name: name, type: "button", typeCode: buttonType, minimum: 0, maximum: 0, step: 0, defaultValue: 0, value: nil,
            flags: flags.union(.writeOnly))
    }
}

/// The top-level keys of a JSON object, to check which fields an encoder wrote.
struct JSONKeys: Decodable {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    var keys: Set<String>
    init(from decoder: any Decoder) throws {
        keys = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue))
    }

    static func of(_ data: Data) throws -> Set<String> { try JSONDecoder().decode(JSONKeys.self, from: data).keys }
}

func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}
