// What the paths a Shotwell database names say before any file is read: whether a path leads into
// a hidden folder, and the folders an import will read, which the person sees before it starts.
// A photo.db is anyone's to write, and a row may name `~/.ssh/id_rsa` or the thumbnail cache as
// well as a photo: what is hidden is left out unless asked for, and the rest is shown first.
import Foundation

enum ShotwellPaths {
    /// Whether the path, or the one its folders' links lead to, has a component starting with a
    /// dot: a hidden folder such as `~/.cache` or `~/.ssh`, or a hidden file.
    /// `place` is where it leads, as `resolved` gives it.
    static func isHidden(_ file: FileName, place: FileName) -> Bool {
        hasDotComponent(file.bytes) || hasDotComponent(place.bytes)
    }

    /// The path with every link in it followed, as it is now; nil when it cannot be followed.
    static func resolved(_ file: FileName) -> FileName? {
        guard let resolved = file.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName(cString: resolved)
    }

    static func hasDotComponent(_ bytes: some Collection<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        // "." and ".." step through folders and name none: where such a path leads is `place`.
        return bytes.split(separator: UInt8(ascii: "/")).contains { $0.first == dot && !($0.count <= 2 && $0.allSatisfy { $0 == dot }) }
    }

    /// The folders the files are in, as few as say it truly: the files under one top folder
    /// (`/home/ada/Pictures`, `/media/card`) are summed up by the deepest folder holding them all.
    static func folders(of files: [FileName]) -> [FileName] {
        var groups: [ArraySlice<ArraySlice<UInt8>>: [ArraySlice<UInt8>]] = [:]
        for file in files {
            let folder = file.bytes.split(separator: slash).dropLast()
            guard let common = groups[folder.prefix(3)] else {
                groups[folder.prefix(3)] = Array(folder)
                continue
            }
            groups[folder.prefix(3)] = Array(zip(common, folder).prefix { $0.0 == $0.1 }.map(\.0))
        }
        return groups.values.map { FileName(bytes: $0.flatMap { [slash] + $0 }) }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    private static let slash = UInt8(ascii: "/")
}
