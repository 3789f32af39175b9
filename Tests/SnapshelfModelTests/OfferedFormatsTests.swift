// The desktop file offers to open exactly the photo types the image loaders read, so the Files
// app's "Open With" lists Snapshelf for a HEIC but never for a type it would then refuse.
import Foundation
import SnapshelfModel
import XCTest

final class OfferedFormatsTests: XCTestCase {
    /// The formats of the loaders `make test` installs: GdkPixbuf's own and the Makefile's
    /// LOADER_PACKAGES. A machine with more offers more in its file chooser; the desktop file is
    /// written for these.
    private static let loadersMakeTestInstalls: Set<String> = [
        "png", "jpeg", "gif", "bmp", "tiff", "pnm", "tga", "qtif", "ico", "icns", "ani", "xbm", "xpm",
        "heif/avif", "avif", "webp",
    ]

    private func desktopFileTypes() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let desktop = try String(contentsOf: root.appendingPathComponent("data/io.github.snapshelf.Snapshelf.desktop.in"),
                                 encoding: .utf8)
        let line = try XCTUnwrap(desktop.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        return line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
    }

    func testTheDesktopFileOffersEveryPhotoTypeTheLoadersReadAndNoOther() throws {
        let listed = try desktopFileTypes()
        XCTAssertEqual(listed.count, Set(listed).count, "a type listed twice")
        let offered = Set(PixbufFormats.offeredMIMETypes)
        XCTAssertEqual(Set(listed).subtracting(offered), [], "listed, but no loader reads them or they are no photos")
        let expected = PixbufFormats.offered.filter { Self.loadersMakeTestInstalls.contains($0.name) }.flatMap(\.mimeTypes)
        XCTAssertEqual(Set(expected).subtracting(listed), [], "read by a loader, but not listed")
    }

    func testPhonesFormatsAreOfferedAndDrawingsAndIconsAreNot() {
        let offered = PixbufFormats.offeredMIMETypes
        for type in ["image/jpeg", "image/heic", "image/heif", "image/avif", "image/webp", "image/png", "image/tiff", "image/gif"] {
            XCTAssertTrue(offered.contains(type), type)
        }
        for type in ["image/svg+xml", "image/vnd.microsoft.icon", "image/x-icns", "image/x-xpixmap", "audio/x-riff"] {
            XCTAssertFalse(offered.contains(type), type)
        }
    }
}
