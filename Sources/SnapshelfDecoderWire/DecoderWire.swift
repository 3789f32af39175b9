// How Snapshelf and its sandboxed decoders talk over their socket. A message is a frame: its
// lengths, a JSON header, then raw bytes (the pixels of a reply), with at most one descriptor
// passed beside the header (the file of a request). Each side treats what the other sends as
// untrusted: lengths are bounded before anything is allocated for them.
import CLinux
import Foundation

package enum DecoderWire {
    package enum Failure: Error {
        /// The other end closed the socket, or its process ended.
        case closed
        case timedOut
        case failed(errno: Int32)
        /// A frame broke the rules: a header too large, or one that does not decode.
        case malformed
    }

    /// A frame as received: the header, the bytes after it, and the descriptor it passed.
    package struct Frame {
        package let header: Data
        package let payload: UnsafeMutableRawBufferPointer?
        package let descriptor: Int32?
    }

    package static let maximumHeaderBytes = 1 << 20
    private static let prefixBytes = 12

    /// Sends the header, then the payload, passing `descriptor` with the first byte. Waits for
    /// room in the socket until `deadline`, or for ever without one: a decoder that stops reading
    /// must not hold the app in the kernel.
    package static func send(_ header: Data, payload: UnsafeRawBufferPointer? = nil, passing descriptor: Int32? = nil,
                     on socket: Int32, deadline: ContinuousClock.Instant? = nil) throws(Failure) {
        var prefix = [UInt8](repeating: 0, count: prefixBytes)
        withUnsafeBytes(of: UInt32(header.count).littleEndian) { prefix.replaceSubrange(0..<4, with: $0) }
        withUnsafeBytes(of: UInt64(payload?.count ?? 0).littleEndian) { prefix.replaceSubrange(4..<12, with: $0) }
        // Raw memory of its own, since the standard library's closures over bytes lose typed throws.
        let start = UnsafeMutableRawBufferPointer.allocate(byteCount: prefixBytes + header.count, alignment: 8)
        defer { start.deallocate() }
        start.copyBytes(from: prefix + header)
        var sent = try sendFirst(UnsafeRawBufferPointer(start), passing: descriptor, on: socket, deadline: deadline)
        while sent < start.count {
            sent += try sendMore(UnsafeRawBufferPointer(rebasing: start[sent...]), on: socket, deadline: deadline)
        }
        guard let payload, payload.count > 0 else { return }
        var offset = 0
        while offset < payload.count {
            offset += try sendMore(UnsafeRawBufferPointer(rebasing: payload[offset...]), on: socket, deadline: deadline)
        }
    }

    private static func sendFirst(_ bytes: UnsafeRawBufferPointer, passing descriptor: Int32?, on socket: Int32,
                                  deadline: ContinuousClock.Instant?) throws(Failure) -> Int {
        guard let descriptor else { return try sendMore(bytes, on: socket, deadline: deadline) }
        var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count)
        let control = UnsafeMutableRawBufferPointer.allocate(byteCount: snapshelf_descriptor_control_size(), alignment: 8)
        defer { control.deallocate() }
        control.initializeMemory(as: UInt8.self, repeating: 0)
        return try withUnsafeMutablePointer(to: &vector) { (vector) throws(Failure) -> Int in
            var message = msghdr(msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1,
                                 msg_control: control.baseAddress, msg_controllen: control.count, msg_flags: 0)
            snapshelf_put_descriptor(&message, descriptor)
            return try sending(on: socket, deadline: deadline) { sendmsg(socket, &message, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        }
    }

    private static func sendMore(_ bytes: UnsafeRawBufferPointer, on socket: Int32, deadline: ContinuousClock.Instant?) throws(Failure) -> Int {
        try sending(on: socket, deadline: deadline) { Foundation.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// Tries `attempt`, a send that does not block, until it sends something, waiting for room
    /// in the socket in between, until the deadline.
    private static func sending(on socket: Int32, deadline: ContinuousClock.Instant?, _ attempt: () -> Int) throws(Failure) -> Int {
        while true {
            let count = attempt()
            if count >= 0 { return count }
            guard [EINTR, EAGAIN, EWOULDBLOCK].contains(errno) else { throw failure(errno) }
            var watched = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            if poll(&watched, 1, try milliseconds(until: deadline)) < 0 && errno != EINTR { throw failure(errno) }
        }
    }

    /// poll's timeout for the deadline: -1 for none; throws once it is past.
    private static func milliseconds(until deadline: ContinuousClock.Instant?) throws(Failure) -> Int32 {
        guard let deadline else { return -1 }
        let left = deadline - .now
        guard left > .zero else { throw .timedOut }
        return Int32(min(Double(Int32.max), (Double(left.components.seconds) * 1000 + Double(left.components.attoseconds) / 1e15).rounded(.up)))
    }

    private static func failure(_ code: Int32) -> Failure {
        [EPIPE, ECONNRESET].contains(code) ? .closed : .failed(errno: code)
    }

    /// Receives one frame, taking no more than `maximumPayload` bytes after its header. Waits
    /// until `deadline`, or for ever without one. `whileWaiting` reads another descriptor that
    /// becomes readable meanwhile (the decoder's stderr), and says whether to keep watching it.
    package static func receive(on socket: Int32, maximumPayload: Int, deadline: ContinuousClock.Instant?,
                        alsoWatching other: Int32? = nil, whileWaiting: @escaping () -> Bool = { false }) throws(Failure) -> Frame {
        var reader = Reader(socket: socket, deadline: deadline, other: other, whileWaiting: whileWaiting)
        let prefix = UnsafeMutableRawBufferPointer.allocate(byteCount: prefixBytes, alignment: 8)
        defer { prefix.deallocate() }
        try reader.fill(prefix, takingDescriptor: true)
        let headerCount = Int(UInt32(littleEndian: prefix.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let payloadCount = UInt64(littleEndian: prefix.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
        guard headerCount <= maximumHeaderBytes, payloadCount <= UInt64(maximumPayload) else {
            if let descriptor = reader.descriptor { close(descriptor) }
            throw .malformed
        }
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: headerCount, alignment: 8)
        defer { header.deallocate() }
        let payload = payloadCount > 0 ? UnsafeMutableRawBufferPointer.allocate(byteCount: Int(payloadCount), alignment: 16) : nil
        do throws(Failure) {
            try reader.fill(header, takingDescriptor: false)
            if let payload { try reader.fill(payload, takingDescriptor: false) }
        } catch {
            payload?.deallocate()
            if let descriptor = reader.descriptor { close(descriptor) }
            throw error
        }
        return Frame(header: Data(header), payload: payload, descriptor: reader.descriptor)
    }

    /// Fills buffers from the socket, waiting with poll so the deadline holds.
    private struct Reader {
        let socket: Int32
        let deadline: ContinuousClock.Instant?
        var other: Int32?
        let whileWaiting: () -> Bool
        var descriptor: Int32?

        mutating func fill(_ buffer: UnsafeMutableRawBufferPointer, takingDescriptor: Bool) throws(Failure) {
            var filled = 0
            while filled < buffer.count {
                try wait()
                let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                let count = takingDescriptor ? receiveFirst(into: rest) : recv(socket, rest.baseAddress, rest.count, Int32(MSG_DONTWAIT))
                if count == 0 { throw .closed }
                if count < 0 {
                    if [EINTR, EAGAIN, EWOULDBLOCK].contains(errno) { continue }
                    throw failure(errno)
                }
                filled += count
            }
        }

        private mutating func receiveFirst(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
            let control = UnsafeMutableRawBufferPointer.allocate(byteCount: snapshelf_descriptor_control_size(), alignment: 8)
            defer { control.deallocate() }
            return withUnsafeMutablePointer(to: &vector) { vector in
                var message = msghdr(msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1,
                                     msg_control: control.baseAddress, msg_controllen: control.count, msg_flags: 0)
                let count = recvmsg(socket, &message, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
                if count > 0, message.msg_controllen > 0 {
                    let passed = snapshelf_take_descriptor(&message)
                    if passed >= 0 {
                        // Only the first descriptor of a frame counts; a second is not kept open.
                        if descriptor == nil { descriptor = passed } else { close(passed) }
                    }
                }
                return count
            }
        }

        /// Waits until the socket can be read, serving the other descriptor meanwhile.
        private mutating func wait() throws(Failure) {
            while true {
                var watched = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                if let other { watched.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
                let ready = poll(&watched, nfds_t(watched.count), try milliseconds(until: deadline))
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw failure(errno)
                }
                if watched.count > 1, watched[1].revents != 0, !whileWaiting() { other = nil }
                if watched[0].revents != 0 { return }
            }
        }
    }
}
