// Presses what a toast and the dialog behind its Details button offer, as the person does: the
// toast's one button, found on screen by its text, and a response of the dialog, whose buttons
// libadwaita 1.2 puts in twice (a row and a column, one of them shown).
import CAdwaita
import CGtk
@testable import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

extension AppTestCase {
    /// The text of the shown toast's button, such as "Undo" or "Details"; nil when it has none.
    @MainActor
    func toastButtonText(in window: LibraryWindow) throws -> String? {
        let toast = try shownToast(in: window).widget
        return tree(of: toast).compactMap { widget -> String? in
            guard widget.typeName == "GtkButton", widget.isVisible, let label = gtk_button_get_label(widget.typed()) else { return nil }
            return String(cString: label)
        }.first
    }

    /// Presses the shown toast's button, whose text is `text`.
    @MainActor
    func pressToastButton(_ text: String, in window: LibraryWindow) throws {
        let toast = try shownToast(in: window).widget
        let button = try XCTUnwrap(tree(of: toast).first {
            $0.typeName == "GtkButton" && gtk_button_get_label($0.typed()).map { String(cString: $0) } == text
        }, "the toast has no button “\(text)”: \(labelTexts(in: toast))")
        XCTAssertNotEqual(click(button), 0)
    }

    /// Presses Details on the shown toast and answers the dialog it opens by the button labelled
    /// `label`, with its mnemonic, such as "_Undo".
    @MainActor
    func answerDetails(_ label: String, in window: LibraryWindow) throws {
        try pressToastButton("Details", in: window)
        try answer(label, in: window)
    }

    /// The dialog Details opened, found among the app's windows as the person sees it.
    @MainActor
    func detailsDialog() throws -> MessageDialog {
        var found: UnsafeMutableRawPointer?
        try waitUntil("Details opened no dialog") {
            found = self.windows(of: adw_message_dialog_get_type()).first
            return found.map { gtk_widget_get_mapped($0.assumingMemoryBound(to: GtkWidget.self)) != 0 } ?? false
        }
        let dialog = MessageDialog(try XCTUnwrap(found).assumingMemoryBound(to: GtkWidget.self))
        try waitUntil("the dialog was never laid out") { dialog.width > 0 }
        return dialog
    }

    /// Answers the open Details dialog by the button labelled `label`.
    @MainActor
    func answer(_ label: String, in window: LibraryWindow) throws {
        let dialog = try detailsDialog()
        let button = try XCTUnwrap(tree(of: dialog).first {
            $0.typeName == "GtkButton" && $0.isMapped && gtk_button_get_label($0.typed()).map { String(cString: $0) } == label
        }, "the dialog has no button “\(label)” on screen")
        XCTAssertNotEqual(click(button), 0)
    }
}
