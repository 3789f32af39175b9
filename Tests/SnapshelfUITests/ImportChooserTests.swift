// The file chooser's "Photos" filter shows the types the desktop file offers, from the one list
// the model keeps of them, not GTK's list of every GdkPixbuf type with its drawings and icons.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ImportChooserTests: GtkTestCase, @unchecked Sendable {
    func testThePhotosFilterShowsTheOfferedTypesAndNoDrawingsOrIcons() {
        MainActor.assumeIsolated {
            let filter = ImportChooser.photos()
            for type in PixbufFormats.offeredMIMETypes {
                XCTAssertTrue(shows(filter, type), type)
            }
            for type in ["image/svg+xml", "image/vnd.microsoft.icon", "image/x-xpixmap", "text/plain"] {
                XCTAssertFalse(shows(filter, type), type)
            }
        }
    }

    /// Whether the filter shows a file of the type, asked as the chooser asks it.
    @MainActor
    private func shows(_ filter: FileFilter, _ mimeType: String) -> Bool {
        let info = g_file_info_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let type = g_content_type_from_mime_type(mimeType)!
        defer { g_free(type) }
        g_file_info_set_content_type(info, type)
        g_file_info_set_display_name(info, "photo")
        return gtk_filter_match(UnsafeMutablePointer<GtkFilter>(filter.opaque), UnsafeMutableRawPointer(info)) != 0
    }
}
