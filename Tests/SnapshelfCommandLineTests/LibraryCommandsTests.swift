// The commands beyond import and list, and imports that go wrong in ways only a process shows:
// no permission, a full disk, a whole folder tree.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class LibraryCommandsTests: CommandLineTestCase {
    func testImportingSavesEachPhotosThumbnailInTheSharedCache() throws {
        let cacheHome = folder.url.appendingPathComponent("cache")
        let outcome = try SnapshelfProcess.run(
            ["--library", library, "import", SamplePhotos.landscape(orientation: 6).path, SamplePhotos.cameras[0].path],
            environment: ["XDG_CACHE_HOME": cacheHome.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        let cache = ThumbnailCache(directory: cacheHome.appendingPathComponent("thumbnails"))
        let photos = try Library(directory: URL(fileURLWithPath: library)).photos()
        XCTAssertEqual(photos.count, 2)
        for photo in photos {
            XCTAssertEqual(cache.entry(for: photo.fileURL, size: .large), .valid, photo.originalName)
        }
        let upright = try cache.thumbnail(for: photos[0].fileURL, size: .large)
        XCTAssertEqual([upright.width, upright.height], [256, 192])
    }

    func testSearchLabelRemoveAndCheck() throws {
        try snapshelf("import", "--label", "Café in Zürich", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "Paris", SamplePhotos.cameras[1].path)
        XCTAssertEqual(try snapshelf("search", "zurich").standardOutput,
                       "1\tCafé in Zürich\t\(SamplePhotos.cameras[0].lastPathComponent)\n")
        XCTAssertEqual(try snapshelf("search", "berlin").standardOutput, "")

        XCTAssertEqual(try snapshelf("label", "2", "Paris <b>by night</b>").standardOutput,
                       "Photo 2 is now labelled “Paris <b>by night</b>”\n")
        XCTAssertTrue(try snapshelf("list").standardOutput.contains("2\tParis <b>by night</b>\t"))
        XCTAssertTrue(try snapshelf("label", "9", "x", expecting: 1).standardError.contains("no photo with ID 9"))
        XCTAssertTrue(try snapshelf("label", "two", "x", expecting: 2).standardError.contains("not a photo ID"))

        try snapshelf("remove", "1")
        XCTAssertEqual(try ids(), ["2"])
        XCTAssertTrue(try snapshelf("remove", "1", expecting: 1).standardError.contains("no photo with ID 1"))
        XCTAssertTrue(try snapshelf("check").standardOutput.hasPrefix("Library is sound: 1 photo at"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: SamplePhotos.cameras[0].path), "the original stays")
    }

    func testCheckReportsADamagedLibraryWithStatusOne() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try Data("tampered".utf8).write(to: try XCTUnwrap(try copies().first))
        let outcome = try snapshelf("check", expecting: 1)
        XCTAssertTrue(outcome.standardOutput.contains("photo 1: its file"), outcome.standardOutput)
        XCTAssertTrue(outcome.standardOutput.contains("does not match its recorded content"), outcome.standardOutput)
    }

    func testADuplicateIsReportedAndKeepsItsLabel() throws {
        try snapshelf("import", "--label", "original", SamplePhotos.cameras[0].path)
        let copy = folder.file(named: "copy.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        let outcome = try snapshelf("import", "--label", "new", copy.path)
        XCTAssertEqual(outcome.standardOutput, "Already in the library as photo 1: \(copy.path)\n")
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\toriginal\t\(SamplePhotos.cameras[0].lastPathComponent)\n")
    }

    func testLabelsAreLimitedAndNormalisedWithANote() throws {
        let long = String(repeating: "x", count: 501)
        let refused = try snapshelf("import", "--label", long, SamplePhotos.cameras[0].path, expecting: 2)
        XCTAssertTrue(refused.standardError.contains("501 characters long; the limit is 500"), refused.standardError)
        XCTAssertTrue(refused.standardError.hasSuffix("Try “snapshelf import --help”.\n"), refused.standardError)
        let relabel = try snapshelf("label", "1", long, expecting: 2)
        XCTAssertTrue(relabel.standardError.hasSuffix("Try “snapshelf label --help”.\n"), relabel.standardError)
        let normalised = try snapshelf("import", "--label", "two\nlines", SamplePhotos.cameras[0].path)
        XCTAssertTrue(normalised.standardError.contains("1 line break or tab became a space"), normalised.standardError)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\ttwo lines\t\(SamplePhotos.cameras[0].lastPathComponent)\n")
    }

    func testAFolderNeedsRecursiveAndThenImportsEveryPhotoInIt() throws {
        let corpus = folder.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus.appendingPathComponent("inner"), withIntermediateDirectories: true)
        _ = try PhotoCorpus.make(3, in: corpus)
        _ = try PhotoCorpus.make(2, in: corpus.appendingPathComponent("inner"))
        let refused = try snapshelf("import", corpus.path, expecting: 1)
        XCTAssertTrue(refused.standardError.contains("it is a folder, not a file (add --recursive"), refused.standardError)
        try snapshelf("import", "--recursive", corpus.path)
        XCTAssertEqual(try ids().count, 3, "inner/ repeats two of the outer photos, which are duplicates")
    }

    func testASearchOfSeveralWordsFindsThePhotosWhoseLabelOrNameHasEveryOne() throws {
        for (label, photo) in zip(["Dawn at the lake", "lake at noon", "dawn hill"], SamplePhotos.cameras) {
            try snapshelf("import", "--label", label, photo.path)
        }
        let found = try snapshelf("search", "lake", "DAWN").standardOutput
        XCTAssertEqual(found, "1\tDawn at the lake\t\(SamplePhotos.cameras[0].lastPathComponent)\n")
        XCTAssertEqual(try snapshelf("search", "lake").standardOutput.split(separator: "\n").count, 2)
        // The original file's name is searched too: a photo can be found by the camera's name for it.
        XCTAssertEqual(try snapshelf("search", "NIKON_d70").standardOutput,
                       "2\tlake at noon\t\(SamplePhotos.cameras[1].lastPathComponent)\n")
        XCTAssertEqual(try snapshelf("search", "nikon", "noon").standardOutput.split(separator: "\n").count, 1,
                       "a word of the label and a word of the name")
    }

    func testAFolderOfPhotosAndAReadmeImportsThePhotosSaysWhatItSkippedAndSucceeds() throws {
        let corpus = try SamplePhotos.folderWithAReadme(in: folder.url, photos: 2)
        let outcome = try snapshelf("import", "--recursive", corpus.path)
        XCTAssertTrue(outcome.standardOutput.hasPrefix("Skipped 1 file that is not a photo: “README”\n"), outcome.standardOutput)
        XCTAssertEqual(outcome.standardError, "")
        XCTAssertEqual(try ids().count, 2)
        // A file named as one is still tried, and refused with its reason.
        let named = try snapshelf("import", corpus.appendingPathComponent("README").path, expecting: 1)
        XCTAssertTrue(named.standardError.contains("it is not an image"), named.standardError)
    }

    func testTheSharedSamplesImportRecursivelyAndTheRestAreRefusedByName() throws {
        let outcome = try snapshelf("import", "--recursive", SamplePhotos.directory.path, expecting: 1)
        let walked = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: SamplePhotos.directory.path))
            .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .map { SamplePhotos.directory.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        // The READMEs beside the photos are no images: skipped and counted, not refused one by one.
        let readmes = walked.filter { $0.lastPathComponent.hasPrefix("README") }
        XCTAssertGreaterThan(readmes.count, 1)
        var accepted = outcome.standardOutput.split(separator: "\n")
        let skipped = try XCTUnwrap(accepted.first.map(String.init))
        XCTAssertTrue(skipped.hasPrefix("Skipped \(readmes.count) files that are not photos: “README"), skipped)
        accepted.removeFirst()
        let refused = outcome.standardError.split(separator: "\n")
        XCTAssertEqual(accepted.count + refused.count + readmes.count, walked.count, outcome.standardError)
        for file in walked where !readmes.contains(file) {
            let named = (accepted + refused).contains { $0.contains(file.path + ":") || $0.hasSuffix(file.path) || $0.contains(file.path + " as") }
            XCTAssertTrue(named, "\(file.path) is neither imported nor refused by name")
        }
        XCTAssertFalse(refused.contains { $0.contains("README") }, outcome.standardError)
        XCTAssertGreaterThan(accepted.count, 70)
        XCTAssertTrue(try snapshelf("check").standardOutput.hasPrefix("Library is sound"))
    }

    func testEveryBadInputGetsItsMessageAndTheLibraryStaysSound() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let jpeg = try Data(contentsOf: SamplePhotos.landscape(orientation: 1))
        let cases: [(URL, String)] = [
            (folder.file(named: "notes.jpg", containing: Data("shopping list".utf8)), "it is not an image"),
            (folder.file(named: "empty.jpg", containing: Data()), "the file is empty"),
            (folder.file(named: "cut.jpg", containing: jpeg.prefix(jpeg.count / 2)), "the image is incomplete"),
            (InventedImageType.file(in: folder, named: "picture.invented"),
             "its format (\(InventedImageType.mimeType)) is not one Snapshelf can read"),
            (folder.file(named: "bomb.png", containing: CraftedFiles.pngDeclaring(width: 100_000, height: 100_000)),
             "more than the limit of 300 megapixels"),
            (folder.url.appendingPathComponent("missing.jpg"), "there is no file at this path"),
            (folder.url, "it is a folder, not a file"),
        ]
        let loop = folder.url.appendingPathComponent("loop.jpg")
        XCTAssertEqual(symlink(loop.path, loop.path), 0)
        let all = cases + [(loop, "symbolic link that leads back to itself")]
        let environment = try InventedImageType.register(in: folder.url.appendingPathComponent("data"))
        let outcome = try snapshelf(["import", SamplePhotos.cameras[1].path] + all.map(\.0.path), expecting: 1,
                                    environment: environment)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, all.count, outcome.standardError)
        for (file, reason) in all {
            XCTAssertTrue(lines.contains { $0.hasPrefix("snapshelf: \(file.path)") && $0.contains(reason) },
                          "no line says \(file.lastPathComponent): \(reason)\n\(outcome.standardError)")
        }
        XCTAssertEqual(try ids(), ["1", "2"])
        XCTAssertTrue(try snapshelf("check").standardOutput.hasPrefix("Library is sound: 2 photos"))
    }

    func testADamagedHEICGetsOneLineWhetherOrNotALoaderReadsHEIC() throws {
        // With libheif's loader installed this is damaged, and the loader's warnings are its reason;
        // without it, it is a format Snapshelf cannot read. Either way: one line, naming the file.
        let phone = folder.file(named: "phone.heic", containing: CraftedFiles.heic)
        let outcome = try snapshelf("import", phone.path, expecting: 1)
        XCTAssertEqual(outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false).count, 2, outcome.standardError)
        XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: \(phone.path): "), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("the image is damaged (") || outcome.standardError.contains("is not one Snapshelf can read"),
                      outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains("GdkPixbuf gave no reason"), "the loader's own words are the reason")
    }

    func testAFileWithoutReadPermissionIsRefusedByName() throws {
        let locked = folder.file(named: "locked.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        XCTAssertEqual(chmod(locked.path, 0), 0)
        let outcome = try SnapshelfProcess.run(["--library", library, "import", locked.path], through: SnapshelfProcess.unprivileged)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.standardError, "snapshelf: \(locked.path): you do not have permission to read it\n")
    }

    func testAFullDiskFailsTheImportCleanly() throws {
        try snapshelf("import", "--label", "safe", SamplePhotos.cameras[0].path)
        let large = SamplePhotos.jpeg("gps/DSCN0010.jpg")
        // A 64 KiB file-size limit makes the copy's writes fail as they would on a full disk.
        let outcome = try SnapshelfProcess.run(["--library", library, "import", large.path],
                                               through: ["/bin/sh", "-c", "ulimit -f 128; exec \"$0\" \"$@\""])
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertEqual(outcome.standardError,
                       "snapshelf: \(large.path): there is not enough space on the disk for the library's copy\n")
        XCTAssertEqual(try ids(), ["1"])
        XCTAssertTrue(try snapshelf("check").standardOutput.hasPrefix("Library is sound: 1 photo at"))
    }
}
