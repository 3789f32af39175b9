// The check, at every open, that a library's database holds only what Snapshelf's migrations make.
// A trigger runs whenever its table is written, and a view whenever it is read: one that someone
// else added, as in a database brought by Syncthing or edited by another program, would act inside
// every import. The schema is compared with the one the migrations build in memory, version by
// version, before anything is written, and whatever they never made is refused by name.
import Foundation

enum LibrarySchemaCheck {
    /// What the migrations leave at the latest version, each entry exactly as it stands in the
    /// schema: the database of nearly every open, which then needs no taking apart.
    private static let current: Set<SchemaEntry> = {
        guard let memory = try? SQLiteConnection.inMemory() else { return [] }
        for step in LibrarySchema.steps {
            guard (try? memory.execute(step, during: .upgradingDatabase)) != nil else { return [] }
        }
        return Set((try? entries(in: memory)) ?? [])
    }()

    /// Builds what the migrations leave at the latest version, once: a later open finds it made,
    /// or waits for it to be.
    static func prepare() {
        _ = current
    }

    /// What the migrations make: for each type and name, its SQL as it stands after each version,
    /// and for a table, each of its columns and constraints. Built once, in memory.
    private static let known: (shapes: [String: Set<String>], parts: [String: Set<String>]) = {
        var known: (shapes: [String: Set<String>], parts: [String: Set<String>]) = ([:], [:])
        guard let memory = try? SQLiteConnection.inMemory() else { return known }
        for step in LibrarySchema.steps {
            guard (try? memory.execute(step, during: .upgradingDatabase)) != nil,
                  let objects = try? entries(in: memory).map(\.object) else { break }
            for object in objects {
                known.shapes[object.key, default: []].insert(object.shape)
                known.parts[object.key, default: []].formUnion(object.parts)
            }
        }
        // The tables SQLite makes of its own, `ANALYZE`'s statistics, as SQLite writes them.
        for (name, columns) in [("sqlite_stat1", "tbl,idx,stat"), ("sqlite_stat2", "tbl,idx,sampleno,sample"),
                                ("sqlite_stat3", "tbl,idx,neq,nlt,ndlt,sample"), ("sqlite_stat4", "tbl,idx,neq,nlt,ndlt,sample")] {
            let object = LibrarySchemaObject(type: "table", name: name, sql: "CREATE TABLE \(name)(\(columns))")
            known.shapes[object.key, default: []].insert(object.shape)
            known.parts[object.key, default: []].formUnion(object.parts)
        }
        return known
    }()

    /// Refuses the database when its schema holds a trigger, view, table or index that no
    /// migration makes, one of the migrations' names with other SQL, or a table with a column or
    /// a constraint they never gave it, naming a few of them. A table may lack columns, as one
    /// from an older Snapshelf does, and have them in another order, as one whose column was
    /// dropped and added again does: neither runs anything.
    static func refuseUnknown(in connection: SQLiteConnection, at fileURL: URL) throws(LibraryError) {
        let entries = try entries(in: connection)
        guard !current.isSuperset(of: entries) else { return }
        let unknown = entries.map(\.object).filter { object in
            if isConstraintIndex(object) { return false }
            guard known.shapes[object.key]?.contains(object.shape) == true else { return true }
            return !object.parts.isSubset(of: known.parts[object.key] ?? [])
        }
        guard !unknown.isEmpty else { return }
        let named = unknown.prefix(5).map { "\($0.type) “\(DecoderText.clean($0.name, limit: 60))”" }
        throw .database(.unknownSchema(named, more: unknown.count - named.count), during: .openingDatabase(fileURL))
    }

    /// The index SQLite makes for a UNIQUE or PRIMARY KEY constraint of one of our tables, which
    /// has no SQL of its own and so only enforces what the table's own SQL, checked, declares. A
    /// `sqlite_` name is no exemption otherwise: SQLite loads an index or table of any name
    /// written into the schema, and `CREATE UNIQUE INDEX sqlite_evil` would refuse every import.
    private static func isConstraintIndex(_ object: LibrarySchemaObject) -> Bool {
        object.type == "index" && object.sqlIsNull && known.shapes["table " + object.table] != nil
            && object.name.hasPrefix("sqlite_autoindex_" + object.table + "_")
    }

    private static func entries(in connection: SQLiteConnection) throws(LibraryError) -> [SchemaEntry] {
        let statement: SQLiteStatement
        do {
            statement = try connection.prepare("SELECT type, name, coalesce(sql, ''), sql IS NULL, tbl_name FROM sqlite_master", during: .readingSchemaVersion)
        } catch {
            throw error.mendedByRebuild()
        }
        var entries: [SchemaEntry] = []
        while try statement.step() {
            entries.append(SchemaEntry(type: statement.text(at: 0), name: statement.text(at: 1), sql: statement.text(at: 2),
                                       sqlIsNull: statement.integer(at: 3) != 0, table: statement.text(at: 4)))
        }
        return entries
    }
}
