// How a LibraryError reads where the model's own texts carry one: an import's failure, a check's
// finding, a note on opening. The words are SnapshelfMessages', above the model, which installs
// them when the window or the command line starts; the model keeps none of its own.
import Synchronization

public struct LibraryErrorWording: Sendable {
    /// The whole message: what Snapshelf was doing, then what went wrong.
    public let message: @Sendable (LibraryError) -> String
    /// What went wrong alone, with its repair.
    public let reason: @Sendable (LibraryError) -> String

    public init(message: @escaping @Sendable (LibraryError) -> String, reason: @escaping @Sendable (LibraryError) -> String) {
        self.message = message
        self.reason = reason
    }

    private static let installed = Mutex<LibraryErrorWording?>(nil)

    public static func install(_ wording: LibraryErrorWording) {
        installed.withLock { $0 = wording }
    }

    static var current: LibraryErrorWording? { installed.withLock { $0 } }
}

extension LibraryError: CustomStringConvertible {
    public var description: String { LibraryErrorWording.current?.message(self) ?? unworded }

    /// What went wrong, for a text of the model's that names the error.
    var detail: String { LibraryErrorWording.current?.reason(self) ?? unworded }

    /// The case and its values, where nothing installed words: only tests of the model alone.
    private var unworded: String {
        Mirror(reflecting: self).children.first.map { "\($0.label ?? "")\($0.value)" } ?? "LibraryError"
    }
}
