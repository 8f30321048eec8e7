//! `supercolumn release-diff A B`: what an application meets going from
//! Cassandra release A to release B, printed as text or (`--json`) as JSON.
//! The differences are [`supercolumn::release::diff`]'s, computed from the
//! definitions `serve --cassandra-version` runs on; this module only parses
//! the arguments and prints. It must hold no fact about a release itself.

use clap::Args;
use serde_json::{json, Value};
use supercolumn::release::diff::{diff, ReleaseDiff, SetChange, StructField};
use supercolumn::release::{Behaviour, Feature, Release};

#[derive(Args, Debug)]
pub struct ReleaseDiffArgs {
    /// The release the application runs on now (e.g. 1.0.12).
    pub from: String,
    /// The release it would move to (e.g. 1.2.9).
    pub to: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What the differences leave out, said with them so that an empty list is
/// not read as "nothing else changes".
const NOT_COMPARED: &str = "exception texts beyond the behaviours listed (the emulation \
     words them per release; see docs/compatibility.md, \"Answering as one release\")";

/// Runs the command; the exit status: 0, or 2 when a release is unknown.
pub fn run(args: &ReleaseDiffArgs) -> i32 {
    let (from, to) = match (find(&args.from), find(&args.to)) {
        (Ok(from), Ok(to)) => (from, to),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("supercolumn release-diff: {e}");
            return 2;
        }
    };
    let d = diff(from, to);
    if args.json {
        println!("{:#}", to_json(&d));
    } else {
        print!("{}", to_text(&d));
    }
    0
}

fn find(version: &str) -> Result<&'static Release, String> {
    Release::find(version).ok_or_else(|| {
        format!(
            "unknown Cassandra version '{version}' (known: {})",
            Release::known_versions()
        )
    })
}

/// The differences as lines of text, one per fact that changes.
pub fn to_text(d: &ReleaseDiff) -> String {
    let mut out = format!("Cassandra {} -> {}\n", d.from, d.to);
    match d.path.len() {
        0 => out.push_str("Upgrade path: none (Cassandra supported no downgrade)\n"),
        1 | 2 => {}
        _ => out.push_str(&format!(
            "Upgrade path (each step as the later release's NEWS.txt allowed): {}\n",
            d.path.join(" -> ")
        )),
    }
    if let Some(c) = &d.thrift_api {
        out.push_str(&format!(
            "Thrift API (describe_version): {} -> {}\n",
            c.from, c.to
        ));
    }
    if d.generation_changed {
        out.push_str(
            "Thrift API generation changes (2.2.0 and 19.x): a method of the same name takes \
             other arguments\n",
        );
    }
    set_lines(&mut out, "Thrift methods", &d.methods, |m| m.to_string());
    set_lines(&mut out, "Features", &d.features, |f| f.title().to_string());
    set_lines(
        &mut out,
        "Native protocol versions",
        &d.native_versions,
        |v| format!("v{v}"),
    );
    if let Some(c) = &d.cql3_version {
        out.push_str(&format!(
            "CQL 3 version: {} -> {}\n",
            c.from.unwrap_or("none"),
            c.to.unwrap_or("none")
        ));
    }
    for s in &d.defaults {
        out.push_str(&format!("Stock {}: {} -> {}\n", s.setting, s.from, s.to));
    }
    set_lines(
        &mut out,
        "System keyspace column families",
        &d.system_cfs,
        |cf| cf.to_string(),
    );
    set_lines(&mut out, "Column types", &d.types, |t| t.to_string());
    for (what, fields) in [("added", &d.fields.added), ("removed", &d.fields.removed)] {
        for (structure, names) in by_struct(fields) {
            out.push_str(&format!(
                "{structure} fields {what}: {}\n",
                names.join(", ")
            ));
        }
    }
    // One line each: a description may hold commas.
    for (what, behaviours) in [
        ("starts", &d.behaviours.added),
        ("stops", &d.behaviours.removed),
    ] {
        for b in behaviours.iter() {
            out.push_str(&format!("Behaviour {what}: {}\n", b.describe()));
        }
    }
    for w in &d.wordings {
        let words = |t: Option<&str>| t.map_or("1.2.9's words".to_string(), |t| format!("\"{t}\""));
        out.push_str(&format!(
            "Wording of {}: {} -> {}\n",
            w.refusal.describe(),
            words(w.from),
            words(w.to)
        ));
    }
    // Met in a release between and gone again by the later one.
    let passing = d.on_the_way.features.iter().map(|f| f.title());
    for what in passing.chain(d.on_the_way.behaviours.iter().map(|b| b.describe())) {
        out.push_str(&format!("On the way only: {what}\n"));
    }
    if d.is_empty() {
        out.push_str("No differences\n");
    }
    out.push_str(&format!("Not compared: {NOT_COMPARED}\n"));
    out
}

/// `TITLE added: a, b` and `TITLE removed: c`, each only when not empty.
fn set_lines<T>(out: &mut String, title: &str, set: &SetChange<T>, name: impl Fn(&T) -> String) {
    for (what, items) in [("added", &set.added), ("removed", &set.removed)] {
        if !items.is_empty() {
            let names: Vec<String> = items.iter().map(&name).collect();
            out.push_str(&format!("{title} {what}: {}\n", names.join(", ")));
        }
    }
}

/// The fields grouped by struct, structs in the order first met.
fn by_struct(fields: &[StructField]) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for f in fields {
        match out.iter_mut().find(|(s, _)| *s == f.structure) {
            Some((_, names)) => names.push(f.name),
            None => out.push((f.structure, vec![f.name])),
        }
    }
    out
}

/// The differences as one JSON object; every key is present, a value that
/// does not change is `null`, a set that does not change has empty lists.
pub fn to_json(d: &ReleaseDiff) -> Value {
    let feature = |f: &Feature| json!({"name": f.key(), "title": f.title()});
    let behaviour = |b: &Behaviour| json!({"name": b.key(), "description": b.describe()});
    let fields = |fields: &[StructField]| {
        let by: serde_json::Map<String, Value> = by_struct(fields)
            .into_iter()
            .map(|(s, names)| (s.to_string(), json!(names)))
            .collect();
        Value::Object(by)
    };
    let set = |s: &SetChange<&'static str>| json!({"added": s.added, "removed": s.removed});
    json!({
        "from": d.from,
        "to": d.to,
        "thrift_api": d.thrift_api.as_ref().map(|c| json!({"from": c.from, "to": c.to})),
        "thrift_generation_changed": d.generation_changed,
        "thrift_methods": set(&d.methods),
        "features": {
            "added": d.features.added.iter().map(feature).collect::<Vec<_>>(),
            "removed": d.features.removed.iter().map(feature).collect::<Vec<_>>(),
        },
        "native_protocol_versions": {
            "added": d.native_versions.added,
            "removed": d.native_versions.removed,
        },
        "cql3_version": d.cql3_version.as_ref().map(|c| json!({"from": c.from, "to": c.to})),
        "stock_defaults": d.defaults.iter()
            .map(|s| json!({"setting": s.setting, "from": s.from, "to": s.to}))
            .collect::<Vec<_>>(),
        "system_column_families": set(&d.system_cfs),
        "column_types": set(&d.types),
        "struct_fields": {
            "added": fields(&d.fields.added),
            "removed": fields(&d.fields.removed),
        },
        "behaviours": {
            "started": d.behaviours.added.iter().map(behaviour).collect::<Vec<_>>(),
            "stopped": d.behaviours.removed.iter().map(behaviour).collect::<Vec<_>>(),
        },
        "wordings": d.wordings.iter()
            .map(|w| json!({"refusal": w.refusal.describe(), "from": w.from, "to": w.to}))
            .collect::<Vec<_>>(),
        "upgrade_path": d.path,
        "on_the_way": {
            "features": d.on_the_way.features.iter().map(feature).collect::<Vec<_>>(),
            "behaviours": d.on_the_way.behaviours.iter().map(behaviour).collect::<Vec<_>>(),
        },
        "not_compared": NOT_COMPARED,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn between(a: &str, b: &str) -> ReleaseDiff {
        diff(Release::find(a).unwrap(), Release::find(b).unwrap())
    }

    #[test]
    fn text_lists_what_changes_only() {
        let text = to_text(&between("2.0.17", "2.1.22"));
        assert_eq!(
            text,
            format!(
                "Cassandra 2.0.17 -> 2.1.22\n\
                 Thrift methods added: get_multi_slice\n\
                 Features added: get_multi_slice\n\
                 Native protocol versions added: v3\n\
                 CQL 3 version: 3.1.7 -> 3.2.1\n\
                 System keyspace column families removed: NodeIdInfo\n\
                 Column types added: FrozenType, UserType\n\
                 CfDef fields added: cells_per_row_to_cache, min_index_interval, \
                 max_index_interval\n\
                 Behaviour starts: a CQL 3 syntax error ends with a snippet of the statement \
                 around the offending token\n\
                 Behaviour starts: a row_filter on a Super column family closes the connection\n\
                 Behaviour starts: a prepared statement's marker is named by its column's \
                 definition (ColumnDefinition{{...}})\n\
                 Behaviour starts: a deleted counter stays deleted, whatever is added to it \
                 later\n\
                 Behaviour starts: a read of one row starting on a bound two range deletions \
                 share judges a column there by the newer deletion\n\
                 Behaviour starts: a batch_mutate column family with an empty mutation list \
                 makes an empty row that range scans list\n\
                 Behaviour starts: of two writes of a column at one timestamp with one value in \
                 one batch list, the later stays while names come in order; once one comes out of \
                 order, one already in order stays\n\
                 Behaviour starts: of two expiring writes of a column at one timestamp with one \
                 value, the one living longer stays\n\
                 Behaviour starts: a CfDef's key_alias is taken only beside a \
                 key_validation_class\n\
                 Behaviour starts: DateTiered compaction reads SizeTiered's options and \
                 max_window_size_seconds\n\
                 Behaviour starts: a TTL whose expiry passes 2038-01-19 is refused \
                 (CASSANDRA-14092)\n\
                 Behaviour starts: a prepared marker bound to no column is named \
                 ColumnSpecification{{name=..., type=...}}\n\
                 Behaviour starts: describe_splits estimates rows from the SSTables' estimated \
                 keys, each split at least min_index_interval\n\
                 Behaviour starts: a CfDef's caching other than the four legacy words is read as \
                 a JSON map (not JSON: the connection closes)\n\
                 Behaviour starts: a CfDef's min_index_interval below 1 or max below min is \
                 refused\n\
                 Behaviour starts: a written CompositeType column name ending in \
                 end-of-component 1 or -1 closes the connection\n\
                 Behaviour starts: get_count by a negative count of a row holding a deletion \
                 closes the connection\n\
                 Behaviour starts: a filtered scan by a reversed slice answers each row's columns \
                 in ascending order\n\
                 Behaviour starts: a CfDef's column names are checked against the comparator it \
                 names, an update's too, before anything else of the schema\n\
                 Behaviour starts: dropping a column family or keyspace flushes every column \
                 family with unflushed durable writes, read back as SSTables\n\
                 Behaviour starts: a row found by a COMPOSITES index of plain column names comes \
                 whole, whatever the predicate names, bounds or counts\n\
                 Behaviour starts: of two writes tied on timestamp and value with a drop between \
                 them, a slice reads the later, a names read the flushed one\n\
                 Behaviour starts: a table's prepared statements are forgotten when it or its \
                 keyspace is dropped or its columns or indexes change\n\
                 Behaviour starts: a Thrift column name of a CQL 3 table may name a key column\n\
                 Behaviour starts: a Thrift value of a collection's element cell is checked as a \
                 whole serialized collection\n\
                 Behaviour starts: deleting a column of a row whose clustering key is given in \
                 part fails on the server\n\
                 Behaviour starts: a SELECT filtering a column of no index is prepared; running \
                 it is refused\n\
                 Behaviour starts: a conditional DELETE restricts every primary key column, the \
                 partition key alone for statics\n\
                 Behaviour starts: DROP TYPE drops a type a table uses only inside a tuple\n\
                 Behaviour stops: of two writes of a column at one timestamp with one value, \
                 the later stays (with its TTL or without)\n\
                 Behaviour stops: a COMPOSITES index of a column family of plain names fails a \
                 new keyspace at that column family (closes the connection)\n\
                 Behaviour stops: an update leaving bloom_filter_fp_chance unset keeps the \
                 column family's\n\
                 Behaviour stops: a prepared statement runs against its table as it was when \
                 prepared\n\
                 Behaviour stops: a counter is stamped in milliseconds: a CQL deletion of it \
                 shadows every later increment\n\
                 Behaviour stops: a counter added to after its row or super column was deleted \
                 counts on from its count before the deletion\n\
                 Behaviour stops: atomic_batch_mutate deleting super columns beside a written \
                 sub-column closes the connection (its batch log's old format)\n\
                 Behaviour stops: a column family whose index failed to open closes the \
                 connection on reads and writes; dropping its keyspace removes the column \
                 families before it, then fails\n\
                 Behaviour stops: cold_reads_to_omit outside 0.0 to 1.0 is refused (showing \
                 min_sstable_size's value)\n\
                 Behaviour stops: a declared column name the comparator cannot read is refused \
                 in the type's words (Expected 8 or 0 byte long (16))\n\
                 Behaviour stops: a Thrift update leaves a dense column family dense whatever it \
                 declares; an unnamed index on a name the comparator cannot read closes the \
                 connection\n\
                 Behaviour stops: a row_filter on a Super column family times out once its range \
                 holds a row\n\
                 Behaviour stops: a filtered scan by a reversed slice times out on a matched row \
                 of two columns or more\n\
                 Behaviour stops: a Thrift value of a collection's element cell is checked by the \
                 collection's value type\n\
                 Behaviour stops: a conditional BATCH's own USING TIMESTAMP is ignored (later, \
                 refused)\n\
                 Behaviour stops: a conditional DELETE restricts every primary key column, even \
                 of statics alone\n\
                 Behaviour stops: a prepared write names the key columns by their live names\n\
                 Not compared: {NOT_COMPARED}\n"
            )
        );
        let same = to_text(&between("1.2.9", "1.2.9"));
        assert!(same.contains("No differences\n"), "{same}");
        let back = to_text(&between("1.1.12", "1.0.12"));
        assert!(
            back.contains(
                "CfDef fields removed: memtable_flush_after_mins, memtable_throughput_in_mb, \
                 memtable_operations_in_millions, caching, dclocal_read_repair_chance\n\
                 KeyRange fields removed: row_filter\n"
            ),
            "{back}"
        );
        let old = to_text(&between("0.7.10", "0.8.10"));
        assert!(
            old.contains(
                "Behaviour stops: truncate of an unknown column family answers \
                 UnavailableException\n"
            ),
            "{old}"
        );
        let across = to_text(&between("0.6.8", "0.7.10"));
        assert!(across.contains("Thrift API (describe_version): 2.2.0 -> 19.4.0\n"));
        assert!(across.contains("generation changes"), "{across}");
    }

    /// Across the span to 3.x: the path NEWS.txt allowed, what 3.x's
    /// storage engine changed for a Thrift application, its words, and
    /// what only releases between did.
    #[test]
    fn the_span_to_3_x() {
        let text = to_text(&between("2.2.19", "3.11.10"));
        for line in [
            "Native protocol versions removed: v1, v2\n",
            "Behaviour starts: get_paged_slice's count is of rows, each read whole (before: of \
             columns)\n",
            "Behaviour starts: a column TTL of 0 means none; a negative one: ttl must be \
             greater or equal to 0\n",
            "Wording of a multiget at SERIAL or LOCAL_SERIAL: 1.2.9's words -> \
             \"SERIAL/LOCAL_SERIAL consistency may only be requested for one partition at a \
             time\"\n",
            "On the way only: those definitions carry 3.0's kinds and positions \
             (kind=CLUSTERING, position=0)\n",
        ] {
            assert!(text.contains(line), "{line} not in:\n{text}");
        }
        assert!(!text.contains("Upgrade path"), "{text}");
        let text = to_text(&between("1.0.12", "3.0.24"));
        for line in [
            "Upgrade path (each step as the later release's NEWS.txt allowed): 1.0.12 -> 1.2.19 \
             -> 2.0.17 -> 2.2.19 -> 3.0.24\n",
            "Features removed: CQL 2\n",
            "On the way only: CQL 3 beta (set_cql_version 3.0.0)\n",
            "Behaviour starts: multiget_slice of no keys closes the connection\n",
            "Behaviour stops: KsDef.replication_factor sets a SimpleStrategy keyspace's \
             replication factor\n",
            "Wording of a data call before set_keyspace: \"You have not set a keyspace for this \
             session\" -> 1.2.9's words\n",
        ] {
            assert!(text.contains(line), "{line} not in:\n{text}");
        }
        let v = to_json(&between("1.0.12", "3.0.24"));
        assert_eq!(
            v["upgrade_path"],
            json!(["1.0.12", "1.2.19", "2.0.17", "2.2.19", "3.0.24"])
        );
        assert_eq!(v["on_the_way"]["features"][0]["name"], "cql3_beta");
        let back = to_text(&between("3.11.10", "2.2.19"));
        assert!(back.contains("Upgrade path: none"), "{back}");
    }

    #[test]
    fn json_has_every_key() {
        let v = to_json(&between("1.0.12", "1.2.9"));
        assert_eq!(v["thrift_api"], json!({"from": "19.20.0", "to": "19.36.0"}));
        assert_eq!(v["thrift_generation_changed"], false);
        assert_eq!(
            v["features"]["added"][0],
            json!({"name": "cql3", "title": "CQL 3"})
        );
        assert_eq!(v["native_protocol_versions"]["added"], json!([1]));
        assert_eq!(v["cql3_version"], json!({"from": null, "to": "3.0.5"}));
        assert_eq!(v["stock_defaults"][0]["setting"], "partitioner");
        assert_eq!(v["system_column_families"]["removed"], json!(["Versions"]));
        assert_eq!(v["column_types"]["added"][0], "InetAddressType");
        assert_eq!(
            v["struct_fields"]["added"]["TimedOutException"],
            json!(["acknowledged_by", "acknowledged_by_batchlog"])
        );
        assert_eq!(
            v["behaviours"]["stopped"][0]["name"],
            "ksdef_replication_factor"
        );
        let same = to_json(&between("2.2.19", "2.2.19"));
        assert_eq!(same["struct_fields"], json!({"added": {}, "removed": {}}));
        assert_eq!(same["thrift_api"], Value::Null);
        assert_eq!(same["thrift_methods"], json!({"added": [], "removed": []}));
    }

    /// `docs/compatibility.md` shows this command's output as it is.
    #[test]
    fn the_compatibility_doc_holds_its_example() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/compatibility.md");
        let doc = std::fs::read_to_string(path).expect("docs/compatibility.md");
        let text = to_text(&between("1.0.12", "1.2.9"));
        assert!(
            doc.contains(&format!("```text\n{text}```")),
            "docs/compatibility.md lacks `release-diff 1.0.12 1.2.9`'s output:\n{text}"
        );
    }

    #[test]
    fn an_unknown_release_is_named() {
        let e = find("3.0.0").unwrap_err();
        assert!(
            e.starts_with("unknown Cassandra version '3.0.0' (known: 0.6.8, "),
            "{e}"
        );
    }
}
