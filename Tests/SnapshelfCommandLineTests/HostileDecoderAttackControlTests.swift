// Proves that HostileDecoderAttackTests can fail: where nothing stands between GdkPixbuf and the
// hostile loader, as in gdk-pixbuf-thumbnailer run by the same user through the same harness,
// issue 19's attacks succeed on its parent, the harness, and on the user's session.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileDecoderAttackControlTests: HostileDecoderAttackTestCase {
    /// What --version says of the sandbox matches the Landlock the kernel offers, read apart from
    /// Snapshelf, so that a person can tell how far a hostile image reaches on this machine.
    func testTheVersionNamesTheLandlockTheKernelOffers() throws {
        let lines = try SnapshelfProcess.run(["--version"], environment: environment).standardOutput.split(separator: "\n").map(String.init)
        let version = try harness.landlockVersion()
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertEqual(lines.last, version > 0 ? "Image decoders: seccomp allow-list and Landlock ABI \(version)"
                                               : "Image decoders: seccomp allow-list; this kernel has no Landlock")
    }

    func testTheAttacksOnTheParentSucceedWhereNothingStopsThem() throws {
        let attacks: [(HostileLoader.Attack, String)] = [
            (.queueKillingSignal, "sigqueue"), (.killThroughPidfd, "pidfd-kill"), (.killThroughSignalDrivenOutput, "fasync"),
        ]
        for (attack, name) in attacks {
            XCTAssertNil(try thumbnail(attack, named: name), "\(name) did not kill the thumbnailer's parent")
        }

        let held = home.appendingPathComponent("held.sqlite3")
        try Data("SQLite format 3\u{0}".utf8).write(to: held)
        try user.own(held)
        let stolen = try XCTUnwrap(thumbnail(.stealDescriptors, named: "steal", holding: held))
        XCTAssertEqual(stolen.exitStatus, 1, stolen.ending)
        XCTAssertEqual(try Data(contentsOf: held).prefix(HostileLoader.overwrittenWith.utf8.count),
                       Data(HostileLoader.overwrittenWith.utf8), "steal did not overwrite a file its parent holds")
    }

    func testTheAttacksOnFilesAndIPCSucceedWhereNothingStopsThem() throws {
        let before = try stateBeforeTheAttack()
        try thumbnail(.changeMode(target), named: "fchmodat2")
        try thumbnail(.setAttribute(target), named: "setxattrat")
        try thumbnail(.leaveInIPC(secret: secret), named: "ipc")
        let after = try harness.state(of: target)
        XCTAssertEqual(after.mode, 0o777, "fchmodat2 did not change the mode")
        XCTAssertNotNil(after.attributes[HostileLoader.attributeName], "setxattrat did not set \(HostileLoader.attributeName)")
        XCTAssertGreaterThan(after.messageQueues.count, before.messageQueues.count, "ipc left no SysV message queue")
        XCTAssertGreaterThan(after.sharedMemory.count, before.sharedMemory.count, "ipc left no SysV shared memory")
        XCTAssertTrue(after.posixQueue, "ipc left no POSIX message queue \(HostileLoader.messageQueueName)")

        let read = try XCTUnwrap(thumbnail(.readFile(secret), named: "readhome"))
        XCTAssertNotNil(read.standardError.range(of: Data(secretText.utf8)), "readhome did not read \(secret.path)")
    }

    func testTheAttacksOnTheSessionSucceedWhereNothingStopsThem() throws {
        let terminal = try XCTUnwrap(thumbnail(.changeTerminal, named: "tty"))
        XCTAssertNotEqual(terminal.terminalAfter, terminal.terminalBefore, "tty did not change the terminal's settings")

        let escaped = try XCTUnwrap(thumbnail(.escapeSequences(exiting: false), named: "escape"))
        XCTAssertNotNil(escaped.standardError.range(of: Data("\u{1B}]0;\(HostileLoader.escapeMarker)\u{07}".utf8)),
                        "escape wrote no escape sequence to stderr")

        guard user.isSeparate else { throw XCTSkip("renice would renice every process of the user running the tests") }
        let reniced = try XCTUnwrap(thumbnail(.renice, named: "renice"))
        XCTAssertEqual(reniced.harnessNice, 19, "renice did not renice the thumbnailer's parent")
        XCTAssertEqual(reniced.bystanderNice, 19, "renice did not renice the user's other processes")
    }

    /// Runs gdk-pixbuf-thumbnailer on a hostile file as the user through the harness; nil when
    /// the attack killed the harness.
    @discardableResult
    private func thumbnail(_ attack: HostileLoader.Attack, named name: String, holding held: URL? = nil) throws -> AttackHarness.Outcome? {
        try runAsUser(thumbnailer(try hostileFile(attack, named: name)), deadline: 30, holding: held)
    }
}
