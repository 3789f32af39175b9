// The message dialog wrapper on a real AdwMessageDialog: plain-text heading and body, responses
// and their state, and the one answer a handler hears when a button is pressed or the dialog is
// closed.
import CGtk
import XCTest
@testable import SnapshelfGlue

final class MessageDialogTests: WidgetTestCase {
    /// The response buttons, found as the person sees them, by their text.
    @MainActor
    private static func button(_ text: String, in widget: Widget) -> Button? {
        if let button = widget.as(Button.self), let label = gtk_button_get_label(button.typed()),
           String(cString: label) == text {
            return button
        }
        var child = widget.firstChild
        while let current = child {
            if let found = button(text, in: current) { return found }
            child = current.nextSibling
        }
        return nil
    }

    func testHeadingAndBodyAreShownAsWrittenNotAsMarkup() {
        MainActor.assumeIsolated {
            let dialog = MessageDialog(parent: nil, heading: "Import <all> & more?", body: "From /media/Tom & Jerry")
            XCTAssertEqual(dialog.heading, "Import <all> & more?")
            XCTAssertEqual(dialog.body, "From /media/Tom & Jerry")
            XCTAssertEqual(dialog.title, "Import <all> & more?", "the window title is the heading")
            dialog.destroy()
        }
    }

    func testAPressedButtonAnswersItsResponseOnceAndClosesTheDialog() {
        MainActor.assumeIsolated {
            let parent = Window()
            parent.present()
            let dialog = MessageDialog(parent: parent, heading: "Import from Shotwell?")
            dialog.addResponse("cancel", label: "_Cancel")
            dialog.addResponse("import", label: "_Import", appearance: .suggested)
            dialog.defaultResponse = "import"
            dialog.closeResponse = "cancel"
            XCTAssertEqual(dialog.defaultResponse, "import")
            XCTAssertEqual(dialog.closeResponse, "cancel")
            var answers: [String] = []
            dialog.onResponse { answers.append($0) }
            dialog.present()
            let button = Self.button("_Import", in: dialog)
            XCTAssertEqual(button?.hasStyleClass("suggested"), true, "libadwaita 1.2 draws the suggested response so")
            button.map { SignalEmitter.emit("clicked", on: $0) }
            XCTAssertEqual(answers, ["import"], "the button's answer alone, not the close answer as well")
            XCTAssertFalse(dialog.isVisible)
            parent.destroy()
        }
    }

    func testClosingTheDialogAnswersTheCloseResponse() {
        MainActor.assumeIsolated {
            let dialog = MessageDialog(parent: nil, heading: "Remove 3 photos?")
            dialog.addResponse("keep", label: "_Keep")
            dialog.addResponse("remove", label: "_Remove", appearance: .destructive)
            dialog.closeResponse = "keep"
            var answers: [String] = []
            dialog.onResponse { answers.append($0) }
            dialog.present()
            // As the person closes it, with Escape or the window manager: close-request first.
            gtk_window_close(dialog.typed())
            XCTAssertEqual(answers, ["keep"])
        }
    }

    func testTheExtraChildIsTheOneGiven() {
        MainActor.assumeIsolated {
            let dialog = MessageDialog(parent: nil, heading: "2 files were not imported")
            XCTAssertNil(dialog.extraChild)
            let list = Label("a.jpg\nb.jpg")
            dialog.extraChild = list
            XCTAssertEqual(dialog.extraChild, list)
            dialog.destroy()
        }
    }
}
