// A MIME type made up for a test, known to GIO in a data folder of the test's own: shared-mime-info's
// package XML for it, compiled with update-mime-database, so it holds whatever the machine has.
import Foundation

public struct MIMEPackage {
    public let mimeType: String
    public let comment: String
    /// What the files of the type start with, which GIO recognises them by.
    public let magic: String
    /// The file name extension, without its dot.
    public let fileExtension: String

    public init(mimeType: String, comment: String, magic: String, fileExtension: String) {
        (self.mimeType, self.comment, self.magic, self.fileExtension) = (mimeType, comment, magic, fileExtension)
    }

    /// Writes the type into `data`/mime and compiles that folder's database; `data` then belongs
    /// in XDG_DATA_HOME or XDG_DATA_DIRS.
    public func register(in data: URL) throws {
        let packages = data.appendingPathComponent("mime/packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="\(mimeType)">
            <comment>\(comment)</comment>
            <magic priority="90"><match type="string" offset="0" value="\(magic)"/></magic>
            <glob pattern="*.\(fileExtension)"/>
          </mime-type>
        </mime-info>
        """.utf8).write(to: packages.appendingPathComponent("\(fileExtension).xml"))
        // Its warning that the folder is not in the search path is for this process, not the one the test starts.
        try ExternalProgram.output(of: "/usr/bin/update-mime-database", [data.appendingPathComponent("mime").path])
    }
}
