// exiftool, the independent reader and writer the tests check Snapshelf's metadata with: what
// Snapshelf writes through Exiv2 must read back the same in a tool that shares no code with it,
// and photos "from another app" are made with it at test time.
import Foundation

public enum ExifTool {
    /// Runs exiftool with the arguments and returns what it printed, throwing when it fails.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> String {
        let all = ["-charset", "UTF8", "-charset", "iptc=UTF8"] + arguments
        if let session = ExifToolSession.shared, let lines = session.lines(for: all) {
            return try session.run(all, as: lines)
        }
        return try ExternalProgram.output(of: "/usr/bin/exiftool", all)
    }

    /// One tag's value exactly, as `-b` gives it: without the trimming exiftool's display does.
    public static func value(_ tag: String, of file: URL) throws -> String {
        try run(["-b", "-\(tag)", file.path])
    }

    /// The XMP dc:title of a file.
    public static func title(of file: URL) throws -> String {
        try value("XMP-dc:Title", of: file)
    }

    /// A copy of a photo in `folder` with the XMP dc:title `title`, as a photo app writes it.
    public static func copy(of photo: URL, named name: String, in folder: URL, title: String) throws -> URL {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: photo, to: copy)
        try run(["-q", "-overwrite_original", "-XMP-dc:Title=\(title)", copy.path])
        return copy
    }
}
