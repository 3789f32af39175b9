// Every kind of bad file a person can hand Snapshelf gets its own reason, and none is saved.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class BadInputTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    private var scratch: TemporaryDirectory!

    override func setUp() {
        scratch = TemporaryDirectory()
    }

    override func tearDown() {
        scratch = nil
    }

    private func reason(inspecting url: URL, file: StaticString = #filePath, line: UInt = #line) -> ImportError.Reason? {
        do {
            _ = try PhotoCandidate(inspecting: url, previewSize: 64)
            XCTFail("\(url.lastPathComponent) was accepted", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.path, url.path, file: file, line: line)
            return error.reason
        }
    }

    func testASymlinkLoopIsNamedAsSuch() throws {
        let loop = scratch.url.appendingPathComponent("loop.jpg")
        XCTAssertEqual(symlink(loop.path, loop.path), 0)
        XCTAssertEqual(reason(inspecting: loop), .file(.symlinkLoop))
    }

    func testCutOffJPEGAndPNGFilesAreIncomplete() throws {
        let jpeg = try Data(contentsOf: SamplePhotos.landscape(orientation: 1))
        let png = GeneratedImages.png(width: 300, height: 200)
        for (name, data) in [("cut.jpg", jpeg.prefix(jpeg.count * 2 / 3)), ("cut.png", png.prefix(png.count / 2))] {
            guard reason(inspecting: scratch.file(named: name, containing: Data(data))) == .file(.cutOff) else {
                return XCTFail("\(name) was not reported as incomplete")
            }
        }
        // The whole files are fine, or the check above proves nothing.
        XCTAssertNoThrow(try PhotoCandidate(inspecting: scratch.file(named: "whole.png", containing: png), previewSize: 64))
        XCTAssertNoThrow(try PhotoCandidate(inspecting: SamplePhotos.landscape(orientation: 1), previewSize: 64))
    }

    func testCutOffWebPBMPPNMAndIconFilesAreIncompleteAndWholeOnesImport() throws {
        let width = 300, height = 200
        let pixels = Data((0..<(width * height * 3)).map { UInt8($0 % 251) })
        let files: [(String, Data)] = [
            ("photo.webp", GeneratedImages.saved(width: width, height: height, type: "webp")),
            ("photo.bmp", GeneratedImages.saved(width: width, height: height, type: "bmp")),
            ("icon.ico", GeneratedImages.saved(width: 64, height: 64, type: "ico")),
            ("colour.ppm", Data("P6\n# made by a test\n\(width) \(height)\n255\n".utf8) + pixels),
            ("grey.pgm", Data("P5 \(width) \(height) 255\n".utf8) + pixels.prefix(width * height)),
            ("bitmap.pbm", Data("P4\n\(width) \(height)\n".utf8) + pixels.prefix((width + 7) / 8 * height)),
        ]
        for (name, data) in files {
            let whole = scratch.file(named: name, containing: data)
            XCTAssertNoThrow(try PhotoCandidate(inspecting: whole, previewSize: 64), name)
            let cut = scratch.file(named: "cut-" + name, containing: data.prefix(data.count * 2 / 3))
            guard reason(inspecting: cut) == .file(.cutOff) else {
                return XCTFail("a cut-off \(name) was not reported as incomplete")
            }
        }
    }

    func testHeadersDeclaringSizesNearTheLargestNumberAreRefusedNotCrashed() throws {
        func le(_ value: UInt32, _ count: Int = 4) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * UInt32($0)) & 0xFF) } }
        // A BMP whose width times height, in bytes, is near 2^63.
        let bmp = Data(Array("BM".utf8) + le(1000) + le(0) + le(54) + le(40) + le(4_027_518_961) + le(572_521_950)
                       + le(1, 2) + le(32, 2) + le(0) + le(0) + le(0) + le(0) + le(0) + le(0)) + Data(count: 200)
        let files = [
            ("huge.pgm", Data("P5\n153092023 60247241209\n255\n".utf8) + Data(count: 100)),
            ("huge.bmp", bmp),
            // 400,000 scans in 2 MB, which the completeness walk passes in one read of the file.
            ("scans.jpg", Data([0xFF, 0xD8] + (0..<400_000).flatMap { _ in [0xFF, 0xDA, 0, 2, 0] as [UInt8] } + [0xFF, 0xD9])),
        ]
        for (name, data) in files {
            XCTAssertNotNil(reason(inspecting: scratch.file(named: name, containing: data)), name)
        }
    }

    func testAFarFutureModificationTimeIsClampedAndTheFileImports() throws {
        // tmpfs keeps a time of 10^17 seconds, as tar restores it; ext4 would cut it down.
        let shm = TemporaryDirectory(in: URL(fileURLWithPath: "/dev/shm"))
        let photo = shm.file(named: "no-exif.png", containing: GeneratedImages.png(width: 40, height: 30))
        var times = [timespec(tv_sec: 100_000_000_000_000_000, tv_nsec: 0), timespec(tv_sec: 100_000_000_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, photo.path, &times, 0), 0)
        let candidate = try PhotoCandidate(inspecting: photo, previewSize: 32)
        XCTAssertEqual(candidate.taken.instant, Date(timeIntervalSince1970: 253_402_300_799), "the end of year 9999")
        let library = try Library(directory: scratch.url.appendingPathComponent("library"))
        guard case .added(let saved) = try library.add(candidate, label: try Label("")) else { return XCTFail("not added") }
        XCTAssertEqual(try library.photo(withID: saved.id)?.taken, candidate.taken)
        XCTAssertEqual(try library.photoIDs(in: .takenNewestFirst), [saved.id])
    }

    func testADecompressionBombIsRefusedBeforeDecoding() {
        let bomb = scratch.file(named: "bomb.png", containing: CraftedFiles.pngDeclaring(width: 100_000, height: 100_000))
        XCTAssertEqual(reason(inspecting: bomb), .file(.tooManyPixels(width: 100_000, height: 100_000)))
    }

    func testARealTwoHundredMegapixelPhotoStillImports() throws {
        let large = scratch.file(named: "large.jpg", containing: GeneratedImages.jpeg(width: 16_384, height: 12_208))
        let candidate = try PhotoCandidate(inspecting: large, previewSize: 256)
        XCTAssertEqual([candidate.width, candidate.height], [16_384, 12_208])
        XCTAssertEqual(max(candidate.preview.width, candidate.preview.height), 256)
    }

    func testEveryStrangeSampleLoadsOrIsRefusedWithAReason() throws {
        let collection = FileCollector.collect(
            [SamplePhotos.jpeg("invalid"), SamplePhotos.jpeg("tests"), SamplePhotos.jpeg("corrupted.jpg")], recursive: true)
        XCTAssertTrue(collection.problems.isEmpty)
        XCTAssertGreaterThan(collection.files.count, 10)
        for file in collection.files {
            do {
                let candidate = try PhotoCandidate(inspecting: file, previewSize: 64)
                XCTAssertGreaterThan(candidate.width, 0, file.lastPathComponent)
            } catch {
                guard case .file = error.reason else { return XCTFail("\(file.lastPathComponent): \(error.reason)") }
            }
        }
    }
}
