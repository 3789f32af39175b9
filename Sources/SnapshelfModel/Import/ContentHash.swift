// A photo's identity in the library: the SHA-256 of its bytes, fed a chunk at a time so that no
// file is ever held whole in memory. OpenSSL's libcrypto hashes with the CPU's SHA instructions,
// several times faster than GLib's checksum, which matters since every import hashes twice.
import CCrypto

final class ContentHash {
    private let context: OpaquePointer

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Whether the text is a digest as `finish` writes it, as a library copy's name begins.
    static func isDigest(_ text: some StringProtocol) -> Bool {
        text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
    }

    /// The digest in lowercase hex; the hash takes no more bytes after it.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        let hex: [Character] = Array("0123456789abcdef")
        return String(digest.prefix(Int(length)).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] })
    }
}
