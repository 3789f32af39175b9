// The window's controls as a screen reader meets them, read over AT-SPI: every button has a
// name of its own, said once and without a mnemonic's underscore, nothing is named after its GTK
// type, and what the window does not show (a notice gone, a hidden page) is not in the tree.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class WindowAccessibilityTests: AppTestCase, @unchecked Sendable {
    private static let buttonRoles: Set = ["push button", "toggle button", "check box"]

    /// What is wrong with the names of the buttons and focusable objects in the tree, if anything.
    private func problems(in nodes: [AccessibleNode]) -> [String] {
        nodes.flatMap(\.subtree).compactMap { node in
            let isButton = Self.buttonRoles.contains(node.role)
            guard isButton || node.focusable else { return nil }
            let words = node.name.split(separator: " ")
            if node.name.isEmpty && isButton { return "a \(node.role) has no name" }
            if node.isNamedAfterAGtkType { return "a \(node.role) is named \(node.name)" }
            // A path the name quotes, such as the damaged database's, may hold underscores of its own.
            if words.contains(where: { !$0.contains("/") && $0.contains("_") }) { return "“\(node.name)” keeps a mnemonic underscore" }
            if words.count >= 2, words.count % 2 == 0, words.prefix(words.count / 2) == words.suffix(words.count / 2) {
                return "“\(node.name)” says its label twice"
            }
            return nil
        }
    }

    private func buttonNames(in nodes: [AccessibleNode]) -> Set<String> {
        Set(nodes.flatMap(\.subtree).filter { Self.buttonRoles.contains($0.role) }.map(\.name))
    }

    /// Objects a screen reader would call by their GTK type, or labels with nothing to say.
    private func unnamed(in nodes: [AccessibleNode]) -> [String] {
        nodes.flatMap(\.subtree).compactMap { node in
            if node.isNamedAfterAGtkType { return "a \(node.role) named \(node.name)" }
            return node.role == "label" && node.name.isEmpty ? "an empty label" : nil
        }
    }

    /// Buttons inside a button of the same name, as a menu button holding a button of its name.
    private func nestedButtons(in nodes: [AccessibleNode], inside outer: Set<String> = []) -> [String] {
        nodes.flatMap { node in
            let isButton = Self.buttonRoles.contains(node.role)
            let nested = isButton && outer.contains(node.name) ? ["“\(node.name)” inside “\(node.name)”"] : []
            return nested + nestedButtons(in: node.children, inside: isButton ? outer.union([node.name]) : outer)
        }
    }

    private func texts(in nodes: [AccessibleNode]) -> [String] { nodes.flatMap(\.subtree).map(\.name) }

    func testTheWindowsButtonsAreNamedOnceWithoutMnemonicsOrGtkTypes() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            window.search.open()
            // A removal brings up the notice with Undo; it stays for ten seconds.
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            try waitUntil { window.history.notice.showsStep }
            let tree = try AccessibleTree.read()
            XCTAssertEqual(problems(in: tree), [])
            XCTAssertEqual(unnamed(in: tree), [])
            XCTAssertEqual(nestedButtons(in: tree), [])
            let names = buttonNames(in: tree)
            for expected in ["Import", "Main Menu", "Search", "Close Search", "Undo", "Dismiss"] {
                XCTAssertTrue(names.contains(expected), "no button named “\(expected)” among \(names.sorted())")
            }
            // What does not show is not there: no import or export runs, and the other pages hide.
            XCTAssertEqual(names.intersection(["Cancel Import", "Cancel Export", "Previous Photo", "Next Photo"]), [])
            XCTAssertFalse(texts(in: tree).contains { $0.hasPrefix("No photo has a label") })

            window.history.undo()
            // The notice that offered the undo goes, as it does after its time is up.
            window.history.notice.dismiss()
            try waitUntil("the toast never slid out") { !self.tree(of: window.toasts).contains { $0.typeName == "AdwToastWidget" } }
            let undone = try AccessibleTree.read()
            XCTAssertTrue(buttonNames(in: undone).isDisjoint(with: ["Undo", "Redo"]), "the notice's buttons outlive it")
            XCTAssertEqual(undone.flatMap(\.subtree).filter { $0.focusable && ["Undo", "Redo"].contains($0.name) }.count, 0)

            // Closed before the viewer opens, the search bar stays out of the tree after it closes.
            window.search.close()
            window.open(position: 0)
            try waitUntil { window.viewer.showsFullImage }
            let viewing = try AccessibleTree.read()
            XCTAssertEqual(problems(in: viewing), [])
            XCTAssertEqual(unnamed(in: viewing), [])
            let viewerNames = buttonNames(in: viewing)
            for expected in ["Back", "Edit Label", "Previous Photo", "Next Photo"] {
                XCTAssertTrue(viewerNames.contains(expected), "no button named “\(expected)” among \(viewerNames.sorted())")
            }
            XCTAssertFalse(viewing.flatMap(\.subtree).contains { $0.role == "table" }, "the grid's page stays behind the viewer")

            window.closeViewer()
            try waitUntil { !window.isViewing }
            // Read once the pages have cross-faded and the window has settled: mid-fade the viewer still shows.
            try waitUntil("the pages never ended their cross-fade") { gtk_stack_get_transition_running(window.pages.root.opaque) == 0 }
            try waitUntilSettled(window.window)
            let back = try AccessibleTree.read()
            XCTAssertEqual(buttonNames(in: back).intersection(["Back", "Previous Photo", "Next Photo", "Close Search"]), [],
                           "the hidden viewer's buttons or the closed search bar's stay in reach")
            XCTAssertFalse(texts(in: back).contains("Search labels and file names"), "the closed search bar's entry stays")
            XCTAssertEqual(unnamed(in: back), [])
        }
    }

    func testTheApplicationIsNamedSnapshelfWhateverItsExecutableIsCalled() throws {
        try onMain {
            _ = try launch()
            // This process's executable is the test bundle, as a link named "bin" would be.
            XCTAssertEqual(g_get_application_name().map { String(cString: $0) }, "Snapshelf")
        }
    }

    func testTheLabelDialogsControlsAreNamedOnce() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            let tree = try AccessibleTree.read()
            XCTAssertEqual(problems(in: tree), [])
            let names = buttonNames(in: tree)
            for expected in ["Cancel", "Skip", "Save", "Use this label for the other 2 photos"] {
                XCTAssertTrue(names.contains(expected), "no control named “\(expected)” among \(names.sorted())")
            }
        }
    }

    func testTheFailureWindowsButtonsAreNamedOnce() throws {
        try makeLibrary(labels: ["one"])
        // Garbage where the database belongs: damaged, which the rebuild mends, so it is offered.
        let database = libraryDirectory.appendingPathComponent("library.sqlite3")
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: database.path + suffix)
        }
        try Data("not a database".utf8).write(to: database)
        try onMain {
            let app = SnapshelfApplication(libraryDirectory: libraryDirectory, id: Self.uniqueID())
            XCTAssertTrue(app.application.register())
            app.application.activate()
            let failure = try XCTUnwrap(app.failure)
            try waitUntil { failure.window.isMapped }
            let tree = try AccessibleTree.read()
            XCTAssertEqual(problems(in: tree), [])
            let names = buttonNames(in: tree)
            XCTAssertTrue(names.isSuperset(of: ["Quit", "Rebuild Library"]), "\(names.sorted())")
            withExtendedLifetime(app) {}
        }
    }
}
