// Why a file could not become a photo in the library: it could not be read or decoded as an image
// (a DecodingFailure), or import's own steps failed. SnapshelfMessages words it.
import Foundation

public struct ImportError: FileFailure, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The file could not be read or decoded as an image.
        case file(DecodingFailure.Reason)
        case changedDuringImport
        /// The copy could not be written, with the system's words.
        case copyFailed(String)
        case noSpace
        /// The library's disk is full, so it takes no copies.
        case libraryFull(LibraryError)
        /// Another program kept the library's folder locked for longer than Snapshelf waits, `patience`.
        case folderLocked(URL, patience: Duration)
        /// The library's folder cannot hold copies.
        case libraryUnusable(LibraryError)
        /// The copy is placed, but the library could not record its photo.
        case notRecorded(LibraryError)
        case libraryReadOnly
        /// A catalogue's file turned out to be in a hidden folder once opened, where it really is.
        case inHiddenFolder(FileName)
    }

    public let fileSystemPath: FileName
    public let reason: Reason

    public init(fileSystemPath: FileName, reason: Reason) {
        self.fileSystemPath = fileSystemPath
        self.reason = reason
    }

    /// Whether the file was left out for being in a hidden folder, which is no failure of the import.
    public var isInHiddenFolder: Bool {
        if case .inHiddenFolder = reason { true } else { false }
    }

    /// Whether the library's disk is full: no other file of the import can be saved until space is freed.
    public var isDiskFull: Bool {
        switch reason {
        case .noSpace, .libraryFull: true
        case .notRecorded(let error): error.isDiskFull
        default: false
        }
    }

    /// The import error of a file that could not be read or decoded.
    public init(_ failure: DecodingFailure) {
        self.init(fileSystemPath: failure.fileSystemPath, reason: .file(failure.reason))
    }
}
