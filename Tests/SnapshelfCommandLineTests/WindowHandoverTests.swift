// `snapshelf` runs its commands without GTK and becomes the window program only when asked for a
// window: a command then starts in half the time, and a broken install says what is missing.
import Foundation
import SnapshelfTestSupport
import XCTest

final class WindowHandoverTests: FolderTestCase {
    /// The libraries the dynamic loader maps for a program, by file name.
    private func libraries(of program: URL) throws -> [String] {
        try ExternalProgram.output(of: "/usr/bin/ldd", [program.path]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) } }
    }

    func testACommandLoadsNoGTKWhileTheWindowProgramDoes() throws {
        let commandLibraries = try libraries(of: BuiltProducts.snapshelf)
        XCTAssertFalse(commandLibraries.contains { $0.hasPrefix("libgtk-4") || $0.hasPrefix("libcairo") || $0.hasPrefix("libheif") },
                       "snapshelf links \(commandLibraries)")
        let window = BuiltProducts.snapshelf.deletingLastPathComponent().appendingPathComponent("snapshelf-window")
        XCTAssertTrue(try libraries(of: window).contains { $0.hasPrefix("libgtk-4") })
    }

    func testWithoutItsWindowProgramSnapshelfSaysWhatIsMissingAndCommandsStillRun() throws {
        // A snapshelf with no window program beside it nor in a libexec beside its folder.
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let lone = bin.appendingPathComponent("snapshelf")
        try FileManager.default.copyItem(at: BuiltProducts.snapshelf, to: lone)
        let library = folder.url.appendingPathComponent("library").path
        let window = try SnapshelfProcess.run(["--library", library], program: lone)
        XCTAssertEqual(window.status, 1)
        XCTAssertEqual(window.standardError, "snapshelf: the window program snapshelf-window is missing from beside snapshelf "
                       + "and from libexec; reinstall Snapshelf\n")
        XCTAssertEqual(try SnapshelfProcess.run(["--library", library, "list"], program: lone).status, 0)
    }
}
