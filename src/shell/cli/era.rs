//! Which release's cassandra-cli `supercolumn cli` speaks as, and what
//! differed between them: banner, wording of results, the elapsed-time and
//! schema-agreement lines, the JMX warning, the column family options each
//! accepted. Only facts and choices; the statements that print are `cli`'s.
//!
//! The era comes from `--release V` when given, else from the server: the
//! API version `describe_version` answers names a release series (19.4 is
//! 0.7, 19.16 0.8, 19.20 1.0, 19.33 1.1, 19.36 1.2, 19.39 2.0 and 2.1), and
//! where one API version served two series (19.39.0), or to name the exact
//! release of a series, `system.local`'s `release_version` decides when the
//! server has it (1.2 and later). Before 1.2 the banner names the series'
//! release in supercolumn's table of releases whose API version matches.

use crate::release::{Release, RELEASES};
use crate::shell::cli::backend::Backend;
use crate::shell::cli::statement::{Attr, Command};
use crate::thrift::client_error::CallError;

/// A cassandra-cli release: its series (what decides behaviour) and the
/// version its banner prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Era {
    pub series: (u32, u32),
    pub version: String,
}

impl Default for Era {
    /// Without a server to ask: 1.2.9, the cli this shell was first built as.
    fn default() -> Era {
        Era::named("1.2.9").expect("a known release")
    }
}

/// `major.minor[.patch]` as numbers.
fn numbers(v: &str) -> Option<(u32, u32, u32)> {
    let mut it = v.split(['.', '-']).map(|p| p.parse::<u32>().ok());
    let major = it.next()??;
    let minor = it.next()??;
    let patch = it.next().flatten().unwrap_or(0);
    Some((major, minor, patch))
}

impl Era {
    /// `--release V`: a release whose cli existed (0.7 to 2.1). `1.0` alone
    /// names the series' release in the table.
    pub fn named(v: &str) -> Result<Era, String> {
        let (major, minor, patch) =
            numbers(v).ok_or_else(|| format!("not a release version: {v}"))?;
        if (major, minor) < (0, 7) || (major, minor) > (2, 1) {
            return Err(format!(
                "no cassandra-cli of release {v} to speak as: 0.7 to 2.1 had one over Thrift 19.x (0.6's is --api 0.6)"
            ));
        }
        let version = if v.split('.').count() >= 3 {
            format!("{major}.{minor}.{patch}")
        } else {
            RELEASES
                .iter()
                .find(|r| r.series() == (major, minor))
                .map_or_else(|| format!("{major}.{minor}.0"), |r| r.version.to_string())
        };
        Ok(Era {
            series: (major, minor),
            version,
        })
    }

    /// The cli release the era of the server behind `backend` had: its API
    /// version, and where the server has `system.local` (1.2 on), its
    /// `release_version`.
    pub fn of_server(backend: &mut Backend) -> Result<Era, CallError> {
        let api = backend.version()?;
        let minor = api.split('.').nth(1).and_then(|m| m.parse::<u32>().ok());
        let with_local = !api.starts_with("19.") || minor.is_some_and(|m| m >= 35);
        let release = if with_local {
            backend.local_release_version()
        } else {
            None
        };
        Ok(Era::from_server(&api, release.as_deref()))
    }

    /// The era a server's API version names; `release_version` (from
    /// `system.local`, when the server has one) picks among releases.
    pub fn from_server(api: &str, release_version: Option<&str>) -> Era {
        if let Some(era) = release_version.and_then(|v| Era::named(v).ok()) {
            return era;
        }
        // 2.2 and later had no cli: their API version falls to 2.1 below.
        if let Some(r) = RELEASES
            .iter()
            .find(|r| r.thrift_api == api && r.series() <= (2, 1))
        {
            return Era::of(r);
        }
        let minor = numbers(api).map_or(36, |(_, m, _)| m);
        let series = match (numbers(api).map_or(19, |(m, _, _)| m), minor) {
            (19, 0..=9) => (0, 7),
            (19, 10..=19) => (0, 8),
            (19, 20..=29) => (1, 0),
            (19, 30..=34) => (1, 1),
            (19, 35..=36) => (1, 2),
            (19, _) => (2, 0),
            // 2.2 and later had no cli; 2.1's was the last.
            _ => (2, 1),
        };
        Era::named(&format!("{}.{}", series.0, series.1)).unwrap_or_default()
    }

    fn of(r: &Release) -> Era {
        Era {
            series: r.series(),
            version: r.version.to_string(),
        }
    }

    pub fn at_least(&self, major: u32, minor: u32) -> bool {
        self.series >= (major, minor)
    }

    /// The lines after `Connected to:` in a piped or interactive session.
    pub fn banner(&self) -> String {
        let help = "Type 'help;' or '?' for help.\nType 'quit;' or 'exit;' to quit.\n\n";
        match self.series {
            (0, 7) => {
                "Welcome to cassandra CLI.\n\nType 'help;' or '?' for help. Type 'quit;' or 'exit;' to quit.\n"
                    .to_string()
            }
            (0, 8) => format!(
                "Welcome to the Cassandra CLI.\n\n{help}Cassandra CLI version {}\n",
                self.version
            ),
            (2, _) => format!(
                "Welcome to Cassandra CLI version {}\n\nThe CLI is deprecated and will be removed in Cassandra 2.2.  Consider migrating to cqlsh.\nCQL is fully backwards compatible with Thrift data; see http://www.datastax.com/dev/blog/thrift-to-cql3\n\n{help}",
                self.version
            ),
            _ => format!("Welcome to Cassandra CLI version {}\n\n{help}", self.version),
        }
    }

    /// What a plain column is called in results (`=> (column=...`, `N
    /// columns`, `column removed.`): "cell" from 1.2.
    pub fn cell_word(&self) -> &'static str {
        if self.at_least(1, 2) {
            "cell"
        } else {
            "column"
        }
    }

    /// The label of a column's name in `=> (...)` lines.
    pub fn name_label(&self) -> &'static str {
        if self.at_least(1, 2) {
            "name"
        } else {
            "column"
        }
    }

    /// `Elapsed time: ...` after reads and writes: from 1.0.
    pub fn elapsed(&self) -> bool {
        self.at_least(1, 0)
    }

    /// `del` printed its elapsed time from 1.2.
    pub fn elapsed_on_del(&self) -> bool {
        self.at_least(1, 2)
    }

    /// `list` limited the cells of each row from 1.1, saying `Using default
    /// column limit of 100` (`cell` from 1.2); before, rows came whole.
    pub fn cell_limit(&self) -> bool {
        self.at_least(1, 1)
    }

    /// Schema changes waited for agreement, saying so, until 1.2.
    pub fn waits_for_agreement(&self) -> bool {
        !self.at_least(1, 2)
    }

    /// The CQL3 warning before `describe` and `show keyspaces`: from 1.2.
    pub fn cql3_warning(&self) -> bool {
        self.at_least(1, 2)
    }

    /// `describe cluster` named the cluster from 1.2.
    pub fn cluster_name_line(&self) -> bool {
        self.at_least(1, 2)
    }

    /// The warning `describe` printed without JMX: 0.7 looked on port 8080.
    pub fn jmx_warning(&self, host: &str) -> String {
        let port = if self.series == (0, 7) { 8080 } else { 7199 };
        if self.at_least(1, 1) {
            format!("WARNING: Could not connect to the JMX on {host}:{port} - some information won't be shown.\n\n")
        } else {
            format!("WARNING: Could not connect to the JMX on {host}:{port}, information won't be shown.\n\n")
        }
    }

    /// The package of `MarshalException` in conversion errors: moved to
    /// `serializers` in 2.0.
    pub fn marshal_exception(&self) -> &'static str {
        if self.at_least(2, 0) {
            "org.apache.cassandra.serializers.MarshalException"
        } else {
            "org.apache.cassandra.db.marshal.MarshalException"
        }
    }

    /// An error's text as the era's cli wrote it: 0.7's own wordings
    /// and unwrapped exceptions, 2.0's `MarshalException` package.
    pub fn error_text(&self, e: String) -> String {
        const OLD: &str = "org.apache.cassandra.db.marshal.MarshalException";
        if !self.at_least(0, 8) {
            // 0.7's LongType and IntegerType threw a plain
            // RuntimeException of their own wording.
            let bare = e.trim_start_matches("java.lang.RuntimeException: ");
            let bare =
                bare.trim_start_matches("org.apache.cassandra.db.marshal.MarshalException: ");
            for (what, class) in [("long", "a LongType"), ("int", "an IntegerType")] {
                let prefix = format!("unable to make {what} from '");
                if let Some(text) = bare
                    .strip_prefix(&prefix)
                    .and_then(|t| t.strip_suffix('\''))
                {
                    return format!("'{text}' could not be translated into {class}.");
                }
            }
            // Nor did its schema statements wrap what they threw: the
            // message shows without the Java class.
            for class in [
                "java.lang.RuntimeException: ",
                "java.lang.IllegalArgumentException: ",
                "java.lang.NumberFormatException: ",
            ] {
                if let Some(rest) = e.strip_prefix(class) {
                    return rest.to_string();
                }
            }
        }
        e.replace(OLD, self.marshal_exception())
    }

    /// A server's refusal as the era's cli printed it. 0.8's Thrift
    /// exceptions carried no message: one passed on as it came printed
    /// `null`, and `create`/`update` (which wrapped it) its `toString()`.
    pub fn refusal_text(&self, why: String, schema: bool) -> String {
        match (self.series, schema) {
            ((0, 8), true) => format!("InvalidRequestException(why:{why})"),
            ((0, 8), false) => "null".to_string(),
            _ => why,
        }
    }

    /// Before 1.0 the grammar had no `{...}` attribute values (only the
    /// `[{...}]` list) and no `describe NAME` without `keyspace`: the
    /// parser found no rule and the cli said `Command not found`.
    pub fn not_in_grammar(&self, statement: &str, cmd: &Command) -> Option<String> {
        if self.at_least(1, 0) {
            return None;
        }
        let unknown = match cmd {
            Command::Create(_, _, attrs) | Command::Update(_, _, attrs) => {
                attrs.iter().any(|(_, v)| matches!(v, Attr::Map(_)))
            }
            Command::Describe(Some(_)) => !statement
                .split(|c: char| c.is_whitespace() || c == ';')
                .filter(|w| !w.is_empty())
                .nth(1)
                .is_some_and(|w| w.eq_ignore_ascii_case("keyspace")),
            _ => false,
        };
        let help = if self.series == (0, 7) {
            "'help'"
        } else {
            "'help;'"
        };
        unknown.then(|| {
            format!(
                "Command not found: `{}`. Type {help} or '?' for help.",
                statement.trim()
            )
        })
    }

    /// The Java enum a `create`/`update column family` attribute name is
    /// looked up in (its name shows when the lookup fails).
    pub fn cf_argument_enum(&self) -> &'static str {
        if self.series == (0, 7) {
            "org.apache.cassandra.cli.CliUserHelp.ColumnFamilyArgument"
        } else {
            "org.apache.cassandra.cli.CliClient.ColumnFamilyArgument"
        }
    }

    /// Whether this era's cli took column family attribute `name` (the
    /// names of its `ColumnFamilyArgument` enum, lower case).
    pub fn takes_cf_attribute(&self, name: &str) -> bool {
        const ALWAYS: &[&str] = &[
            "column_type",
            "comparator",
            "subcomparator",
            "comment",
            "read_repair_chance",
            "gc_grace",
            "column_metadata",
            "memtable_operations",
            "memtable_throughput",
            "default_validation_class",
            "min_compaction_threshold",
            "max_compaction_threshold",
        ];
        // Added in 0.8 and kept.
        const FROM_08: &[&str] = &["replicate_on_write", "key_validation_class"];
        // 0.7 to 1.0's caches, gone in 1.1 (`caching` replaced them).
        const CACHES: &[&str] = &[
            "rows_cached",
            "row_cache_save_period",
            "keys_cached",
            "key_cache_save_period",
        ];
        const FROM_10: &[&str] = &[
            "compaction_strategy",
            "compaction_strategy_options",
            "compression_options",
            "bloom_filter_fp_chance",
        ];
        let s = self.series;
        ALWAYS.contains(&name)
            || (s >= (0, 8) && FROM_08.contains(&name))
            || (s <= (1, 0) && CACHES.contains(&name))
            || (s <= (0, 8) && name == "memtable_flush_after")
            || (((0, 8)..=(1, 0)).contains(&s) && name == "row_cache_provider")
            || (s == (1, 0) && name == "row_cache_keys_to_save")
            || (s >= (1, 0) && FROM_10.contains(&name))
            || (s >= (1, 1) && ["dclocal_read_repair_chance", "caching"].contains(&name))
            || (s >= (1, 2) && name == "populate_io_cache_on_flush")
            || (s >= (2, 0)
                && [
                    "index_interval",
                    "memtable_flush_period_in_ms",
                    "default_time_to_live",
                    "speculative_retry",
                ]
                .contains(&name))
    }

    /// Whether `create keyspace` took `name` (0.7's `replication_factor`,
    /// `durable_writes` from 0.8).
    pub fn takes_ks_attribute(&self, name: &str) -> bool {
        match name {
            "placement_strategy" | "strategy_options" => true,
            "replication_factor" => self.series == (0, 7),
            "durable_writes" => self.at_least(0, 8),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar_before_1_0_had_no_maps_nor_describe_name() {
        use crate::shell::cli::parse::parse;
        let e08 = Era::named("0.8.10").unwrap();
        let e10 = Era::named("1.0.12").unwrap();
        let map = "create keyspace K with strategy_options = {replication_factor:1};";
        let cmd = parse(map).unwrap();
        assert_eq!(
            e08.not_in_grammar(map, &cmd).as_deref(),
            Some("Command not found: `create keyspace K with strategy_options = {replication_factor:1};`. Type 'help;' or '?' for help.")
        );
        assert_eq!(e10.not_in_grammar(map, &cmd), None);
        let list = "create keyspace K with strategy_options = [{replication_factor:1}];";
        assert_eq!(e08.not_in_grammar(list, &parse(list).unwrap()), None);
        for ok in ["describe keyspace;", "describe keyspace K;", "describe;"] {
            assert_eq!(e08.not_in_grammar(ok, &parse(ok).unwrap()), None, "{ok}");
        }
        let named = "describe K;";
        assert!(e08.not_in_grammar(named, &parse(named).unwrap()).is_some());
        assert_eq!(e10.not_in_grammar(named, &parse(named).unwrap()), None);
    }

    #[test]
    fn refusals_of_0_8_print_null_or_the_exception() {
        let e08 = Era::named("0.8.10").unwrap();
        assert_eq!(e08.refusal_text("w".into(), false), "null");
        assert_eq!(
            e08.refusal_text("w".into(), true),
            "InvalidRequestException(why:w)"
        );
        let e10 = Era::named("1.0.12").unwrap();
        assert_eq!(e10.refusal_text("w".into(), true), "w");
    }

    #[test]
    fn the_server_names_the_era() {
        assert_eq!(Era::from_server("19.4.0", None).version, "0.7.10");
        assert_eq!(Era::from_server("19.20.0", None).series, (1, 0));
        assert_eq!(Era::from_server("19.36.0", None).version, "1.2.9");
        // 19.39.0 served 2.0 and 2.1: the older unless the server says.
        assert_eq!(Era::from_server("19.39.0", None).version, "2.0.17");
        assert_eq!(Era::from_server("19.39.0", Some("2.1.22")).series, (2, 1));
        // An API version no release in the table had: by its range.
        assert_eq!(Era::from_server("19.18.0", None).series, (0, 8));
        assert_eq!(Era::from_server("20.1.0", None).series, (2, 1));
        assert!(Era::named("0.6.8").is_err());
        assert!(Era::named("3.0").is_err());
        assert_eq!(Era::named("1.0").unwrap().version, "1.0.12");
    }

    #[test]
    fn options_by_era() {
        let e07 = Era::named("0.7.10").unwrap();
        let e10 = Era::named("1.0.12").unwrap();
        let e20 = Era::named("2.0.17").unwrap();
        assert!(e07.takes_cf_attribute("rows_cached") && e10.takes_cf_attribute("keys_cached"));
        assert!(!e20.takes_cf_attribute("rows_cached"));
        assert!(!e07.takes_cf_attribute("key_validation_class"));
        assert!(e20.takes_cf_attribute("speculative_retry"));
        assert!(e07.takes_ks_attribute("replication_factor"));
        assert!(!e10.takes_ks_attribute("replication_factor"));
        assert!(e07.banner().starts_with("Welcome to cassandra CLI.\n"));
        assert!(e20.banner().contains("removed in Cassandra 2.2."));
    }
}
