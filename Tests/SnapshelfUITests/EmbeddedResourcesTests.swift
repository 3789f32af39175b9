// The files of Resources/ are compiled into the binary as they are in the source tree.
import Foundation
import SnapshelfGlue
import XCTest

final class EmbeddedResourcesTests: XCTestCase {
    private let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    func testEveryFileOfTheManifestIsCompiledInWhole() throws {
        EmbeddedResources.register()
        for sheet in ["style.css", "style-hc.css"] {
            XCTAssertEqual(EmbeddedResources.text(of: sheet),
                           try String(contentsOf: resources.appendingPathComponent(sheet), encoding: .utf8), sheet)
        }
        let manifest = try String(contentsOf: resources.appendingPathComponent("snapshelf.gresource.xml"), encoding: .utf8)
        // Each <file ...>path</file> element, one to a line, is found at its alias if it has one.
        let files = manifest.split(separator: "\n").filter { $0.contains("</file>") }.compactMap { line in
            if let alias = line.components(separatedBy: "alias=\"").dropFirst().first?.split(separator: "\"").first {
                return String(alias)
            }
            return line.split(separator: ">").dropFirst().first?.split(separator: "<").first.map(String.init)
        }
        XCTAssertEqual(files.count, 7)
        for file in files {
            XCTAssertNotNil(EmbeddedResources.text(of: file), "“\(file)” is not in the binary")
        }
        XCTAssertNil(EmbeddedResources.text(of: "missing.css"))
    }
}
