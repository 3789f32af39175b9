// The moments at which the kill tests kill a command: spread evenly over the time a whole run of it
// takes on this machine, measured just before under the same load, so that each part of the run
// gets a kill, from the process starting to its last write, however fast or busy the machine is.
import Foundation
import SnapshelfTestSupport
import XCTest

enum KillMoments {
    /// `count` moments over `whole`: the nth at a random point of the nth count-th of it. Every
    /// part gets its kill, where moments drawn at random over the whole leave gaps and bunches:
    /// 30 of them leave some twelfth of the run without a kill nearly two times in three.
    static func spread(_ count: Int, over whole: Duration) -> [Duration] {
        (0..<count).map { whole * ((Double($0) + Double.random(in: 0..<1)) / Double(count)) }
    }

    /// How long a whole run of snapshelf with the arguments takes here, now, started as
    /// SnapshelfProcess.killed starts it, to its exit, which must be a success.
    static func measure(_ arguments: [String], environment: [String: String] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws -> Duration {
        let process = SnapshelfProcess.silent(arguments, environment: environment)
        let exit = try ProcessExit(running: process)
        let started = ContinuousClock.now
        exit.wait()
        let whole = ContinuousClock.now - started
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments) failed", file: file, line: line)
        return whole
    }
}
