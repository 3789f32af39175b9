// An image format that no GdkPixbuf loader can read on any machine, because it is made up here:
// a shared-mime-info entry in a data folder of the test's own, compiled at test time. A test of
// "a format Snapshelf cannot read" then holds wherever it runs, whatever loaders are installed.
import Foundation
import SnapshelfTestSupport

enum InventedImageType {
    static let mimeType = "image/x-snapshelf-invented"

    /// Registers the type in `dataHome` and returns the environment under which snapshelf knows it.
    static func register(in dataHome: URL) throws -> [String: String] {
        try MIMEPackage(mimeType: mimeType, comment: "An image format invented for Snapshelf's tests",
                        magic: "SNAPSHELF-INVENTED-IMAGE", fileExtension: "invented").register(in: dataHome)
        return ["XDG_DATA_HOME": dataHome.path]
    }

    /// A file of the invented type.
    static func file(in folder: TemporaryDirectory, named name: String) -> URL {
        folder.file(named: name, containing: Data("SNAPSHELF-INVENTED-IMAGE".utf8) + Data(repeating: 7, count: 64))
    }
}
