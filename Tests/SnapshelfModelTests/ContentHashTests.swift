// A photo's SHA-256 comes from libcrypto, loaded on the first hash, or from GLib where libcrypto
// cannot be loaded: both give the digest that coreutils' sha256sum prints, fed in any chunks.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ContentHashTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    private static func digest(of bytes: [UInt8], chunk: Int, library: CryptoLibrary?) -> String {
        let hash = ContentHash(library: library)
        stride(from: 0, to: bytes.count, by: chunk).forEach { start in
            bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes(hash.update)
        }
        return hash.finish()
    }

    func testLibcryptoAndGLibGiveTheDigestSha256sumPrints() throws {
        let openSSL = try XCTUnwrap(CryptoLibrary.shared, "libcrypto.so.3, which libssl-dev brings, did not load")
        for library in [openSSL, nil] {
            XCTAssertEqual(Self.digest(of: [], chunk: 1, library: library), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
            XCTAssertEqual(Self.digest(of: Array("abc".utf8), chunk: 2, library: library),
                           "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        }
        let photo = SamplePhotos.landscape(orientation: 3)
        let bytes = try [UInt8](Data(contentsOf: photo))
        let printed = try ExternalProgram.output(of: "/usr/bin/sha256sum", [photo.path])
        let expected = String(printed.prefix(64))
        XCTAssertTrue(ContentHash.isDigest(expected), printed)
        // Chunks that do not divide the file, nor SHA-256's 64-byte blocks.
        XCTAssertEqual(Self.digest(of: bytes, chunk: 4099, library: openSSL), expected)
        XCTAssertEqual(Self.digest(of: bytes, chunk: 1 << 20, library: nil), expected)
    }

    func testALibraryThatIsMissingOrNotLibcryptoIsNotUsed() {
        XCTAssertNil(CryptoLibrary(soname: "libcrypto-missing.so.3"))
        XCTAssertNil(CryptoLibrary(soname: "libz.so.1"), "a library without EVP_sha256 was taken for libcrypto")
    }
}
