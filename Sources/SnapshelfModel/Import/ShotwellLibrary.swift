// What a Shotwell library holds for Snapshelf, read from Shotwell's own database: each photo's
// file, and the title, orientation and date Shotwell keeps in its PhotoTable (and writes into
// the files only when asked, which it is not by default). Videos, kept in VideoTable, are only
// counted. Rows are read as Shotwell 0.30 writes them (src/db/PhotoTable.vala): `filename` the
// absolute path, `title` text, `orientation` the EXIF orientation Shotwell shows the file's pixels
// with, `exposure_time` a time_t, 0 for none before schema 24 and NULL from then on, and `flags`
// (src/Photo.vala, LibraryPhoto) 0x4 for a photo in Shotwell's Trash, which is skipped. A hidden
// photo (0x1) is imported: it is still the person's, only kept out of Shotwell's default view.
// Whether Shotwell last found the file offline is not read: the disk is looked at instead.
import CGdkPixbuf
import Foundation

public struct ShotwellLibrary: Sendable {
    /// The schemas read: 20 is Shotwell 0.30's, 24 the newest Shotwell writes, which only changed
    /// an unknown exposure time from 0 to NULL.
    public static let schemas = 20...24

    /// A photo of the library, whose file was there when the database was read.
    public struct Photo: Sendable, Equatable {
        /// Shotwell's ID of the row.
        public let id: Int64
        public let file: FileName
        /// The title, orientation and date Shotwell gives it.
        public let details: ImportedDetails
    }

    /// A row that cannot be imported, and why.
    public enum OddRow: Sendable, Equatable {
        /// The row names no file.
        case noFileName(id: Int64)
        /// The row's file name is not an absolute path, so it names no file for certain.
        case relativePath(id: Int64, FileName)
        /// The row names a link, a named pipe, a device or a folder: only a regular file is a
        /// photo, and a link may lead anywhere.
        case notARegularFile(id: Int64, FileName)
    }

    public let databaseURL: URL
    public let schemaVersion: Int
    /// The photos to import, in the order Shotwell added them.
    public let photos: [Photo]
    /// The files of photos Shotwell knew that are gone from the disk.
    public let missing: [FileName]
    /// The videos, which Snapshelf does not keep: VideoTable's rows, and PhotoTable's whose file
    /// is named as a video.
    public let videos: Int
    public let oddRows: [OddRow]
    /// The photos in Shotwell's Trash, which the person deleted there, so they are not imported.
    public let trashed: Int
    /// The files in hidden folders (`~/.cache`, `~/.ssh`), left out unless asked for: a photo.db
    /// is anyone's to write, and a row may name a secret as well as a photo.
    public let hidden: [FileName]
    /// The folders the import reads its files from, to be shown before it starts: where the
    /// files are, once their folders' links are followed, not only the names the rows give.
    public let folders: [FileName]

    /// Shotwell's LibraryPhoto.FLAG_TRASH.
    private static let trashFlag: Int64 = 0x4
    /// The most photos read from one library, far more than any Shotwell library holds.
    public static let rowLimit = 1_000_000
    /// How long reading the database may take, far longer than any Shotwell library takes.
    public static let timeLimit = Duration.seconds(60)

    /// Where Shotwell keeps its database, in the order looked at: `$XDG_DATA_HOME/shotwell/data/photo.db`,
    /// as Shotwell finds it with g_get_user_data_dir, then the same in the data folder Flatpak
    /// gives Flathub's Shotwell, which is where most people's Shotwell now keeps it.
    public static func defaultLocations(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/share")
        return [data, home.appendingPathComponent(".var/app/org.gnome.Shotwell/data")]
            .map { $0.appendingPathComponent("shotwell/data/photo.db") }
    }

    /// The first of `defaultLocations` that holds a file, else the first, which errors then name.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        firstPresent(of: defaultLocations(environment: environment))
    }

    /// The first of `locations` that holds a file, else the first.
    public static func firstPresent(of locations: [URL]) -> URL {
        locations.first { FileManager.default.fileExists(atPath: $0.path) } ?? locations[0]
    }

    /// The files to import and what each brings, in the same order, for `BatchImport.run`.
    public var files: [URL] { photos.map(\.file.url) }
    public var details: [ImportedDetails] { photos.map(\.details) }

    /// Reads the library from the database at `url`, opened read-only, waiting up to `patience`
    /// for a lock Shotwell holds while it writes; `waiting` is called, on this thread, as soon as
    /// such a wait begins, so the person can be told. Files in hidden folders are left out
    /// unless `includingHidden`; the reading stops after `timeLimit`.
    public init(reading url: URL, patience: Duration? = nil, timeLimit: Duration = Self.timeLimit, includingHidden: Bool = false,
                waiting: (() -> Void)? = nil) throws(ShotwellError) {
        let database = try ShotwellDatabase(url: url, patience: patience ?? Flock.patience, timeLimit: timeLimit, waiting: waiting)
        databaseURL = url
        var (hidden, places) = ([FileName](), [FileName]())
        (schemaVersion, photos, missing, videos, oddRows, trashed) = try database.reading { () throws(ShotwellError) in
            let needed: Set = ["id", "filename", "title", "orientation", "exposure_time"]
            for table in ["PhotoTable", "VersionTable", "VideoTable"] where try database.isPlainTable(table) == false {
                throw .notATable(url, table: table)
            }
            let columns = try database.columns(of: "PhotoTable")
            guard !columns.isEmpty else { throw .notShotwell(url) }
            let version = try Self.version(of: database, at: url)
            guard Self.schemas.contains(version), needed.isSubset(of: columns) else {
                throw .unsupportedSchema(url, version: version, appVersion: try? Self.appVersion(of: database))
            }
            var (photos, missing, videos, odd, trashed) = ([Photo](), [FileName](), 0, [OddRow](), 0)
            let flags = columns.contains("flags") ? "flags" : "0"
            let rows = try database.rows(
                "SELECT id, filename, title, orientation, exposure_time, \(flags) FROM PhotoTable ORDER BY id LIMIT \(Self.rowLimit + 1)")
            guard rows.count <= Self.rowLimit else { throw .tooManyRows(url, limit: Self.rowLimit) }
            for row in rows {
                let id = row[0].integer ?? 0
                if (row[5].integer ?? 0) & Self.trashFlag != 0 {
                    trashed += 1
                    continue
                }
                guard case .bytes(let bytes) = row[1], !bytes.isEmpty else {
                    odd.append(.noFileName(id: id))
                    continue
                }
                let file = FileName(bytes: bytes)
                guard bytes.first == UInt8(ascii: "/") else {
                    odd.append(.relativePath(id: id, file))
                    continue
                }
                if Self.isVideo(file) {
                    videos += 1
                } else if !Self.exists(file) {
                    missing.append(file)
                } else if !Self.isRegular(file) {
                    odd.append(.notARegularFile(id: id, file))
                } else {
                    let place = ShotwellPaths.resolved(file) ?? file
                    guard includingHidden || !ShotwellPaths.isHidden(file, place: place) else {
                        hidden.append(file)
                        continue
                    }
                    places.append(place)
                    var details = ShotwellDetails.of(file: file, title: row[2], orientation: row[3].integer,
                                                        exposureTime: row[4].integer, schema: version)
                    // The check above is of the path now: the import checks where the file it opens is.
                    details.hiddenFoldersAllowed = includingHidden
                    photos.append(Photo(id: id, file: file, details: details))
                }
            }
            if try !database.columns(of: "VideoTable").isEmpty {
                videos += Int(try database.rows("SELECT count(*) FROM VideoTable").first?.first?.integer ?? 0)
            }
            return (version, photos, missing, videos, odd, trashed)
        }
        self.hidden = hidden
        folders = ShotwellPaths.folders(of: places)
    }

    /// The schema version, the highest VersionTable records, as Shotwell reads it.
    private static func version(of database: ShotwellDatabase, at url: URL) throws(ShotwellError) -> Int {
        guard try !database.columns(of: "VersionTable").isEmpty,
              let version = try database.rows("SELECT schema_version FROM VersionTable ORDER BY schema_version DESC LIMIT 1")
                .first?.first?.integer else {
            throw .unsupportedSchema(url, version: nil, appVersion: nil)
        }
        return Int(clamping: version)
    }

    private static func appVersion(of database: ShotwellDatabase) throws(ShotwellError) -> String? {
        try database.rows("SELECT app_version FROM VersionTable ORDER BY schema_version DESC LIMIT 1").first?.first?.text
    }

    /// Whether the name is a video's, as GIO guesses from it: Shotwell 0.30 keeps videos in
    /// VideoTable, but a row written by other means may name one.
    private static func isVideo(_ file: FileName) -> Bool {
        var uncertain: gboolean = 0
        guard let type = file.withCString({ g_content_type_guess($0, nil, 0, &uncertain) }) else { return false }
        defer { g_free(type) }
        return String(cString: type).hasPrefix("video/")
    }

    /// Whether the path names a regular file itself, not a link to one; one that cannot be looked
    /// at is left for the import to tell why.
    private static func isRegular(_ file: FileName) -> Bool {
        var status = stat()
        guard file.withCString({ lstat($0, &status) }) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether anything is at the path; what is there, and whether it can be read, the import tells.
    private static func exists(_ file: FileName) -> Bool {
        var status = stat()
        return file.withCString { lstat($0, &status) } == 0 || (errno != ENOENT && errno != ENOTDIR)
    }
}
