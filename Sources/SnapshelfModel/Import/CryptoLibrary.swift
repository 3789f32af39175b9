// libcrypto's SHA-256, loaded with dlopen on the first hash and called through the functions
// resolved here (see CCrypto.h for why it is not linked). Where it cannot be loaded, ContentHash
// hashes with GLib instead: the same digest, only slower.
import CCrypto

struct CryptoLibrary: Sendable {
    /// The runtime package's file (libssl3, which libssl-dev depends on).
    static let soname = "libcrypto.so.3"

    let newContext: @convention(c) () -> OpaquePointer?
    let freeContext: @convention(c) (OpaquePointer?) -> Void
    let sha256: @convention(c) () -> OpaquePointer?
    let digestInit: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    let digestUpdate: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    let digestFinal: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32

    /// The library, loaded on the first hash; nil where it cannot be.
    static let shared = CryptoLibrary(soname: soname)

    init?(soname: String) {
        guard let library = LoadedLibrary(soname: soname) else { return nil }
        guard let newContext = library.function("EVP_MD_CTX_new", as: (@convention(c) () -> OpaquePointer?).self),
              let freeContext = library.function("EVP_MD_CTX_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let sha256 = library.function("EVP_sha256", as: (@convention(c) () -> OpaquePointer?).self),
              let digestInit = library.function("EVP_DigestInit_ex",
                                       as: (@convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32).self),
              let digestUpdate = library.function("EVP_DigestUpdate", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32).self),
              let digestFinal = library.function("EVP_DigestFinal_ex",
                                        as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32).self)
        else {
            library.close()
            return nil
        }
        (self.newContext, self.freeContext, self.sha256) = (newContext, freeContext, sha256)
        (self.digestInit, self.digestUpdate, self.digestFinal) = (digestInit, digestUpdate, digestFinal)
    }
}
