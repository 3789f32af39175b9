// An import by the real snapshelf, killed with SIGKILL at a moment measured from the import itself,
// for the tests that prove a kill loses nothing the import reported: a time after its start, and
// where asked, not before it has reported a new photo, which comes only once it got that far,
// however loaded the machine is.
import Foundation
import SnapshelfTestSupport

struct KilledImport {
    /// What it printed on stdout before it was killed or ended.
    let output: String
    /// Whether it ended on its own before its moment came.
    let ended: Bool

    /// Starts the import and kills it `delay` after it started or, if `reporting`, once it has
    /// also printed its first "Imported" line.
    static func run(_ arguments: [String], environment: [String: String], after delay: Duration,
                    reporting: Bool = false) throws -> KilledImport {
        let process = Process()
        process.executableURL = SnapshelfProcess.executable
        process.arguments = arguments
        process.environment = SnapshelfProcess.environment(adding: environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let exit = try ProcessExit(running: process)
        let started = ContinuousClock.now
        // Only there so that an import that hangs fails its test rather than holds up the suite.
        let limit = started + .seconds(120)
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var output = Data()
        var ended = false
        while !ended {
            let now = ContinuousClock.now
            let reported = output.starts(with: Data("Imported ".utf8)) || output.range(of: Data("\nImported ".utf8)) != nil
            guard now < started + delay || (reporting && !reported && now < limit) else { break }
            let until = reporting && !reported ? limit : started + delay
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(((until - now) / .milliseconds(1)).rounded(.up))) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer.prefix(count))
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        exit.wait()
        output.append(pipe.fileHandleForReading.readDataToEndOfFile())
        return KilledImport(output: String(decoding: output, as: UTF8.self), ended: ended)
    }
}
