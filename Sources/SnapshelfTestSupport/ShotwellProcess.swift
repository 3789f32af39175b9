// The real Shotwell running in a home of its own, under the tests' X server and a session bus of
// its own (so it is never mistaken for, or handed to, another Shotwell): what the fixture makes
// its database with, and what the tests that import while Shotwell runs keep open.
import Foundation

public final class ShotwellProcess {
    private let process = Process()
    public let home: URL
    private var log: URL { home.appendingPathComponent("shotwell.log") }
    /// Its photo.db, where Shotwell finds it from XDG_DATA_HOME.
    public let database: URL

    /// Starts Shotwell with `home` as its home and XDG folders inside it; with `database`, that
    /// file is put where Shotwell looks for it first, so it opens that library.
    public init(home: URL, database existing: URL? = nil) throws(ShotwellFixture.Failure) {
        self.home = home
        do {
            try TestTier.mayStart("Shotwell")
        } catch {
            throw ShotwellFixture.Failure(description: error.description)
        }
        let data = home.appendingPathComponent(".local/share")
        database = data.appendingPathComponent("shotwell/data/photo.db")
        do {
            try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let existing { try FileManager.default.copyItem(at: existing, to: database) }
        } catch {
            throw ShotwellFixture.Failure(description: "cannot make Shotwell's home at \(home.path): \(error)")
        }
        var environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil else {
            throw ShotwellFixture.Failure(description: "Shotwell needs an X server: run the tests under xvfb-run, as `make test` does")
        }
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = data.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/usr/bin/shotwell"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        // What it says goes to a file in its home, which a failure to start quotes.
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try? FileHandle(forWritingTo: log)
        do {
            try process.run()
        } catch {
            throw ShotwellFixture.Failure(description: "cannot start Shotwell (is the shotwell package installed?): \(error)")
        }
    }

    deinit {
        stop()
    }

    /// Waits until Shotwell's database has its tables, which it makes as it starts.
    public func waitForTables() throws(ShotwellFixture.Failure) {
        let deadline = Date().addingTimeInterval(60)
        while !ShotwellFixture.hasTables(database) {
            guard process.isRunning else {
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw ShotwellFixture.Failure(description: "Shotwell ended (status \(process.terminationStatus)) before it made \(database.path): \(said.suffix(2000))")
            }
            guard Date() < deadline else { throw ShotwellFixture.Failure(description: "Shotwell made no tables in \(database.path) in 60 s") }
            usleep(100_000)
        }
    }

    /// Quits Shotwell as a person does: Return closes the Welcome dialog, then Ctrl+Q in the main
    /// window. Waits 20 s for it to end, then stops it.
    public func quit() {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
            if let welcome = window(named: "Welcome!") {
                press("Return", in: welcome)
            } else if let main = window(named: "Shotwell") {
                press("ctrl+q", in: main)
            }
            usleep(300_000)
        }
        stop()
    }

    /// Ends Shotwell, killed if it is still running, and its session bus with it.
    public func stop() {
        guard process.isRunning else { return }
        if let shotwell = shotwellID { kill(shotwell, SIGKILL) }
        process.terminate()
        process.waitUntilExit()
    }

    /// Shotwell's own process, the session bus runner's child.
    private var shotwellID: pid_t? {
        let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children",
                                    encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { pid_t($0) }.first { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").hasPrefix("shotwell")
        }
    }

    /// Shotwell's shown window with this title.
    private func window(named name: String) -> String? {
        guard let pid = shotwellID,
              let found = try? ExternalProgram.output(of: "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(pid), ""]) else {
            return nil
        }
        return found.split(separator: "\n").map(String.init).first { window in
            (try? ExternalProgram.output(of: "/usr/bin/xdotool", ["getwindowname", window]))?
                .trimmingCharacters(in: .newlines) == name
        }
    }

    private func press(_ keys: String, in window: String) {
        _ = try? ExternalProgram.output(of: "/usr/bin/xdotool", ["windowfocus", "--sync", window, "key", keys])
    }
}
