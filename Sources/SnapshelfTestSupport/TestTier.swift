// Which tier of the suite a test process runs in. `make check`, the fast tier, sets
// SNAPSHELF_TEST_TIER=check and leaves out the classes that start Syncthing, Shotwell, darktable
// or a hostile loader; starting one there is refused, so a class that needs one cannot slip into
// the fast tier unnoticed.
import Foundation

public enum TestTier {
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// True in `make check`'s processes.
    public static var isFast: Bool { ProcessInfo.processInfo.environment["SNAPSHELF_TEST_TIER"] == "check" }

    /// Throws in the fast tier, naming the program and where the class that starts it is listed.
    public static func mayStart(_ program: String) throws(Refusal) {
        guard isFast else { return }
        throw Refusal(description: "`make check` starts no \(program): list this test's class in FULL_TIER in Tests/runner.py")
    }
}
