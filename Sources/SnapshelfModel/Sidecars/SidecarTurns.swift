// A photo's rotation as the turns each computer gave it, `Xmp.snapshelf.Turns` in its sidecar:
// `machine:count:degrees` entries, space-separated, such as `a1b2:3:90 c3d4:1:270`. The rotation
// is their sum, modulo a full turn. Each computer changes only its own entry, counting each change,
// so when two computers turned one photo while apart, their sidecars merge entry by entry, the
// higher count of each computer winning, and both turns survive: 90 on one and 180 on the other
// make 270, where taking either sidecar's rotation whole would lose the other's turn.
struct SidecarTurns: Equatable, Sendable {
    /// One computer's turns: how many times it changed them, and their total.
    struct Entry: Equatable, Sendable {
        var count: Int
        var degrees: Int
    }

    /// The entry for the rotation a sidecar had before turns were counted, or that another program
    /// set: no machine name is this, since those are hexadecimal.
    static let baseMachine = "base"

    /// The most changes one computer's entry counts: more than anyone makes, and so far below
    /// `Int.max` that counting one more never overflows, whatever a peer's sidecar claims.
    static let maximumCount = Int(Int32.max)

    private(set) var entries: [String: Entry]

    /// The rotation the entries add up to.
    var rotation: Int { entries.values.reduce(0) { ($0 + $1.degrees) % 360 } }

    /// The turns a sidecar holds beside its rotation. Text that cannot be read counts as no turns,
    /// and whatever the entries do not account for of the rotation, as another program's turn, is
    /// the base entry's: the rotation is what every reader shows, so the turns must add up to it.
    init(text: String?, rotation: Int) {
        entries = text.flatMap(Self.parse) ?? [:]
        let rest = Self.rest(from: self.rotation, to: rotation)
        if rest != 0 {
            var base = entries[Self.baseMachine] ?? Entry(count: 0, degrees: 0)
            base.degrees = (base.degrees + rest) % 360
            entries[Self.baseMachine] = base
        }
    }

    init(entries: [String: Entry]) {
        self.entries = entries
    }

    /// Whether the text can name a computer: ASCII letters and digits, as every name a computer
    /// gives itself and the base entry's are.
    static func isMachineName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The turns the text holds, as they are, whatever they add up to; nil where it cannot be read.
    init?(exactly text: String) {
        guard let entries = Self.parse(text) else { return nil }
        self.entries = entries
    }

    private static func parse(_ text: String) -> [String: Entry]? {
        var entries: [String: Entry] = [:]
        for word in text.split(separator: " ") {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, isMachineName(parts[0]),
                  let count = Int(parts[1]), (0...maximumCount).contains(count), let degrees = Int(parts[2]), [0, 90, 180, 270].contains(degrees),
                  entries[String(parts[0])] == nil else { return nil }
            entries[String(parts[0])] = Entry(count: count, degrees: degrees)
        }
        return entries
    }

    /// The text for the sidecar, by machine name so the same turns always read the same; nil for none.
    var text: String? {
        let words = entries.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.count):\($0.value.degrees)" }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// These turns with `machine`'s own entry changed, and counted, so that they add up to
    /// `rotation`; unchanged when they do already.
    func turned(by machine: String, to rotation: Int) -> SidecarTurns {
        let rest = Self.rest(from: self.rotation, to: rotation)
        guard rest != 0 else { return self }
        var turned = self
        let own = entries[machine] ?? Entry(count: 0, degrees: 0)
        // At the most, the count stays: the turn is still made here, only a peer that counts as
        // many may keep its own entry for this computer, which takes 2^31 changes to reach.
        turned.entries[machine] = Entry(count: min(own.count, Self.maximumCount - 1) + 1, degrees: (own.degrees + rest) % 360)
        return turned
    }

    /// The quarter turns from one rotation to another, in 0..<360. A row's rotation may be any
    /// number a damaged database holds, so it is reduced before anything is subtracted from it.
    private static func rest(from current: Int, to rotation: Int) -> Int {
        ((rotation % 360 - current % 360) % 360 + 360) % 360
    }

    /// Both sidecars' turns, each computer's from the sidecar that counts more of them; where both
    /// count as many but differ, as two base entries may, from `self`, the label's winner.
    func merged(with other: SidecarTurns) -> SidecarTurns {
        var merged = self
        for (machine, theirs) in other.entries where theirs.count > (entries[machine]?.count ?? -1) {
            merged.entries[machine] = theirs
        }
        return merged
    }
}
