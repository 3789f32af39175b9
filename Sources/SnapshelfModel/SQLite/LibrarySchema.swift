// The library database's schema: each migration moves it one version up, and `PRAGMA
// user_version` records how many ran. A version this Snapshelf does not know is refused, never
// guessed at: a newer one's, or a negative one that no Snapshelf writes.
import Foundation

enum LibrarySchema {
    /// Each entry moves the schema one version up; `PRAGMA user_version` records how many ran.
    private static let migrations = [
        """
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            label TEXT NOT NULL,
            label_key TEXT NOT NULL,
            file_name TEXT NOT NULL,
            original_name TEXT NOT NULL,
            added_ms INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            sha256 TEXT NOT NULL UNIQUE
        );
        """,
        // Version 2: what a start-up needs without reading every row. A count kept by triggers, a
        // log of changes so a PhotoStore can apply exactly what others changed, and the files a
        // write has placed or is about to take away, so a crash's leftovers are found at once.
        """
        CREATE TABLE stats (photo_count INTEGER NOT NULL);
        INSERT INTO stats SELECT count(*) FROM photos;
        CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, photo_id INTEGER NOT NULL, kind INTEGER NOT NULL);
        CREATE TABLE pending_files (file_name TEXT PRIMARY KEY);
        CREATE TRIGGER photos_inserted AFTER INSERT ON photos BEGIN
            INSERT INTO changes (photo_id, kind) VALUES (new.id, 0);
            UPDATE stats SET photo_count = photo_count + 1;
        END;
        CREATE TRIGGER photos_updated AFTER UPDATE ON photos BEGIN
            INSERT INTO changes (photo_id, kind) VALUES (new.id, 1);
        END;
        CREATE TRIGGER photos_deleted AFTER DELETE ON photos BEGIN
            INSERT INTO changes (photo_id, kind) VALUES (old.id, 2);
            UPDATE stats SET photo_count = photo_count - 1;
        END;
        """,
        // Version 3: a trigram index of the search keys, so a search reads the matching rows
        // instead of every label. It holds no text of its own: it indexes photos.label_key.
        """
        CREATE VIRTUAL TABLE label_index USING fts5(
            label_key, content = 'photos', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
        );
        INSERT INTO label_index (label_index) VALUES ('rebuild');
        CREATE TRIGGER label_index_inserted AFTER INSERT ON photos BEGIN
            INSERT INTO label_index (rowid, label_key) VALUES (new.id, new.label_key);
        END;
        CREATE TRIGGER label_index_updated AFTER UPDATE OF label_key ON photos BEGIN
            INSERT INTO label_index (label_index, rowid, label_key) VALUES ('delete', old.id, old.label_key);
            INSERT INTO label_index (rowid, label_key) VALUES (new.id, new.label_key);
        END;
        CREATE TRIGGER label_index_deleted AFTER DELETE ON photos BEGIN
            INSERT INTO label_index (label_index, rowid, label_key) VALUES ('delete', old.id, old.label_key);
        END;
        """,
        // Version 4: when each photo was taken, for sorting by it.
        """
        ALTER TABLE photos ADD COLUMN taken_ms INTEGER;
        """,
        // Version 5: the photos whose XMP sidecars are still to be written. The triggers mark a
        // photo in the same transaction that saves or changes it, so a kill before its sidecar is
        // written leaves a mark the next open finishes; a library from before sidecars gets all
        // of its sidecars written once.
        """
        CREATE TABLE pending_sidecars (photo_id INTEGER PRIMARY KEY);
        INSERT INTO pending_sidecars SELECT id FROM photos;
        CREATE TRIGGER sidecar_on_insert AFTER INSERT ON photos BEGIN
            INSERT OR IGNORE INTO pending_sidecars (photo_id) VALUES (new.id);
        END;
        CREATE TRIGGER sidecar_on_update AFTER UPDATE ON photos BEGIN
            INSERT OR IGNORE INTO pending_sidecars (photo_id) VALUES (new.id);
        END;
        """,
        // Version 6: each photo's rotation, clockwise in degrees, which only the database and the
        // sidecar hold, never the copy; and its camera, '' when it names none. Photos from before
        // it have no camera yet: their marks have the sidecar writer read it from the copy, as
        // the window does on a worker, so opening the library does not wait for it.
        """
        ALTER TABLE photos ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE photos ADD COLUMN camera TEXT;
        INSERT OR IGNORE INTO pending_sidecars SELECT id FROM photos;
        """,
        // Version 7: a trigram index of the original file names, which searches match as well as
        // the labels; without it, a search read every name. Names never change once saved.
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS name_index USING fts5(
            original_name, content = 'photos', content_rowid = 'id', tokenize = 'trigram'
        );
        INSERT INTO name_index (name_index) VALUES ('rebuild');
        CREATE TRIGGER IF NOT EXISTS name_index_inserted AFTER INSERT ON photos BEGIN
            INSERT INTO name_index (rowid, original_name) VALUES (new.id, new.original_name);
        END;
        CREATE TRIGGER IF NOT EXISTS name_index_updated AFTER UPDATE OF original_name ON photos BEGIN
            INSERT INTO name_index (name_index, rowid, original_name) VALUES ('delete', old.id, old.original_name);
            INSERT INTO name_index (rowid, original_name) VALUES (new.id, new.original_name);
        END;
        CREATE TRIGGER IF NOT EXISTS name_index_deleted AFTER DELETE ON photos BEGIN
            INSERT INTO name_index (name_index, rowid, original_name) VALUES ('delete', old.id, old.original_name);
        END;
        """,
        // Version 8: an original name that is not UTF-8, percent-encoded as `FileName` writes it,
        // so an export gives its bytes back; NULL when `original_name` is the name itself. Older
        // Snapshelfs refused such names, so no photo before it needs one.
        """
        ALTER TABLE photos ADD COLUMN original_bytes TEXT;
        """,
        // Version 9: what this computer alone keeps of a library it may share with others
        // through Syncthing. Its own name, which the sidecars it writes carry so that two
        // computers' changes to one photo merge, and the /etc/machine-id it was made on, so a
        // database copied to another computer by hand gets a name of its own there. And each
        // file's size and time as the index last read it, so a rescan reads only what changed.
        """
        CREATE TABLE IF NOT EXISTS machine (name TEXT NOT NULL, host TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS seen_files (name TEXT PRIMARY KEY, size INTEGER NOT NULL, modified_ns INTEGER NOT NULL) WITHOUT ROWID;
        """,
        // Version 10: the date taken as the camera's clock said it, its fields kept as UTC's, and
        // the clock's offset east of UTC in minutes, NULL when the file did not say; taken_ms
        // stays the moment, which photos sort by. Older Snapshelfs read a camera's clock in this
        // computer's zone, so that zone gives the clock back; the sidecars are written again to
        // carry it. They read no offsets and no HEIC's or AVIF's date: their photos are marked
        // for the sidecar writer to read the date again from each copy, as it reads cameras.
        """
        ALTER TABLE photos ADD COLUMN taken_clock_ms INTEGER;
        ALTER TABLE photos ADD COLUMN taken_offset_min INTEGER;
        CREATE TABLE IF NOT EXISTS pending_dates (photo_id INTEGER PRIMARY KEY);
        INSERT OR IGNORE INTO pending_dates SELECT id FROM photos WHERE taken_clock_ms IS NULL;
        UPDATE photos SET taken_clock_ms = taken_ms
            + 1000 * coalesce(strftime('%s', taken_ms / 1000, 'unixepoch', 'localtime') - taken_ms / 1000, 0)
            WHERE taken_ms IS NOT NULL AND taken_clock_ms IS NULL;
        INSERT OR IGNORE INTO pending_sidecars SELECT id FROM photos;
        """,
        // Version 11: the files of the photo folder the rescan set aside rather than index, each
        // with its size, time and inode as it was refused and why (`PhotoFileRefusal.code`), so
        // no rescan hashes or decodes one again until it changes, and `check` names each.
        """
        CREATE TABLE IF NOT EXISTS set_aside_files (name TEXT PRIMARY KEY, size INTEGER NOT NULL,
            modified_ns INTEGER NOT NULL, inode INTEGER NOT NULL, reason TEXT NOT NULL) WITHOUT ROWID;
        """,
        // Version 12: a random token, which this computer also keeps outside the library (see
        // `LibraryTrust`), so that a database that arrives from elsewhere, as one Syncthing
        // carries before the library's `.stignore` exists, is known as no index of this computer's.
        """
        CREATE TABLE IF NOT EXISTS maker (token TEXT NOT NULL);
        """,
        // Version 13: each photo's earlier labels as its sidecar's history holds them
        // (`SidecarHistory`'s text), kept apart from `photos` so that keeping them marks no
        // sidecar to write and no photo as changed. A photo with none has no row. Photos from
        // before are marked for their sidecars to be read, since merges already kept labels there.
        // And how far this computer has read each computer's records in a library Syncthing
        // shares (see `ChangeRecord`), so each rescan reads only what was added; and the removal
        // records of photos still here (see `RemovalRecord`), each computer's last of each, which
        // go with their photo; and this computer's last change record of each photo, whose label
        // and turns a sidecar from another computer may lack, so that none is lost and no turn
        // counted twice.
        """
        CREATE TABLE IF NOT EXISTS label_histories (photo_id INTEGER PRIMARY KEY, history TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS pending_histories (photo_id INTEGER PRIMARY KEY);
        INSERT OR IGNORE INTO pending_histories SELECT id FROM photos;
        CREATE TRIGGER IF NOT EXISTS histories_deleted AFTER DELETE ON photos BEGIN
            DELETE FROM label_histories WHERE photo_id = old.id;
            DELETE FROM pending_histories WHERE photo_id = old.id;
        END;
        CREATE TABLE IF NOT EXISTS read_records (file TEXT PRIMARY KEY, offset INTEGER NOT NULL, tail TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS removal_records (name TEXT NOT NULL, file TEXT NOT NULL, record TEXT NOT NULL,
            PRIMARY KEY (name, file)) WITHOUT ROWID;
        CREATE TRIGGER IF NOT EXISTS removal_records_deleted AFTER DELETE ON photos BEGIN
            DELETE FROM removal_records WHERE name = old.file_name;
        END;
        CREATE TABLE IF NOT EXISTS own_changes (photo_id INTEGER PRIMARY KEY, record TEXT NOT NULL);
        CREATE TRIGGER IF NOT EXISTS own_changes_deleted AFTER DELETE ON photos BEGIN
            DELETE FROM own_changes WHERE photo_id = old.id;
        END;
        """,
    ]

    /// The first versions with sidecars, with rotations and cameras, with the names' index, and
    /// with names that are not UTF-8.
    static let sidecarsVersion = 5
    static let rotationsVersion = 6
    static let nameIndexVersion = 7
    static let originalBytesVersion = 8
    static let machineVersion = 9
    static let takenClockVersion = 10
    static let makerVersion = 12
    static let historiesVersion = 13

    /// Each version's migration, in order: what `LibrarySchemaCheck` builds the known schema from.
    static var steps: [String] { migrations }

    /// The version this Snapshelf writes.
    static var version: Int { migrations.count }

    /// Brings the database up to this version, in one transaction.
    static func migrate(_ connection: SQLiteConnection, at fileURL: URL) throws(LibraryError) {
        // A library already up to date is only read: opening it takes no write lock and no flush.
        guard try LibrarySchema.version(of: connection, at: fileURL) < version else { return }
        try connection.inTransaction(during: .upgradingDatabase) { () throws(LibraryError) in
            // Read again under the lock: another process may have upgraded it meanwhile.
            let found = try LibrarySchema.version(of: connection, at: fileURL)
            for migration in migrations.dropFirst(found) {
                do throws(LibraryError) {
                    try connection.execute(try rerunnable(migration, in: connection), during: .upgradingDatabase)
                } catch {
                    // Its version says it lacks tables it has: it is not what its version says.
                    throw error.damagedDatabase()
                }
            }
            try connection.execute("PRAGMA user_version = \(version)", during: .upgradingDatabase)
        }
    }

    /// The migration without the column additions whose columns are there already, so that one
    /// run again over a database whose version was set back adds each column once.
    private static func rerunnable(_ migration: String, in connection: SQLiteConnection) throws(LibraryError) -> String {
        var lines: [Substring] = []
        for line in migration.split(separator: "\n", omittingEmptySubsequences: false) {
            if let added = line.wholeMatch(of: /\s*ALTER TABLE (\w+) ADD COLUMN (\w+) .*/) {
                let existing = try connection.prepare("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", during: .upgradingDatabase)
                try existing.bind([.text(String(added.1)), .text(String(added.2))])
                if try existing.step() { continue }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The schema version, refused when a newer Snapshelf wrote it or when no Snapshelf could have.
    static func version(of connection: SQLiteConnection, at fileURL: URL) throws(LibraryError) -> Int {
        let version: Int64
        do {
            let statement = try connection.prepare("PRAGMA user_version", during: .readingSchemaVersion)
            version = try statement.step() ? statement.integer(at: 0) : 0
        } catch {
            throw error.mendedByRebuild()
        }
        guard version >= 0 else {
            throw .database(.impossibleVersion(Int(version)), during: .openingDatabase(fileURL))
        }
        guard version <= Int64(Self.version) else {
            throw .database(.newerVersion(found: Int(version), known: Self.version), during: .openingDatabase(fileURL))
        }
        return Int(version)
    }
}
