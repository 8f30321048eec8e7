//! HELP for `supercolumn cqlsh`, in this project's own words (cqlsh's help
//! text is not copied): the topic list, and one page per shell command and
//! per common CQL statement. Pure text, no I/O.

const SHELL: [(&str, &str); 12] = [
    ("ASSUME", "ASSUME [<keyspace>.]<table> NAMES ARE <type>, VALUES ARE <type>, (<column>) VALUES ARE <type>;\n\n  Show this table's names or values as another type in later SELECTs\n  (e.g. a blob column holding text). SHOW ASSUMPTIONS lists them.\n"),
    ("CAPTURE", "CAPTURE '<file>';  CAPTURE OFF;  CAPTURE;\n\n  Append query results to a file instead of the screen, stop doing so,\n  or tell where results are going. Errors and shell output stay on screen.\n"),
    ("CONSISTENCY", "CONSISTENCY [<level>];\n\n  Set the consistency level of later statements (ANY, ONE, TWO, THREE,\n  QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM), or show it.\n  A new session uses ONE.\n"),
    ("COPY", "COPY <table> [(<column>, ...)] TO '<file>' | STDOUT [WITH <option> = '<value>' [AND ...]];\nCOPY <table> [(<column>, ...)] FROM '<file>' | STDIN [WITH ...];\n\n  Write a table's rows as CSV, or insert CSV records as rows.\n  Options: DELIMITER (default ,), QUOTE (\"), ESCAPE (\\), HEADER (false),\n  NULL (empty), ENCODING (utf8, TO only). From STDIN, end with \\. alone on a line.\n"),
    ("DESC", "DESC: short for DESCRIBE.\n"),
    ("DESCRIBE", "DESCRIBE KEYSPACES | KEYSPACE [<name>] | TABLES | TABLE <name> | SCHEMA | CLUSTER;\n\n  List keyspaces or tables, print the CREATE statements that rebuild a\n  keyspace, a table or the whole schema, or show the cluster's name,\n  partitioner, snitch and (inside a keyspace) its token ranges.\n"),
    ("EXIT", "EXIT;  (or QUIT;)\n\n  Leave the shell.\n"),
    ("EXPAND", "EXPAND [ON | OFF];\n\n  Print each result row as a column/value list instead of a table.\n"),
    ("HELP", "HELP [<topic> ...];\n\n  List the help topics, or show the given ones.\n"),
    ("SHOW", "SHOW VERSION | HOST | ASSUMPTIONS;\n\n  Show the server's versions, where this shell is connected, or the\n  ASSUME overrides in effect.\n"),
    ("SOURCE", "SOURCE '<file>';\n\n  Run the statements of a file; an error does not stop the rest.\n"),
    ("TRACING", "TRACING [ON | OFF];\n\n  Ask the server to trace each later statement and print the trace.\n"),
];

const CQL: [(&str, &str); 14] = [
    ("ALTER", "ALTER TABLE <table> ADD <column> <type> | ALTER <column> TYPE <type> | DROP <column> | WITH <option> = <value>;\n"),
    ("APPLY", "See BEGIN.\n"),
    ("BEGIN", "BEGIN [UNLOGGED | COUNTER] BATCH [USING TIMESTAMP <n>] <statements> APPLY BATCH;\n\n  Several INSERT, UPDATE and DELETE statements applied together.\n"),
    ("CREATE_INDEX", "CREATE INDEX [<name>] ON <table> (<column>);\n"),
    ("CREATE_KEYSPACE", "CREATE KEYSPACE <name> WITH replication = {'class': '<strategy>', <options>};\n"),
    ("CREATE_TABLE", "CREATE TABLE <name> (<column> <type>, ..., PRIMARY KEY (<partition key>, <clustering columns>)) [WITH <option> = <value> AND ...];\n"),
    ("DELETE", "DELETE [<column>, ...] FROM <table> [USING TIMESTAMP <n>] WHERE <key conditions>;\n"),
    ("DROP", "DROP KEYSPACE <name>;  DROP TABLE <name>;  DROP INDEX <name>;\n"),
    ("INSERT", "INSERT INTO <table> (<column>, ...) VALUES (<value>, ...) [USING TTL <s> AND TIMESTAMP <n>];\n"),
    ("SELECT", "SELECT <columns> | COUNT(*) FROM [<keyspace>.]<table> [WHERE <conditions>] [ORDER BY <clustering column> [DESC]] [LIMIT <n>] [ALLOW FILTERING];\n\n  Without LIMIT, this shell asks for at most 10000 rows.\n"),
    ("TRUNCATE", "TRUNCATE <table>;  remove every row of a table.\n"),
    ("TYPES", "Column types: ascii, bigint, blob, boolean, counter, decimal, double, float,\ninet, int, text, timestamp, timeuuid, uuid, varchar, varint, list<t>, set<t>, map<k, v>.\n"),
    ("UPDATE", "UPDATE <table> [USING TTL <s> AND TIMESTAMP <n>] SET <column> = <value>, ... WHERE <key conditions>;\n"),
    ("USE", "USE <keyspace>;  names not in double quotes are read in lower case.\n"),
];

/// The topic list (HELP without a topic).
pub fn topics() -> String {
    let shell: Vec<String> = SHELL.iter().map(|(n, _)| n.to_string()).collect();
    let cql: Vec<String> = CQL.iter().map(|(n, _)| n.to_string()).collect();
    format!(
        "\nShell commands:\n{}\nCQL topics:\n{}\n",
        crate::shell::cqlsh::describe::columnize(&shell),
        crate::shell::cqlsh::describe::columnize(&cql)
    )
}

/// One topic's page; `None` for an unknown topic.
pub fn topic(name: &str) -> Option<String> {
    let up = name.to_ascii_uppercase();
    SHELL
        .iter()
        .chain(CQL.iter())
        .find(|(n, _)| *n == up)
        .map(|(_, text)| format!("\n{text}\n"))
}

/// Every topic name, for completion.
pub fn names() -> Vec<&'static str> {
    SHELL.iter().chain(CQL.iter()).map(|(n, _)| *n).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_topic_has_a_page() {
        for n in super::names() {
            assert!(super::topic(&n.to_ascii_lowercase()).is_some(), "{n}");
        }
        assert!(super::topic("nosuch").is_none());
    }
}
