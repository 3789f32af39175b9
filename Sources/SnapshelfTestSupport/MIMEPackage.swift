// A MIME type made up for a test, known to GIO in a data folder of the test's own: shared-mime-info's
// package XML for it, compiled with update-mime-database, so it holds whatever the machine has.
import Foundation

public struct MIMEPackage {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

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
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/update-mime-database")
        compile.arguments = [data.appendingPathComponent("mime").path]
        // It warns that the folder is not in the search path, which only the process the test starts has.
        compile.standardOutput = FileHandle.nullDevice
        compile.standardError = FileHandle.nullDevice
        try compile.run()
        compile.waitUntilExit()
        guard compile.terminationStatus == 0 else {
            throw Failure(description: "update-mime-database \(data.path)/mime exited with \(compile.terminationStatus)")
        }
    }
}
