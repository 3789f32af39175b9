// What an error says where the code that shows it does not know its type, as after a worker's
// step: the library's, import's, decoding's and a label's errors in their words, any other as it describes itself.
import SnapshelfModel

public enum ErrorMessage {
    public static func of(_ error: any Error) -> String {
        switch error {
        case let error as LibraryError: error.message
        case let error as ImportError: error.message
        case let error as DecodingFailure: error.message
        case let error as Label.Problem: error.words
        case let error as ShotwellError: error.message
        default: "\(error)"
        }
    }
}
