// Turns the paths a person gave (files, and folders when asked to go into them) into the list
// of files to import, reporting what cannot be looked into. Inside a folder, files that are no
// images at all (a README, a PDF) are skipped and named rather than offered as photos; an XMP
// sidecar beside a photo goes with the photo, which may take its title, and is no file skipped.
import Foundation

public enum FileCollector {
    public struct Collection: Sendable {
        public var files: [URL] = []
        public var problems: [ImportError] = []
        /// Files found in folders that are no images, left out.
        public var skipped: [URL] = []

        /// What was skipped, naming the files, at most `limit` of them and how many more;
        /// nil when nothing was.
        public func skippedSentence(naming limit: Int) -> String? {
            guard !skipped.isEmpty else { return nil }
            var names = skipped.prefix(limit).map { String(format: tr("“%@”"), DisplayName.baseName(of: $0)) }.joined(separator: ", ")
            let more = skipped.count - min(limit, skipped.count)
            if more > 0 {
                // TRANSLATORS: %@ are the first few file names; %ld how many others there are.
                names = String(format: trn("%@ and %ld more", "%@ and %ld more", more), names, more)
            }
            return String(format: trn("Skipped %ld file that is not a photo: %@", "Skipped %ld files that are not photos: %@",
                                      skipped.count), skipped.count, names)
        }
    }

    /// Files stay as given, in order, to be checked one by one. A folder is walked, in name order,
    /// when `recursive`; hidden entries are skipped there, and so are links to folders, which
    /// could lead in a circle. Names are kept as the bytes they are, UTF-8 or not.
    public static func collect(_ paths: [URL], recursive: Bool) -> Collection {
        var collection = Collection()
        for url in paths {
            let path = FileName(url: url)
            if isDirectory(path) {
                if recursive {
                    walk(path, into: &collection)
                } else {
                    collection.problems.append(ImportError(fileSystemPath: path, reason: .file(.isDirectory)))
                }
            } else {
                collection.files.append(url)
            }
        }
        // Named as FoundTitle looks for them: photo.jpg.xmp, then photo.xmp.
        let sidecars = Set(collection.files.map(FileName.init(url:)).flatMap { photo in
            [photo, photo.deletingExtension].map { $0.appendingExtension(Sidecar.fileExtension) }
        })
        collection.skipped.removeAll { sidecars.contains(FileName(url: $0)) }
        return collection
    }

    private static func walk(_ folder: FileName, into collection: inout Collection) {
        guard let directory = folder.withCString(opendir) else {
            let reason: DecodingFailure.Reason = errno == EACCES ? .permissionDenied : .unreadable(String(cString: strerror(errno)))
            collection.problems.append(ImportError(fileSystemPath: folder, reason: .file(reason)))
            return
        }
        var names: [FileName] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { FileName(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name.bytes.first != UInt8(ascii: ".") { names.append(name) }
        }
        closedir(directory)
        for entry in names.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }).map(folder.appending) {
            var status = stat()
            guard entry.withCString({ lstat($0, &status) }) == 0 else {
                collection.files.append(entry.url)
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: walk(entry, into: &collection)
            case S_IFLNK where isDirectory(entry): break
            default: add(entry, to: &collection)
            }
        }
    }

    /// Whether the path leads to a folder, through links.
    private static func isDirectory(_ path: FileName) -> Bool {
        var status = stat()
        return path.withCString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A file found in a folder goes in unless its name says it is no image, such as a README
    /// or a PDF beside the photos. Its bytes are not read here: only a sandboxed decoder reads a
    /// file from outside, and one whose name says nothing goes in, so the import says what it is.
    private static func add(_ file: FileName, to collection: inout Collection) {
        if isClearlyNoImage(file) {
            collection.skipped.append(file.url)
        } else {
            collection.files.append(file.url)
        }
    }

    private static func isClearlyNoImage(_ file: FileName) -> Bool {
        // XMP sidecars, which the MIME database names no type for, are metadata, never photos.
        if file.lastComponent.text.lowercased().hasSuffix("." + Sidecar.fileExtension) { return true }
        guard let type = PixbufFormats.mimeType(named: file.lastComponent.text) else { return false }
        return !type.hasPrefix("image/") && PixbufFormats.format(forMIMEType: type) == nil
    }
}
