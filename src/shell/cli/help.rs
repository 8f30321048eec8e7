//! `help`, `show keyspaces` and `describe` for `supercolumn cli`: what
//! they ask the server and the warnings around the descriptions (the text
//! of a description is `describe`'s, per era). The help text is this
//! project's own.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::describe::{describe_cf, describe_keyspace};
use crate::shell::cli::era::Era;
use crate::shell::cli::CliError;

const HELP: &str = "\
Commands (end each with ';'):
  use <keyspace>;                          work in a keyspace
  set <cf>['<key>']['<col>'] = '<value>' [with ttl = <n>];
  set <cf>['<key>']['<super>']['<col>'] = '<value>';
  get <cf>['<key>'] [limit <n>];           a row (or a super column's columns)
  get <cf>['<key>']['<col>'] [as <type>];  one cell
  del <cf>['<key>'];  del <cf>['<key>']['<col>'];
  count <cf>['<key>'];                     cells in a row
  list <cf> [<start>:<end>] [limit <rows>] [columns <cells> [reversed]];
  get <cf> where <col> = <value> [and <col> <op> <value> ...] [limit <n>];
                                           rows by an indexed column (op: = > >= < <=)
  incr <cf>['<key>']['<col>'] [by <n>];   decr <cf>['<key>']['<col>'] [by <n>];
  create keyspace <ks> [with placement_strategy = '<class>' and strategy_options = {<k>:<v>}];
  create column family <cf> [with <attribute> = <value> [and ...]];
      attributes: column_type, comparator, subcomparator, default_validation_class,
      key_validation_class, comment, gc_grace, read_repair_chance, replicate_on_write,
      column_metadata = [{column_name: <c>, validation_class: <t>, index_type: KEYS}], ...
  update keyspace <ks> with ...;  update column family <cf> with ...;
  drop keyspace <ks>;  drop column family <cf>;  drop index on <cf>.<col>;  truncate <cf>;
  assume <cf> comparator|sub_comparator|validator|keys as <type>;
                                           how the cli converts and shows that part
  consistencylevel as ONE|TWO|THREE|QUORUM|ALL|LOCAL_QUORUM|EACH_QUORUM|ANY;
  describe [<keyspace> | <cf>];  describe cluster;  show keyspaces;  show schema [<ks>];
  show cluster name;  show api version;
  help [<command>];  quit;  exit;
Keys, names and values are converted with the column family's key validator,
comparator and validators; wrap a term in a function to choose the type instead:
  bytes, integer, long, int, lexicaluuid, timeuuid, utf8, ascii, double, countercolumn.
";

pub fn help(topic: Option<&str>) -> String {
    match topic {
        None => HELP.to_string(),
        Some(t) => {
            if let Some(text) = crate::shell::cli::help_topics::topic(t) {
                return text.to_string();
            }
            let lines: Vec<&str> = HELP
                .lines()
                .filter(|l| l.trim_start().starts_with(t))
                .collect();
            if lines.is_empty() {
                format!("No help for '{t}'; try 'help;'.\n")
            } else {
                lines.join("\n") + "\n"
            }
        }
    }
}

fn cql3_warning(cmd: &str, era: &Era) {
    if era.cql3_warning() {
        eprintln!("\nWARNING: CQL3 tables are intentionally omitted from '{cmd}' output.");
        eprintln!("See https://issues.apache.org/jira/browse/CASSANDRA-4377 for details.\n");
    }
}

/// What cassandra-cli printed (on stderr) before each keyspace or column
/// family description when it could not reach the node's JMX port; this
/// server has no JMX, so the line is always printed.
pub fn jmx_warning(host: &str, era: &Era) {
    eprint!("{}", era.jmx_warning(host));
}

pub fn show_keyspaces(backend: &mut Backend, host: &str, era: &Era) -> Result<String, CliError> {
    cql3_warning("show keyspaces", era);
    let mut all = backend.all_keyspaces19()?;
    all.sort_by(|a, b| a.name.cmp(&b.name));
    let mut stdout = std::io::stdout();
    for ks in &all {
        jmx_warning(host, era);
        let _ = std::io::Write::write_all(&mut stdout, describe_keyspace(ks, era).as_bytes());
        let _ = std::io::Write::flush(&mut stdout);
    }
    Ok(String::new())
}

pub fn describe(
    backend: &mut Backend,
    host: &str,
    current: Option<&str>,
    name: Option<&str>,
    era: &Era,
) -> Result<String, CliError> {
    if name.is_none() && current.is_none() {
        cql3_warning("describe", era);
    }
    let Some(name) = name.or(current) else {
        let text = if era.at_least(0, 8) {
            "Authenticate to a Keyspace, before using `describe` or `describe <column_family>`\n"
        } else {
            "Keyspace argument required if you are not authorized in any keyspace.\n"
        };
        return Ok(text.into());
    };
    let names = backend.keyspace_names()?;
    let ks_name = names.iter().find(|n| n.eq_ignore_ascii_case(name)).cloned();
    cql3_warning("describe", era);
    if let Some(ks) = ks_name {
        let info = backend.keyspace(&ks)?;
        jmx_warning(host, era);
        return Ok(info
            .def19
            .as_ref()
            .map(|d| describe_keyspace(d, era))
            .unwrap_or_default());
    }
    if !era.at_least(0, 8) {
        // 0.7's `describe keyspace` named keyspaces only.
        return Err(CliError(format!("Keyspace '{name}' not found.")));
    }
    let Some(cur) = current else {
        return Err(keyspace_missing(name));
    };
    let info = backend.keyspace(cur)?;
    let cf = info
        .def19
        .as_ref()
        .and_then(|d| d.cf_defs.iter().find(|c| c.name.eq_ignore_ascii_case(name)));
    Ok(match cf {
        Some(cf) => {
            jmx_warning(host, era);
            describe_cf(cf, era)
        }
        // The "(non-CQL3) ... use cqlsh instead" text came with
        // CASSANDRA-5750 in 1.2.11.
        None if era.at_least(2, 0) => format!("Sorry, no Keyspace nor (non-CQL3) ColumnFamily was found with name: {name} (if this is a CQL3 table, you should use cqlsh instead)\n"),
        None => format!("Sorry, no Keyspace nor ColumnFamily was found with name: {name}\n"),
    })
}

fn keyspace_missing(name: &str) -> CliError {
    CliError(format!("Keyspace with name '{name}' wasn't found, to lookup ColumnFamily with that name, please, authorize to one of the keyspaces first."))
}
