/// The members of a JSON object, in document order, each key once. Small objects, which are nearly
/// all of a profile's, are searched member by member; from `indexedFrom` members on, an index by key
/// is kept as well. As a `Dictionary`, hashing every key on each insertion and look-up was 35 M of
/// `list --profile`'s 191 M instructions (Reports/benchmarks.md §20). Equality and hashing ignore the
/// order, as a dictionary's do.
struct JSONMembers: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    typealias Element = (key: String, value: JSONValue)

    /// The members in the order they were added.
    private(set) var pairs: [Element] = []
    /// Each key's position in `pairs`, once there are `indexedFrom` members.
    private var index: [String: Int]? = nil
    static let indexedFrom = 12

    init() {}

    init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    var count: Int { pairs.count }
    var isEmpty: Bool { pairs.isEmpty }
    var keys: [String] { pairs.map(\.key) }

    func makeIterator() -> IndexingIterator<[Element]> { pairs.makeIterator() }

    /// Where `key`'s member is in `pairs`.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return pairs.firstIndex { $0.key == key }
    }

    /// The member named `key`; setting nil removes it, setting a present key replaces its value in place.
    subscript(key: String) -> JSONValue? {
        get { position(of: key).map { pairs[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let i?, let value?): pairs[i].value = value
            case (let i?, nil):
                pairs.remove(at: i)
                reindex()
            case (nil, let value?): append(key, value)
            case (nil, nil): break
            }
        }
    }

    /// Adds `key` unless it is already a member (the first of repeated keys is kept); whether it was added.
    @discardableResult
    mutating func addFirst(_ key: String, _ value: JSONValue) -> Bool {
        guard position(of: key) == nil else { return false }
        append(key, value)
        return true
    }

    private mutating func append(_ key: String, _ value: JSONValue) {
        pairs.append((key, value))
        if index != nil {
            index?[key] = pairs.count - 1
        } else if pairs.count == Self.indexedFrom {
            reindex()
        }
    }

    private mutating func reindex() {
        guard pairs.count >= Self.indexedFrom else { return index = nil }
        var byKey: [String: Int] = [:]
        byKey.reserveCapacity(pairs.count)
        for (i, pair) in pairs.enumerated() { byKey[pair.key] = i }
        index = byKey
    }

    static func == (a: JSONMembers, b: JSONMembers) -> Bool {
        a.count == b.count && a.pairs.allSatisfy { b[$0.key] == $0.value }
    }

    func hash(into hasher: inout Hasher) {
        // A sum of per-member hashes: the same for any order.
        var sum = 0
        for pair in pairs {
            var one = Hasher()
            one.combine(pair.key)
            one.combine(pair.value)
            sum = sum &+ one.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
