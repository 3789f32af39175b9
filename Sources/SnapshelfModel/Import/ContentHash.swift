// A photo's identity in the library: the SHA-256 of its bytes, fed a chunk at a time so that no
// file is ever held whole in memory. OpenSSL's libcrypto hashes with the CPU's SHA instructions,
// several times faster than GLib's checksum, which matters since every import hashes twice; GLib
// gives the same digest where libcrypto cannot be loaded.
import CGdkPixbuf

final class ContentHash {
    private enum Engine {
        case openSSL(CryptoLibrary, OpaquePointer)
        case glib(OpaquePointer)
    }

    private let engine: Engine

    /// Hashes with `library`, or with GLib when it is nil or cannot start a hash.
    init(library: CryptoLibrary? = CryptoLibrary.shared) {
        if let library, let context = library.newContext() {
            if library.digestInit(context, library.sha256(), nil) == 1 {
                engine = .openSSL(library, context)
                return
            }
            library.freeContext(context)
        }
        engine = .glib(g_checksum_new(G_CHECKSUM_SHA256))
    }

    deinit {
        switch engine {
        case let .openSSL(library, context): library.freeContext(context)
        case let .glib(checksum): g_checksum_free(checksum)
        }
    }

    /// Whether the text is a digest as `finish` writes it, as a library copy's name begins.
    static func isDigest(_ text: some StringProtocol) -> Bool {
        text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        switch engine {
        case let .openSSL(library, context):
            // A digest of some of the bytes would pass for another photo's: stop rather than give one.
            precondition(library.digestUpdate(context, bytes.baseAddress, bytes.count) == 1, "libcrypto could not hash")
        case let .glib(checksum): g_checksum_update(checksum, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
    }

    /// The digest in lowercase hex; the hash takes no more bytes after it.
    func finish() -> String {
        // SHA-256's 32 bytes, in a buffer as large as any digest either engine writes.
        var digest = [UInt8](repeating: 0, count: 64)
        var length = 0
        switch engine {
        case let .openSSL(library, context):
            var written: UInt32 = 0
            precondition(library.digestFinal(context, &digest, &written) == 1 && written == 32, "libcrypto could not hash")
            length = Int(written)
        case let .glib(checksum):
            var written = gsize(digest.count)
            g_checksum_get_digest(checksum, &digest, &written)
            length = Int(written)
        }
        let hex: [Character] = Array("0123456789abcdef")
        return String(digest.prefix(length).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] })
    }
}
