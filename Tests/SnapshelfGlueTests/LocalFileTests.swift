// A GFile's path is bytes that need not be UTF-8: the URL the glue makes of it keeps them, and
// gives them back to GTK unchanged, as a drop, a chooser or the app's own arguments need.
import CGtk
import Foundation
@testable import SnapshelfGlue
import XCTest

final class LocalFileTests: XCTestCase {
    private func url(ofPath bytes: [UInt8]) throws -> URL {
        let file = (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { g_file_new_for_path($0.baseAddress!) } }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return try XCTUnwrap(LocalFile.url(of: try XCTUnwrap(file)))
    }

    private func path(of url: URL) throws -> [UInt8] {
        let path = try XCTUnwrap(LocalFile.path(of: url))
        defer { g_free(path) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path)))
    }

    func testAPathThatIsNotUTF8KeepsItsBytesThroughItsURL() throws {
        let latin1 = Array("/tmp/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let url = try url(ofPath: latin1)
        XCTAssertEqual(url.absoluteString, "file:///tmp/caf%E9.jpg")
        XCTAssertEqual(try path(of: url), latin1)
    }

    func testAUTF8PathGetsFoundationsOwnURL() throws {
        let path = "/tmp/Zürich #1 100%.jpg"
        XCTAssertEqual(try url(ofPath: Array(path.utf8)), URL(fileURLWithPath: path))
        XCTAssertEqual(try self.path(of: URL(fileURLWithPath: path)), Array(path.utf8))
    }
}
