// Photos whose camera says when they were taken, made at test time: a copy of a shared JPEG given
// its DateTimeOriginal (and OffsetTimeOriginal) by exiftool, and the HEIC and AVIF that heif-enc
// and avifenc make from it, which carry its EXIF along in their Exif items.
import Foundation

public enum DatedPhotos {
    /// A copy of the Canon photo in `folder` whose camera says it was taken at `clock`
    /// ("2022:08:14 14:00:00"), with the offset ("+03:00") when one is given.
    public static func jpeg(named name: String, in folder: URL, clock: String, offset: String?) throws -> URL {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: SamplePhotos.cameras[0], to: copy)
        try ExifTool.run(["-q", "-overwrite_original", "-DateTimeOriginal=\(clock)"] + (offset.map { ["-OffsetTimeOriginal=\($0)"] } ?? [])
                         + [copy.path])
        return copy
    }

    /// A HEIC by heif-enc and an AVIF by avifenc, in `folder`, of such a JPEG.
    public static func heicAndAVIF(in folder: URL, clock: String, offset: String) throws -> [URL] {
        let source = try jpeg(named: "dated.jpg", in: folder, clock: clock, offset: offset)
        let heic = folder.appendingPathComponent("dated.heic")
        let avif = folder.appendingPathComponent("dated.avif")
        try ExternalTool.run("heif-enc", ["-q", "50", source.path, "-o", heic.path])
        try ExternalTool.run("avifenc", ["-s", "10", source.path, avif.path])
        return [heic, avif]
    }
}
