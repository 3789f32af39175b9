// What `check` calls strays in the photo folder, whatever form their names take: the library's own
// (`<sha-256>.<ext>` and its sidecar), which the check holds compactly, and every other, which it
// holds as it is. A sidecar is a stray only when neither the folder nor a photo has its copy.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class CheckStrayTests: LibraryTestCase {
    func testFilesAndSidecarsOfEveryFormOfNameAreStraysOnlyWithoutACopyOrAPhoto() throws {
        let library = try Library(directory: directory)
        var added: [Photo] = []
        for url in SamplePhotos.cameras.prefix(2) {
            if case .added(let photo) = try library.add(try candidate(url), label: try Label("Lake")) { added.append(photo) }
        }
        let photos = added[0].fileURL.deletingLastPathComponent()
        let hex = String(repeating: "ab", count: 32), other = String(repeating: "0f", count: 32)
        let jpeg = try Data(contentsOf: SamplePhotos.cameras[0])
        // Copies no photo has: of the library's form, in capitals, and of no form at all.
        for name in ["\(hex).jpeg", "\(hex.uppercased()).jpeg", "notes.txt", "\(hex).tar.gz"] {
            try jpeg.write(to: photos.appendingPathComponent(name))
        }
        // Sidecars: of a copy there (no stray), of copies nowhere (strays), and one of a photo
        // whose copy went, which is that photo's problem rather than a stray.
        let sidecars = ["\(hex).jpeg.xmp", "notes.txt.xmp", "\(other).png.xmp", "gone.txt.xmp", "\(other).xmp"]
        for name in sidecars {
            try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(to: photos.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: added[1].fileURL)
        let path = { (name: String) in photos.appendingPathComponent(name) }
        XCTAssertEqual(try library.check(), [
            .missingFile(photoID: added[1].id, file: added[1].fileURL, original: "Nikon_D70.jpg"),
            .strayFile(path("\(hex.uppercased()).jpeg").path),
            .strayFile(path("\(hex).jpeg").path),
            .strayFile(path("\(hex).tar.gz").path),
            .strayFile(path("notes.txt").path),
            .straySidecar(path("\(other).png.xmp"), label: ""),
            .straySidecar(path("\(other).xmp"), label: ""),
            .straySidecar(path("gone.txt.xmp"), label: ""),
        ])
    }

    func testStraysOfManyNamesFollowTheRuleWhicheverFormTheNamesTake() throws {
        let library = try Library(directory: directory)
        var added: [Photo] = []
        for url in SamplePhotos.cameras.prefix(3) {
            if case .added(let photo) = try library.add(try candidate(url), label: try Label("")) { added.append(photo) }
        }
        try FileManager.default.removeItem(at: added[2].fileURL)
        let photos = added[0].fileURL.deletingLastPathComponent()
        let rowNames = Set(added.map(\.fileURL.lastPathComponent))
        // Names of every form, from a fixed seed: hex of the library's form or not, extensions
        // short, long, double or "xmp", and sidecars of copies there, missing, or of photos.
        var random = SeededRandom(seed: 34)
        let digits = Array("0123456789abcdef")
        let extensions = ["jpeg", "png", "JPG", "tar.gz", "xmp", "heic", String(repeating: "e", count: 20), ""]
        var copies: Set<String> = []
        // The photos' own sidecars are there already.
        var sidecars: Set<String> = []
        for index in 0..<120 {
            var stem = String((0..<64).map { _ in digits[random.next(below: digits.count)] })
            switch index % 5 {
            case 1: stem = stem.uppercased()
            case 2: stem = String(stem.prefix(40))
            case 3: stem = "note-\(index)"
            default: break
            }
            let suffix = extensions[random.next(below: extensions.count)]
            let copy = suffix.isEmpty ? stem : stem + "." + suffix
            switch random.next(below: 3) {
            case 0: copies.insert(copy)
            case 1: sidecars.insert(copy + ".xmp")
            default: copies.insert(copy); sidecars.insert(copy + ".xmp")
            }
        }
        let jpeg = try Data(contentsOf: SamplePhotos.cameras[0])
        for name in copies.subtracting(rowNames) where !name.hasSuffix(".xmp") { try jpeg.write(to: photos.appendingPathComponent(name)) }
        for name in sidecars.union(copies.filter { $0.hasSuffix(".xmp") }) {
            try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(to: photos.appendingPathComponent(name))
        }
        // The rule, over the folder as it is: a file no row names is a stray, and a sidecar (any
        // name ending ".xmp") is one when neither the folder nor a row has its copy.
        let folder = Set(try FileManager.default.contentsOfDirectory(atPath: photos.path)).subtracting([".incoming"])
        let files = folder.filter { !$0.hasSuffix(".xmp") }
        let expectedFiles = files.subtracting(rowNames).sorted().map { CheckFinding.strayFile(photos.appendingPathComponent($0).path) }
        let expectedSidecars = folder.filter { $0.hasSuffix(".xmp") }.filter { name in
            let copy = String(name.dropLast(4))
            return !files.contains(copy) && !rowNames.contains(copy)
        }.sorted().map { CheckFinding.straySidecar(photos.appendingPathComponent($0), label: "") }
        XCTAssertEqual(try library.check(), [.missingFile(photoID: added[2].id, file: added[2].fileURL, original: "Pentax_K10D.jpg")]
            + expectedFiles + expectedSidecars)
    }

    func testHiddenFilesAndSidecarsAreNamedToo() throws {
        let library = try Library(directory: directory)
        _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake"))
        let photos = directory.appendingPathComponent("photos")
        // As macOS leaves beside files copied from it.
        try Data("x".utf8).write(to: photos.appendingPathComponent("._IMG_1.jpeg"))
        try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8).write(to: photos.appendingPathComponent("._IMG_1.jpeg.xmp.xmp"))
        let findings = try library.check()
        XCTAssertEqual(findings.count, 2, "\(findings)")
        XCTAssertTrue(findings.contains(.strayFile(photos.appendingPathComponent("._IMG_1.jpeg").path)), "\(findings)")
        XCTAssertTrue(findings.contains { finding in
            if case .straySidecar = finding { true } else { false }
        }, "\(findings)")
    }

    func testAFileWhoseNameIsNotUTF8IsStillNamed() throws {
        let library = try Library(directory: directory)
        _ = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake"))
        let photos = directory.appendingPathComponent("photos")
        let path = Array(photos.path.utf8) + [UInt8(ascii: "/"), 0xFF, 0xFE] + Array("bad.jpg".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { creat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o600) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        let findings = try library.check()
        XCTAssertEqual(findings.count, 1, "\(findings)")
        guard case .strayFile(let name) = findings.first else { return XCTFail("\(findings)") }
        XCTAssertTrue(name.hasSuffix("bad.jpg"), name)
    }
}

/// A generator of numbers that gives the same ones from the same seed (SplitMix64).
private struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}
