// A label a photo had before the one it has, as its sidecar's history keeps it: one it was given
// and then changed from, or one that lost when two computers changed it while apart. The
// information panel lists them, newest first, and can give one back.
import Foundation

public struct EarlierLabel: Sendable, Hashable {
    public let label: String
    /// When it was given.
    public let given: Date
    /// The name that the computer which gave it writes into sidecars; nil in a sidecar from
    /// before computers were named.
    public let computer: String?
    /// Whether it was this computer.
    public let isThisComputer: Bool

    public init(label: String, given: Date, computer: String?, isThisComputer: Bool) {
        (self.label, self.given, self.computer, self.isThisComputer) = (label, given, computer, isThisComputer)
    }

    /// The history's entries, newest first, as seen on the computer named `machine`. A sidecar
    /// from another computer holds what it will: each label is made one, as the label a sidecar
    /// gives is, and each computer's name is shown only as plain text of a few words.
    static func list(_ history: SidecarHistory, on machine: String) -> [EarlierLabel] {
        history.entries.map { entry in
            EarlierLabel(label: Label.fitting(entry.label).text, given: ClampedDate.from(milliseconds: entry.changedMilliseconds),
                         computer: entry.machine.isEmpty ? nil : DecoderText.clean(entry.machine, limit: 40),
                         isThisComputer: !entry.machine.isEmpty && entry.machine == machine)
        }
    }
}
