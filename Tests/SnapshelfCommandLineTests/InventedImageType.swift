// An image format that no GdkPixbuf loader can read on any machine, because it is made up here:
// a shared-mime-info entry in a data folder of the test's own, compiled at test time. A test of
// "a format Snapshelf cannot read" then holds wherever it runs, whatever loaders are installed.
import Foundation
import SnapshelfTestSupport

enum InventedImageType {
    static let mimeType = "image/x-snapshelf-invented"

    /// Registers the type in `dataHome` and returns the environment under which snapshelf knows it.
    static func register(in dataHome: URL) throws -> [String: String] {
        let packages = dataHome.appendingPathComponent("mime/packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="\(mimeType)">
            <comment>An image format invented for Snapshelf's tests</comment>
            <magic priority="90"><match type="string" offset="0" value="SNAPSHELF-INVENTED-IMAGE"/></magic>
            <glob pattern="*.invented"/>
          </mime-type>
        </mime-info>
        """.utf8).write(to: packages.appendingPathComponent("snapshelf-invented.xml"))
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        compile.arguments = [dataHome.appendingPathComponent("mime").path]
        compile.standardOutput = FileHandle.nullDevice
        compile.standardError = FileHandle.nullDevice
        try compile.run()
        compile.waitUntilExit()
        precondition(compile.terminationStatus == 0, "update-mime-database failed")
        return ["XDG_DATA_HOME": dataHome.path]
    }

    /// A file of the invented type.
    static func file(in folder: TemporaryDirectory, named name: String) -> URL {
        folder.file(named: name, containing: Data("SNAPSHELF-INVENTED-IMAGE".utf8) + Data(repeating: 7, count: 64))
    }
}
