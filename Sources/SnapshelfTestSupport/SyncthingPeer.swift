// One real Syncthing instance for tests, standing for one computer: its own home folder, keys,
// GUI port, API key and listen port on 127.0.0.1, with discovery, relays, NAT, usage and crash
// reporting off from its first instant, so it reaches nothing but the peer the test gives it.
// It is driven through its REST API and killed when the test lets go of it, whatever the
// test's outcome.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif

public final class SyncthingPeer {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let name: String
    public let deviceID: String
    public let listenPort: UInt16
    /// Where the instance writes what it logs, for a failing test to show.
    public let logFile: URL
    private let guiPort: UInt16
    private let apiKey = UUID().uuidString
    private let process = Process()

    /// Options that keep the instance on the loopback and quiet, and that make a test quick:
    /// a lost connection is dialled again after 5 s (Syncthing's least) rather than 60. Each is
    /// the name of its element in `config.xml`, where the REST API names it in the plural
    /// (`listenAddresses`) for the one that may repeat, and the value there.
    private var options: KeyValuePairs<String, String> {
        ["listenAddress": "tcp://127.0.0.1:\(listenPort)", "globalAnnounceEnabled": "false",
         "localAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
         // No STUN server is asked for this computer's outside address.
         "stunKeepaliveStartS": "0", "urAccepted": "-1", "crashReportingEnabled": "false",
         "autoUpgradeIntervalH": "0", "startBrowser": "false", "reconnectionIntervalS": "5"]
    }

    /// Makes the instance's keys and configuration in `home` and starts it, its GUI and REST API
    /// on `guiPort`, its connections on `listenPort`, returning once the API answers with the
    /// options set.
    public init(name: String, home: URL, guiPort: UInt16, listenPort: UInt16) throws {
        try TestTier.mayStart("Syncthing")
        self.name = name
        self.guiPort = guiPort
        self.listenPort = listenPort
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        logFile = home.appendingPathComponent("syncthing.log")
        let environment = Self.environment(home: home)
        let generated = try Self.output(of: ["generate", "--home=\(home.path)", "--no-default-folder"], environment: environment)
        guard let range = generated.range(of: #"Device ID: [A-Z0-9-]+"#, options: .regularExpression) else {
            throw Failure(description: "syncthing generate printed no device ID: \(generated)")
        }
        deviceID = String(generated[range].dropFirst("Device ID: ".count))
        try writeOptions(into: home.appendingPathComponent("config.xml"))

        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw Failure(description: "cannot make \(logFile.path)")
        }
        let log = try FileHandle(forWritingTo: logFile)
        // setpriv kills the instance if the test process dies without tearing down, so that a
        // crashed test leaves no Syncthing running. The signal follows the thread that started
        // it, which is XCTest's main thread, alive for the whole run.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "KILL", "/usr/bin/syncthing", "serve", "--home=\(home.path)", "--no-browser",
                             "--no-default-folder", "--skip-port-probing", "--no-restart",
                             "--gui-address=127.0.0.1:\(guiPort)", "--gui-apikey=\(apiKey)"]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        do {
            try waitForAPI()
            try checkOptions()
        } catch {
            stop()
            throw error
        }
    }

    /// Fails unless the running instance took every option from the file it started with: none
    /// is set through the API, which would leave it on defaults until then.
    private func checkOptions() throws {
        let applied = try object("GET", "/rest/config/options")
        for (key, value) in options {
            let field = key == "listenAddress" ? "listenAddresses" : key
            // Compared as JSON, where the file's values but the address are literals already.
            let got = String(decoding: try JSONSerialization.data(withJSONObject: [applied[field] ?? NSNull()],
                                                                  options: .withoutEscapingSlashes), as: UTF8.self)
            let wanted = key == "listenAddress" ? "[[\"\(value)\"]]" : "[\(value)]"
            guard got == wanted else {
                throw Failure(description: "\(name): option \(field) is \(got), not \(wanted)")
            }
        }
    }

    deinit {
        stop()
    }

    /// Ends the instance and waits for it: asked first, then killed if it lingers.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    // MARK: Configuration

    /// Lets the instance connect with `peer`: it dials the peer's loopback port when `dialling`,
    /// else it waits for the peer to dial (with discovery off, "dynamic" finds no address).
    public func add(_ peer: SyncthingPeer, dialling: Bool) throws {
        let address = dialling ? "tcp://127.0.0.1:\(peer.listenPort)" : "dynamic"
        try send("POST", "/rest/config/devices", body: ["deviceID": peer.deviceID, "name": peer.name, "addresses": [address]])
    }

    /// Shares `folder` as `id` with the peers, watched for changes, which it sends a second after
    /// they settle, and rescanned in full every few seconds as well, as a safety net.
    public func share(_ folder: URL, as id: String, with peers: [SyncthingPeer]) throws {
        try send("POST", "/rest/config/folders",
                 body: ["id": id, "label": id, "path": folder.path, "type": "sendreceive",
                        "devices": ([self] + peers).map { ["deviceID": $0.deviceID] },
                        "fsWatcherEnabled": true, "fsWatcherDelayS": 1, "rescanIntervalS": 5])
    }

    /// Changes settings of a shared folder, named as the REST API names them (such as "type" or
    /// "ignoreDelete"), as a person does in the folder's Advanced tab.
    public func configure(folder id: String, _ settings: [String: Any]) throws {
        try send("PATCH", "/rest/config/folders/\(id)", body: settings)
    }

    public func pause(_ peer: SyncthingPeer) throws {
        try send("POST", "/rest/system/pause?device=\(peer.deviceID)")
    }

    public func resume(_ peer: SyncthingPeer) throws {
        try send("POST", "/rest/system/resume?device=\(peer.deviceID)")
    }

    // MARK: State

    public func isConnected(to peer: SyncthingPeer) throws -> Bool {
        let connections = try object("GET", "/rest/system/connections")["connections"] as? [String: Any]
        return (connections?[peer.deviceID] as? [String: Any])?["connected"] as? Bool == true
    }

    /// Scans the folder now; Syncthing answers once the scan is over.
    public func scan(_ folder: String) throws {
        try send("POST", "/rest/db/scan?folder=\(folder)")
    }

    /// The folder's state here: "state", "needTotalItems", "sequence" and the rest.
    public func status(of folder: String) throws -> [String: Any] {
        try object("GET", "/rest/db/status?folder=\(folder)")
    }

    /// How complete the peer's copy of the folder is, as far as this instance knows.
    public func completion(of folder: String, at peer: SyncthingPeer) throws -> [String: Any] {
        try object("GET", "/rest/db/completion?folder=\(folder)&device=\(peer.deviceID)")
    }

    /// The files the instance could not pull, with why, for a failure message.
    public func errors(in folder: String) throws -> [String: Any] {
        try object("GET", "/rest/folder/errors?folder=\(folder)")
    }

    // MARK: REST

    private func object(_ method: String, _ path: String) throws -> [String: Any] {
        let data = try send(method, path)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(name): \(method) \(path) gave no JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    @discardableResult
    private func send(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> Data {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(guiPort)\(path)")!)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        // A scan of a folder of photos takes a while, and Syncthing answers only when it is done.
        request.timeoutInterval = 120
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let reply = SyncthingReply()
        URLSession.shared.dataTask(with: request) { data, response, error in
            reply.finish(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
        }.resume()
        let (data, status, error) = reply.wait()
        if let error {
            throw Failure(description: "\(name): \(method) \(path) failed: \(error.localizedDescription)")
        }
        guard status == 200 else {
            throw Failure(description: "\(name): \(method) \(path) answered \(status ?? 0): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    private func waitForAPI() throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            guard process.isRunning else {
                throw Failure(description: "\(name): syncthing exited with \(process.terminationStatus): \(log)")
            }
            if (try? send("GET", "/rest/system/ping")) != nil { return }
            guard Date() < deadline else { throw Failure(description: "\(name): syncthing's API never answered: \(log)") }
            usleep(100_000)
        }
    }

    /// The end of what the instance logged.
    public var log: String {
        String(decoding: (try? Data(contentsOf: logFile)) ?? Data(), as: UTF8.self).suffix(4000).description
    }

    /// Writes every option into the configuration before the first start, so that the instance
    /// never listens on Syncthing's default port for all interfaces, where another instance on
    /// the machine may be, nor asks a discovery or relay server, or the LAN, for anything, even
    /// for the moment before an API call could set them.
    private func writeOptions(into configuration: URL) throws {
        let document = try XMLDocument(contentsOf: configuration, options: [.nodePreserveWhitespace])
        guard let element = try document.nodes(forXPath: "/configuration/options").first as? XMLElement else {
            throw Failure(description: "\(configuration.path) has no options")
        }
        for (key, value) in options {
            let existing = element.elements(forName: key)
            existing.dropFirst().forEach { $0.detach() }
            if let first = existing.first {
                first.stringValue = value
            } else {
                element.addChild(XMLElement(name: key, stringValue: value))
            }
        }
        try document.xmlData(options: [.nodePreserveWhitespace]).write(to: configuration)
    }

    /// The environment of both commands: Syncthing's own switches, and a home of its own so that
    /// nothing reads or writes the person's configuration.
    private static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["STNOUPGRADE"] = "1"
        environment["STNORESTART"] = "1"
        environment["STNODEFAULTFOLDER"] = "1"
        // Syncthing 1.19 runs a monitor that starts the real instance as its child, even with
        // --no-restart, and that child outlives a killed monitor. This is what the monitor tells
        // its child, so the process started is the instance itself, and the one killed.
        environment["STMONITORED"] = "yes"
        return environment
    }

    private static func output(of arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/syncthing")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: printed, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "syncthing \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(text)")
        }
        return text
    }
}
