// One row of a database's schema as SQLite keeps it, compared exactly with what the migrations
// make before `LibrarySchemaCheck` takes it apart as a `LibrarySchemaObject`.
struct SchemaEntry: Hashable {
    let type: String
    let name: String
    let sql: String
    let sqlIsNull: Bool
    let table: String

    var object: LibrarySchemaObject {
        LibrarySchemaObject(type: type, name: name, sql: sql, sqlIsNull: sqlIsNull, table: table)
    }
}
