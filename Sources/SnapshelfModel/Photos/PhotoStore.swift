// The photos of one library as the window shows them, in order, read a page at a time: opening
// a library of any size reads its count and the first screen's rows, nothing more. On `refresh`
// it reads the library's change log and tells each observer exactly which positions changed, so a
// grid updates single tiles instead of reloading; changes made by other connections (an import
// on a worker thread, the command line) arrive the same way. Writes go through `library`, as the
// app's own do, and show up on the next refresh.
//
// In the order photos were added, either way round and unfiltered, positions come straight from
// the database. Sorted by label or date taken, or filtered by a search, the store holds the
// matching IDs in order (800 KB for 100,000) and reads the photos a page at a time by ID.
import Foundation

public final class PhotoStore {
    /// Rows read at once; a grid screen needs fewer.
    static let pageSize = 128
    /// Pages kept, least recently used first out: enough for fast scrolling, flat in memory.
    static let pagesKept = 32

    public let library: Library
    /// Told of every change, in the order they subscribed: the grid's list model before the
    /// window's page, which reads the grid.
    private var observers: [(id: Int, handler: (Change) -> Void)] = []
    private var nextObserverID = 0
    public private(set) var count: Int
    public private(set) var order: PhotoOrder = .addedOldestFirst
    /// The text the labels must contain; empty shows every photo.
    public private(set) var filter = ""
    /// The IDs in view order, when the view is sorted other than by date added or filtered.
    private var listed: [Int64]?

    private var pages = LRUCache<Int, [Photo]>(countLimit: PhotoStore.pagesKept)
    /// The change log entry this store has caught up with.
    private var seenChange: Int64
    private var seenChangeCounter: Int64
    /// The largest ID this store has shown, so photos added after it are known to go at the end.
    private var largestID: Int64

    public init(library: Library) throws(LibraryError) {
        self.library = library
        seenChangeCounter = try library.changeCounter()
        seenChange = try library.changeLogBounds().upperBound
        count = try library.photoCount()
        largestID = try library.largestPhotoID()
    }

    /// Opens the library in `directory`, creating it when it does not exist yet.
    public convenience init(directory: URL) throws(LibraryError) {
        try self.init(library: try Library(directory: directory))
    }

    /// Calls `handler` after each change until the subscription is cancelled or released.
    public func observe(_ handler: @escaping (Change) -> Void) -> Subscription {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return Subscription { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    private func report(_ position: Int, removed: Int, added: Int) {
        let change = Change(position: position, removed: removed, added: added)
        // Over a copy, so an observer may cancel while being told; one it cancelled hears no more.
        for observer in observers where observers.contains(where: { $0.id == observer.id }) {
            observer.handler(change)
        }
    }

    /// Shows the photos in this order, only those whose label contains `filter`, and tells the
    /// observers that everything changed.
    public func show(order: PhotoOrder, filter: String = "") throws(LibraryError) {
        self.order = order
        self.filter = filter
        try library.readingOneState { () throws(LibraryError) in try reload() }
    }

    private var isListed: Bool { !filter.isEmpty || (order != .addedOldestFirst && order != .addedNewestFirst) }
    /// Newest first without a filter: positions are those of the oldest-first order, mirrored.
    private var isMirrored: Bool { !isListed && order == .addedNewestFirst }

    /// The photo at a position, read with its page on first use; nil if the library cannot be read
    /// or the position is past the end.
    public func photo(at position: Int) -> Photo? {
        guard position >= 0, position < count else { return nil }
        let position = isMirrored ? count - 1 - position : position
        let index = position / Self.pageSize
        let photos: [Photo]
        if let page = pages.value(forKey: index) {
            photos = page
        } else {
            guard let read = try? readPage(index) else { return nil }
            photos = read
            pages.insert(photos, forKey: index)
        }
        return photos.indices.contains(position % Self.pageSize) ? photos[position % Self.pageSize] : nil
    }

    private func readPage(_ index: Int) throws(LibraryError) -> [Photo] {
        guard let listed else { return try library.photos(from: index * Self.pageSize, limit: Self.pageSize) }
        let start = index * Self.pageSize
        return try library.photos(withIDs: Array(listed[start..<min(start + Self.pageSize, listed.count)]))
    }

    /// Where the photo is shown, or nil when it is not: not in the library, or hidden by the filter.
    public func position(ofPhotoWithID id: Int64) -> Int? {
        if let listed { return listed.firstIndex(of: id) }
        guard (try? library.photo(withID: id)) != nil, let position = try? library.position(ofPhotoWithID: id)
        else { return nil }
        return isMirrored ? count - 1 - position : position
    }

    /// Brings the store up to date when another connection changed the library.
    public func refreshIfChanged() throws(LibraryError) {
        guard try library.changeCounter() != seenChangeCounter else { return }
        try refresh()
    }

    /// Applies the library's change log since the last refresh: removals first, from the end, then
    /// insertions from the start, then replacements, each run of neighbours reported as one change.
    /// The log, the count and the positions are read from one state of the library, and the
    /// observers read the photos from it too: a count read after another connection committed
    /// would hold photos no report announced, and a view asking for one would find nothing there.
    public func refresh() throws(LibraryError) {
        try library.readingOneState { () throws(LibraryError) in try applyChangeLog() }
    }

    private func applyChangeLog() throws(LibraryError) {
        seenChangeCounter = try library.changeCounter()
        let bounds = try library.changeLogBounds()
        guard seenChange + 1 >= bounds.lowerBound || bounds.lowerBound == 0 else {
            // The log was trimmed past this store: all that can be said is that everything changed.
            return try reload()
        }
        let changes = try library.changes(after: seenChange)
        guard let last = changes.last else { return }
        seenChange = last.sequence
        pages.removeAll()
        if listed != nil {
            return try refreshListed(updating: Set(changes.filter { $0.kind == .updated }.map(\.photoID)))
        }

        var first: [Int64: LibraryChange.Kind] = [:]
        var final: [Int64: LibraryChange.Kind] = [:]
        for change in changes {
            if first[change.photoID] == nil { first[change.photoID] = change.kind }
            final[change.photoID] = change.kind
        }
        var deleted: [Int64] = []
        var inserted: [Int64] = []
        var updated: [Int64] = []
        for (id, firstKind) in first {
            // IDs are never given to another photo (AUTOINCREMENT), so a first insertion is new to this
            // store: a new photo, or a removed one put back after the store saw it go.
            let existed = firstKind != .inserted
            let exists = final[id] != .deleted
            switch (existed, exists) {
            case (true, false): deleted.append(id)
            case (false, true): inserted.append(id)
            case (true, true): updated.append(id)
            case (false, false): break
            }
        }
        inserted.sort()
        deleted.sort()
        let newCount = try library.photoCount()

        // Removals, from the last: each position is counted in the list as it was, which is the
        // library now, less what was inserted, plus what was deleted, before that ID.
        var removals: [Int] = []
        for id in deleted {
            let now = try library.position(ofPhotoWithID: id)
            removals.append(now - inserted.prefix { $0 < id }.count + deleted.prefix { $0 < id }.count)
        }
        for run in Self.runs(of: removals.sorted(by: >), descending: true) {
            count -= run.length
            emit(run.start, removed: run.length, added: 0)
        }

        // Insertions, from the first: photos after everything shown go at the end without a query.
        var insertions: [Int] = []
        for (index, id) in inserted.enumerated() {
            insertions.append(id > largestID ? newCount - (inserted.count - index) : try library.position(ofPhotoWithID: id))
        }
        for run in Self.runs(of: insertions, descending: false) {
            count += run.length
            emit(run.start, removed: 0, added: run.length)
        }
        largestID = max(largestID, inserted.last ?? 0)

        var replacements: [Int] = []
        for id in updated {
            replacements.append(try library.position(ofPhotoWithID: id))
        }
        for run in Self.runs(of: replacements.sorted(), descending: false) {
            emit(run.start, removed: run.length, added: run.length)
        }
        count = newCount
    }

    /// Reports a change made in oldest-first positions, `count` being the count after it; newest
    /// first, the same photos sit mirrored.
    private func emit(_ start: Int, removed: Int, added: Int) {
        report(isMirrored ? count - start - added : start, removed: removed, added: added)
    }

    /// A sorted or filtered view reads its IDs again and reports what differs as one run, between
    /// the unchanged start and end, and changed labels outside it as replacements.
    private func refreshListed(updating updated: Set<Int64>) throws(LibraryError) {
        let old = listed ?? []
        let new = try listedIDs()
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        listed = new
        count = new.count
        largestID = try library.largestPhotoID()
        if prefix + suffix < max(old.count, new.count) {
            report(prefix, removed: old.count - prefix - suffix, added: new.count - prefix - suffix)
        }
        for (position, id) in new.enumerated() where updated.contains(id) && (position < prefix || position >= new.count - suffix) {
            report(position, removed: 1, added: 1)
        }
    }

    /// The IDs the sorted or filtered view shows, in its order.
    private func listedIDs() throws(LibraryError) -> [Int64] {
        try library.photoIDs(in: order, matching: filter.isEmpty ? nil : filter)
    }

    private func reload() throws(LibraryError) {
        let bounds = try library.changeLogBounds()
        seenChange = bounds.upperBound
        seenChangeCounter = try library.changeCounter()
        pages.removeAll()
        let old = count
        listed = isListed ? try listedIDs() : nil
        if let listed {
            count = listed.count
        } else {
            count = try library.photoCount()
        }
        largestID = try library.largestPhotoID()
        report(0, removed: old, added: count)
    }

    /// Neighbouring positions as runs: ascending ones for insertions and replacements, descending
    /// ones (each one less than the last) for removals, which close up behind each other.
    private static func runs(of positions: [Int], descending: Bool) -> [(start: Int, length: Int)] {
        var runs: [(start: Int, length: Int)] = []
        for position in positions {
            if let last = runs.last, descending ? position == last.start - 1 : position == last.start + last.length {
                runs[runs.count - 1] = descending ? (position, last.length + 1) : (last.start, last.length + 1)
            } else {
                runs.append((position, 1))
            }
        }
        return runs
    }
}
