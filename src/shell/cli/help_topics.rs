//! `help <statement>;` of `supercolumn cli` (1.2 mode): one entry for every
//! statement of cassandra-cli 1.2.9's grammar, in this project's own words
//! (cassandra-cli's help text is not copied). Lookup only; `cli_help` owns
//! the general list.

/// (topic as typed after `help`, its text). Several spellings may share a text.
const TOPICS: &[(&[&str], &str)] = &[
    (&["help"], "help;  or  ?;\n    The list of statements.\nhelp <statement>;\n    How one statement is written and what it does, e.g. `help set;`.\n"),
    (&["connect"], "connect <host>/<port> [<user> '<password>'];\n    Closes the current connection and opens one to <host>/<port>. With a user\n    and password it logs in (SimpleAuthenticator); credentials given once are\n    used again by later `connect` statements. The keyspace must be chosen anew.\n"),
    (&["use"], "use <keyspace> [<user> '<password>'];\n    Makes <keyspace> the one later statements work in and loads its column\n    families. With a user and password it also logs in.\n"),
    (&["trace next query", "trace"], "trace next query;\n    Asks the server to trace the next request of this connection and prints\n    the tracing session's id.\n"),
    (&["set trace probability"], "set trace probability <number between 0 and 1>;\n    Part of the 1.2 grammar, but cassandra-cli 1.2.9 had no action for it: it\n    answers `Invalid Statement (Type: 9)`, and so does this shell.\n"),
    (&["describe"], "describe;  describe <keyspace>;  describe <column family>;\n    The definition of the current keyspace, of a named keyspace, or of one\n    column family of the current keyspace (CQL3 tables are left out).\n"),
    (&["describe cluster"], "describe cluster;\n    The cluster's name, snitch, partitioner and the schema versions its nodes\n    agree (or disagree) on.\n"),
    (&["exit", "quit"], "quit;  or  exit;\n    Ends the session.\n"),
    (&["show cluster name"], "show cluster name;\n    The name of the cluster the server belongs to.\n"),
    (&["show keyspaces"], "show keyspaces;\n    Every keyspace with its column families, as `describe` shows them.\n"),
    (&["show schema"], "show schema [<keyspace>];\n    The create statements that would rebuild a keyspace (the current one by\n    default), column families and their column metadata included.\n"),
    (&["show api version"], "show api version;\n    The Thrift API version the server speaks (19.x for Cassandra 1.2).\n"),
    (&["show"], "show keyspaces;  show schema [<ks>];  show cluster name;  show api version;\n    Try `help show keyspaces;` and the like for each.\n"),
    (&["create keyspace"], "create keyspace <name> [with <attribute> = <value> [and ...]];\n    attributes: placement_strategy = '<class>' (SimpleStrategy by default),\n    strategy_options = {<option>: <value>, ...} (replication_factor:1 by default),\n    durable_writes = true|false.\n"),
    (&["update keyspace"], "update keyspace <name> with <attribute> = <value> [and ...];\n    Changes the attributes named; those of `create keyspace`.\n"),
    (&["create column family", "create"], "create column family <name> [with <attribute> = <value> [and ...]];\n    attributes: column_type = Standard|Super, comparator, subcomparator,\n    key_validation_class, default_validation_class, comment, gc_grace,\n    read_repair_chance, dclocal_read_repair_chance, replicate_on_write,\n    min_compaction_threshold, max_compaction_threshold, compaction_strategy,\n    compaction_strategy_options, compression_options, caching,\n    bloom_filter_fp_chance, populate_io_cache_on_flush, key_alias,\n    column_metadata = [{column_name: <c>, validation_class: <type>,\n                        index_type: KEYS, index_name: <n>}, ...].\n    Types: AsciiType, BytesType, CounterColumnType, IntegerType, Int32Type,\n    LexicalUUIDType, LongType, TimeUUIDType, UTF8Type, UUIDType, DoubleType,\n    DateType, BooleanType, DecimalType, FloatType, CompositeType(...).\n"),
    (&["update column family", "update"], "update column family <name> with <attribute> = <value> [and ...];\n    Changes the attributes named; those of `create column family`. A new\n    column_metadata list replaces the old one.\n"),
    (&["drop keyspace"], "drop keyspace <name>;\n    Removes a keyspace and all its data.\n"),
    (&["drop column family", "drop"], "drop column family <name>;\n    Removes a column family of the current keyspace and all its data.\n"),
    (&["drop index"], "drop index on <column family>.<column>;\n    Removes the secondary index of a column (its metadata stays).\n"),
    (&["get"], "get <cf>['<key>'];                      a row\nget <cf>['<key>']['<col>'] [as <type>];  one cell\nget <cf>['<key>']['<super>'];           the cells of a super column\nget <cf>['<key>'] limit <n>;            a row, up to <n> cells\nget <cf> where <col> = <value> [and <col> <op> <value> ...] [limit <n>];\n    rows found through an indexed column; <op> is one of = > >= < <=.\n    Keys, names and values are converted with the column family's types, or\n    with a function: utf8('...'), long(5), timeuuid(), bytes('ff'), ...\n"),
    (&["set"], "set <cf>['<key>']['<col>'] = <value> [with ttl = <seconds>];\nset <cf>['<key>']['<super>']['<col>'] = <value> [with ttl = <seconds>];\n    Writes one cell with the current time as its timestamp.\n"),
    (&["incr"], "incr <cf>['<key>']['<col>'] [by <n>];\n    Adds <n> (1 by default) to a counter cell.\n"),
    (&["decr"], "decr <cf>['<key>']['<col>'] [by <n>];\n    Subtracts <n> (1 by default) from a counter cell.\n"),
    (&["del", "delete"], "del <cf>['<key>'];  del <cf>['<key>']['<col>'];  del <cf>['<key>']['<super>']['<col>'];\n    Deletes a row, a cell, a super column or one of its cells.\n"),
    (&["count"], "count <cf>['<key>'];  count <cf>['<key>']['<super>'];\n    How many cells a row (or a super column) has.\n"),
    (&["list"], "list <cf> [<start key>:<end key>] [limit <rows>] [columns <cells> [reversed]];\n    Rows in ring order: 100 rows and 100 cells each unless limited.\n"),
    (&["truncate"], "truncate <cf>;\n    Removes every row of a column family; the definition stays.\n"),
    (&["assume"], "assume <cf> comparator|sub_comparator|validator|keys as <type>;\n    How this session converts and shows that part of <cf> (e.g.\n    `assume Users keys as utf8;`); kept in ~/.cassandra/assumptions.json.\n"),
    (&["consistencylevel"], "consistencylevel as ONE|TWO|THREE|QUORUM|ALL|LOCAL_QUORUM|EACH_QUORUM|ANY;\n    The consistency level of this session's reads and writes (ONE by default).\n"),
];

/// The help of `topic` (lower case, words separated by single spaces).
pub fn topic(topic: &str) -> Option<&'static str> {
    TOPICS
        .iter()
        .find(|(names, _)| names.contains(&topic))
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_statement_of_the_1_2_grammar_has_help() {
        for t in [
            "help",
            "connect",
            "use",
            "trace next query",
            "set trace probability",
            "describe",
            "describe cluster",
            "exit",
            "quit",
            "show cluster name",
            "show keyspaces",
            "show schema",
            "show api version",
            "create keyspace",
            "update keyspace",
            "create column family",
            "update column family",
            "drop keyspace",
            "drop column family",
            "drop index",
            "get",
            "set",
            "incr",
            "decr",
            "del",
            "count",
            "list",
            "truncate",
            "assume",
            "consistencylevel",
        ] {
            assert!(topic(t).is_some(), "no help for {t}");
        }
        assert!(topic("frobnicate").is_none());
    }
}
