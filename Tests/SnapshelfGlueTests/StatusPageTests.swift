// AdwStatusPage's description is Pango markup; the glue takes plain text, so a path holding "&"
// or "<" shows as written instead of leaving the page without its explanation.
@testable import SnapshelfGlue
import XCTest

final class StatusPageTests: WidgetTestCase {
    @MainActor
    private static func labelTexts(in widget: Widget) -> [String] {
        var texts = widget.as(Label.self).map { [$0.text] } ?? []
        var child = widget.firstChild
        while let current = child {
            texts += labelTexts(in: current)
            child = current.nextSibling
        }
        return texts
    }

    func testTheDescriptionIsShownAsWrittenNotAsMarkup() {
        MainActor.assumeIsolated {
        let text = "No library at /media/Tom & Jerry/<Photos> “it's” \"here\"."
        let page = StatusPage(iconName: "folder-symbolic", title: "Where?", description: text)
        XCTAssertEqual(page.description, text)
        XCTAssertEqual(page.title, "Where?")
        XCTAssertEqual(page.iconName, "folder-symbolic")
        XCTAssertTrue(Self.labelTexts(in: page).contains(text), "\(Self.labelTexts(in: page))")
        page.description = ""
        XCTAssertEqual(page.description, "")
        }
    }

    func testTheChildIsTheOneGiven() {
        MainActor.assumeIsolated {
        let page = StatusPage()
        XCTAssertNil(page.child)
        let button = Button(mnemonic: "_Go")
        page.child = button
        XCTAssertEqual(page.child, button)
        }
    }
}
