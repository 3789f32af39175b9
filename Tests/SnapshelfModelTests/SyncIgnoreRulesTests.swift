// A library's `.stignore` read as Syncthing's documentation says it decides a path ("Ignoring
// Files"): the first pattern that matches decides, `!` keeps, `/` roots, `*` stays within a
// folder and `**` does not. SyncthingSettingsTests checks a real Syncthing against the same file.
import Foundation
@testable import SnapshelfModel
import XCTest

final class SyncIgnoreRulesTests: XCTestCase {
    /// What the file's patterns hide of what the computers share, by kind.
    private func hidden(by text: String) -> [String] {
        SyncIgnoreRules(text: text).findings(in: URL(fileURLWithPath: "/library")).map { finding in
            guard case .syncthingIgnores(let files, _, _, _) = finding else { return "\(finding)" }
            return "\(files)"
        }
    }

    private func ignored(_ path: String, by lines: String...) -> Bool {
        SyncIgnoreRules(text: lines.joined(separator: "\n")).ignoringPattern(of: path) != nil
    }

    func testGlobsMatchAsSyncthingsDocumentationSays() {
        // A path, a pattern, and whether Syncthing ignores the path for it.
        let cases: [(String, String, Bool)] = [
            ("telephone", "te*ne", true), ("subdir/telephone", "te*ne", true), ("tele/phone", "te*ne", false),
            ("tele/phone", "te**ne", true), ("photos/a.jpg.xmp", "**/*.xmp", true),
            ("photos", "phot?s", true), ("phot/s", "phot?s", false),
            ("b.jpg", "[a-c].jpg", true), ("b.jpg", "[!a-c].jpg", false),
            ("x.png", "*.{jpg,png}", true), ("x.gif", "*.{jpg,png}", false),
            ("a*b", "a\\*b", true), ("axb", "a\\*b", false),
            ("x.xmp", "(?i)*.XMP", true), ("x.xmp", "*.XMP", false), ("x.xmp", "(?d)(?i)*.XMP", true),
            ("photos/a.jpg", "photos[!_]a.jpg", true),
        ]
        for (path, pattern, expected) in cases {
            XCTAssertEqual(ignored(path, by: pattern), expected, "\(pattern) on \(path)")
        }
    }

    func testAPatternOfManyStarsIsDecidedAtOnce() {
        // Tried naively, every way of splitting the path among the stars: 30 stars over 90 characters.
        let stars = String(repeating: "*a", count: 30) + "b"
        let started = ContinuousClock.now
        XCTAssertFalse(ignored("photos/" + String(repeating: "a", count: 90), by: stars))
        XCTAssertTrue(ignored("photos/" + String(repeating: "a", count: 90) + "b", by: "**" + String(repeating: "a*", count: 30) + "b"))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "matching backtracked through every split")
        // Alternatives over runs of stars, each way through matched alone: stars side by side count as one.
        let ways = String(repeating: "{*,**}", count: 8) + String(repeating: "**", count: 480) + "Z"
        XCTAssertEqual(SyncIgnoreRules(text: ways).findings(in: URL(fileURLWithPath: "/library")), [])
        XCTAssertEqual(hidden(by: "{*,**}{*,**}" + String(repeating: "**", count: 100) + ".xmp"), ["sidecars"],
                       "alternatives over runs of stars were misread, or ran out of steps")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "matching backtracked through every split")
        XCTAssertNil(SyncIgnoreRules(text: "*a").decidingPattern(of: "a", within: .init(steps: 1)), "a spent budget still matched")
        // More ways through its alternatives than are matched here: read, but left unjudged.
        let many = SyncIgnoreRules(text: "*.xmp\n{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}")
        XCTAssertTrue(many.isUnsure)
        XCTAssertEqual(many.findings(in: URL(fileURLWithPath: "/library")), [])
    }

    func testARootedPatternMatchesAtTheRootAndAFolderHidesWhatItHolds() {
        XCTAssertTrue(ignored("photos/a.jpg", by: "/photos"))
        XCTAssertFalse(ignored("old/photos/a.jpg", by: "/photos"))
        XCTAssertTrue(ignored("old/photos/a.jpg", by: "photos"))
        XCTAssertTrue(ignored("photos/a.jpg", by: "photos/"))
        XCTAssertFalse(ignored("photostream/a.jpg", by: "photos"))
        XCTAssertTrue(ignored("photos/a.jpg", by: "**/photos"), "**/ in front hid nothing at the root")
        XCTAssertFalse(ignored("photos/a.jpg.xmp", by: "*.xmp/"), "a pattern ending in / hid a file of that name")
        XCTAssertTrue(ignored("photos/a.jpg", by: "/"))
        XCTAssertFalse(ignored("photos/a.jpg", by: "(?d)//photos"))
    }

    func testTheFirstPatternThatMatchesDecides() {
        XCTAssertFalse(ignored("photos/a.jpg.xmp", by: "!/photos/*.xmp", "*.xmp"))
        XCTAssertTrue(ignored("photos/a.jpg.xmp", by: "*.xmp", "!/photos/*.xmp"))
        let rules = SyncIgnoreRules(text: "// a comment\n\n// another\n   *.xmp  \r\n*.xmp\n*.jpg")
        XCTAssertEqual(rules.patterns.map(\.text), ["*.xmp", "*.jpg"], "a comment or a repeated line was read as a pattern")
        XCTAssertEqual(rules.ignoringPattern(of: "photos/a.jpg")?.line, 6)
        XCTAssertEqual(rules.ignoringPattern(of: "photos/a.jpg.xmp")?.line, 4)
    }

    func testWhatGobwasReadsOtherwiseIsReadSoOrLeftUnjudged() {
        let library = URL(fileURLWithPath: "/library")
        // An unclosed { ends at the line's end, and a \\ there is dropped, as gobwas reads them.
        XCTAssertEqual(hidden(by: "*.{jpeg,png"), ["photos"])
        XCTAssertEqual(hidden(by: "photos\\"), ["photos", "sidecars"])
        // A bracket of several ranges, which gobwas refuses, an include, a line too long: nothing is claimed.
        // Anything but printable ASCII in a pattern (a combining accent, a NUL, a Kelvin sign that
        // Swift takes for K, an İ that folds otherwise, a byte-order mark), and a line Syncthing's
        // reader gives up on, comment or not.
        for unsure in ["[a-zA-Z]*.xmp", "*.xmp\n#include more", String(repeating: "a", count: 2000) + "\n*.xmp",
                       "*.xmp\n{**,}\u{301}", "photos/[!\u{0}]*", "*.xmp\n//" + String(repeating: "x", count: 70_000),
                       "/[\u{212A}-z]*", "!(?i)photos/*.g\u{130}f\nphotos/*.gif", "\u{FEFF}photos"] {
            let rules = SyncIgnoreRules(text: unsure)
            XCTAssertTrue(rules.isUnsure, unsure)
            XCTAssertEqual(rules.findings(in: library), [], unsure)
        }
    }

    func testALineSyncthingCannotReadIsNamedAndNoPatternCounts() {
        let library = URL(fileURLWithPath: "/library")
        for broken in ["[unclosed", "[]", "!", "(?i)(?d)"] {
            let rules = SyncIgnoreRules(text: "*.xmp\n\(broken)\n*.jpeg")
            XCTAssertEqual(rules.patterns.count, 0, broken)
            XCTAssertEqual(rules.findings(in: library),
                           [.syncthingIgnoreFileUnreadable(pattern: broken, line: 2, file: library.appendingPathComponent(".stignore"))], broken)
        }
    }

    func testSnapshelfsOwnPatternsHideNothingTheComputersShareAndAPersonsAreNamed() {
        let library = URL(fileURLWithPath: "/library")
        XCTAssertEqual(SyncIgnoreRules(text: LibrarySyncIgnore.block).findings(in: library), [])
        let file = library.appendingPathComponent(".stignore")
        let lines = LibrarySyncIgnore.block.split(separator: "\n").count
        XCTAssertEqual(SyncIgnoreRules(text: LibrarySyncIgnore.block + "*.xmp\n*.changes\n").findings(in: library), [
            .syncthingIgnores(.sidecars, pattern: "*.xmp", line: lines + 1, file: file),
            .syncthingIgnores(.computerRecords, pattern: "*.changes", line: lines + 2, file: file),
        ])
        XCTAssertEqual(SyncIgnoreRules(text: "*.jpg\n*.tif").findings(in: library), [], "an extension no copy takes was taken for a photo's")
        XCTAssertEqual(SyncIgnoreRules(text: "*.JPEG").findings(in: library), [], "a pattern that ignores case only with (?i) matched")
        XCTAssertEqual(SyncIgnoreRules(text: "(?i)*.JPEG").findings(in: library), [.syncthingIgnores(.photos, pattern: "(?i)*.JPEG", line: 1, file: file)])
    }
}
