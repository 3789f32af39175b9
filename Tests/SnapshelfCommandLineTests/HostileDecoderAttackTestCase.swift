// The base for the tests of issue 19's attacks, made by a hostile loader from inside a sandboxed
// decoder on the app that started it and on the rest of the person's session. snapshelf runs as
// an ordinary user (OrdinaryUser), with a home, a library, photos and a copy of the executable
// of that user's own, through the attack harness, and each import among good photos is checked for
// all that must hold whatever the attack: the app lives, names the file, keeps the good photos
// and a sound library, and nothing outside it changed.
import Foundation
import SnapshelfTestSupport
import XCTest

class HostileDecoderAttackTestCase: HostileLoaderTestCase {
    let user = OrdinaryUser.forTests
    /// Everything the user owns: the loader's folder, the home, the library, the photos.
    var userFolder: URL { folder.url.appendingPathComponent("user", isDirectory: true) }
    var home: URL { userFolder.appendingPathComponent("home", isDirectory: true) }
    override var loaderParent: URL { userFolder }
    override var xdgFolder: URL { home.appendingPathComponent("xdg", isDirectory: true) }
    override var library: String { userFolder.appendingPathComponent("library").path }
    override var environment: [String: String] {
        super.environment.merging(["HOME": home.path, "SNAPSHELF_DECODER_LANDLOCK": withoutLandlock ? "off" : "on"]) { $1 }
    }
    /// A file of the user's that the mode and attribute attacks aim at.
    var target: URL { home.appendingPathComponent("target") }
    /// A file of the user's that a decoder has no business reading, holding `secretText`.
    var secret: URL { home.appendingPathComponent("secret") }
    let secretText = "snapshelf-secret-\(UUID().uuidString)"
    /// The copy of snapshelf the user runs.
    private(set) var program: URL!
    private(set) var harness: AttackHarness!
    /// The user's copies of two good photos, and of a third already in the library.
    private(set) var goodPhotos: [URL] = []
    private(set) var seed: URL!
    /// The test's own nice value, which every process it starts begins with.
    let startingNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)

    override func setUpWithError() throws {
        try super.setUpWithError()
        try user.reach(folder.url)
        // The executable and the harness stay the test's own, so that the user cannot change them.
        let bin = folder.url.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        chmod(bin.path, 0o755)
        program = bin.appendingPathComponent("snapshelf")
        // snapshelf looks for its commands, and they for the decoder, beside it, as a build lays them out.
        for name in ["snapshelf", "snapshelf-commands", "snapshelf-decoder"] {
            let copy = bin.appendingPathComponent(name)
            try FileManager.default.copyItem(at: SnapshelfProcess.executable.deletingLastPathComponent().appendingPathComponent(name), to: copy)
            chmod(copy.path, 0o755)
        }
        harness = try AttackHarness(copyingInto: bin, for: user)

        for each in [home, photos, hostileFolder, runs] {
            try FileManager.default.createDirectory(at: each, withIntermediateDirectories: true)
        }
        try Data("the target of the mode and attribute attacks\n".utf8).write(to: target)
        try Data("\(secretText)\n".utf8).write(to: secret)
        chmod(target.path, 0o600)
        chmod(secret.path, 0o600)
        let photos = try give(Array(SamplePhotos.cameras.prefix(3)))
        (goodPhotos, seed) = (Array(photos.prefix(2)), photos[2])
        try user.own(userFolder)
        // A library that is there before the attack, so that its database and its folder are too.
        let seeded = try snapshelf(["import", seed.path])
        XCTAssertEqual(seeded.status, 0, "the user could not import \(seed.path): \(seeded.standardError)")
    }

    /// The user's copies of photos; no library's folder.
    var photos: URL { userFolder.appendingPathComponent("photos", isDirectory: true) }
    private var hostileFolder: URL { userFolder.appendingPathComponent("hostile", isDirectory: true) }
    private var runs: URL { userFolder.appendingPathComponent("runs", isDirectory: true) }

    /// The user's copies of the photos, by their own names, since the shared photos may lie in a
    /// folder only the test's user enters.
    func give(_ originals: [URL]) throws -> [URL] {
        try originals.map { original in
            let copy = photos.appendingPathComponent(original.lastPathComponent)
            try FileManager.default.copyItem(at: original, to: copy)
            try user.own(copy)
            return copy
        }
    }

    /// A file of the user's that sets the attack off.
    func hostileFile(_ attack: HostileLoader.Attack, named name: String) throws -> URL {
        let file = try loader.file(attack, in: hostileFolder, named: name)
        try user.own(file)
        return file
    }

    /// Runs the user's snapshelf on the library, as the user.
    func snapshelf(_ arguments: [String]) throws -> SnapshelfProcess.Outcome {
        try SnapshelfProcess.run(["--library", library] + arguments, environment: environment, through: user.wrapper, program: program)
    }

    /// Runs a command as the user through the harness, under the test's environment.
    func runAsUser(_ command: [String], deadline: Int = 60, holding held: URL? = nil) throws -> AttackHarness.Outcome? {
        try harness.run(command, environment: environment, in: runs, deadline: deadline, holding: held)
    }

    /// Reads, before the attack, what it could change, and after the test removes any IPC object
    /// the user gained meanwhile.
    func stateBeforeTheAttack() throws -> AttackHarness.State {
        let before = try harness.state(of: target)
        addTeardownBlock { [harness, target] in
            guard let harness, let after = try? harness.state(of: target) else { return }
            try? harness.removeObjects(in: after, missingFrom: before)
        }
        return before
    }

    /// Imports a good photo, the hostile file and another good photo in one command, and checks
    /// what must hold whatever the attack. Returns how the import went.
    @discardableResult
    /// Twice: under the whole sandbox, then with the allow-list alone, as on a kernel without
    /// Landlock, which must stop every attack by itself.
    func assertImportSurvives(_ attack: HostileLoader.Attack, named name: String, within limit: Duration = .seconds(60),
                              file: StaticString = #filePath, line: UInt = #line) throws -> AttackHarness.Outcome {
        let hostile = try hostileFile(attack, named: name)
        _ = try assertImportSurvives([goodPhotos[0], hostile, goodPhotos[1]], hostile: [hostile], within: limit, file: file, line: line)
        withoutLandlock = true
        defer { withoutLandlock = false }
        let alone = try hostileFile(attack, named: "\(name)-without-landlock")
        return try assertImportSurvives([goodPhotos[0], alone, goodPhotos[1]], hostile: [alone], within: limit, file: file, line: line)
    }

    /// Whether snapshelf's decoders run without Landlock (SNAPSHELF_DECODER_LANDLOCK=off).
    private var withoutLandlock = false

    /// Imports the files in one command, killing it at the limit, and checks that it ended in
    /// time with status 1, named every hostile file, imported every other one, left a sound
    /// library, and changed nothing the attacks aim at.
    @discardableResult
    func assertImportSurvives(_ files: [URL], hostile: [URL], within limit: Duration = .seconds(60),
                              file: StaticString = #filePath, line: UInt = #line) throws -> AttackHarness.Outcome {
        let before = try stateBeforeTheAttack()
        let header = try databaseHeader()
        let command = [program.path, "--library", library, "import"] + files.map(\.path)
        let outcome = try XCTUnwrap(runAsUser(command, deadline: Int(limit.components.seconds)),
                                    "the harness was killed", file: file, line: line)
        let said = String(decoding: outcome.standardError, as: UTF8.self)
        XCTAssertFalse(outcome.timedOut, "snapshelf import \(outcome.ending): \(said.prefix(800))", file: file, line: line)
        XCTAssertEqual(outcome.exitStatus, 1, "snapshelf import \(outcome.ending): \(said.prefix(800))", file: file, line: line)
        let lines = said.split(separator: "\n")
        let unnamed = hostile.map(\.path).filter { path in !lines.contains { $0.contains(path) } }
        XCTAssertEqual(unnamed, [], "stderr does not name these: \(said.prefix(800))", file: file, line: line)
        let good: [URL] = files.filter { !hostile.contains($0) } + [seed]
        XCTAssertEqual(try importedNames(snapshelf(["list", "--json"])), good.map(\.lastPathComponent).sorted(), file: file, line: line)
        let check = try snapshelf(["check"])
        XCTAssertTrue(check.status == 0 && check.standardOutput.contains("Library is sound"), check.standardOutput + check.standardError,
                      file: file, line: line)
        XCTAssertEqual(try databaseHeader(), header, "the database's header changed", file: file, line: line)
        assertNothingChanged(since: before, outcome, file: file, line: line)
        return outcome
    }

    /// Checks that the attacks aimed outside the library changed nothing: the target file, the
    /// user's IPC objects, the terminal, anyone's nice value, the app's own output.
    func assertNothingChanged(since before: AttackHarness.State, _ outcome: AttackHarness.Outcome,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try harness.state(of: target), before, "the target's mode or attributes, or the user's IPC objects, changed",
                       file: file, line: line)
        XCTAssertEqual(outcome.terminalAfter, outcome.terminalBefore, "the terminal's settings changed", file: file, line: line)
        XCTAssertEqual(outcome.nice, startingNice, "the app was reniced", file: file, line: line)
        XCTAssertEqual(outcome.bystanderNice, startingNice, "another process of the user was reniced", file: file, line: line)
        XCTAssertEqual(outcome.harnessNice, startingNice, "the app's parent was reniced", file: file, line: line)
        let stolen = Data(HostileLoader.stolenMarker.utf8)
        XCTAssertNil(outcome.standardOutput.range(of: stolen), "a decoder wrote to the app's stdout", file: file, line: line)
        XCTAssertNil(outcome.standardError.range(of: stolen), "a decoder wrote to the app's stderr", file: file, line: line)
    }

    /// The database's first bytes: its magic, its page size and its format numbers, as text
    /// with what is not ASCII in octal, for a message.
    func databaseHeader() throws -> String {
        let handle = try FileHandle(forReadingFrom: libraryURL.appendingPathComponent("library.sqlite3"))
        defer { try? handle.close() }
        let bytes = try handle.read(upToCount: 24) ?? Data()
        return bytes.map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "\\\(String($0, radix: 8))" }.joined()
    }

    /// Every file the library and the XDG folders hold, with its bytes, for a test to search
    /// for what must not have been stored.
    func storedFiles() -> [String: Data] {
        [libraryURL, xdgFolder].reduce(into: [:]) { files, folder in
            files.merge(FileSnapshot(of: folder).files.map { (folder.path + $0.key, $0.value) }) { $1 }
        }
    }
}
