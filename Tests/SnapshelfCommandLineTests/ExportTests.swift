// Exported photos keep their original names and carry their labels where other apps read them,
// with their pixels as they were; an export that cannot write stops, naming the file, and leaves
// nothing half-written.
import Foundation
import SnapshelfTestSupport
import XCTest

final class ExportTests: CommandLineTestCase {
    private var exports: URL { folder.url.appendingPathComponent("exports") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
    }

    private func exported() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: exports.path).sorted()
    }

    /// The compressed image data of a JPEG, from its first scan on: what decodes to the pixels.
    /// Found by walking the segments, since the EXIF thumbnail inside APP1 has scans of its own.
    private func scanData(_ url: URL) throws -> Data {
        let data = [UInt8](try Data(contentsOf: url))
        var index = 2
        while index + 4 <= data.count, data[index] == 0xFF, data[index + 1] != 0xDA {
            index += 2 + (Int(data[index + 2]) << 8 | Int(data[index + 3]))
        }
        XCTAssertEqual(data[index + 1], 0xDA, url.lastPathComponent)
        return Data(data[index...])
    }

    func testExportedCopiesKeepTheirNamesCarryTheirLabelsAndTheirPixels() throws {
        let long = "Zürich " + String(repeating: "été ", count: 20)
        try snapshelf("import", "--label", long, SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "Market <b>day</b>", SamplePhotos.cameras[1].path)
        try snapshelf("import", SamplePhotos.cameras[2].path)
        let outcome = try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(outcome.standardOutput.split(separator: "\n").count, 3, outcome.standardOutput)
        XCTAssertEqual(try exported(), SamplePhotos.cameras.prefix(3).map(\.lastPathComponent).sorted())

        let first = exports.appendingPathComponent(SamplePhotos.cameras[0].lastPathComponent)
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: first), long)
        // Over IPTC's 64 bytes: no object name, which Shotwell would show cut (see PeerExportTests).
        XCTAssertEqual(try ExifTool.value("IPTC:ObjectName", of: first), "")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: exports.appendingPathComponent(SamplePhotos.cameras[1].lastPathComponent)),
                       "Market <b>day</b>")
        for photo in SamplePhotos.cameras.prefix(3) {
            XCTAssertEqual(try scanData(exports.appendingPathComponent(photo.lastPathComponent)), try scanData(photo), "the pixels are unchanged")
        }
        XCTAssertEqual(try Data(contentsOf: exports.appendingPathComponent(SamplePhotos.cameras[2].lastPathComponent)),
                       try Data(contentsOf: SamplePhotos.cameras[2]), "without a label, the very bytes")

        // Again: nothing is overwritten, and the same photo gives the same bytes.
        try snapshelf("export", "--to", exports.path, "1", "2")
        let again = exports.appendingPathComponent((SamplePhotos.cameras[0].deletingPathExtension().lastPathComponent) + " (2).jpg")
        XCTAssertEqual(try Data(contentsOf: again), try Data(contentsOf: first))
        XCTAssertEqual(try exported().count, 5)
        try assertSound()
    }

    func testAFormatExiv2CannotWriteGetsASidecarBesideTheUnchangedCopy() throws {
        // heif-enc makes the HEIC from a PNG rendering of a shared sample.
        let heic = try encoded(by: "heif-enc", ["-q", "50", try pngOfSample().path, "-o"], to: "phone.heic")
        try snapshelf("import", "--label", "Phone photo", heic.path)
        try snapshelf("rotate", "1", "--by", "90")
        try snapshelf("export", "--to", exports.path, "--all")
        XCTAssertEqual(try exported(), ["phone.heic", "phone.heic.xmp", "phone.xmp"])
        XCTAssertEqual(try Data(contentsOf: exports.appendingPathComponent("phone.heic")), try Data(contentsOf: heic))
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: exports.appendingPathComponent("phone.heic.xmp")), "Phone photo")
        // Its turn is in the sidecar, where the copy cannot take it.
        for sidecar in ["phone.heic.xmp", "phone.xmp"] {
            XCTAssertEqual(try ExifTool.run(["-s3", "-n", "-XMP-tiff:Orientation", exports.appendingPathComponent(sidecar).path]), "6\n")
        }
    }

    func testHelpSaysAHEIFGetsTwoSidecarsAndItsOwnXMPChanged() throws {
        let locale = try ShippedTranslation.compile("fr", into: folder.url)
        func page(_ environment: [String: String]) throws -> String {
            let outcome = try SnapshelfProcess.run(["help", "export"], environment: environment)
            XCTAssertEqual(outcome.status, 0, outcome.standardError)
            return outcome.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let english = try page([:])
        XCTAssertTrue(english.contains("get the label in two XMP sidecars beside the copy, \"photo.heic.xmp\" and \"photo.xmp\", since apps "
                                       + "look for either; where a HEIF or AVIF already carries XMP, that XMP is changed to the label too."), english)
        XCTAssertFalse(english.contains("instead"), english)
        let french = try page(["SNAPSHELF_LOCALEDIR": locale.path, "LANGUAGE": "fr"])
        XCTAssertTrue(french.contains("reçoivent la légende dans deux fichiers annexes XMP"), french)
        XCTAssertTrue(french.contains("quand un HEIF ou un AVIF porte déjà du XMP, ce XMP prend lui aussi la légende."), french)
    }

    func testAHEIFsSidecarTurnsItFromHowSnapshelfShowsIt() throws {
        let sideways = SamplePhotos.landscape(orientation: 6)
        // heif-enc keeps the JPEG's EXIF orientation, 6, and writes no irot: that EXIF turns it.
        let heic = try encoded(by: "heif-enc", ["-q", "50", sideways.path, "-o"], to: "sideways.heic")
        // avifenc writes irot, which libheif applies, and keeps the EXIF's 6, which must not turn it again.
        let avif = try encoded(by: "avifenc", ["-s", "8", sideways.path], to: "turned.avif")
        try snapshelf("import", heic.path, avif.path)
        try snapshelf("rotate", "1", "2", "--by", "90")
        try snapshelf("export", "--to", exports.path, "--all")
        // Both show upright before the quarter turn: upside down from the stored pixels for the
        // HEIC, a quarter turn from the decoded ones for the AVIF.
        for (name, orientation) in [("sideways.heic", "3\n"), ("turned.avif", "6\n")] {
            let sidecar = exports.appendingPathComponent(name + ".xmp")
            XCTAssertEqual(try ExifTool.run(["-s3", "-n", "-XMP-tiff:Orientation", sidecar.path]), orientation, name)
        }
    }

    /// The file an encoder writes, its name last among the arguments.
    private func encoded(by tool: String, _ arguments: [String], to name: String) throws -> URL {
        let output = folder.url.appendingPathComponent(name)
        try ExternalTool.run(tool, arguments + [output.path])
        return output
    }

    /// A PNG made from a sample by GdkPixbuf's own thumbnailer, the one tool at hand that writes PNG.
    private func pngOfSample() throws -> URL {
        let png = folder.url.appendingPathComponent("sample.png")
        try ExternalTool.run("gdk-pixbuf-thumbnailer", ["-s", "256", SamplePhotos.cameras[0].path, png.path])
        return png
    }

    func testExportsStayOutOfTheLibraryFitLongNamesAndReplaceEveryLanguageOfTheTitle() throws {
        let short = folder.file(named: "short.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        try ExifTool.run(["-q", "-overwrite_original", "-XMP-dc:Title-de=Alter Titel", "-XMP-dc:Title=old", short.path])
        // 254 bytes, a name exiftool's own temporary file could not have beside it.
        let long = folder.url.appendingPathComponent(String(repeating: "é", count: 125) + ".jpg")
        try FileManager.default.moveItem(at: short, to: long)
        try snapshelf("import", "--label", "new title", long.path)
        let refused = try snapshelf("export", "--to", library + "/photos/.incoming", "--all", expecting: 1)
        XCTAssertTrue(refused.standardError.contains("it is inside the library"), refused.standardError)
        // A folder refused before any photo was written: no file to speak of.
        XCTAssertTrue(refused.standardError.hasSuffix("nothing was exported\n"), refused.standardError)
        // Left by an export killed long ago.
        let stale = exports.appendingPathComponent(".snapshelf-export-stale.tmp")
        try Data("partial".utf8).write(to: stale)
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, stale.path, &old, 0), 0)
        try snapshelf("export", "--to", exports.path, "--all")
        try snapshelf("export", "--to", exports.path, "--all")
        let names = try exported()
        XCTAssertEqual(names.count, 2, "\(names)")
        XCTAssertTrue(names.allSatisfy { $0.utf8.count <= 255 })
        let first = exports.appendingPathComponent(long.lastPathComponent)
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: first), "new title")
        XCTAssertEqual(try ExifTool.run(["-s3", "-XMP-dc:Title-de", first.path]), "", "no title left in another language")
    }

    func testAnExportThatCannotWriteStopsNamingTheFileAndLeavesNothingHalfWritten() throws {
        try snapshelf("import", "--label", "one", SamplePhotos.jpeg("gps/DSCN0010.jpg").path)
        let missing = try snapshelf("export", "--to", folder.url.appendingPathComponent("nowhere").path, "--all", expecting: 1)
        XCTAssertTrue(missing.standardError.contains("nowhere: there is no such folder"), missing.standardError)

        XCTAssertEqual(chmod(exports.path, 0o500), 0)
        let readOnly = try snapshelf("export", "--to", exports.path, "1", expecting: 1, through: SnapshelfProcess.unprivileged)
        XCTAssertTrue(readOnly.standardError.contains("exports/DSCN0010.jpg: you do not have permission to write into that folder; the export stopped there"),
                      readOnly.standardError)
        XCTAssertEqual(chmod(exports.path, 0o700), 0)

        let full = try snapshelf("export", "--to", exports.path, "1", expecting: 1, through: ["/bin/sh", "-c", "ulimit -f 64; exec \"$0\" \"$@\""])
        XCTAssertTrue(full.standardError.contains("DSCN0010.jpg: there is not enough space on the disk"), full.standardError)
        XCTAssertEqual(try exported(), [], "no partial file, no temporary file")
        XCTAssertTrue(try snapshelf("export", "--to", exports.path, "7", expecting: 1).standardError.contains("there is no photo with ID 7"))
    }

    func testAnExportedCopyIsTurnedByItsOrientationWithItsPixelsUnchanged() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path, SamplePhotos.landscape(orientation: 6).path,
                      SamplePhotos.landscape(orientation: 5).path)
        try snapshelf("rotate", "1", "--by", "90")
        try snapshelf("rotate", "2", "3", "--by", "270")
        try snapshelf("export", "--to", exports.path, "--all")
        let orientations = try ["Canon_40D.jpg", "landscape_6.jpg", "landscape_5.jpg"].map {
            try ExifTool.run(["-s3", "-n", "-Orientation", exports.appendingPathComponent($0).path])
        }
        // 6 turned three quarters more is upright; 5 (mirrored, a quarter the other way) turns to 4.
        XCTAssertEqual(orientations, ["6\n", "1\n", "4\n"])
        XCTAssertEqual(try scanData(exports.appendingPathComponent("Canon_40D.jpg")), try scanData(SamplePhotos.cameras[0]))
    }
}
