// The label embedded in an exported copy so that each peer shows it whole, by its own rule.
// Xmp.dc.title is the title gThumb 3.12, digiKam 7.9 and darktable 4.2 read first. Shotwell 0.30
// (`PhotoMetadata.get_title`) reads IPTC's object name alone whenever the file has one, and
// otherwise the first of IPTC's caption, Xmp.dc.title, the headlines: so the object name, which
// IPTC caps at 64 bytes, carries the label only when it holds it whole, and else there is none,
// and a caption left in the original becomes the copy's Xmp.dc.description, where the other
// peers read a description, rather than Shotwell's title. A photo without a label gets a copy
// without any title a peer shows: the label was the original's title until the person cleared it.
import Foundation

extension Metadata {
    static let objectNameTag = "Iptc.Application2.ObjectName"
    static let captionTag = "Iptc.Application2.Caption"
    static let descriptionTag = "Xmp.dc.description"
    /// Windows' title, which no peer reads but Windows Explorer shows; its ImageDescription and
    /// XPComment stay, since the peers read them as descriptions, never as titles.
    static let windowsTitleTag = "Exif.Image.XPTitle"
    /// The titles Shotwell (the headlines), gThumb (IPTC's headline) and digiKam (ACDSee's caption)
    /// take when the tags `embedTitle` sets are missing.
    static let fallbackTitleTags = ["Iptc.Application2.Headline", "Xmp.photoshop.Headline", "Xmp.acdsee.caption"]
    /// IPTC's object name is a title of at most 64 bytes.
    static let objectNameBytes = 64

    /// Embeds `label` as the copy's title; `takesObjectName` says whether the format keeps IPTC
    /// as Shotwell reads it (a JPEG does).
    func embedTitle(_ label: String, takesObjectName: Bool) throws(Failure) {
        // Every language goes: Exiv2 0.27 lists a title's languages alphabetically, and Shotwell
        // shows the first, so a "de" title left beside ours would be the one it shows.
        clear(Sidecar.titleTag)
        clear(Self.windowsTitleTag)
        try setLanguageAlternative(Sidecar.titleTag, label)
        if takesObjectName && label.utf8.count <= Self.objectNameBytes {
            // The UTF-8 escape sequence, so readers take the object name as UTF-8.
            try set("Iptc.Envelope.CharacterSet", "\u{1B}%G")
            try set(Self.objectNameTag, label)
            return
        }
        // A label cut to 64 bytes would be the title Shotwell shows, and an old one another's.
        clear(Self.objectNameTag)
        try describeCaption()
    }

    /// Takes away every title a peer would show, for a photo without a label; returns whether the
    /// copy had any, so that one without is not written anew.
    func clearTitles() throws(Failure) -> Bool {
        let titles = [Sidecar.titleTag, Self.windowsTitleTag, Self.objectNameTag] + Self.fallbackTitleTags
        guard (titles + [Self.captionTag]).contains(where: { string($0) != nil }) else { return false }
        titles.forEach(clear)
        try describeCaption()
        return true
    }

    /// Makes IPTC's caption, which Shotwell shows as the title, the Xmp.dc.description the other
    /// peers show as a description, unless there is one already.
    private func describeCaption() throws(Failure) {
        guard let caption = string(Self.captionTag) else { return }
        if string(Self.descriptionTag) == nil { try setLanguageAlternative(Self.descriptionTag, caption) }
        clear(Self.captionTag)
    }
}
