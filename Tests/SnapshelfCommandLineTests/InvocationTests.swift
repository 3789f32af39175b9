// How the command line is read, in process: what each word means and what is refused.
import SnapshelfCommandLine
import SnapshelfModel
import XCTest

final class InvocationTests: XCTestCase {
    func testFilesWithoutACommandOpenTheWindowWithThem() throws {
        XCTAssertEqual(try Invocation.parse(["photo.jpg", "/tmp/more"]), .startGUI(library: nil, files: ["photo.jpg", "/tmp/more"]))
        XCTAssertEqual(try Invocation.parse(["--library", "/lib"]), .startGUI(library: "/lib", files: []))
        XCTAssertThrowsError(try Invocation.parse(["lst"])) { error in
            XCTAssertEqual(error as? UsageError, .unknownCommand("lst"), "a typo is no file name")
        }
    }

    func testEachCommandReadsItsOwnOptionsAndOperands() throws {
        XCTAssertEqual(try Invocation.parse(["import", "-r", "--label=Trip", "a", "--library", "/l", "b"]),
                       .importPhotos(library: "/l", label: "Trip", recursive: true, paths: ["a", "b"]))
        XCTAssertEqual(try Invocation.parse(["search", "--json", "zurich"]), .search(library: nil, json: true, text: "zurich"))
        XCTAssertEqual(try Invocation.parse(["label", "12", "--", "-dashed-"]), .relabel(library: nil, id: 12, label: "-dashed-"))
        XCTAssertEqual(try Invocation.parse(["remove", "3", "4"]), .remove(library: nil, ids: [3, 4]))
        XCTAssertEqual(try Invocation.parse(["check"]), .check(library: nil))
        XCTAssertEqual(try Invocation.parse(["help", "remove"]), .help(.remove))
        XCTAssertEqual(try Invocation.parse(["check", "--help"]), .help(.check))
    }

    func testImportFromShotwellTakesAtMostItsDatabase() throws {
        XCTAssertEqual(try Invocation.parse(["import", "--from-shotwell"]), .importFromShotwell(library: nil, label: nil, database: nil))
        XCTAssertEqual(try Invocation.parse(["import", "--label", "Trip", "--from-shotwell", "/old/photo.db", "--library", "/l"]),
                       .importFromShotwell(library: "/l", label: "Trip", database: "/old/photo.db"))
        XCTAssertEqual(try Invocation.parse(["import", "--from-shotwell=/old/photo.db"]),
                       .importFromShotwell(library: nil, label: nil, database: "/old/photo.db"))
        // A path that is no UTF-8 keeps its bytes.
        let latin1 = Array("/old/caf".utf8) + [0xE9] + Array(".db".utf8)
        XCTAssertEqual(try Invocation.parse(["import", "--from-shotwell=/old/caf\u{FFFD}.db"],
                                            raw: [1: FileName(bytes: Array("--from-shotwell=".utf8) + latin1)]),
                       .importFromShotwell(library: nil, label: nil, database: FileName(bytes: latin1)))
        XCTAssertThrowsError(try Invocation.parse(["import", "--from-shotwell="])) { error in
            XCTAssertEqual(error as? UsageError, .emptyValue("The path of Shotwell’s database"))
        }
        XCTAssertThrowsError(try Invocation.parse(["import", "--from-shotwell", ""])) { error in
            XCTAssertEqual(error as? UsageError, .emptyValue("The path of Shotwell’s database"))
        }
        XCTAssertThrowsError(try Invocation.parse(["list", "--from-shotwell"])) { error in
            XCTAssertEqual(error as? UsageError, .unknownOption("--from-shotwell", command: "list"))
        }
    }

    func testOptionsThatBelongToAnotherCommandAreRefused() {
        XCTAssertThrowsError(try Invocation.parse(["list", "--label", "x"])) { error in
            XCTAssertEqual(error as? UsageError, .unknownOption("--label", command: "list"))
        }
        XCTAssertThrowsError(try Invocation.parse(["check", "--json"])) { error in
            XCTAssertEqual(error as? UsageError, .unknownOption("--json", command: "check"))
        }
    }
}
