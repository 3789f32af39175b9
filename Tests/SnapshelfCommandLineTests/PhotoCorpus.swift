// Many distinct, small, valid photos made from the shared samples: each is a sample with a
// different comment after its end-of-image marker, so each has its own content hash.
import Foundation
import SnapshelfTestSupport

enum PhotoCorpus {
    /// Makes `count` photos numbered from `first`: corpora with numbers of their own share no photo.
    static func make(_ count: Int, in folder: URL, from first: Int = 0) throws -> [URL] {
        let samples = try SamplePhotos.cameras.map { try Data(contentsOf: $0) }
        return try (first..<first + count).map { index in
            let url = folder.appendingPathComponent(String(format: "photo-%04d.jpg", index))
            try (samples[index % samples.count] + Data("snapshelf corpus \(index)".utf8)).write(to: url)
            return url
        }
    }
}
