// A socket that listens, on the loopback or at a path, for a test to ask afterwards whether
// anything connected to it: a connection the kernel completed waits in the backlog until accepted,
// even after the other end closed it, so nothing that reached it goes unseen.
import Foundation

public final class ListeningSocket {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let descriptor: Int32
    /// The loopback port, chosen by the kernel; 0 for a Unix socket.
    public let port: UInt16

    /// A TCP socket on 127.0.0.1, at a free port.
    public static func loopback() throws -> ListeningSocket {
        let descriptor = try makeSocket(AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(INADDR_LOOPBACK).bigEndian
        try listen(descriptor, at: &address)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return ListeningSocket(descriptor: descriptor, port: UInt16(bigEndian: address.sin_port))
    }

    /// A Unix socket at the path, which must fit in sockaddr_un.
    public static func unix(at path: URL) throws -> ListeningSocket {
        let descriptor = try makeSocket(AF_UNIX)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw Failure(description: "\(path.path) is too long for a Unix socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        try listen(descriptor, at: &address)
        return ListeningSocket(descriptor: descriptor, port: 0)
    }

    private init(descriptor: Int32, port: UInt16) {
        self.descriptor = descriptor
        self.port = port
    }

    deinit {
        close(descriptor)
    }

    /// Whether a connection waits to be accepted, asked without waiting for one.
    public var wasReached: Bool {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return false }
        close(connection)
        return true
    }

    private static func makeSocket(_ domain: Int32) throws -> Int32 {
        let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        return descriptor
    }

    private static func listen<Address>(_ descriptor: Int32, at address: inout Address) throws {
        let length = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, Foundation.listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "bind or listen: \(reason)")
        }
    }
}
