// The cache that PhotoStore keeps its pages in and the grid its textures: which entry goes first,
// what counts as a use, its two limits, and letting entries go.
import SnapshelfModel
import XCTest

final class LRUCacheTests: XCTestCase {
    /// The keys still kept, asked from the least recently used on, which leaves them in that order.
    private func kept(_ cache: inout LRUCache<String, Int>, of keys: [String]) -> [String] {
        keys.filter { cache.value(forKey: $0) != nil }
    }

    func testTheLeastRecentlyAddedGoesFirst() {
        var cache = LRUCache<String, Int>(countLimit: 3)
        for (value, key) in ["a", "b", "c", "d"].enumerated() {
            cache.insert(value, forKey: key)
        }
        XCTAssertEqual(cache.count, 3)
        XCTAssertNil(cache.value(forKey: "a"))
        cache.insert(4, forKey: "e")
        XCTAssertEqual(kept(&cache, of: ["a", "b", "c", "d", "e"]), ["c", "d", "e"])
        XCTAssertEqual(cache.value(forKey: "e"), 4)
    }

    func testReadingAnEntryKeepsItLongest() {
        var cache = LRUCache<String, Int>(countLimit: 3)
        cache.insert(0, forKey: "a")
        cache.insert(1, forKey: "b")
        cache.insert(2, forKey: "c")
        XCTAssertEqual(cache.value(forKey: "a"), 0)
        cache.insert(3, forKey: "d")
        XCTAssertEqual(kept(&cache, of: ["b", "c", "a", "d"]), ["c", "a", "d"])
        // A miss is no use of anything: "c" is still the oldest.
        XCTAssertNil(cache.value(forKey: "x"))
        cache.insert(4, forKey: "e")
        XCTAssertEqual(kept(&cache, of: ["c", "a", "d", "e"]), ["a", "d", "e"])
    }

    func testReplacingAValueUsesItAndTakesItsNewCost() {
        var cache = LRUCache<String, Int>(costLimit: 10)
        cache.insert(0, forKey: "a", cost: 4)
        cache.insert(1, forKey: "b", cost: 4)
        cache.insert(2, forKey: "a", cost: 2)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.totalCost, 6)
        cache.insert(3, forKey: "c", cost: 4)
        XCTAssertEqual(cache.totalCost, 10)
        cache.insert(4, forKey: "d", cost: 1)
        XCTAssertEqual(kept(&cache, of: ["b", "a", "c", "d"]), ["a", "c", "d"])
        XCTAssertEqual(cache.value(forKey: "a"), 2)
        XCTAssertEqual(cache.totalCost, 7)
    }

    func testTheCostLimitLetsAsManyOldestGoAsItTakes() {
        var cache = LRUCache<String, Int>(costLimit: 10)
        for (value, key) in ["a", "b", "c", "d", "e"].enumerated() {
            cache.insert(value, forKey: key, cost: 2)
        }
        cache.insert(5, forKey: "big", cost: 7)
        XCTAssertEqual(kept(&cache, of: ["a", "b", "c", "d", "e", "big"]), ["e", "big"])
        XCTAssertEqual(cache.totalCost, 9)
        cache.insert(6, forKey: "huge", cost: 11)
        XCTAssertEqual(cache.count, 0, "an entry over the whole limit is kept by no one")
        XCTAssertEqual(cache.totalCost, 0)
    }

    func testRemovedEntriesAreGoneAndTheirPlacesReused() {
        var cache = LRUCache<String, Int>(countLimit: 3, costLimit: 100)
        cache.insert(0, forKey: "a", cost: 5)
        cache.insert(1, forKey: "b", cost: 5)
        cache.insert(2, forKey: "c", cost: 5)
        XCTAssertEqual(cache.removeValue(forKey: "b"), 1)
        XCTAssertNil(cache.removeValue(forKey: "b"))
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.totalCost, 10)
        // The oldest and the newest can go too, and the order of the rest holds.
        cache.insert(3, forKey: "d", cost: 5)
        XCTAssertEqual(cache.removeValue(forKey: "a"), 0)
        XCTAssertEqual(cache.removeValue(forKey: "d"), 3)
        cache.insert(4, forKey: "e")
        cache.insert(5, forKey: "f")
        cache.insert(6, forKey: "g")
        XCTAssertEqual(kept(&cache, of: ["c", "e", "f", "g"]), ["e", "f", "g"])

        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertNil(cache.value(forKey: "g"))
        cache.insert(7, forKey: "g")
        XCTAssertEqual(cache.value(forKey: "g"), 7)
        XCTAssertEqual(cache.countLimit, 3)
    }

    func testManyUsesKeepTheLastOnesInOrder() {
        var cache = LRUCache<Int, Int>(countLimit: 50)
        var generator = SystemRandomNumberGenerator()
        var order: [Int] = []
        for _ in 0..<5_000 {
            let key = Int.random(in: 0..<80, using: &generator)
            if Bool.random(using: &generator) {
                cache.insert(key * 10, forKey: key)
                order.removeAll { $0 == key }
                order.append(key)
            } else if cache.value(forKey: key) != nil {
                order.removeAll { $0 == key }
                order.append(key)
            }
            order = Array(order.suffix(50))
        }
        XCTAssertEqual(cache.count, order.count)
        for key in order {
            XCTAssertEqual(cache.value(forKey: key), key * 10)
        }
    }
}
