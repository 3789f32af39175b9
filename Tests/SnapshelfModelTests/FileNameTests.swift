// File names are bytes: they keep every byte through Foundation's URLs and the library's text,
// and are shown by GLib's display name with whatever could break a line or reorder text escaped.
import Foundation
import SnapshelfModel
import XCTest

final class FileNameTests: XCTestCase {
    /// "café.jpg" in Latin-1, as an old camera card or a Windows zip may name it.
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

    func testAPathThatIsNotUTF8KeepsItsBytesThroughAURL() {
        let path = FileName(bytes: Array("/tmp/a b/".utf8) + Self.latin1)
        XCTAssertFalse(path.isUTF8)
        XCTAssertEqual(FileName(url: path.url).bytes, path.bytes)
        XCTAssertEqual(path.url.absoluteString, "file:///tmp/a%20b/caf%E9.jpg")
        XCTAssertEqual(FileName(url: path.url).lastComponent.bytes, Self.latin1)
        // A relative path is taken from the working folder, as Foundation's own URLs are.
        let relative = FileName(bytes: Self.latin1)
        XCTAssertEqual(FileName(url: relative.url).bytes, Array(FileManager.default.currentDirectoryPath.utf8) + [0x2F] + Self.latin1)
    }

    func testAUTF8PathGetsFoundationsOwnURL() {
        for path in ["/tmp/café 100%.jpg", "/tmp/#1?.jpg", "/tmp/line\nbreak.jpg", "/tmp/-x.jpg"] {
            XCTAssertEqual(FileName(path).url, URL(fileURLWithPath: path), path)
            XCTAssertEqual(FileName(url: URL(fileURLWithPath: path)).bytes, Array(path.utf8), path)
        }
        XCTAssertEqual(FileName(url: URL(fileURLWithPath: "/tmp/folder", isDirectory: true)), "/tmp/folder", "as `path` has it")
        XCTAssertEqual(FileName(url: URL(fileURLWithPath: "/")), "/")
    }

    func testPercentEncodingRoundTripsEveryByteInPrintableASCII() throws {
        let every = FileName(bytes: (1...255).map(UInt8.init))
        let encoded = every.percentEncoded
        XCTAssertTrue(encoded.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, encoded)
        XCTAssertEqual(FileName(percentEncoded: encoded), every)
        XCTAssertEqual(FileName(bytes: Self.latin1).percentEncoded, "caf%E9.jpg")
        XCTAssertEqual(FileName("100%.jpg").percentEncoded, "100%25.jpg")
        XCTAssertNil(FileName(percentEncoded: "caf%E"))
        XCTAssertNil(FileName(percentEncoded: "caf%G9.jpg"))
    }

    func testANameIsShownByGLibsDisplayNameOnOneLineWithoutHiddenControls() {
        XCTAssertEqual(DisplayName.of(FileName(bytes: Self.latin1)), "caf\u{FFFD}.jpg")
        XCTAssertEqual(FileName(bytes: Array("/photos/".utf8) + Self.latin1).displayed, "/photos/caf\u{FFFD}.jpg")
        XCTAssertEqual(DisplayName.baseName(of: FileName(bytes: Array("/photos/".utf8) + Self.latin1)), "caf\u{FFFD}.jpg")
        XCTAssertEqual(DisplayName.of("Zürich 2024.jpg"), "Zürich 2024.jpg")
        XCTAssertEqual(DisplayName.of("two\nlines\tand \\ one.jpg"), "two\\nlines\\tand \\\\ one.jpg")
        // Shown as it is, "invoice\u{202E}gpj.exe" would read "invoiceexe.jpg".
        XCTAssertEqual(DisplayName.of("invoice\u{202E}gpj.exe"), "invoice\\342\\200\\256gpj.exe")
        XCTAssertEqual(DisplayName.of("a\u{2028}b\u{1B}[31m.jpg"), "a\\342\\200\\250b\\033[31m.jpg")
        XCTAssertEqual(DisplayName.of("-rf.jpg"), "-rf.jpg")
    }

    func testTheLastComponentIsWhatFollowsTheLastSlash() {
        XCTAssertEqual(FileName("/a/b/c.jpg").lastComponent, "c.jpg")
        XCTAssertEqual(FileName("/a/folder/").lastComponent, "folder")
        XCTAssertEqual(FileName("c.jpg").lastComponent, "c.jpg")
        XCTAssertEqual(FileName("/").lastComponent, "/")
    }

    func testTheExtensionGoesAsFoundationTakesItAndTheSidecarsOneComesAfter() {
        // The sidecars beside a photo are found by these names, as they were through Foundation.
        for path in ["/a/photo.jpg", "/a/photo.tar.gz", "/a/.hidden", "/a/photo.", "/a.b/photo", "photo.jpg", "/a/photo"] {
            XCTAssertEqual(FileName(path).deletingExtension.text, URL(fileURLWithPath: path).deletingPathExtension().path
                .replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: ""), path)
        }
        let latin1 = FileName(bytes: Array("/a/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        XCTAssertEqual(latin1.deletingExtension.bytes, Array("/a/caf".utf8) + [0xE9])
        XCTAssertEqual(latin1.appendingExtension("xmp").bytes, latin1.bytes + Array(".xmp".utf8))
    }
}
