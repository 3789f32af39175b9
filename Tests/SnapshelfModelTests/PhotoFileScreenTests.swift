// The screen of the photo folder's files by their `stat` alone, whose numbers a damaged or crafted
// file system, or a network one, may give as anything: no number stops it.
@testable import SnapshelfModel
import XCTest

final class PhotoFileScreenTests: XCTestCase {
    private func status(size: Int, blocks: Int) -> stat {
        var status = stat()
        status.st_mode = S_IFREG | 0o600
        status.st_size = numericCast(size)
        status.st_blocks = numericCast(blocks)
        return status
    }

    func testAnyCountOfBlocksIsScreenedWithoutTrapping() {
        // Blocks of 512 bytes past the largest number: as many as can be stored, so not sparse.
        for blocks in [Int.max, Int.max / 512 + 1] {
            XCTAssertNil(PhotoFileScreen.refusal(of: status(size: 2 << 20, blocks: blocks)), "\(blocks) blocks")
        }
        _ = PhotoFileScreen.refusal(of: status(size: 2 << 20, blocks: Int.min))
        // And an ordinary sparse file is still one.
        guard case .sparse? = PhotoFileScreen.refusal(of: status(size: 2 << 20, blocks: 8)) else {
            return XCTFail("a file of 2 MiB in 4 KiB was not found sparse")
        }
    }
}
