// A cache that keeps what was used most recently, within a count and a total cost, and lets the
// least recently used go first. Finding, adding, touching and letting go are each O(1): entries
// sit in a dictionary and, in order of use, in a list linked through the slots of an array, so
// the cache makes no object per entry and copies like any other value.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        let key: Key
        var value: Value
        var cost: Int
        /// The slots of the entries used just before and just after this one, or nil at the ends.
        var older: Int?
        var newer: Int?
    }

    /// The entries' slots; a slot let go is nil, until a new entry takes it.
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var slotOfKey: [Key: Int] = [:]
    private var oldest: Int?
    private var newest: Int?

    /// The most entries kept.
    public let countLimit: Int
    /// The most total cost kept, in whatever unit the costs given are.
    public let costLimit: Int
    /// The costs of the entries kept, added up.
    public private(set) var totalCost = 0

    public init(countLimit: Int = .max, costLimit: Int = .max) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    public var count: Int { slotOfKey.count }

    /// The value kept for the key, which becomes the most recently used; nil when none is kept.
    public mutating func value(forKey key: Key) -> Value? {
        guard let slot = slotOfKey[key] else { return nil }
        touch(slot)
        return slots[slot]!.value
    }

    /// Keeps the value for the key, in place of any it had, as the most recently used, then lets
    /// the least recently used go while the cache is over its count or its cost. An entry costlier
    /// than the whole limit goes at once, with all the others.
    public mutating func insert(_ value: Value, forKey key: Key, cost: Int = 0) {
        if let slot = slotOfKey[key] {
            totalCost += cost - slots[slot]!.cost
            slots[slot]!.value = value
            slots[slot]!.cost = cost
            touch(slot)
        } else {
            let entry = Entry(key: key, value: value, cost: cost, older: newest, newer: nil)
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                slots[slot] = entry
            } else {
                slot = slots.count
                slots.append(entry)
            }
            if let newest { slots[newest]!.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
            slotOfKey[key] = slot
            totalCost += cost
        }
        while count > countLimit || totalCost > costLimit, let oldest {
            remove(oldest)
        }
    }

    /// Lets the key's value go; returns it, or nil when none was kept.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = slotOfKey[key] else { return nil }
        return remove(slot)
    }

    public mutating func removeAll() {
        self = LRUCache(countLimit: countLimit, costLimit: costLimit)
    }

    /// Makes the entry in the slot the most recently used.
    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        slots[slot]!.older = newest
        slots[slot]!.newer = nil
        if let newest { slots[newest]!.newer = slot }
        newest = slot
    }

    /// Takes the entry in the slot out of the order of use, joining its neighbours.
    private mutating func unlink(_ slot: Int) {
        let entry = slots[slot]!
        if let older = entry.older { slots[older]!.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { slots[newer]!.older = entry.older } else { newest = entry.older }
    }

    @discardableResult
    private mutating func remove(_ slot: Int) -> Value {
        unlink(slot)
        let entry = slots[slot]!
        slots[slot] = nil
        freeSlots.append(slot)
        slotOfKey.removeValue(forKey: entry.key)
        totalCost -= entry.cost
        return entry.value
    }
}
