// One exiftool kept running for a test process (`-stay_open`), which each reading and writing is
// sent to: perl loading exiftool's modules took a tenth of a second of CPU for every one of the
// suite's hundreds of runs. Each command is exiftool's own as on a command line; its options do
// not carry over to the next.
import Foundation

final class ExifToolSession: @unchecked Sendable {
    /// Nil when exiftool cannot be started; each run then starts one of its own, which says why.
    static let shared: ExifToolSession? = try? ExifToolSession()

    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private let errors: FileHandle
    /// The time zone exiftool started in, which its dates are read in.
    private let zone = getenv("TZ").map { String(cString: $0) }
    private let lock = NSLock()
    private var commands = 0

    private init() throws {
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-stay_open", "True", "-@", "-"]
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        self.input = input.fileHandleForWriting
        self.output = output.fileHandleForReading
        self.errors = errors.fileHandleForReading
        // exiftool reads on after the end of its input, so it is told to end with the tests.
        atexit { ExifToolSession.shared?.end() }
    }

    private func end() {
        try? input.write(contentsOf: Data("-stay_open\nFalse\n".utf8))
    }

    /// The arguments as lines of exiftool's argument file, when the session runs them as a process
    /// of their own would: in the same time zone, and each argument one such a file can hold.
    func lines(for arguments: [String]) -> [String]? {
        guard getenv("TZ").map({ String(cString: $0) }) == zone else { return nil }
        let lines = arguments.compactMap(Self.line)
        return lines.count == arguments.count ? lines : nil
    }

    /// The argument as a line of exiftool's argument file, which takes a line whole but for white
    /// space at its start; "#[CSTR]" takes the rest of a line as a C string, so an argument may
    /// hold a line break, or start with white space or "#", but then not "$" or "@", which it
    /// reads as Perl's.
    private static func line(for argument: String) -> String? {
        let plain = !argument.isEmpty && argument.first?.isWhitespace == false && argument.last?.isWhitespace == false
            && !argument.hasPrefix("#") && !argument.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if plain { return argument }
        guard !argument.contains("$"), !argument.contains("@"),
              !argument.unicodeScalars.contains(where: { ($0.value < 0x20 && !"\n\r\t".unicodeScalars.contains($0)) || $0.value == 0x7F }) else {
            return nil
        }
        return "#[CSTR]" + argument.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// What exiftool printed for the arguments, given as `lines(for:)` wrote them; throws, as a process of its own that exited with
    /// another status than 0 would, with what it said on stderr.
    func run(_ arguments: [String], as lines: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        commands += 1
        let marker = "{done\(commands) "
        let command = lines + ["-echo4", "\(marker)${status}}", "-execute\(commands)"]
        try input.write(contentsOf: Data((command.joined(separator: "\n") + "\n").utf8))
        let ready = Data("{ready\(commands)}\n".utf8)
        let printed = try Self.read(output) { $0.ends(with: ready) }.dropLast(ready.count)
        // The status comes last on stderr, after whatever exiftool said of the command.
        var status: Int32?
        let said = String(decoding: try Self.read(errors) { read in
            // Echoed with a line break after it.
            let text = String(decoding: read, as: UTF8.self).trimmingCharacters(in: .newlines)
            guard text.hasSuffix("}"), let start = text.range(of: marker, options: .backwards) else { return false }
            status = Int32(text[start.upperBound...].dropLast())
            return status != nil
        }, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard let status else {
            throw ExternalProgram.Failure(status: -1, description: "exiftool \(arguments.joined(separator: " ")) gave no status: \(said)")
        }
        guard status == 0 else {
            throw ExternalProgram.Failure(status: status, description: "exiftool \(arguments.joined(separator: " ")) exited with \(status): "
                                          + said.dropLast(marker.count + "\(status)}".count))
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// Reads until what was read is complete.
    private static func read(_ handle: FileHandle, until isComplete: (Data) -> Bool) throws -> Data {
        var read = Data()
        while !isComplete(read) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                throw ExternalProgram.Failure(status: -1, description: "exiftool ended: \(String(decoding: read, as: UTF8.self))")
            }
            read += chunk
        }
        return read
    }
}

private extension Data {
    func ends(with suffix: Data) -> Bool {
        count >= suffix.count && self[index(endIndex, offsetBy: -suffix.count)...] == suffix
    }
}
