// `snapshelf` links nothing but the C libraries and becomes the commands, which load no GTK, or
// the window program when asked for a window: each starts sooner, and a broken install says
// what is missing.
import Foundation
import SnapshelfTestSupport
import XCTest

final class WindowHandoverTests: FolderTestCase {
    /// The libraries the dynamic loader maps for a program, by file name.
    private func libraries(of program: URL) throws -> [String] {
        try ExternalProgram.output(of: "/usr/bin/ldd", [program.path]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) } }
    }

    private func built(_ name: String) -> URL {
        BuiltProducts.snapshelf.deletingLastPathComponent().appendingPathComponent(name)
    }

    func testACommandLoadsNoGTKWhileTheWindowProgramDoes() throws {
        let commandLibraries = try libraries(of: built("snapshelf-commands"))
        XCTAssertFalse(commandLibraries.contains { $0.hasPrefix("libgtk-4") || $0.hasPrefix("libcairo") || $0.hasPrefix("libheif") },
                       "snapshelf-commands links \(commandLibraries)")
        XCTAssertTrue(try libraries(of: built("snapshelf-window")).contains { $0.hasPrefix("libgtk-4") })
    }

    func testSnapshelfItselfLoadsNoLibraryBeyondTheCOnes() throws {
        let loaded = try libraries(of: BuiltProducts.snapshelf)
        let beyond = loaded.filter { !["linux-vdso", "libc.", "libm.", "libstdc++", "libgcc_s", "/lib64/ld-linux"].contains(where: $0.hasPrefix) }
        XCTAssertEqual(beyond, [], "snapshelf, which only chooses the program to become, links \(loaded)")
    }

    func testWithoutItsWindowProgramSnapshelfSaysWhatIsMissingAndCommandsStillRun() throws {
        // A snapshelf with no window program beside it nor in a libexec beside its folder.
        let bin = folder.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let lone = bin.appendingPathComponent("snapshelf")
        try FileManager.default.copyItem(at: BuiltProducts.snapshelf, to: lone)
        let library = folder.url.appendingPathComponent("library").path
        // Nor its commands: it can only say so, in English, having no translations of its own.
        for arguments in [["--library", library], ["--library", library, "list"]] {
            let run = try SnapshelfProcess.run(arguments, program: lone)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.standardError, "snapshelf: the command program snapshelf-commands is missing from beside snapshelf "
                           + "and from libexec; reinstall Snapshelf\n")
        }

        try FileManager.default.copyItem(at: built("snapshelf-commands"), to: bin.appendingPathComponent("snapshelf-commands"))
        let window = try SnapshelfProcess.run(["--library", library], program: lone)
        XCTAssertEqual(window.status, 1)
        XCTAssertEqual(window.standardError, "snapshelf: the window program snapshelf-window is missing from beside snapshelf "
                       + "and from libexec; reinstall Snapshelf\n")
        XCTAssertEqual(try SnapshelfProcess.run(["--library", library, "list"], program: lone).status, 0)
    }
}
