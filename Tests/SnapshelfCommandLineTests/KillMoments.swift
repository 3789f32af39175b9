// The moments at which the kill tests kill a command: spread evenly over the time a whole run of it
// takes on this machine, measured just before under the same load, so that each part of the run
// gets a kill, from the process starting to its last write, however fast or busy the machine is.
import Foundation

enum KillMoments {
    /// `count` moments over `whole`: the nth at a random point of the nth count-th of it. Every
    /// part gets its kill, where moments drawn at random over the whole leave gaps and bunches:
    /// 30 of them leave some twelfth of the run without a kill nearly two times in three.
    static func spread(_ count: Int, over whole: Duration) -> [Duration] {
        (0..<count).map { whole * ((Double($0) + Double.random(in: 0..<1)) / Double(count)) }
    }

    /// How long running `body` takes here, now.
    static func measure(_ body: () throws -> Void) rethrows -> Duration {
        let started = ContinuousClock.now
        try body()
        return ContinuousClock.now - started
    }
}
