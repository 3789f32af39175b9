// The executables SwiftPM built beside the test bundle, for tests that run them as a person would.
import Foundation

public enum BuiltProducts {
    /// The `snapshelf` executable: the test bundle and it are both in .build/<triple>/debug.
    public static let snapshelf: URL = {
        let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = productsDirectory.appendingPathComponent("snapshelf")
        precondition(FileManager.default.isExecutableFile(atPath: executable.path),
                     "snapshelf was not built at \(executable.path): run `swift build --build-tests` first")
        return executable
    }()
}
