// A library's `.stignore` read as Syncthing's documentation says it decides a path ("Ignoring
// Files"): the first pattern that matches decides, `!` keeps, `/` roots, `*` stays within a
// folder and `**` does not. SyncthingSettingsTests checks a real Syncthing against the same file.
import Foundation
@testable import SnapshelfModel
import XCTest

final class SyncIgnoreRulesTests: XCTestCase {
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
        XCTAssertEqual(SyncIgnoreRules(text: "{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}").patterns.count, 0,
                       "a pattern of more than 256 ways through its alternatives was kept")
    }

    func testARootedPatternMatchesAtTheRootAndAFolderHidesWhatItHolds() {
        XCTAssertTrue(ignored("photos/a.jpg", by: "/photos"))
        XCTAssertFalse(ignored("old/photos/a.jpg", by: "/photos"))
        XCTAssertTrue(ignored("old/photos/a.jpg", by: "photos"))
        XCTAssertTrue(ignored("photos/a.jpg", by: "photos/"))
        XCTAssertFalse(ignored("photostream/a.jpg", by: "photos"))
    }

    func testTheFirstPatternThatMatchesDecides() {
        XCTAssertFalse(ignored("photos/a.jpg.xmp", by: "!/photos/*.xmp", "*.xmp"))
        XCTAssertTrue(ignored("photos/a.jpg.xmp", by: "*.xmp", "!/photos/*.xmp"))
        let rules = SyncIgnoreRules(text: "// a comment\n\n#include more.stignore\n   *.xmp  \r\n[unclosed\n*.jpg")
        XCTAssertEqual(rules.patterns.map(\.text), ["*.xmp", "*.jpg"], "a comment, an include or a malformed pattern was read as a pattern")
        XCTAssertEqual(rules.ignoringPattern(of: "photos/a.jpg")?.line, 6)
        XCTAssertEqual(rules.ignoringPattern(of: "photos/a.jpg.xmp")?.line, 4)
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
        XCTAssertEqual(SyncIgnoreRules(text: "*.JPEG").findings(in: library), [], "a pattern that ignores case only with (?i) matched")
        XCTAssertEqual(SyncIgnoreRules(text: "(?i)*.JPEG").findings(in: library), [.syncthingIgnores(.photos, pattern: "(?i)*.JPEG", line: 1, file: file)])
    }
}
