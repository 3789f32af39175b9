// The dialog behind a toast's Details button: the event's latest message, which says how it
// ended (an import's total), stays on top, and every earlier message (the files that failed, the
// notes) is listed under it, wrapped, scrolled when long, and selectable so it can be copied. It
// offers what the toast could not: the event's action and the step it can undo, beside Close.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum NoticeDetails {
    /// How tall the list grows before it scrolls.
    static let listHeight = 240

    /// A dialog over `parent` telling the event; `take` undoes or redoes its step.
    static func dialog(_ event: NoticeEvent, parent: Window,
                       take: @escaping @MainActor (NoticeEvent.Step) -> Void) -> MessageDialog {
        let latest = event.messages.last ?? ""
        // The latest as the heading when it is short enough to be one, else as the body.
        let short = latest.count <= NoticeEvent.titleLength
        let dialog = MessageDialog(parent: parent, heading: short ? latest : Mnemonic.plain(tr("_Details")), body: short ? "" : latest)
        let earlier = event.messages.dropLast()
        if !earlier.isEmpty {
            dialog.extraChild = list(Array(earlier))
        }
        dialog.addResponse("close", label: tr("_Close"))
        if let action = event.action { dialog.addResponse("action", label: action.label, appearance: .suggested) }
        switch event.step {
        case .undo: dialog.addResponse("undo", label: tr("_Undo"))
        case .redo: dialog.addResponse("redo", label: tr("_Redo"))
        case nil: break
        }
        dialog.closeResponse = "close"
        dialog.defaultResponse = "close"
        dialog.onResponse { response in
            switch response {
            case "action": event.action?.perform()
            case "undo": take(.undo)
            case "redo": take(.redo)
            default: break
            }
        }
        return dialog
    }

    /// One selectable label for each message, set apart from the next, wrapped at a width that
    /// reads well: a dialog opened over a wide window stays narrow enough for the window narrowed.
    private static func list(_ messages: [String]) -> Widget {
        let column = Box(.vertical, spacing: 6)
        column.append(messages.map { message in
            let label = Label(message)
            label.wraps = true
            label.breaksLongWords = true
            label.xAlignment = 0
            label.maxWidthChars = 40
            label.isSelectable = true
            return label
        })
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.growWithContent(upTo: listHeight)
        scroller.setChild(column)
        return scroller
    }
}
