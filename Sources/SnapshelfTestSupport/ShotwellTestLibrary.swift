// A copy of the photo.db Shotwell made, to which a test adds photos and videos as Shotwell 0.30
// adds them (src/db/PhotoTable.vala `add`, then `set_orientation` and `set_title` for what the
// person changed): the file's absolute path, its size and time, the exposure time as a time_t,
// the orientation read from the file in both `orientation` and `original_orientation`.
import CSQLite
import Foundation

public final class ShotwellTestLibrary {
    public let databaseURL: URL
    private var handle: OpaquePointer?

    init(_ url: URL) throws {
        databaseURL = url
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            defer { sqlite3_close(handle) }
            throw ShotwellFixture.Failure(description: "cannot open \(url.path): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    deinit {
        close()
    }

    /// Lets go of the database, as a test must before it compares the file's bytes.
    public func close() {
        sqlite3_close(handle)
        handle = nil
    }

    /// Adds the photo at `file` as Shotwell's import does, then gives it the orientation and title
    /// the person chose in Shotwell, when given. Returns Shotwell's ID for it.
    /// - Parameters:
    ///   - exposureTime: the date taken as a time_t, 0 when Shotwell found none (before schema 24).
    ///   - fileOrientation: the EXIF orientation the file declares, which Shotwell reads on import.
    @discardableResult
    public func addPhoto(_ file: URL, title: String? = nil, exposureTime: Int64 = 0, fileOrientation: Int = 1,
                         orientation: Int? = nil) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = Int64((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let now = Int64(Date().timeIntervalSince1970)
        let md5 = try ExternalProgram.output(of: "/usr/bin/md5sum", [file.path]).prefix(32)
        let id = try insert("""
            INSERT INTO PhotoTable (filename, width, height, filesize, timestamp, exposure_time, orientation, original_orientation,
              import_id, event_id, md5, thumbnail_md5, exif_md5, time_created, file_format, title, rating, editable_id, developer, comment)
            VALUES (?, 640, 480, ?, ?, ?, ?, ?, ?, -1, ?, NULL, NULL, ?, 0, ?, 0, -1, 'CAMERA', NULL)
            """, [.text(file.path), .integer(size), .integer(modified), .integer(exposureTime), .integer(Int64(fileOrientation)),
                  .integer(Int64(fileOrientation)), .integer(now), .text(String(md5)), .integer(now), title.map { .text($0) } ?? .null])
        if let orientation {
            try execute("UPDATE PhotoTable SET orientation = ? WHERE id = ?", [.integer(Int64(orientation)), .integer(id)])
        }
        return id
    }

    /// Adds a video as Shotwell's VideoTable keeps it.
    public func addVideo(_ file: URL) throws {
        let now = Int64(Date().timeIntervalSince1970)
        try execute("""
            INSERT INTO VideoTable (filename, width, height, clip_duration, is_interpretable, filesize, timestamp, exposure_time,
              import_id, event_id, md5, time_created, title, comment) VALUES (?, 640, 480, 1.5, 1, 1000, ?, 0, ?, -1, NULL, ?, '', NULL)
            """, [.text(file.path), .integer(now), .integer(now), .integer(now)])
    }

    /// Puts a view in PhotoTable's place that never ends, as a hostile photo.db may: a sort of
    /// its rows would fill the temporary folder.
    public func replacePhotoTableWithAnEndlessView() throws {
        try execute("DROP TABLE PhotoTable")
        try execute("""
            CREATE VIEW PhotoTable AS WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n)
            SELECT id, '/nowhere/' || id || '.jpg' AS filename, hex(randomblob(500)) AS title, 1 AS orientation,
              0 AS exposure_time, 0 AS flags FROM n
            """)
    }

    public enum Value {
        case integer(Int64)
        case text(String)
        /// Bytes stored as TEXT, as a file name or title that is no UTF-8 is.
        case bytes([UInt8])
        case null
    }

    /// Runs one statement with its values bound in order.
    public func execute(_ sql: String, _ values: [Value] = []) throws {
        _ = try insert(sql, values)
    }

    private func insert(_ sql: String, _ values: [Value]) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw ShotwellFixture.Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        for (index, value) in values.enumerated() {
            let column = Int32(index + 1)
            switch value {
            case .integer(let number): sqlite3_bind_int64(statement, column, number)
            case .text(let text): sqlite3_bind_text(statement, column, text, -1, transient)
            case .bytes(let bytes): sqlite3_bind_text(statement, column, bytes.map { CChar(bitPattern: $0) }, Int32(bytes.count), transient)
            case .null: sqlite3_bind_null(statement, column)
            }
        }
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw ShotwellFixture.Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return sqlite3_last_insert_rowid(handle)
    }
}
