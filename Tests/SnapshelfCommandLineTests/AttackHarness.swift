// Tests/Fixtures/attack-harness.py, through which the hostile decoder's tests (issue 19) run a
// program as the ordinary user: under a terminal of its own, beside a bystander process of the
// same user, with how it ended, its nice value and the terminal's settings written down; and
// which reads what an attack could have changed on the machine.
import Foundation
import SnapshelfTestSupport

struct AttackHarness {
    /// How a program run through the harness ended, and what it left.
    struct Outcome: Decodable {
        /// Its exit status, nil when a signal ended it.
        let exitStatus: Int32?
        let signal: Int32?
        /// Whether it outlived the deadline and was killed.
        let timedOut: Bool
        let seconds: Double
        /// Its nice value as it ended.
        let nice: Int32
        /// That of another process of the user, started before it.
        let bystanderNice: Int32
        /// The harness's own, the program's parent.
        let harnessNice: Int32
        /// The terminal's settings, as `stty -g` writes them.
        let terminalBefore: String
        let terminalAfter: String
        /// What reached the terminal.
        let terminalOutput: Data
        var standardOutput = Data()
        var standardError = Data()

        private enum CodingKeys: String, CodingKey {
            case exitStatus, signal, timedOut, seconds, nice, bystanderNice, harnessNice, terminalBefore, terminalAfter, terminalOutput
        }

        /// How it ended, for a message.
        var ending: String {
            if timedOut { return "was killed after \(Int(seconds)) s" }
            if let signal { return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))" }
            return "exited with status \(exitStatus ?? -1)"
        }
    }

    /// What an attack could change outside the library: a file's mode and extended attributes,
    /// and the IPC objects the user has.
    struct State: Decodable, Equatable {
        let mode: Int
        let attributes: [String: String]
        let messageQueues: [Int]
        let sharedMemory: [Int]
        let posixQueue: Bool
        /// The user's POSIX queues, where their file system is mounted at /dev/mqueue.
        let mountedQueues: [String]?
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let source = ShippedTranslation.projectRoot.appendingPathComponent("Tests/Fixtures/attack-harness.py")
    private static let python = "/usr/bin/python3"
    private let script: URL
    private let user: OrdinaryUser

    /// Copies the script into `folder`, which the user can read, since the project's own folder
    /// may be one only its owner enters.
    init(copyingInto folder: URL, for user: OrdinaryUser) throws {
        script = folder.appendingPathComponent(Self.source.lastPathComponent)
        try FileManager.default.copyItem(at: Self.source, to: script)
        chmod(script.path, 0o755)
        self.user = user
    }

    /// Runs the command as the user with the environment, in `folder`, which the user owns;
    /// nil when the harness itself was killed, as an attack on the program's parent would.
    /// With `holding`, the harness keeps that file open for reading and writing meanwhile.
    func run(_ command: [String], environment: [String: String], in folder: URL, deadline: Int = 60,
             holding held: URL? = nil) throws -> Outcome? {
        let run = folder.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: false)
        try user.own(run)
        let (report, output, errors) = (run.appendingPathComponent("report.json"), run.appendingPathComponent("stdout"),
                                        run.appendingPathComponent("stderr"))
        var arguments = [Self.python, script.path, "run", "--report", report.path, "--stdout", output.path,
                         "--stderr", errors.path, "--deadline", String(deadline)]
        if let held { arguments += ["--hold", held.path] }
        let wrapped = user.wrapper + arguments + ["--"] + command
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapped[0])
        process.arguments = Array(wrapped.dropFirst())
        process.environment = SnapshelfProcess.environment(adding: environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let complaints = Pipe()
        process.standardError = complaints
        let exit = try ProcessExit(running: process)
        let said = ErrorCollector(complaints.fileHandleForReading)
        exit.wait()
        let complaint = String(decoding: said.wait(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal { return nil }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "the harness exited with \(process.terminationStatus): \(complaint)")
        }
        var outcome = try JSONDecoder().decode(Outcome.self, from: Data(contentsOf: report))
        outcome.standardOutput = try Data(contentsOf: output)
        outcome.standardError = try Data(contentsOf: errors)
        return outcome
    }

    /// The state of `target` and of the user's IPC objects, read as the test's own user.
    func state(of target: URL) throws -> State {
        let printed = try ExternalProgram.output(of: Self.python, [script.path, "state", "--target", target.path,
                                                                  "--uid", String(user.uid), "--queue", HostileLoader.messageQueueName])
        return try JSONDecoder().decode(State.self, from: Data(printed.utf8))
    }

    /// Removes the IPC objects `after` has that `before` had not.
    func removeObjects(in after: State, missingFrom before: State) throws {
        var arguments = [script.path, "remove", "--queue"] + after.messageQueues.filter { !before.messageQueues.contains($0) }.map(String.init)
        arguments += ["--segment"] + after.sharedMemory.filter { !before.sharedMemory.contains($0) }.map(String.init)
        if after.posixQueue && !before.posixQueue { arguments += ["--posix-queue", HostileLoader.messageQueueName] }
        try ExternalProgram.output(of: Self.python, arguments)
    }

    /// The Landlock ABI version the kernel offers, 0 where it has none.
    func landlockVersion() throws -> Int {
        Int(try ExternalProgram.output(of: Self.python, [script.path, "landlock-abi"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
