// The title each peer shows for an exported copy, by the rule its own source follows, applied to
// what exiftool reads from the copy and the sidecars beside it; and darktable's, read by
// darktable itself.
// - Shotwell 0.30, `src/photos/PhotoMetadata.vala` `get_title`: IPTC's object name whenever the
//   file has one; else the first of IPTC's caption, Xmp.dc.title (its first language, in Exiv2
//   0.27's alphabetical order), IPTC's headline, Xmp.photoshop.Headline, Xmp.acdsee.caption. No
//   sidecar; it opens no HEIF, AVIF or WebP (`PhotoFileFormat`: JFIF, RAW, PNG, TIFF, BMP, GIF).
// - gThumb 3.12, `extensions/exiv2_tools/exiv2-utils.cpp`: the file's tags, then those of
//   `exiv2_get_sidecar`'s `photo.xmp` over them; Xmp.dc.title, else IPTC's headline where it
//   differs from the caption (`exiv2_update_general_attributes`).
// - digiKam 7.9, `core/libs/metadataengine/`: `photo.xmp` when there is one, else
//   `photo.heic.xmp` (`MetaEngine::sidecarFilePathForFile`), whose XMP replaces the file's
//   (`loadSidecarData`); Xmp.dc.title, then Xmp.acdsee.caption, then IPTC's object name
//   (`DMetadata::getItemTitles`).
// - darktable 4.2, `src/common/exif.cc` `dt_exif_xmp_read`: `photo.heic.xmp`, else Lightroom's
//   `photo.xmp` (`src/common/image.c` `_image_import_internal`, `dt_lightroom_import`), over the
//   file's own; `darktable-cli` imports the copy so and exports it, and the title it read is in
//   the XMP of what it wrote.
import Foundation
import SnapshelfTestSupport
import XCTest

enum PeerTitles {
    private typealias Tags = [String: String]

    /// The tags the peers' rules look at, keyed as exiftool groups them ("IPTC:ObjectName",
    /// "XMP-dc:Title", "XMP-dc:Title-de"), from a photo or a sidecar.
    private static func tags(of file: URL) throws -> Tags {
        let json = try ExifTool.run(["-j", "-a", "-G1", "-IPTC:ObjectName", "-IPTC:Caption-Abstract", "-IPTC:Headline",
                                     "-XMP-dc:all", "-XMP-photoshop:Headline", "-XMP-acdsee:Caption", file.path])
        let objects = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return (objects.first ?? [:]).reduce(into: [:]) { tags, entry in
            if entry.key != "SourceFile" { tags[entry.key] = "\(entry.value)" }
        }
    }

    /// `photo.heic.xmp` and `photo.xmp` beside a copy, where they are.
    private static func sidecars(of copy: URL) -> (whole: URL?, stem: URL?) {
        let whole = copy.appendingPathExtension("xmp")
        let stem = copy.deletingPathExtension().appendingPathExtension("xmp")
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) ? url : nil }
        return (exists(whole), exists(stem))
    }

    /// Xmp.dc.title in the language a reader takes first: `x-default` where one names it,
    /// else the first language alphabetically, as Exiv2 0.27 lists them.
    private static func title(_ tags: Tags, defaultFirst: Bool) -> String? {
        let languages = tags.keys.filter { $0.hasPrefix("XMP-dc:Title") }
            .map { $0 == "XMP-dc:Title" ? "x-default" : String($0.dropFirst("XMP-dc:Title-".count)) }.sorted()
        let chosen = defaultFirst && languages.contains("x-default") ? "x-default" : languages.first
        return chosen.flatMap { tags[$0 == "x-default" ? "XMP-dc:Title" : "XMP-dc:Title-\($0)"] }
    }

    static func shotwell(_ copy: URL) throws -> String? {
        let tags = try tags(of: copy)
        let found = tags["IPTC:ObjectName"] ?? [tags["IPTC:Caption-Abstract"], title(tags, defaultFirst: false), tags["IPTC:Headline"],
                                                tags["XMP-photoshop:Headline"], tags["XMP-acdsee:Caption"]].compactMap { $0 }.first
        let stripped = found?.trimmingCharacters(in: .whitespaces)
        return stripped.flatMap { $0.isEmpty || $0.contains("\n") || $0.contains("\r") ? nil : $0 }
    }

    static func gThumb(_ copy: URL) throws -> String? {
        var tags = try tags(of: copy)
        if let sidecar = sidecars(of: copy).stem {
            // A key the sidecar has replaces the file's, every language of the title with it.
            let read = try Self.tags(of: sidecar)
            if read.keys.contains(where: { $0.hasPrefix("XMP-dc:Title") }) { tags = tags.filter { !$0.key.hasPrefix("XMP-dc:Title") } }
            tags.merge(read) { $1 }
        }
        if let title = title(tags, defaultFirst: true) { return title }
        return tags["IPTC:Headline"] != tags["IPTC:Caption-Abstract"] ? tags["IPTC:Headline"] : nil
    }

    /// `readingSidecars` is digiKam's setting "Read from sidecar files", off unless turned on.
    static func digiKam(_ copy: URL, readingSidecars: Bool = true) throws -> String? {
        var tags = try tags(of: copy)
        let beside = sidecars(of: copy)
        if readingSidecars, let sidecar = beside.stem ?? beside.whole {
            tags = tags.filter { !$0.key.hasPrefix("XMP") }.merging(try Self.tags(of: sidecar)) { $1 }
        }
        return title(tags, defaultFirst: true) ?? tags["XMP-acdsee:Caption"] ?? tags["IPTC:ObjectName"]
    }

    /// The titles darktable 4.2 reads, by copy name, for every photo in `folder`: one
    /// `darktable-cli` run imports the folder as darktable does and exports each photo small.
    static func darktable(_ folder: URL, scratch: URL) throws -> [String: String] {
        try TestTier.mayStart("darktable")
        let output = scratch.appendingPathComponent("darktable-out")
        try ExternalProgram.output(of: "/usr/bin/darktable-cli", [
            folder.path, output.path + "/$(FILE_NAME).$(FILE_EXTENSION)", "--out-ext", "jpg", "--width", "16", "--height", "16",
            "--core", "--library", ":memory:", "--configdir", scratch.appendingPathComponent("darktable-config").path,
            "--cachedir", scratch.appendingPathComponent("darktable-cache").path, "--disable-opencl",
        ])
        var titles: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            let title = try ExifTool.value("XMP-dc:Title", of: output.appendingPathComponent(name))
            titles[String(name.dropLast(".jpg".count))] = title
        }
        return titles
    }
}
