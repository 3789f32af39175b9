// What one event said, for the toast that tells it: an import's failures and its summary, the
// step it offers to undo, what the person can do next. Messages that count things of one kind,
// one after the other, add up into one; the same message again is said once, as the latest; and
// the step's own words ("Imported 8 photos") are not said again beside a summary that begins
// with them ("Imported 8 photos. 1 was already in the library.").
import Foundation
import SnapshelfModel

@MainActor
struct NoticeEvent {
    /// Longer titles are cut by libadwaita 1.2, whose toast shows its title on one line.
    static let titleLength = 60
    /// How many characters the title may take: fewer in a narrow window, whose toast is narrower.
    var titleRoom = Self.titleLength

    /// One message, with what it counts if it counts things.
    private struct Line {
        var text: String
        var tally: Tally?
        /// The undo step's own words, which a summary beginning with them replaces.
        var isStep = false
    }

    /// A count and the sentence that says a count of that kind; the sentence for one tells the kind.
    private struct Tally {
        let count: Int
        let sentence: @MainActor (Int) -> String
    }

    /// What can be done about the event, such as *Open Folder*, with its mnemonic.
    struct Action {
        let label: String
        let perform: @MainActor () -> Void
    }

    private var lines: [Line] = []
    /// Whether the event stays until dismissed: it lists what the person must read, or offers
    /// what can be done nowhere else.
    var stays = false
    var action: Action?
    /// The step the event offers to undo, or to redo when only a redo is left.
    private(set) var step: Step?

    enum Step: Equatable {
        case undo, redo
    }

    var isEmpty: Bool { lines.isEmpty && action == nil && step == nil }
    /// Every message, oldest first.
    var messages: [String] { lines.map(\.text) }
    /// The messages other than the step's own words.
    var said: [String] { lines.filter { !$0.isStep }.map(\.text) }

    mutating func add(_ message: String) {
        lines.removeAll { $0.tally == nil && ($0.text == message || $0.isStep && message.hasPrefix($0.text)) }
        lines.append(Line(text: message))
    }

    mutating func add(counting count: Int, _ sentence: @escaping @MainActor (Int) -> String) {
        if let last = lines.last?.tally, last.sentence(1) == sentence(1) {
            lines.removeLast()
            return lines.append(Line(text: sentence(last.count + count), tally: Tally(count: last.count + count, sentence: sentence)))
        }
        lines.append(Line(text: sentence(count), tally: Tally(count: count, sentence: sentence)))
    }

    /// Offers the step, told in `message` unless a message already says it.
    mutating func offer(_ step: Step?, _ message: String) {
        self.step = step
        if !lines.contains(where: { $0.text.hasPrefix(message) }) {
            lines.append(Line(text: message, isStep: true))
        }
    }

    /// The event after this one's step: it keeps what was said since the step was offered,
    /// such as what undoing it said.
    func next() -> NoticeEvent {
        var next = NoticeEvent()
        if let step = lines.lastIndex(where: \.isStep) { next.lines = Array(lines[(step + 1)...]) }
        return next
    }

    /// The toast's one line: the latest message, which says how the event ended (an import's
    /// summary comes after its failures), its first line. Too long to show whole, it keeps the
    /// whole sentences that fit, the first at least ("Imported 1 photo."), else is cut at a word.
    var title: String {
        guard let latest = lines.last?.text.split(separator: "\n").first.map(String.init) else { return "" }
        guard latest.count > titleRoom else { return latest }
        let sentences = latest.components(separatedBy: ". ")
        if sentences.count > 1, sentences[0].count < titleRoom {
            let fitting = (1...sentences.count).last { sentences.prefix($0).joined(separator: ". ").count < titleRoom } ?? 1
            return sentences.prefix(fitting).joined(separator: ". ") + "."
        }
        let cut = latest.prefix(titleRoom - 1)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// Whether the title leaves something unsaid, which a dialog behind the toast's button says.
    var hasDetails: Bool { lines.count > 1 || title != lines.last?.text }
}
