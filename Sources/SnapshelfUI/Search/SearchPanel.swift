// The search bar above the grid. Ctrl+F, or typing while the grid is shown, opens it; the photos
// filter as the person types; it says how many match. Enter opens the first match and Down goes
// to it in the grid. Escape or closing it shows them all again.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class SearchPanel {
    let root: SearchBar
    let entry = SearchEntry(placeholder: tr("Search labels and file names"))
    private let countLabel = Label()
    private let window: Window
    /// Called with the text to filter by, empty for none, as the person types or closes the bar.
    var changed: (@MainActor (String) -> Void)?
    /// Called when the bar opens or closes.
    var openChanged: (@MainActor (Bool) -> Void)?
    /// Called for Enter in the entry, to open the first match.
    var openFirstResult: (@MainActor () -> Void)?
    /// Called for Down in the entry, to go to the first match in the grid.
    var focusFirstResult: (@MainActor () -> Void)?

    init(window: Window) {
        self.window = window
        countLabel.addStyleClass("dim-label")
        countLabel.addStyleClass("search-count")
        // Wide enough for any count, so the entry does not shift as the count changes.
        countLabel.widthChars = 16
        countLabel.xAlignment = 0
        // Heard only with a count: empty, GTK 4.8 would call it "GtkLabel".
        countLabel.hideFromScreenReaders()
        // Wide where there is room, and narrow enough for a 400-point window.
        entry.setWidth(chars: 10, upTo: 40)
        let box = Box(.horizontal, spacing: 12)
        box.append([entry, countLabel])
        root = SearchBar(child: box, entry: entry, closeName: tr("Close Search"))
        entry.onSearchChanged { [weak self] in
            guard let self else { return }
            changed?(text)
        }
        root.onSearchingChanged { [weak self] in
            guard let self else { return }
            openChanged?(isOpen)
            guard !isOpen else { return }
            // Closed: every photo shows again, and the next search starts afresh.
            if !text.isEmpty {
                entry.text = ""
            }
            showCount(nil)
            changed?("")
        }
        entry.onActivate { [weak self] in self?.openFirstResult?() }
        installKeys()
        captureTyping(true)
    }

    private func installKeys() {
        let actions = ActionGroup()
        var keys: [(trigger: String, action: String)] = []
        for command in Command.allCases where command.scope == .search {
            actions.addAction(command.rawValue) { [weak self] in self?.focusFirstResult?() }
            keys += command.localKeys.map { ($0, command.detailedName) }
        }
        entry.insertActionGroup(actions, prefix: "search")
        entry.addController(ShortcutController(keys))
    }

    var isOpen: Bool { root.isSearching }
    var text: String { entry.text }
    var countText: String { countLabel.text }

    func open() {
        root.isSearching = true
        entry.grabFocus()
    }

    func close() {
        root.isSearching = false
    }

    func toggle() {
        isOpen ? close() : open()
    }

    /// Types the text into the entry, as a person would.
    func search(for text: String) {
        open()
        entry.text = text
    }

    /// Says how many photos match, or nothing (and to no one) while no text is typed.
    func showCount(_ count: Int?) {
        guard let count else {
            countLabel.text = ""
            return countLabel.hideFromScreenReaders()
        }
        countLabel.hideFromScreenReaders(false)
        countLabel.text = count == 0 ? tr("No photos match") : String(format: trn("%d photo", "%d photos", count), count)
    }

    /// Typing opens the search only while the grid shows, not over the viewer.
    func captureTyping(_ capture: Bool) {
        root.captureKeys(from: capture ? window : nil)
    }
}
