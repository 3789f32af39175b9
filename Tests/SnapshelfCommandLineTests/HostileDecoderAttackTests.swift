// Issue 19's attacks from inside a sandboxed decoder, set off by the real snapshelf, run as an
// ordinary user, importing a hostile file between two good photos: a decoder must not be able to
// kill the app, take its descriptors, change a file's mode or attributes, leave what it read where
// another process can find it, change the terminal, renice anyone, hold the library's lock, put
// escape sequences before the person, or read their files. Each import must end in time with
// status 1, name the file, keep both photos and leave a sound library, with nothing else changed.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileDecoderAttackTests: HostileDecoderAttackTestCase {
    func testAQueuedSignalCannotKillTheApp() throws {
        try assertImportSurvives(.queueKillingSignal, named: "sigqueue")
    }

    func testASignalThroughAPidfdCannotKillTheApp() throws {
        try assertImportSurvives(.killThroughPidfd, named: "pidfd-kill")
    }

    func testSignalDrivenOutputCannotKillTheApp() throws {
        try assertImportSurvives(.killThroughSignalDrivenOutput, named: "fasync")
    }

    func testADecoderCannotTakeTheAppsDescriptors() throws {
        // The database's header, the copies' hashes and the app's output are checked on every import.
        try assertImportSurvives(.stealDescriptors, named: "steal")
    }

    func testADecoderCannotChangeAFilesMode() throws {
        try assertImportSurvives(.changeMode(target), named: "fchmodat2")
    }

    func testADecoderCannotSetAFilesAttributes() throws {
        try assertImportSurvives(.setAttribute(target), named: "setxattrat")
    }

    func testADecoderCannotLeaveWhatItReadInIPCObjects() throws {
        try assertImportSurvives(.leaveInIPC(secret: secret), named: "ipc")
    }

    func testADecoderCannotChangeTheTerminal() throws {
        try assertImportSurvives(.changeTerminal, named: "tty")
    }

    func testADecoderCannotReniceTheAppOrTheUser() throws {
        guard user.isSeparate else { throw XCTSkip("where it works, the attack renices every process of the user running the tests") }
        try assertImportSurvives(.renice, named: "renice")
    }

    func testADecoderCannotHoldTheLibrarysLock() throws {
        let photoFolder = libraryURL.appendingPathComponent("photos")
        // A decoder left idle ends after 30 s, releasing a lock it held; an import that waited
        // for that took at least as long.
        try assertImportSurvives(.lockFolder(photoFolder), named: "flock", within: .seconds(20))
    }

    func testEscapeSequencesInADecodersReasonReachNoTerminal() throws {
        let outcome = try assertImportSurvives(.escapeSequences(exiting: false), named: "escape")
        try assertPrintable(outcome)
    }

    func testEscapeSequencesADecoderWritesToStderrReachNoTerminal() throws {
        let outcome = try assertImportSurvives(.escapeSequences(exiting: true), named: "escape-exit")
        try assertPrintable(outcome)
    }

    /// Landlock refuses the open where the kernel has it, and the allow-list everywhere.
    func testADecoderCannotReadThePersonsFiles() throws {
        let outcome = try assertImportSurvives(.readFile(secret), named: "readhome")
        let text = Data(secretText.utf8)
        let listing = Data(try snapshelf(["list", "--json"]).standardOutput.utf8)
        let outputs = ["stderr": outcome.standardError, "stdout": outcome.standardOutput, "the terminal": outcome.terminalOutput,
                       "list --json": listing]
        for (place, bytes) in outputs.merging(storedFiles(), uniquingKeysWith: { $1 }) where bytes.range(of: text) != nil {
            XCTFail("the decoder read \(secret.path): \(place) holds what it says")
        }
    }

    func testThePoolOutlastsFiftyHostileFilesAmongGoodPhotos() throws {
        var attacks: [(HostileLoader.Attack, String)] = [
            (.crash, "crash"), (.escapeSequences(exiting: false), "escape"), (.queueKillingSignal, "sigqueue"),
            (.stealDescriptors, "steal"), (.changeMode(target), "fchmodat2"), (.leaveInIPC(secret: secret), "ipc"),
            (.killThroughPidfd, "pidfd-kill"), (.escapeSequences(exiting: true), "escape-exit"), (.setAttribute(target), "setxattrat"),
            (.changeTerminal, "tty"), (.killThroughSignalDrivenOutput, "fasync"), (.readFile(secret), "readhome"),
            (.lockFolder(libraryURL.appendingPathComponent("photos")), "flock"),
        ]
        if user.isSeparate { attacks.append((.renice, "renice")) }
        let hostile = try (0..<50).map { index in
            let (attack, word) = attacks[index % attacks.count]
            return try hostileFile(attack, named: "\(index < 10 ? "0" : "")\(index)-\(word)")
        }
        let others = try give(Array(SamplePhotos.cameras.dropFirst(3)) + (1...8).map(SamplePhotos.landscape(orientation:))
                              + (1...8).map(SamplePhotos.portrait(orientation:)))
        let good = goodPhotos + others
        XCTAssertGreaterThanOrEqual(good.count, 20)
        // Two hostile files, then a good photo, and so on, with what is left of either at the end.
        var files: [URL] = []
        for index in 0..<max(hostile.count, good.count * 2) {
            if index < hostile.count { files.append(hostile[index]) }
            if index % 2 == 1, index / 2 < good.count { files.append(good[index / 2]) }
        }
        XCTAssertEqual(files.count, hostile.count + good.count)
        let outcome = try assertImportSurvives(files, hostile: hostile)
        try assertPrintable(outcome)
    }

    /// Checks that what the import printed, what reached its terminal and what the library lists
    /// hold no terminal escape, control or direction override, are UTF-8, and name a file on a
    /// bounded line; and that no escape was stored.
    private func assertPrintable(_ outcome: AttackHarness.Outcome, file: StaticString = #filePath, line: UInt = #line) throws {
        let listing = Data(try snapshelf(["list", "--json"]).standardOutput.utf8)
        let outputs = ["stderr": outcome.standardError, "stdout": outcome.standardOutput, "the terminal": outcome.terminalOutput,
                       "list --json": listing]
        for (place, bytes) in outputs {
            XCTAssertNil(bytes.firstIndex(of: 0x1B), "\(place) holds an ESC", file: file, line: line)
            XCTAssertNil(bytes.firstIndex(of: 0x07), "\(place) holds a BEL", file: file, line: line)
            guard let text = String(data: bytes, encoding: .utf8) else {
                XCTFail("\(place) is not UTF-8", file: file, line: line)
                continue
            }
            let scalars = text.unicodeScalars.map(\.value)
            XCTAssertFalse(scalars.contains { (0x80...0x9F).contains($0) }, "\(place) holds a C1 control such as CSI", file: file, line: line)
            XCTAssertFalse(scalars.contains { (0x202A...0x202E).contains($0) || (0x2066...0x2069).contains($0) },
                           "\(place) holds a bidi control such as RIGHT-TO-LEFT OVERRIDE", file: file, line: line)
            for named in text.split(separator: "\n") where named.contains(".hostile") {
                XCTAssertLessThanOrEqual(named.utf8.count, 2000, "\(place) names a file on a line of \(named.utf8.count) bytes",
                                         file: file, line: line)
            }
        }
        let title = Data("\u{1B}]0;\(HostileLoader.escapeMarker)".utf8)
        for (path, bytes) in storedFiles() where bytes.range(of: title) != nil {
            XCTFail("\(path) holds the decoder's escape sequences", file: file, line: line)
        }
    }
}

