// An exported copy shows its whole label in Shotwell, gThumb, digiKam and darktable, each by its
// own rule (see `PeerTitles`), whatever titles, captions and headlines the original carried, in
// a JPEG, a TIFF, a HEIF and an AVIF (whose own XMP is pointed at the label, its pixels kept);
// a photo whose label was cleared has a copy no peer shows a title for; copies of one stem never
// share a sidecar; and an export that cannot write its sidecars stops, naming them, and leaves
// nothing behind.
import Foundation
import SnapshelfTestSupport
import XCTest

final class PeerExportTests: CommandLineTestCase {
    private var exports: URL { folder.url.appendingPathComponent("exports") }
    /// Longer than IPTC's 64-byte object name, whose 64th byte falls inside the dash.
    private let long = "Zürich: the lake at dusk, seen from the quay at Bürkliplatz — swans, été 2022, a Föhn day"

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
    }

    private func exported() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: exports.path).sorted()
    }

    /// A copy of `photo` named `name` carrying every title a peer might take before ours.
    private func original(_ photo: URL, named name: String) throws -> URL {
        let copy = folder.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: photo, to: copy)
        try ExifTool.run(["-q", "-overwrite_original", "-IPTC:ObjectName=Old object name", "-IPTC:Caption-Abstract=A caption of the scene",
                          "-IPTC:Headline=Old headline", "-XMP-photoshop:Headline=Old XMP headline", "-XMP-dc:Title-de=Alter Titel",
                          "-XMP-dc:Title=Old title", copy.path])
        return copy
    }

    /// The file an encoder writes, its name last among the arguments.
    private func encoded(by tool: String, _ arguments: [String], to name: String) throws -> URL {
        let output = folder.url.appendingPathComponent(name)
        try ExternalTool.run(tool, arguments + [output.path])
        return output
    }

    /// Asserts that every peer named shows `label` for the copy called `name`.
    private func assertPeersShow(_ label: String, for name: String, darktable: [String: String], shotwell: Bool = true,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let copy = exports.appendingPathComponent(name)
        if shotwell { XCTAssertEqual(try PeerTitles.shotwell(copy), label, "Shotwell, \(name)", file: file, line: line) }
        XCTAssertEqual(try PeerTitles.gThumb(copy), label, "gThumb, \(name)", file: file, line: line)
        XCTAssertEqual(try PeerTitles.digiKam(copy), label, "digiKam, \(name)", file: file, line: line)
        XCTAssertEqual(darktable[name], label, "darktable, \(name)", file: file, line: line)
    }

    func testEveryPeerShowsTheWholeLabelOfAJPEGOrTIFFWhoseOriginalHadOtherTitles() throws {
        XCTAssertNil(String(validating: long.utf8.prefix(64), as: UTF8.self), "the 64-byte cut falls inside a character")
        try snapshelf("import", "--label", long, try original(SamplePhotos.cameras[0], named: "long.jpg").path)
        try snapshelf("import", "--label", "Zürich at dusk", try original(SamplePhotos.cameras[1], named: "short.jpg").path)
        let tiff = SamplePhotos.directory.appendingPathComponent("tiff/Arbitro.tiff")
        try snapshelf("import", "--label", long, try original(tiff, named: "long.tiff").path)
        try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(try exported(), ["long.jpg", "long.tiff", "short.jpg"], "embedded, no sidecar")

        let darktable = try PeerTitles.darktable(exports, scratch: folder.url)
        try assertPeersShow(long, for: "long.jpg", darktable: darktable)
        try assertPeersShow(long, for: "long.tiff", darktable: darktable)
        try assertPeersShow("Zürich at dusk", for: "short.jpg", darktable: darktable)
        // The object name holds a label of 64 bytes or fewer whole; a longer one is no object name at all.
        XCTAssertEqual(try ExifTool.value("IPTC:ObjectName", of: exports.appendingPathComponent("short.jpg")), "Zürich at dusk")
        for name in ["long.jpg", "long.tiff"] {
            let copy = exports.appendingPathComponent(name)
            XCTAssertEqual(try ExifTool.value("IPTC:ObjectName", of: copy), "", name)
            // The caption Shotwell would have shown as the title stays the copy's description.
            XCTAssertEqual(try ExifTool.value("IPTC:Caption-Abstract", of: copy), "", name)
            XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: copy), "A caption of the scene", name)
            XCTAssertEqual(try ExifTool.value("XMP-dc:Title-de", of: copy), "", "no title left in another language")
        }
    }

    func testAHEIFAndAnAVIFGetTheSidecarsEveryPeerLooksFor() throws {
        // Both encoders keep the JPEG's XMP, so each copy carries an old title of its own.
        let titled = try original(SamplePhotos.cameras[0], named: "titled.jpg")
        let heic = try encoded(by: "heif-enc", ["-q", "30", titled.path, "-o"], to: "phone.heic")
        let avif = try encoded(by: "avifenc", ["-s", "8", titled.path], to: "camera.avif")
        try snapshelf("import", "--label", long, heic.path)
        try snapshelf("import", "--label", "An AVIF", avif.path)
        try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(try exported(), ["camera.avif", "camera.avif.xmp", "camera.xmp", "phone.heic", "phone.heic.xmp", "phone.xmp"])
        // Shotwell 0.30 opens no HEIF or AVIF at all.
        let darktable = try PeerTitles.darktable(exports, scratch: folder.url)
        for (name, label, original) in [("phone.heic", long, heic), ("camera.avif", "An AVIF", avif)] {
            try assertPeersShow(label, for: name, darktable: darktable, shotwell: false)
            // The copy's own XMP carries it too, for digiKam as it starts, reading no sidecar.
            let copy = exports.appendingPathComponent(name)
            XCTAssertEqual(try PeerTitles.digiKam(copy, readingSidecars: false), label, name)
            XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: copy), label, name)
            XCTAssertEqual(try decoded(copy), try decoded(original), "\(name): the same pixels")
        }
        // Exiv2 0.27, which digiKam reads through, as darktable does: the copies alone, without sidecars.
        let alone = folder.url.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        for name in ["phone.heic", "camera.avif"] {
            try FileManager.default.copyItem(at: exports.appendingPathComponent(name), to: alone.appendingPathComponent(name))
        }
        let scratch = folder.url.appendingPathComponent("darktable-alone")
        XCTAssertEqual(try PeerTitles.darktable(alone, scratch: scratch), ["phone.heic": long, "camera.avif": "An AVIF"])
    }

    func testAPhotoWhoseLabelWasClearedExportsWithNoTitleAnyPeerShows() throws {
        // Its own title in XMP, EXIF's XPTitle and IPTC's caption, with a description beside it.
        try snapshelf("import", SamplePhotos.jpeg("xmp/no_exif.jpg").path)
        try snapshelf("import", try original(SamplePhotos.cameras[0], named: "titled.jpg").path)
        let heic = try encoded(by: "heif-enc", ["-q", "30", try original(SamplePhotos.cameras[1], named: "phone.jpg").path, "-o"],
                               to: "phone.heic")
        try snapshelf("import", heic.path)
        for id in ["1", "2", "3"] { try snapshelf("label", id, "") }
        try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(try exported(), ["no_exif.jpg", "phone.heic", "titled.jpg"], "nothing to put in a sidecar")

        let darktable = try PeerTitles.darktable(exports, scratch: folder.url)
        for name in try exported() {
            let copy = exports.appendingPathComponent(name)
            if name.hasSuffix(".jpg") { XCTAssertNil(try PeerTitles.shotwell(copy), "Shotwell, \(name)") }
            XCTAssertNil(try PeerTitles.gThumb(copy), "gThumb, \(name)")
            XCTAssertNil(try PeerTitles.digiKam(copy), "digiKam, \(name)")
            XCTAssertEqual(darktable[name] ?? "", "", "darktable, \(name)")
        }
        let goalie = exports.appendingPathComponent("no_exif.jpg")
        XCTAssertEqual(try ExifTool.value("EXIF:XPTitle", of: goalie), "", "Windows' title goes too")
        XCTAssertEqual(try ExifTool.value("IPTC:Caption-Abstract", of: goalie), "")
        // What peers read as descriptions stays.
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: goalie), "Der Goalie bin ig")
        XCTAssertEqual(try ExifTool.value("EXIF:ImageDescription", of: goalie), "Der Goalie bin ig")
        let titled = exports.appendingPathComponent("titled.jpg")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Description", of: titled), "A caption of the scene", "the caption, as a description")
        XCTAssertEqual(try ExifTool.value("IPTC:Headline", of: titled), "")
        XCTAssertEqual(try decoded(heic), try decoded(exports.appendingPathComponent("phone.heic")), "the HEIF's pixels kept")
    }

    /// The pixels libheif decodes from a HEIF or AVIF, as a Y4M file's bytes.
    private func decoded(_ file: URL) throws -> Data {
        let output = folder.url.appendingPathComponent("decoded-\(UUID().uuidString).y4m")
        try ExternalTool.run("heif-convert", [file.path, output.path])
        return try Data(contentsOf: output)
    }

    func testCopiesOfOneStemNeverShareASidecar() throws {
        let jpeg = folder.url.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: SamplePhotos.cameras[0], to: jpeg)
        let heic = try encoded(by: "heif-enc", ["-q", "30", SamplePhotos.cameras[1].path, "-o"], to: "photo.heic")
        try snapshelf("import", "--label", "The JPEG", jpeg.path)
        try snapshelf("import", "--label", "The HEIF", heic.path)
        try snapshelf("export", "--to", exports.path, "--all")
        // The other way round: the HEIF first, beside a JPEG exported before and a stray sidecar another app left.
        let later = folder.url.appendingPathComponent("later")
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
        let stray = Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        try stray.write(to: later.appendingPathComponent("photo.jpg.xmp"))
        try snapshelf("export", "--to", later.path, "2", "1")
        try snapshelf("export", "--to", exports.path, "2", "1")

        // "photo (2).jpg" and "photo (3).jpg" would be read with the HEIFs' "photo (2).xmp" and "photo (3).xmp".
        XCTAssertEqual(try exported(), ["photo (2).heic", "photo (2).heic.xmp", "photo (2).xmp", "photo (3).heic", "photo (3).heic.xmp",
                                        "photo (3).xmp", "photo (4).jpg", "photo.jpg"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: later.path).sorted(),
                       ["photo (2).jpg", "photo.heic", "photo.heic.xmp", "photo.jpg.xmp", "photo.xmp"])
        XCTAssertEqual(try Data(contentsOf: later.appendingPathComponent("photo.jpg.xmp")), stray, "what was there is untouched")
        let darktable = try PeerTitles.darktable(exports, scratch: folder.url)
        for name in ["photo.jpg", "photo (4).jpg"] { try assertPeersShow("The JPEG", for: name, darktable: darktable) }
        for name in ["photo (2).heic", "photo (3).heic"] { try assertPeersShow("The HEIF", for: name, darktable: darktable, shotwell: false) }
    }

    func testAnExportThatCannotWriteItsSidecarsSaysSoAndLeavesNothing() throws {
        let heic = try encoded(by: "heif-enc", ["-q", "30", SamplePhotos.cameras[0].path, "-o"], to: "phone.heic")
        try snapshelf("import", "--label", long, heic.path)
        XCTAssertEqual(chmod(exports.path, 0o500), 0)
        let readOnly = try snapshelf("export", "--to", exports.path, "1", expecting: 1, through: SnapshelfProcess.unprivileged)
        XCTAssertTrue(readOnly.standardError.contains("exports/phone.heic: you do not have permission to write into that folder"),
                      readOnly.standardError)
        XCTAssertEqual(chmod(exports.path, 0o700), 0)

        // A HEIF whose own XMP is to carry the label, where a file may grow no larger than the copy
        // (dash counts in 512-byte blocks), which is larger than the library's own files.
        let titled = try encoded(by: "heif-enc", ["-q", "90", try original(SamplePhotos.jpeg("gps/DSCN0010.jpg"), named: "titled.jpg").path, "-o"],
                                 to: "titled.heic")
        try snapshelf("import", "--label", long, titled.path)
        let titledSize = try FileManager.default.attributesOfItem(atPath: titled.path)[.size] as? Int ?? 0
        let limited = try snapshelf("export", "--to", exports.path, "2", expecting: 1,
                                    through: ["/bin/sh", "-c", "ulimit -f \((titledSize + 511) / 512); exec \"$0\" \"$@\""])
        XCTAssertTrue(limited.standardError.contains("exports/titled.heic: there is not enough space on the disk"), limited.standardError)
        XCTAssertEqual(try exported(), [], "no partial file, no temporary file")

        // Room for the copy, none for its sidecars.
        let size = try FileManager.default.attributesOfItem(atPath: heic.path)[.size] as? Int ?? 0
        let disk = try SmallFilesystem(kilobytes: size / 1024 + 256, at: exports)
        try disk.fill(leaving: (size + 4095) / 4096 * 4)
        let full = try snapshelf("export", "--to", exports.path, "1", expecting: 1, through: disk.wrapper)
        XCTAssertTrue(full.standardError.contains("exports/phone.heic.xmp: there is not enough space on the disk"), full.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.reach(exports).path), ["filler"],
                       "no copy without its sidecars, no temporary file")
    }
}
