// The glue's ownership rules on real GObjects: references, signal closures, main-loop hops
// and the Swift-backed list model. None of it needs a display.
import CGtk
import Foundation
import XCTest
@testable import SnapshelfGlue

final class GlueTests: XCTestCase {
    func testAFloatingObjectIsSunkAndFreedWithItsOwner() {
        MainActor.assumeIsolated {
            // A GtkAdjustment starts with a floating reference, as widgets do, but needs no display.
            var owner: GObjectRef? = GObjectRef(gtk_adjustment_new(0, 0, 1, 0.1, 0.1, 0)!)
            let lifetime = ObjectLifetime(owner!.raw)
            XCTAssertEqual(g_object_is_floating(owner!.raw), 0)
            XCTAssertTrue(lifetime.isAlive)
            owner = nil
            XCTAssertFalse(lifetime.isAlive)
        }
    }

    func testAnAdoptedReferenceIsNotAddedTo() {
        MainActor.assumeIsolated {
            var owner: GObjectRef? = GObjectRef(adopting: g_simple_action_new("x", nil))
            let lifetime = ObjectLifetime(owner!.raw)
            owner = nil
            XCTAssertFalse(lifetime.isAlive, "adopting must take over the constructor's reference, not add one")
        }
    }

    func testDisconnectingStopsTheHandlerAndReleasesItsClosure() {
        MainActor.assumeIsolated {
            let action = Action("go")
            var calls = 0
            weak var weakWitness: Witness?
            let connection: SignalHandle = {
                let witness = Witness()
                weakWitness = witness
                return action.onActivate {
                    _ = witness
                    calls += 1
                }
            }()
            g_action_activate(action.opaque, nil)
            XCTAssertEqual(calls, 1)
            XCTAssertNotNil(weakWitness, "the connection keeps its closure while connected")

            connection.disconnect()
            g_action_activate(action.opaque, nil)
            XCTAssertEqual(calls, 1)
            XCTAssertNil(weakWitness, "disconnecting must release the closure")
            connection.disconnect()
        }
    }

    func testFinalizingTheObjectReleasesItsHandlersClosures() {
        MainActor.assumeIsolated {
            var action: Action? = Action("go")
            weak var weakWitness: Witness?
            let connection: SignalHandle = {
                let witness = Witness()
                weakWitness = witness
                return action!.onActivate { _ = witness }
            }()
            action = nil
            XCTAssertNil(weakWitness)
            // Disconnecting after the object is gone is safe and does nothing.
            connection.disconnect()
        }
    }

    func testAStatefulActionTakesTheChosenStateWithoutItsHandlerKeepingItAlive() {
        MainActor.assumeIsolated {
            var action: Action? = Action("sort", state: "newest")
            var chosen: [String] = []
            action!.onStateChange { chosen.append($0) }
            action!.activate(with: "oldest")
            XCTAssertEqual(chosen, ["oldest"])
            XCTAssertEqual(action!.state, "oldest")
            let lifetime = ObjectLifetime(action!.raw)
            action = nil
            XCTAssertFalse(lifetime.isAlive, "the action's own handler kept it alive")
        }
    }

    func testAMnemonicIsNamedWithoutItsMarks() {
        XCTAssertEqual(Mnemonic.plain("_Import Photos…"), "Import Photos…")
        XCTAssertEqual(Mnemonic.plain("S_kip"), "Skip")
        XCTAssertEqual(Mnemonic.plain("snake__case _x"), "snake_case x")
    }

    func testWorkFromAnotherThreadRunsOnTheMainThreadThroughTheMainLoop() {
        MainActor.assumeIsolated {
            let ran = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
            defer { ran.deallocate() }
            ran.pointee = false
            nonisolated(unsafe) let flag = ran
            let started = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                MainLoop.perform {
                    XCTAssertTrue(Thread.isMainThread)
                    flag.pointee = true
                }
                started.signal()
            }
            started.wait()
            XCTAssertFalse(ran.pointee, "the work must wait for the main loop")
            let deadline = Date().addingTimeInterval(5)
            while !ran.pointee && Date() < deadline {
                g_main_context_iteration(nil, 0)
            }
            XCTAssertTrue(ran.pointee)
        }
    }

    func testACancelledTimeoutNeverRuns() {
        MainActor.assumeIsolated {
            var fired = false
            let timeout = MainLoop.perform(after: .milliseconds(10)) { fired = true }
            timeout.cancel()
            // Timeouts run in the order they fall due, so by the time a later one has run the
            // cancelled one would have.
            var later = false
            MainLoop.perform(after: .milliseconds(20)) { later = true }
            let deadline = Date().addingTimeInterval(5)
            while !later && Date() < deadline {
                g_main_context_iteration(nil, 0)
            }
            XCTAssertTrue(later)
            XCTAssertFalse(fired)
        }
    }

    func testTheListModelAnswersFromItsSourceOnDemand() {
        MainActor.assumeIsolated {
            var keys: [Int64] = [10, 20, 30]
            let model = ListModel(count: { keys.count }, key: { keys[$0] })
            let list = model.opaque
            XCTAssertEqual(g_list_model_get_n_items(list), 3)
            XCTAssertEqual(Self.key(at: 1, in: list), 20)
            XCTAssertNil(g_list_model_get_item(list, 3), "past the end there is no item")

            keys.insert(15, at: 1)
            model.itemsChanged(position: 1, removed: 0, added: 1)
            XCTAssertEqual(g_list_model_get_n_items(list), 4)
            XCTAssertEqual(Self.key(at: 1, in: list), 15)

            let unrelated = GObjectRef(adopting: g_simple_action_new("x", nil))
            XCTAssertNil(ListModel.key(ofItem: unrelated.raw), "only the model's own items carry keys")
        }
    }

    func testTheListModelHandsOutTheSameItemWhileItIsHeld() {
        MainActor.assumeIsolated {
            var keys: [Int64] = [10, 20]
            let model = ListModel(count: { keys.count }, key: { keys[$0] })
            let list = model.opaque
            let first = g_list_model_get_item(list, 1)!
            let again = g_list_model_get_item(list, 1)!
            XCTAssertEqual(first, again)
            keys.insert(15, at: 0)
            model.itemsChanged(position: 0, removed: 0, added: 1)
            let moved = g_list_model_get_item(list, 2)!
            XCTAssertEqual(moved, first, "the item follows its row to the new position")
            [first, again, moved].forEach { g_object_unref($0) }
            let fetched = g_list_model_get_item(list, 2)!
            let lifetime = ObjectLifetime(fetched)
            g_object_unref(fetched)
            XCTAssertFalse(lifetime.isAlive, "once no one holds it, the model does not keep it")
            XCTAssertEqual(Self.key(at: 2, in: list), 20)
        }
    }

    private static func key(at position: UInt32, in list: OpaquePointer) -> Int64? {
        guard let item = g_list_model_get_item(list, position) else { return nil }
        defer { g_object_unref(item) }
        return ListModel.key(ofItem: item)
    }
}
