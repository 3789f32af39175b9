// Exporting the selected photos through the window: copies in grid order under their original
// names with the labels embedded, a notification saying where they went, the reason when the
// export cannot go on, and the action's folder chooser.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ExportFlowTests: AppTestCase, @unchecked Sendable {
    /// A library of three photos, the first two both named IMG_0001.jpg, as two cameras would name them.
    private func makeLibraryWithTwoOfOneName() throws {
        let store = try PhotoStore(directory: libraryDirectory)
        for (index, label) in ["Lake at dawn", "Hill walk", "Not chosen"].enumerated() {
            let folder = library.url.appendingPathComponent("camera\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(index < 2 ? "IMG_0001.jpg" : "IMG_0002.jpg")
            try FileManager.default.copyItem(at: SamplePhotos.cameras[index], to: file)
            _ = try store.library.add(try PhotoCandidate(inspecting: file, previewSize: 32), label: try Label(label))
        }
    }

    @MainActor
    private func isEnabled(_ action: String, in window: LibraryWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.raw), action) != 0
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testTheSelectionIsExportedInGridOrderWithItsLabelsEmbedded() throws {
        try makeLibraryWithTwoOfOneName()
        let folder = library.url.appendingPathComponent("exported")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 3 }
            XCTAssertFalse(isEnabled("export", in: window), "nothing to export without a selection")
            let positions = ["Hill walk", "Lake at dawn"].compactMap { label in
                (0..<window.store.count).first { window.store.photo(at: $0)?.label == label }
            }
            window.grid.select(positions: positions)
            XCTAssertTrue(isEnabled("export", in: window))
            window.exportFlow.export(to: folder)
            XCTAssertTrue(window.exportFlow.progressBar.isShown)
            XCTAssertTrue(window.exportFlow.progressBar.statusText.hasPrefix("Exporting "), window.exportFlow.progressBar.statusText)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            XCTAssertFalse(window.exportFlow.progressBar.isShown)

            XCTAssertEqual(try files(in: folder), ["IMG_0001 (2).jpg", "IMG_0001.jpg"])
            // The one first in the grid took the name first.
            let inGridOrder = positions.sorted().map { window.store.photo(at: $0)!.label }
            XCTAssertEqual(try ExifTool.title(of: folder.appendingPathComponent("IMG_0001.jpg")), inGridOrder[0])
            XCTAssertEqual(try ExifTool.title(of: folder.appendingPathComponent("IMG_0001 (2).jpg")), inGridOrder[1])
            // Into an empty folder: the other name was this export's own, not "already there".
            XCTAssertEqual(window.notification.text, "Exported 2 photos to \(folder.path). 1 was given a new name, “IMG_0001 (2).jpg”, "
                           + "since another photo in this export has the same name.")
            let app = try XCTUnwrap(applications.first).application
            let accelerators = gtk_application_get_accels_for_action(app.typed(), "win.export")
            defer { g_strfreev(accelerators) }
            XCTAssertEqual(accelerators?[0].map { String(cString: $0) }, "<Control>e")
        }
    }

    func testAReExportSaysItsCopiesTookNewNamesAndOffersToOpenTheFolder() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        let folder = library.url.appendingPathComponent("exported")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let opened = try installFileManager()
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            selectAll(in: window)
            window.exportFlow.export(to: folder)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            XCTAssertEqual(window.notification.text, "Exported 2 photos to \(folder.path).")
            XCTAssertEqual(window.notification.actionLabel, "Open Folder")
            window.notification.dismiss()
            XCTAssertNil(window.notification.actionLabel, "the notice still offers to open the folder")

            window.exportFlow.export(to: folder)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            XCTAssertEqual(window.notification.text, "Exported 2 photos to \(folder.path). 2 were given new names, such as “Canon_40D (2).jpg”, "
                           + "since files of their names were already there.")
            XCTAssertEqual(try files(in: folder).count, 4)
            try answerDetails("_Open Folder", in: window)  // the toast's line cannot hold the path
            XCTAssertFalse(window.notification.isShown, "the notice stayed after its action")
            try waitUntil("the folder was not opened in the file manager") {
                (try? String(contentsOf: opened, encoding: .utf8))?.hasSuffix("\n") == true
            }
            XCTAssertEqual(try String(contentsOf: opened, encoding: .utf8), folder.path + "\n")
        }
    }

    /// Makes a file manager of the test's own the default for folders, which writes the location
    /// it is given to the file returned. It stays for the rest of the process, in the data and
    /// config folders of the test run: GIO keeps what it read of them, and the folder chooser of a
    /// later test trips over an application that went away.
    private func installFileManager() throws -> URL {
        let applications = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("applications")
        let config = URL(fileURLWithPath: String(cString: g_get_user_config_dir()))
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let opened = applications.appendingPathComponent("snapshelf-test-files.opened")
        try? FileManager.default.removeItem(at: opened)
        let script = applications.appendingPathComponent("snapshelf-test-files.sh")
        try "#!/bin/sh\necho \"$1\" > '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(script.path, 0o755), 0)
        try "[Desktop Entry]\nType=Application\nName=Test Files\nExec=\(script.path) %u\nMimeType=inode/directory;\n"
            .write(to: applications.appendingPathComponent("snapshelf-test-files.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\ninode/directory=snapshelf-test-files.desktop\n"
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
        return opened
    }

    func testCancellingStopsTheExportAndKeepsWhatWasExported() throws {
        let corpus = library.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let files = try (0..<40).map { index -> URL in
            let url = corpus.appendingPathComponent("\(index).jpg")
            try (try Data(contentsOf: SamplePhotos.cameras[index % SamplePhotos.cameras.count]) + Data("\(index)".utf8)).write(to: url)
            return url
        }
        try BatchImport().run(files, label: try Label("many"), libraryDirectory: libraryDirectory) { _ in }
        let folder = library.url.appendingPathComponent("exported")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try onMain {
            let window = try launch()
            selectAll(in: window)
            window.exportFlow.export(to: folder)
            // What the progress bar's Cancel button does.
            window.exportFlow.progressBar.onCancel?()
            try waitUntil("the export never stopped") { window.exportFlow.export == nil }
            let exported = try self.files(in: folder)
            XCTAssertLessThan(exported.count, 40)
            XCTAssertFalse(exported.contains { $0.hasPrefix(".") }, "no temporary file is left: \(exported)")
            XCTAssertEqual(window.notification.text,
                           "Export cancelled after \(exported.count) of 40 photos; the ones exported are in \(folder.path).")
        }
    }

    /// A HEIC "Lake.heic" made from a sample, in a folder outside the library's, which no export
    /// may go into; and an empty folder to export into.
    private func heicAndExportFolder() throws -> (heic: URL, folder: URL) {
        let originals = library.url.appendingPathComponent("originals/camera")
        try FileManager.default.createDirectory(at: originals, withIntermediateDirectories: true)
        let heic = originals.appendingPathComponent("Lake.heic")
        try ExternalTool.run("heif-enc", ["-q", "50", SamplePhotos.cameras[0].path, "-o", heic.path])
        let folder = library.url.appendingPathComponent("exported")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (heic, folder)
    }

    func testTheNoticeSaysASidecarOrASharedStemGaveACopyItsNewName() throws {
        try makeLibrary(labels: [])
        let (heic, folder) = try heicAndExportFolder()
        let originals = heic.deletingLastPathComponent()
        let jpeg = originals.appendingPathComponent("Hill.jpg")
        try FileManager.default.copyItem(at: SamplePhotos.cameras[1], to: jpeg)
        // A sidecar peers would read for Hill.jpg, and a file that Lake.heic's Lake.xmp would describe too.
        try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(to: folder.appendingPathComponent("Hill.xmp"))
        try FileManager.default.copyItem(at: SamplePhotos.cameras[2], to: folder.appendingPathComponent("Lake.jpg"))
        let photos = [(heic, "Lake at dawn"), (jpeg, "Hill walk")].enumerated().map { index, photo in
            Photo(id: Int64(index + 1), label: photo.1, fileURL: photo.0, originalName: photo.0.lastPathComponent, added: Date(), width: 1, height: 1)
        }
        try onMain {
            let window = try launch()
            window.exportFlow.export(photos, to: folder)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            XCTAssertEqual(try files(in: folder), ["Hill (2).jpg", "Hill.xmp", "Lake (2).heic", "Lake (2).heic.xmp", "Lake (2).xmp", "Lake.jpg"])
            XCTAssertEqual(window.notification.text, "Exported 2 photos to \(folder.path). 1 was given a new name, “Hill (2).jpg”, since an XMP "
                           + "sidecar that other apps would read for it was already there. 1 was given a new name, “Lake (2).heic”, since "
                           + "another file there has its name but another extension, and would share its XMP sidecar.")
        }
    }

    func testASidecarTheExportWroteIsNotSaidToHaveBeenThereAlready() throws {
        try makeLibrary(labels: [])
        let (heic, folder) = try heicAndExportFolder()
        let photos = [(heic, "Lake at dawn"), (SamplePhotos.cameras[1], "Lake at noon")].enumerated().map { index, photo in
            Photo(id: Int64(index + 1), label: photo.1, fileURL: photo.0, originalName: "Lake." + photo.0.pathExtension, added: Date(), width: 1, height: 1)
        }
        try onMain {
            let window = try launch()
            window.exportFlow.export(photos, to: folder)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            // Lake.xmp, written for Lake.heic, would be read for a Lake.jpg too.
            XCTAssertEqual(try files(in: folder), ["Lake (2).jpg", "Lake.heic", "Lake.heic.xmp", "Lake.xmp"])
            XCTAssertEqual(window.notification.text, "Exported 2 photos to \(folder.path). 1 was given a new name, “Lake (2).jpg”, since "
                           + "another photo in this export has its name but another extension, and the two would share an XMP sidecar.")
        }
    }

    func testExportingIntoAFolderThatDoesNotExistSaysWhyAndLeavesNoFile() throws {
        try makeLibrary(labels: ["Lake", "Hill walk"])
        let folder = library.url.appendingPathComponent("nowhere")
        let before = try files(in: library.url)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            selectAll(in: window)
            window.exportFlow.export(to: folder)
            try waitUntil("the export never gave up") { window.exportFlow.export == nil }
            XCTAssertFalse(window.exportFlow.progressBar.isShown)
            XCTAssertEqual(window.notification.text, "\(folder.path): there is no such folder; nothing was exported")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "the export must not make the folder")
        XCTAssertEqual(try files(in: library.url), before)
    }

    func testTheExportActionAsksForAFolderAndExportsIntoTheOneChosen() throws {
        // GTK's chooser reads its GSettings, which fixes the process's backend for good: the memory
        // one keeps the session's dconf out of it, and is the one PreferencesTests asks for later.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        try makeLibrary(labels: ["Lake", "Hill walk"])
        let folder = library.url.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            window.grid.select(positions: [1])
            g_action_group_activate_action(OpaquePointer(window.window.raw), "export", nil)
            // Held only for these checks: the flow lets go of the chooser when it answers, and so must the test.
            do {
                let native = try XCTUnwrap(window.exportFlow.chooser, "no folder chooser")
                XCTAssertEqual(gtk_file_chooser_get_action(native.opaque), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
                XCTAssertEqual(String(cString: gtk_native_dialog_get_title(native.typed())), "Export Photos")
            }
            try choose(folder, for: window)
            let photo = try XCTUnwrap(window.store.photo(at: 1))
            XCTAssertEqual(try files(in: folder), [photo.originalName])
            XCTAssertEqual(try ExifTool.title(of: folder.appendingPathComponent(photo.originalName)), photo.label)
            XCTAssertEqual(window.notification.text, "Exported 1 photo to \(folder.path).")
            // The chooser lists the folder among recent files, with the program that opens it.
            let recent = g_bookmark_file_new()
            defer { g_bookmark_file_free(recent) }
            let uri = "file://" + folder.path
            try waitUntil("no readable recent file lists the folder") {
                g_bookmark_file_load_from_file(recent, String(cString: g_get_user_data_dir()) + "/recently-used.xbel", nil) != 0
                    && g_bookmark_file_has_item(recent, uri) != 0
            }
            var exec: UnsafeMutablePointer<CChar>?
            XCTAssertNotEqual(g_bookmark_file_get_application_info(recent, uri, "Snapshelf", &exec, nil, nil, nil), 0)
            defer { g_free(exec) }
            XCTAssertEqual(exec.map { String(cString: $0) }, "snapshelf \(uri)")
        }
    }

    func testExportAllPhotosInTheMainMenuExportsEveryPhotoWhateverTheSearchShows() throws {
        try makeLibrary(labels: ["Lake", "Hill walk", "Dune"])
        let folder = library.url.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try onMain {
            let window = try launch()
            let menu = attributes("label", in: WindowMenus.main())
            XCTAssertTrue(menu.contains("Export _All Photos…"), "\(menu)")
            XCTAssertTrue(attributes("action", in: WindowMenus.main()).contains(Command.exportAll.detailedName))
            try window.store.show(order: window.store.order, filter: "lake")
            XCTAssertEqual(window.store.count, 1)
            XCTAssertTrue(isEnabled(Command.exportAll.rawValue, in: window), "Export All Photos waits for a selection")
            // As its folder chooser does once answered; the chooser is the one Export… uses, driven
            // below, and GTK 4.8's chooser does not always survive a second one in a process.
            window.exportFlow.export(to: folder, everyPhoto: true)
            try waitUntil("the export never finished") { window.exportFlow.export == nil }
            XCTAssertEqual(try files(in: folder), ["Canon_40D.jpg", "Nikon_D70.jpg", "Pentax_K10D.jpg"].sorted())
            XCTAssertEqual(window.notification.text, "Exported 3 photos to \(folder.path).")
        }
    }

    /// Answers the export's folder chooser with `folder`, and waits for the export to finish.
    @MainActor
    private func choose(_ folder: URL, for window: LibraryWindow) throws {
        // Without a portal, GTK shows its own chooser dialog for the native one.
        try waitUntil("the chooser never appeared") { !windows(of: gtk_file_chooser_dialog_get_type()).isEmpty }
        let dialog = try XCTUnwrap(windows(of: gtk_file_chooser_dialog_get_type()).first)
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        // Opened in the folder with nothing in it selected, the chooser answers with that folder.
        XCTAssertNotEqual(gtk_file_chooser_set_current_folder(OpaquePointer(dialog), file, nil), 0)
        try waitUntil("the chooser never answered with the folder") {
            guard let chosen = gtk_file_chooser_get_file(OpaquePointer(dialog)) else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(chosen)) }
            return g_file_equal(chosen, file) != 0
        }
        gtk_dialog_response(dialog.assumingMemoryBound(to: GtkDialog.self), GTK_RESPONSE_ACCEPT.rawValue)
        try waitUntil("the export never finished") { window.exportFlow.chooser == nil && window.exportFlow.export == nil }
        // The chooser, gone with its answer, leaves nothing behind that later frames would trip on.
        try waitForFrames(of: window.window)
    }

    /// Selects every photo as Ctrl+A does in the grid: through GtkGridView's own action.
    @MainActor
    private func selectAll(in window: LibraryWindow) {
        window.grid.view.activateAction("list.select-all")
    }
}
