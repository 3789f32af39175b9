// How the pixels after a decoder's image reply are laid out: 8-bit RGB or RGBA rows of
// `rowstride` bytes, as GdkPixbuf lays them out.
import Foundation

package struct DecodedLayout: Codable, Sendable {
    package let width: Int
    package let height: Int
    package let rowstride: Int
    package let hasAlpha: Bool
    /// The size the file declares, before scaling and before its orientation is applied.
    package let storedWidth: Int
    package let storedHeight: Int
    /// The EXIF orientation (1 to 8) already applied to the pixels.
    package let orientation: Int
    /// GdkPixbuf's name for the format whose loader decoded it, such as "jpeg" or "heif/avif":
    /// what the file is, whatever its name says.
    package let format: String

    package init(width: Int, height: Int, rowstride: Int, hasAlpha: Bool, storedWidth: Int, storedHeight: Int, orientation: Int,
                 format: String) {
        self.width = width
        self.height = height
        self.rowstride = rowstride
        self.hasAlpha = hasAlpha
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.format = format
    }

    /// The bytes the pixels take: every row but the last in full, as GdkPixbuf lays them out;
    /// nil for a layout no loader makes, whose numbers would not fit GdkPixbuf's, such as a
    /// forged rowstride of 2³² on a one-row image.
    package var byteCount: Int? {
        let channels = hasAlpha ? 4 : 3
        let (last, overflow) = width.multipliedReportingOverflow(by: channels)
        // Loaders pad each row to an alignment of at most a few dozen bytes.
        guard width > 0, height > 0, !overflow, rowstride >= last, rowstride <= last + 256,
              Int32(exactly: width) != nil, Int32(exactly: height) != nil, Int32(exactly: rowstride) != nil else { return nil }
        let (rows, overflowRows) = rowstride.multipliedReportingOverflow(by: height - 1)
        return overflowRows ? nil : rows + last
    }
}
