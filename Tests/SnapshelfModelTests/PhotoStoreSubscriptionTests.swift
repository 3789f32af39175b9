// Observing a PhotoStore: every subscriber hears each change, in the order it subscribed, until
// its subscription is cancelled or let go. The grid and the window both observe one store.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoStoreSubscriptionTests: LibraryTestCase {
    /// Adds a photo the way the app does, through the store's library, then refreshes the store.
    private func add(_ index: Int, to store: PhotoStore) throws {
        _ = try store.library.add(try candidate(SamplePhotos.cameras[index]), label: try Label("photo \(index)"))
        try store.refresh()
    }

    func testEveryObserverHearsEachChangeInTheOrderItSubscribed() throws {
        let store = try PhotoStore(directory: directory)
        var heard: [String] = []
        let first = store.observe { heard.append("first \($0)") }
        let second = store.observe { heard.append("second \($0)") }
        try add(0, to: store)
        try add(1, to: store)
        XCTAssertEqual(heard, ["first at 0: -0 +1", "second at 0: -0 +1", "first at 1: -0 +1", "second at 1: -0 +1"])
        withExtendedLifetime((first, second)) {}
    }

    func testACancelledSubscriptionHearsNoMoreAndTheOthersStillDo() throws {
        let store = try PhotoStore(directory: directory)
        var first: [PhotoStore.Change] = []
        var second: [PhotoStore.Change] = []
        let cancelled = store.observe { first.append($0) }
        let kept = store.observe { second.append($0) }
        try add(0, to: store)
        cancelled.cancel()
        cancelled.cancel()
        try add(1, to: store)
        XCTAssertEqual(first, [PhotoStore.Change(position: 0, removed: 0, added: 1)])
        XCTAssertEqual(second, [PhotoStore.Change(position: 0, removed: 0, added: 1),
                                PhotoStore.Change(position: 1, removed: 0, added: 1)])
        withExtendedLifetime(kept) {}
    }

    func testLettingGoOfASubscriptionEndsIt() throws {
        let store = try PhotoStore(directory: directory)
        var heard = 0
        var subscription: Subscription? = store.observe { _ in heard += 1 }
        try add(0, to: store)
        XCTAssertNotNil(subscription)
        subscription = nil
        try add(1, to: store)
        try store.show(order: .labelAToZ)
        XCTAssertEqual(heard, 1)
    }

    func testAnObserverMayCancelAnotherWhileBeingTold() throws {
        let store = try PhotoStore(directory: directory)
        var later: Subscription?
        var heardByLater = 0
        let first = store.observe { _ in later?.cancel() }
        later = store.observe { _ in heardByLater += 1 }
        try add(0, to: store)
        XCTAssertEqual(heardByLater, 0, "cancelled before its turn, it is not told")
        withExtendedLifetime(first) {}
    }

    func testASubscriptionMayOutliveItsStore() throws {
        var store: PhotoStore? = try PhotoStore(directory: directory)
        let subscription = store!.observe { _ in XCTFail("a store that is gone reports nothing") }
        store = nil
        subscription.cancel()
    }
}
