// Every message the sources mark has a French translation that takes the same arguments, and the
// command line speaks French when LANGUAGE asks for it.
import Foundation
import SnapshelfTestSupport
import XCTest

final class TranslationCatalogueTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    private var folder: TemporaryDirectory!

    override func setUp() {
        folder = TemporaryDirectory()
    }

    override func tearDown() {
        folder = nil
    }

    private var root: URL { ShippedTranslation.projectRoot }

    func testEveryFileWithMessagesIsListedInPOTFILES() throws {
        let listed = Set(try String(contentsOf: root.appendingPathComponent("po/POTFILES"), encoding: .utf8)
            .split(separator: "\n").map(String.init))
        for path in listed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path) is gone")
        }
        let marks = [("Sources", ".swift", try NSRegularExpression(pattern: #"\btrn?\(""#)),
                     ("Resources", ".ui", try NSRegularExpression(pattern: #"translatable="yes""#))]
        var withMessages = 0
        for (folder, suffix, marked) in marks {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)!
            for case let relative as String in files where relative.hasSuffix(suffix) {
                let path = "\(folder)/\(relative)"
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                guard marked.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
                withMessages += 1
                XCTAssertTrue(listed.contains(path), "\(path) has messages but is not in po/POTFILES")
            }
        }
        XCTAssertGreaterThan(withMessages, 20, "the model, the command line, the window and the shortcuts have messages")
    }

    func testEveryMarkedMessageHasAFrenchTranslationWithTheSameArguments() throws {
        // The template is made afresh from the sources, as `meson compile snapshelf-pot` does.
        let template = folder.url.appendingPathComponent("snapshelf.pot")
        try ShippedTranslation.run("/usr/bin/xgettext", ["--from-code=UTF-8", "--keyword=tr", "--keyword=trn:1,2",
                                                         "--no-wrap", "-f", "po/POTFILES",
                                                         "-o", template.path])
        let messages = try CatalogueEntry.read(template)
        XCTAssertGreaterThan(messages.count, 200)
        let french = Dictionary(try CatalogueEntry.read(ShippedTranslation.poFile(for: "fr")).map { ($0.id, $0) },
                                uniquingKeysWith: { first, _ in first })
        for message in messages {
            guard let entry = french[message.id] else {
                XCTFail("po/fr.po lacks “\(message.id)”")
                continue
            }
            XCTAssertFalse(entry.isFuzzy, "po/fr.po has only a guess for “\(message.id)”")
            XCTAssertEqual(entry.translations.count, message.plural.isEmpty ? 1 : 2, "“\(message.id)”")
            for translation in entry.translations {
                XCTAssertFalse(translation.isEmpty, "“\(message.id)” is untranslated")
                XCTAssertEqual(Self.arguments(of: translation), Self.arguments(of: message.id),
                               "“\(translation)” takes other arguments than “\(message.id)”")
            }
        }
    }

    func testCommandLineSpeaksTheShippedTranslation() throws {
        let locale = try ShippedTranslation.compile("fr", into: folder.url)
        let library = folder.url.appendingPathComponent("library").path
        // No LANG or LC_ALL: LANGUAGE alone chooses, even in what would be the plain C locale.
        let french = ["SNAPSHELF_LOCALEDIR": locale.path, "LANGUAGE": "fr"]

        let help = try SnapshelfProcess.run(["--help"], environment: french)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.hasPrefix("Utilisation\u{A0}: snapshelf [--library DIR]"), help.standardOutput)
        XCTAssertTrue(help.standardOutput.contains("affiche les photos de la photothèque"), help.standardOutput)
        for command in ["help", "import", "list", "search", "label", "remove", "check"] {
            let page = try SnapshelfProcess.run([command, "--help"], environment: french).standardOutput
            XCTAssertTrue(page.contains("Utilisation\u{A0}:"), page)
            for line in page.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 79, "\(command) --help fits 80 columns: \(line)")
            }
        }

        let missing = folder.url.appendingPathComponent("absente.jpg").path
        let failed = try SnapshelfProcess.run(["import", "--library", library, missing], environment: french)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.standardError, "snapshelf: \(missing): il n’y a aucun fichier à cet emplacement\n")

        let imported = try SnapshelfProcess.run(["import", "--library", library, "--label", "Lac\tgelé",
                                                 SamplePhotos.cameras[0].path], environment: french)
        XCTAssertEqual(imported.status, 0, imported.standardError)
        XCTAssertEqual(imported.standardOutput, "\(SamplePhotos.cameras[0].path) importé comme photo 1\n")
        XCTAssertEqual(imported.standardError,
                       "snapshelf: remarque\u{A0}: dans la légende, 1 saut de ligne ou tabulation est devenu une espace\n")

        let check = try SnapshelfProcess.run(["check", "--library", library], environment: french)
        XCTAssertEqual(check.standardOutput, "La photothèque est saine\u{A0}: 1 photo dans \(library)\n")

        let typo = try SnapshelfProcess.run(["lst"], environment: french)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.standardError.hasPrefix("snapshelf: commande «\u{A0}lst\u{A0}» inconnue."), typo.standardError)
        XCTAssertTrue(typo.standardError.hasSuffix("Essayez «\u{A0}snapshelf --help\u{A0}».\n"), typo.standardError)

        // GTK sets the locale while it starts; the window's texts must still follow LANGUAGE.
        let noDisplay = try SnapshelfProcess.run(["--library", library], environment: french)
        XCTAssertEqual(noDisplay.status, 1)
        XCTAssertTrue(noDisplay.standardError.hasPrefix("snapshelf: impossible d’ouvrir la fenêtre\u{A0}:"), noDisplay.standardError)

        let english = try SnapshelfProcess.run(["check", "--library", library])
        XCTAssertTrue(english.standardOutput.hasPrefix("Library is sound: 1 photo at"), "without LANGUAGE, English")
    }

    /// The format arguments a text takes, in the order they are consumed; a positional argument
    /// such as %2$@ counts at its position.
    private static func arguments(of text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"%(?:(\d+)\$)?(l{0,2}[dixu]|@)"#)
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        let arguments = matches.enumerated().map { index, match -> (Int, String) in
            let position = Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) } ?? index + 1
            return (position, String(text[Range(match.range(at: 2), in: text)!]))
        }
        return arguments.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
