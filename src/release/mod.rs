//! The Cassandra releases supercolumn can answer as, and what each one was:
//! its Thrift API version, its release version, its Thrift methods, the
//! native protocol versions it accepted, its stock `cassandra.yaml`
//! defaults, its system keyspace, its features, the struct fields its IDL
//! declared (`fields`) and how it behaved where releases differed
//! (`behaviours`).
//!
//! These definitions are the one source for `serve --cassandra-version`
//! (config, the front ends and the shells read them), for the releases ×
//! features table of `docs/compatibility.md` ([`compat_table`], checked by a
//! unit test) and for comparing two releases ([`diff`], behind the
//! `release-diff` command). They are facts about the real releases
//! (recorded from servers built from each release's source, see
//! `conformance/releases/facts.json`); this module holds data, lookups and
//! comparisons only: it must not depend on any other module of the crate
//! nor decide how a front end answers.

mod behaviours;
pub mod diff;
mod fields;
pub mod machine;
pub mod methods;
pub mod span;
mod table;
mod types;
mod wordings;

#[cfg(test)]
mod tests;

pub use behaviours::Behaviour;
use methods::{METHODS_06, METHODS_19};
pub use table::RELEASES;
pub use wordings::Refusal;

/// The Thrift API generation a release spoke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThriftGeneration {
    /// API 2.2.0 (Cassandra 0.6): the keyspace is an argument of each call.
    Api2,
    /// API 19.x/20.x (Cassandra 0.7 to 2.2).
    Api19,
}

/// What a release could do, as an application meets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Feature {
    /// Keyspaces and column families changed over Thrift (`system_*`).
    SchemaOverThrift,
    /// Secondary indexes (`get_indexed_slices`, KEYS indexes).
    SecondaryIndexes,
    /// Per-column time to live.
    Ttl,
    /// Counter columns (`add`, `remove_counter`, CounterColumnType).
    Counters,
    /// CompositeType and DynamicCompositeType comparators.
    CompositeTypes,
    /// CQL 2 over Thrift (`execute_cql_query`).
    Cql2,
    /// CQL 3 as a beta behind `set_cql_version("3.0.0")`.
    Cql3Beta,
    /// CQL 3 (`execute_cql3_query`, `prepare_cql3_query`).
    Cql3,
    /// `atomic_batch_mutate` (the batch log).
    AtomicBatches,
    /// The CQL native protocol.
    NativeProtocol,
    /// Virtual nodes (`num_tokens`) in the stock configuration.
    Vnodes,
    /// Lightweight transactions (`cas`, `IF` in CQL 3, SERIAL reads).
    Cas,
    /// `get_multi_slice`.
    MultiSlice,
}

impl Feature {
    /// Every feature, in the order the compatibility table lists them.
    pub const ALL: [Feature; 13] = [
        Feature::SchemaOverThrift,
        Feature::SecondaryIndexes,
        Feature::Ttl,
        Feature::Counters,
        Feature::CompositeTypes,
        Feature::Cql2,
        Feature::Cql3Beta,
        Feature::Cql3,
        Feature::AtomicBatches,
        Feature::NativeProtocol,
        Feature::Vnodes,
        Feature::Cas,
        Feature::MultiSlice,
    ];

    /// How the compatibility table names the feature.
    pub fn title(self) -> &'static str {
        match self {
            Feature::SchemaOverThrift => "schema changes over Thrift",
            Feature::SecondaryIndexes => "secondary indexes",
            Feature::Ttl => "column TTLs",
            Feature::Counters => "counters",
            Feature::CompositeTypes => "composite comparators",
            Feature::Cql2 => "CQL 2",
            Feature::Cql3Beta => "CQL 3 beta (set_cql_version 3.0.0)",
            Feature::Cql3 => "CQL 3",
            Feature::AtomicBatches => "atomic_batch_mutate",
            Feature::NativeProtocol => "native protocol",
            Feature::Vnodes => "vnodes in the stock yaml",
            Feature::Cas => "lightweight transactions (cas)",
            Feature::MultiSlice => "get_multi_slice",
        }
    }

    /// A stable machine name (`release-diff --json`).
    pub fn key(self) -> &'static str {
        match self {
            Feature::SchemaOverThrift => "schema_over_thrift",
            Feature::SecondaryIndexes => "secondary_indexes",
            Feature::Ttl => "ttl",
            Feature::Counters => "counters",
            Feature::CompositeTypes => "composite_types",
            Feature::Cql2 => "cql2",
            Feature::Cql3Beta => "cql3_beta",
            Feature::Cql3 => "cql3",
            Feature::AtomicBatches => "atomic_batches",
            Feature::NativeProtocol => "native_protocol",
            Feature::Vnodes => "vnodes",
            Feature::Cas => "cas",
            Feature::MultiSlice => "multi_slice",
        }
    }
}

/// The settings of a release's own stock configuration file that change
/// answers: what a node started on it with nothing edited says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockDefaults {
    pub cluster_name: &'static str,
    /// The partitioner's class name.
    pub partitioner: &'static str,
    /// `num_tokens` when the stock file set it (vnodes); `None`: one token
    /// (`initial_token` empty, the node picks it).
    pub num_tokens: Option<u32>,
    pub snitch: &'static str,
    /// Whether the stock file started the Thrift server (`start_rpc`; 2.2
    /// shipped it off).
    pub start_rpc: bool,
}

/// One Cassandra release, as its clients saw it.
#[derive(Debug, PartialEq, Eq)]
pub struct Release {
    /// The release version (`release_version`, `nodetool version`), e.g. `2.0.17`.
    pub version: &'static str,
    pub generation: ThriftGeneration,
    /// What `describe_version` answered (the server's constant, which for
    /// 2.0.17 differs from its IDL file's).
    pub thrift_api: &'static str,
    /// The native protocol versions it accepted (empty: no native
    /// transport).
    pub native_versions: &'static [u8],
    /// The CQL 3 version it reported (`cql_version` of `system.local`),
    /// when it had CQL 3.
    pub cql3_version: Option<&'static str>,
    pub defaults: StockDefaults,
    /// The column families `describe_keyspace("system")` listed, in the
    /// order the release declared them (which decides the order of names
    /// that share a bucket of its `HashMap`).
    pub system_cfs: &'static [&'static str],
}

impl Release {
    /// The release of this version (`0.7.10`, `2.0.17`, ...), if defined.
    pub fn find(version: &str) -> Option<&'static Release> {
        RELEASES.iter().find(|r| r.version == version.trim())
    }

    /// The versions defined, for messages.
    pub fn known_versions() -> String {
        RELEASES
            .iter()
            .map(|r| r.version)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The Thrift methods it declared, in the order of the tables.
    pub fn thrift_methods(&self) -> Vec<&'static str> {
        match self.generation {
            ThriftGeneration::Api2 => METHODS_06.iter().map(|m| m.name).collect(),
            ThriftGeneration::Api19 => METHODS_19
                .iter()
                .filter(|m| self.at_least_release(m.since))
                .map(|m| m.method.name)
                .collect(),
        }
    }

    /// Whether the release declared this Thrift method.
    pub fn has_method(&self, name: &str) -> bool {
        match self.generation {
            ThriftGeneration::Api2 => METHODS_06.iter().any(|m| m.name == name),
            ThriftGeneration::Api19 => METHODS_19
                .iter()
                .any(|m| m.method.name == name && self.at_least_release(m.since)),
        }
    }

    pub fn has(&self, feature: Feature) -> bool {
        table::FEATURES
            .iter()
            .any(|&(f, since, until)| f == feature && self.in_series(since, until))
    }

    /// Whether its IDL declared this field of this struct (`fields`
    /// lists the ones not every 19.x release had).
    pub fn has_field(&self, structure: &str, name: &str) -> bool {
        let mut declared = fields::FIELDS
            .iter()
            .filter(|f| f.structure == structure && f.name == name)
            .peekable();
        declared.peek().is_none() || declared.any(|f| self.in_series(f.since, f.until))
    }

    /// Whether it had the column type `short` (`DecimalType`; see
    /// [`types`]); a name that table does not list is not judged.
    pub fn has_type(&self, short: &str) -> bool {
        types::has(self, short)
    }

    /// How it refused a column family naming the type `name` (a class
    /// name, parameters included) when it lacked that type or one among
    /// its parameters.
    pub fn type_refusal(&self, name: &str) -> Option<String> {
        types::refusal(self, name)
    }

    /// Whether it behaved this way (see [`Behaviour`]).
    pub fn does(&self, behaviour: Behaviour) -> bool {
        behaviours::BEHAVIOURS
            .iter()
            .any(|&(b, since, until)| b == behaviour && self.in_releases(since, until))
    }

    /// How it worded this refusal, where that was not 1.2.9's text
    /// (`{ks}`, `{cf}` and `{name}` to be filled in).
    pub fn wording(&self, refusal: Refusal) -> Option<&'static str> {
        wordings::WORDINGS
            .iter()
            .find(|&&(r, since, until, _)| r == refusal && self.in_series(since, Some(until)))
            .map(|&(_, _, _, text)| text)
    }

    /// The CQL 3 version its `set_cql_version` refusal named: the beta's
    /// where it had only the beta (1.2.9 named 3.0.5).
    pub fn cql3_named(&self) -> Option<&'static str> {
        self.has(Feature::Cql3Beta).then_some(CQL3_BETA)
    }

    /// Whether it is of the series `since` or later, and before `until`.
    fn in_series(&self, since: (u32, u32), until: Option<(u32, u32)>) -> bool {
        self.at_least(since.0, since.1)
            && until.is_none_or(|(major, minor)| !self.at_least(major, minor))
    }

    /// Whether it is release `since` or later, and before `until`: for what
    /// changed with a patch release rather than a series.
    fn in_releases(&self, since: Version, until: Option<Version>) -> bool {
        self.at_least_release(since) && until.is_none_or(|until| !self.at_least_release(until))
    }

    /// Whether it is this release or a later one.
    fn at_least_release(&self, release: Version) -> bool {
        self.numbers() >= release
    }

    /// The major, minor and patch numbers, e.g. `(1, 2, 19)`.
    pub fn numbers(&self) -> Version {
        let mut parts = self.version.split('.').map(|p| p.parse().unwrap_or(0));
        let mut next = || parts.next().unwrap_or(0);
        (next(), next(), next())
    }

    /// Whether it accepted this native protocol version.
    pub fn accepts_native(&self, version: u8) -> bool {
        self.native_versions.contains(&version)
    }

    /// The highest native protocol version it accepted, if any.
    pub fn highest_native(&self) -> Option<u8> {
        self.native_versions.iter().copied().max()
    }

    /// The major and minor numbers, e.g. `(2, 0)` for 2.0.17: what the
    /// behaviours that changed with a release series compare.
    pub fn series(&self) -> (u32, u32) {
        let mut parts = self.version.split('.').map(|p| p.parse().unwrap_or(0));
        (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
    }

    /// Whether this release is `major.minor` or later.
    pub fn at_least(&self, major: u32, minor: u32) -> bool {
        self.series() >= (major, minor)
    }
}

/// A release's numbers, `(major, minor, patch)`: where a behaviour or a
/// method started with a patch release (1.2.19), not with a series.
type Version = (u32, u32, u32);

/// The version of CQL 3 1.1 served as a beta.
pub const CQL3_BETA: &str = "3.0.0-beta1";

/// The releases × features table of `docs/compatibility.md`, in Markdown:
/// one column per release, one row per fact or feature.
pub fn compat_table() -> String {
    let mut out = String::from("| |");
    for r in RELEASES {
        out.push_str(&format!(" {} |", r.version));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(RELEASES.len()));
    out.push('\n');
    let row = |out: &mut String, title: &str, cell: &dyn Fn(&Release) -> String| {
        out.push_str(&format!("| {title} |"));
        for r in RELEASES {
            out.push_str(&format!(" {} |", cell(r)));
        }
        out.push('\n');
    };
    row(&mut out, "Thrift API (describe_version)", &|r| {
        r.thrift_api.to_string()
    });
    row(&mut out, "Thrift methods", &|r| {
        r.thrift_methods().len().to_string()
    });
    row(&mut out, "partitioner (stock)", &|r| {
        short_class(r.defaults.partitioner).to_string()
    });
    row(
        &mut out,
        "tokens (stock)",
        &|r| match r.defaults.num_tokens {
            Some(n) => n.to_string(),
            None => "1".to_string(),
        },
    );
    row(&mut out, "native protocol versions", &|r| {
        if r.native_versions.is_empty() {
            "-".to_string()
        } else {
            let v: Vec<String> = r.native_versions.iter().map(|v| format!("v{v}")).collect();
            v.join(", ")
        }
    });
    row(&mut out, "CQL 3 version", &|r| {
        r.cql3_version.unwrap_or("-").to_string()
    });
    for f in Feature::ALL {
        row(&mut out, f.title(), &|r| {
            if r.has(f) { "yes" } else { "-" }.to_string()
        });
    }
    out
}

/// `org.apache.cassandra.dht.Murmur3Partitioner` → `Murmur3Partitioner`.
fn short_class(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}
