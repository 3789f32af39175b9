// This computer's name for itself in a library, since version 9: the sidecars it writes carry it,
// so that when two computers change one photo through Syncthing, each one's turns and labels can
// be told apart and merged. It belongs to the database, which never leaves the computer.
import Foundation

extension LibraryDatabase {
    /// The name this computer writes into sidecars, made the first time it is asked for, and made
    /// anew when the database was copied here from another computer, which has the old one.
    func machineName() throws(LibraryError) -> String {
        if let name = try madeMachineName() { return name }
        guard !isReadOnly else { return "" }
        let name = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        try record(name)
        return name
    }

    /// This computer's name, only read: nil when none was made here yet.
    func madeMachineName() throws(LibraryError) -> String? {
        let host = Self.hostIdentity
        let reading = try connection.prepare("SELECT name, host FROM machine", during: .readingComputerName)
        defer { reading.reset() }
        return try reading.step() && reading.text(at: 1) == host ? reading.text(at: 0) : nil
    }

    /// Takes the name of this computer from the database at `url`, when it can be read and was
    /// made here, as a rebuild does from the database it replaces.
    func keepMachineName(of url: URL) throws(LibraryError) {
        guard let old = try? LibraryDatabase(fileURL: url, readOnly: true),
              let name = try? old.machineName(), !name.isEmpty else { return }
        try record(name)
    }

    private func record(_ name: String) throws(LibraryError) {
        try connection.inTransaction(during: .namingThisComputer) { () throws(LibraryError) in
            try connection.execute("DELETE FROM machine", during: .namingThisComputer)
            let writing = try connection.prepare("INSERT INTO machine (name, host) VALUES (?, ?)", during: .namingThisComputer)
            try writing.bind([.text(name), .text(Self.hostIdentity)])
            _ = try writing.step()
        }
    }

    /// What tells this computer from another: systemd's machine ID, or the host name without it.
    /// Read once: every sidecar written asks for the computer's name.
    static let hostIdentity: String = {
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !id.isEmpty { return id }
            }
        }
        return ProcessInfo.processInfo.hostName
    }()
}
