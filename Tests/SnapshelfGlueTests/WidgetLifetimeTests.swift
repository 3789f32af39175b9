// How long a widget lives with its Swift wrappers: as long as the last of them, or its parent,
// holds it; and a signal handler's closure lives only as long as its connection.
import CGtk
@testable import SnapshelfGlue
import XCTest

final class WidgetLifetimeTests: WidgetTestCase {
    func testAWidgetLivesAsLongAsItsWrapper() {
        MainActor.assumeIsolated {
            var label: Label? = Label("Hill walk")
            let lifetime = ObjectLifetime(label!.raw)
            XCTAssertEqual(g_object_is_floating(label!.raw), 0, "the wrapper took the fresh widget's floating reference")
            XCTAssertTrue(lifetime.isAlive)
            label = nil
            XCTAssertFalse(lifetime.isAlive, "releasing the last wrapper must finalise the widget")
        }
    }

    func testAWrapperGTKHandsBackKeepsTheWidgetAfterItsParentGoes() {
        MainActor.assumeIsolated {
            var box: Box? = Box(.vertical)
            box!.append(Label("Hill walk"))
            var child = box!.firstChild?.as(Label.self)
            let lifetime = ObjectLifetime(child!.raw)
            box = nil
            XCTAssertTrue(lifetime.isAlive, "the cast wrapper holds a reference of its own")
            XCTAssertEqual(child?.text, "Hill walk")
            child = nil
            XCTAssertFalse(lifetime.isAlive)
        }
    }

    func testTwoWrappersOfOneWidgetAreEqualAndEachKeepsItAlive() {
        MainActor.assumeIsolated {
            var label: Label? = Label("Hill walk")
            var widget: Widget? = Widget.wrapping(label!.widget)
            let lifetime = ObjectLifetime(label!.raw)
            XCTAssertEqual(widget, label)
            XCTAssertEqual(Set([widget!, label!]).count, 1)
            label = nil
            XCTAssertTrue(lifetime.isAlive)
            widget = nil
            XCTAssertFalse(lifetime.isAlive)
        }
    }

    func testAClickHandlersClosureGoesWithTheButton() {
        MainActor.assumeIsolated {
            var button: Button? = Button(label: "Import")
            weak var weakWitness: Witness?
            let connection: SignalHandle = {
                let witness = Witness()
                weakWitness = witness
                return button!.onClicked { _ = witness }
            }()
            let lifetime = ObjectLifetime(button!.raw)
            XCTAssertNotNil(weakWitness)
            button = nil
            XCTAssertFalse(lifetime.isAlive, "the handler must not keep its own button alive")
            XCTAssertNil(weakWitness, "finalising the button must release its handlers' closures")
            connection.disconnect()
        }
    }
}
