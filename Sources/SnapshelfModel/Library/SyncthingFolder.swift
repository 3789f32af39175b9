// How this computer's Syncthing shares a library's folder, as Syncthing's own configuration file
// says: the folder's type, and whether it ignores deletions. Under "Send Only", "Receive Only" or
// "Ignore Delete" the computers cannot end up holding the same photos and labels (see the README's
// sharing section), so `check` names the setting and what to change, with the library's ignore
// patterns that hide what must sync (`SyncIgnoreRules`). The file is this person's own
// program's, not another computer's; it is read only as a regular file, up to a size, without
// its external entities.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

public struct SyncthingFolder: Sendable, Equatable {
    /// Syncthing's folder types, by the names its configuration gives them.
    public enum Kind: String, Sendable {
        case sendReceive = "sendreceive"
        case sendOnly = "sendonly"
        case receiveOnly = "receiveonly"
        case receiveEncrypted = "receiveencrypted"
    }

    public let kind: Kind
    public let ignoresDeletes: Bool
    /// The configuration file that says so.
    public let configuration: URL

    /// What `check` says of these settings: each that keeps the computers from agreeing.
    var findings: [CheckFinding] {
        var findings: [CheckFinding] = []
        if kind != .sendReceive { findings.append(.syncthingFolderType(kind, configuration: configuration)) }
        if ignoresDeletes { findings.append(.syncthingIgnoresDeletes(configuration: configuration)) }
        return findings
    }

    /// The settings that keep the computers sharing the library in `directory` from agreeing:
    /// this folder's in Syncthing's configuration, and the patterns of the library's `.stignore`
    /// where Syncthing shares it. Read without opening the library, so on any thread.
    public static func findings(forLibraryAt directory: URL) -> [CheckFinding] {
        let folder = sharing(directory)
        guard folder != nil || LibraryFolder.isShared(directory) else { return [] }
        return (folder?.findings ?? []) + (SyncIgnoreRules.read(in: directory)?.findings(in: directory) ?? [])
    }

    /// Larger than any configuration of a few hundred folders and devices.
    private static let largestConfiguration = 8 << 20

    /// The folder that shares the library at `directory`, from the configuration of this person's
    /// Syncthing, the newer place first; nil when no configuration shares it.
    static func sharing(_ directory: URL) -> SyncthingFolder? {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        let target = resolved(directory.path, home: home)
        for file in configurationFiles(environment, home: home) {
            guard let data = read(file),
                  let document = try? XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever]),
                  let folders = try? document.nodes(forXPath: "/configuration/folder") else { continue }
            for case let folder as XMLElement in folders {
                guard let path = folder.attribute(forName: "path")?.stringValue, resolved(path, home: home) == target else { continue }
                let kind = folder.attribute(forName: "type")?.stringValue.flatMap(Kind.init(rawValue:)) ?? .sendReceive
                let ignoresDeletes = folder.elements(forName: "ignoreDelete").first?.stringValue?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "true"
                return SyncthingFolder(kind: kind, ignoresDeletes: ignoresDeletes, configuration: file)
            }
        }
        return nil
    }

    /// Where Syncthing keeps its configuration: in the state folder since 1.27, in the
    /// configuration folder before, as Debian 12's 1.19 does.
    private static func configurationFiles(_ environment: [String: String], home: String) -> [URL] {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return [state, config].map { URL(fileURLWithPath: $0).appendingPathComponent("syncthing/config.xml") }
    }

    /// The file's bytes, if it is a regular file of a configuration's size: a FIFO or a device in
    /// its place would keep the window waiting for ever.
    private static func read(_ file: URL) -> Data? {
        guard case .success(let opened) = OpenFile.openRegular(FileName(url: file)), opened.size <= largestConfiguration else { return nil }
        return Data(opened.bytes(at: 0, count: opened.size))
    }

    /// The path as the file system resolves it, "~" being the home folder as Syncthing takes it.
    private static func resolved(_ path: String, home: String) -> String {
        let expanded = path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
        guard let real = realpath(expanded, nil) else { return URL(fileURLWithPath: expanded).standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real)
    }
}
