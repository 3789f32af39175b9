// A photo that already has a title from another app brings it as its label, from the places
// those apps write it, in their order; camera filler is never taken, and the original is untouched.
import Foundation
import SnapshelfTestSupport
import XCTest

final class TitleTests: CommandLineTestCase {
    private func photo(_ name: String, from sample: Int, tags: [String] = []) throws -> URL {
        let url = folder.file(named: name, containing: try Data(contentsOf: SamplePhotos.cameras[sample]))
        if !tags.isEmpty {
            try ExifTool.run(["-q", "-overwrite_original"] + tags + [url.path])
        }
        return url
    }

    func testTitlesFromOtherAppsBecomeLabelsInTheirOrderAndTheOriginalsStayAsTheyWere() throws {
        let xmp = try photo("xmp.jpg", from: 0, tags: ["-XMP-dc:Title=Lake at dawn", "-IPTC:ObjectName=not this one"])
        let iptc = try photo("iptc.jpg", from: 1, tags: ["-IPTC:ObjectName=Market day"])
        let filler = try photo("filler.jpg", from: 2, tags: ["-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA", "-IPTC:ObjectName=OLYMPUS DIGITAL CAMERA"])
        let besides = try photo("beside.jpg", from: 3, tags: ["-XMP-dc:Title=embedded loses"])
        try ExifTool.run(["-q", "-o", besides.path + ".xmp", "-XMP-dc:Title=From digiKam’s sidecar"])
        let gthumb = try photo("gthumb.jpg", from: 4)
        try ExifTool.run(["-q", "-o", folder.url.appendingPathComponent("gthumb.xmp").path, "-XMP-dc:Title=From gThumb’s sidecar"])
        let unicode = try photo("unicode.jpg", from: 5, tags: ["-XMP-dc:Title-de=Zürich, auf Deutsch", "-XMP-dc:Title=Zürich, <b>Café</b> 日本"])
        let originals = try [xmp, iptc, filler, besides, gthumb, unicode].map { try Data(contentsOf: $0) }

        try snapshelf(["import", xmp.path, iptc.path, filler.path, besides.path, gthumb.path, unicode.path])
        XCTAssertEqual(try snapshelf("list").standardOutput, """
            1\tLake at dawn\txmp.jpg
            2\tMarket day\tiptc.jpg
            3\t\tfiller.jpg
            4\tFrom digiKam’s sidecar\tbeside.jpg
            5\tFrom gThumb’s sidecar\tgthumb.jpg
            6\tZürich, <b>Café</b> 日本\tunicode.jpg

            """)
        XCTAssertEqual(try [xmp, iptc, filler, besides, gthumb, unicode].map { try Data(contentsOf: $0) }, originals)
    }

    func testAGivenLabelOverridesTheTitleAndAnEmptyOneToo() throws {
        let titled = try photo("titled.jpg", from: 0, tags: ["-XMP-dc:Title=Lake at dawn"])
        try snapshelf("import", "--label", "", titled.path)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t\ttitled.jpg\n")
    }

    func testTitlesFollowTheLabelRulesAndBadSidecarsAreNamed() throws {
        let long = String(repeating: "é", count: 600)
        let titled = try photo("long.jpg", from: 0, tags: ["-XMP-dc:Title=line\none\u{202E}" + long])
        let notXMP = try photo("junk.jpg", from: 1)
        try Data("not xml".utf8).write(to: URL(fileURLWithPath: notXMP.path + ".xmp"))
        let huge = try photo("huge.jpg", from: 2)
        try Data(count: 2 << 20).write(to: URL(fileURLWithPath: huge.path + ".xmp"))
        let outcome = try snapshelf("import", titled.path, notXMP.path, huge.path)
        XCTAssertTrue(outcome.standardError.contains("note: \(notXMP.path).xmp: it is not XMP that can be read"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("note: \(huge.path).xmp: it is 2.1\u{A0}MB, more than a sidecar can be"), outcome.standardError)
        let label = String(try snapshelf("list").standardOutput.split(separator: "\n")[0].split(separator: "\t")[1])
        XCTAssertEqual(label, "line one" + String(repeating: "é", count: 492), "normalised, then cut to 500 characters")
    }
}
