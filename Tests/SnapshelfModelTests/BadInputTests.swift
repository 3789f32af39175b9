// Every kind of bad file a person can hand Snapshelf gets its own reason, and none is saved.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class BadInputTests: XCTestCase {
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
        XCTAssertEqual(reason(inspecting: loop), .symlinkLoop)
    }

    func testANameThatIsNotUTF8IsRefusedWithThatReason() throws {
        var bytes = Array(scratch.url.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        bytes.append(0)
        let descriptor = bytes.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let photo = try Data(contentsOf: SamplePhotos.cameras[0])
        _ = photo.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // What Foundation makes of the name when listing the folder, as a folder import does.
        let listed = try XCTUnwrap(FileCollector.collect([scratch.url], recursive: true).files.first)
        XCTAssertEqual(reason(inspecting: listed), .nameNotUTF8)
    }

    func testAnImageFormatWithoutALoaderIsNamed() {
        let file = scratch.file(named: "IMG_0001.HEIC", containing: CraftedFiles.heic)
        guard case .unsupportedFormat(let type)? = reason(inspecting: file) else {
            return XCTFail("HEIC was not reported as an unsupported format")
        }
        XCTAssertTrue(type.hasPrefix("image/hei"), type)
    }

    func testCutOffJPEGAndPNGFilesAreIncomplete() throws {
        let jpeg = try Data(contentsOf: SamplePhotos.landscape(orientation: 1))
        let png = GeneratedImages.png(width: 300, height: 200)
        for (name, data) in [("cut.jpg", jpeg.prefix(jpeg.count * 2 / 3)), ("cut.png", png.prefix(png.count / 2))] {
            guard case .incomplete? = reason(inspecting: scratch.file(named: name, containing: Data(data))) else {
                return XCTFail("\(name) was not reported as incomplete")
            }
        }
        // The whole files are fine, or the check above proves nothing.
        XCTAssertNoThrow(try PhotoCandidate(inspecting: scratch.file(named: "whole.png", containing: png), previewSize: 64))
        XCTAssertNoThrow(try PhotoCandidate(inspecting: SamplePhotos.landscape(orientation: 1), previewSize: 64))
    }

    func testADecompressionBombIsRefusedBeforeDecoding() {
        let bomb = scratch.file(named: "bomb.png", containing: CraftedFiles.pngDeclaring(width: 100_000, height: 100_000))
        XCTAssertEqual(reason(inspecting: bomb), .tooManyPixels(width: 100_000, height: 100_000))
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
                XCTAssertFalse(error.explanation.isEmpty, file.lastPathComponent)
            }
        }
    }
}
