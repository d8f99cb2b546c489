import Testing

@testable import ProfileFormat

/// `JSONMembers`, a JSON object's members: document order, each key once, found the same way below
/// and above the size where it starts keeping an index, and equal and hashed as a dictionary regardless of order.
@Suite struct JSONMembersTests {
    /// `count` members `k0`… with values 0….
    static func members(_ count: Int) -> JSONMembers {
        var m = JSONMembers()
        for i in 0..<count { m.addFirst("k\(i)", .integer(Int64(i))) }
        return m
    }

    @Test(arguments: [0, 1, JSONMembers.indexedFrom - 1, JSONMembers.indexedFrom, JSONMembers.indexedFrom + 1, 200])
    func everyMemberIsFoundInOrder(count: Int) {
        var m = Self.members(count)
        #expect(m.keys == (0..<count).map { "k\($0)" })
        for i in 0..<count { #expect(m["k\(i)"] == .integer(Int64(i))) }
        #expect(m["k\(count)"] == nil)
        // The first of a repeated key stays; setting replaces in place; nil removes, and the rest are still found.
        #expect(!m.addFirst("k0", .null) || count == 0)
        if count > 2 {
            m["k1"] = .string("one")
            #expect(m.keys[1] == "k1" && m["k1"] == .string("one"))
            m["k0"] = nil
            #expect(m.count == count - 1 && m["k0"] == nil)
            for i in 1..<count { #expect(m["k\(i)"] != nil, "k\(i) of \(count)") }
            m["new"] = .bool(true)
            #expect(m.keys.last == "new" && m["new"] == .bool(true))
        }
    }

    @Test(arguments: [3, JSONMembers.indexedFrom + 5])
    func equalityAndHashIgnoreOrder(count: Int) {
        let forward = Self.members(count)
        var backward = JSONMembers()
        for (key, value) in forward.pairs.reversed() { backward.addFirst(key, value) }
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var other = backward
        other["k0"] = .integer(99)
        #expect(forward != other)
        other["k0"] = .integer(0)
        other["extra"] = .null
        #expect(forward != other)
    }
}
