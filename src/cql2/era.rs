//! How the release the node answers as ran CQL 2 where it differed from
//! 1.2.9, derived once from [`crate::release`]'s data: 0.8 (CQL 2's first
//! release) stamped writes in milliseconds, let `USE` name any keyspace,
//! answered a by-key `COUNT` with a number, left out rows it read nothing
//! for and had no result metadata; 0.8 and 1.0 kept the key column in
//! `SELECT FIRST n *`. The default is 1.2.9's dialect. This module only
//! decides; the executor and the Thrift conversion apply it.

use crate::cql::exec::ServerClock;
use crate::release::{Feature, Release};

/// The CQL 2 behaviours that changed between releases.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Era {
    /// `SELECT FIRST n *` still returns the key column first (0.8, 1.0;
    /// 1.1 and 1.2 left it out).
    pub first_keeps_key: bool,
    /// Writes without a timestamp are stamped in milliseconds (0.8).
    pub millisecond_timestamps: bool,
    /// `USE` sets any name; a schema statement on a keyspace that does not
    /// exist then fails with `No such keyspace: NAME` (0.8).
    pub use_unchecked: bool,
    /// A by-key `COUNT` answers INT: the number of columns of the row
    /// (0.8; later releases answer a `count` row).
    pub count_is_number: bool,
    /// Rows the read found nothing for are left out (0.8; later releases
    /// answer them with the key column only).
    pub skip_missing_rows: bool,
    /// Results carry no `CqlMetadata` (0.8's `CqlResult` had no `schema`).
    pub no_result_metadata: bool,
    /// A statement that needs the session keyspace, without one, says
    /// how to give one (from 2.0; SELECT kept the short text).
    pub keyspace_hint: bool,
    /// CREATE COLUMNFAMILY without `read_repair_chance` took 1.0, 0.8's
    /// default (later releases' was the schema's own).
    pub read_repair_always: bool,
}

impl Era {
    /// The dialect of `release` (1.2.9's without one).
    pub fn of(release: Option<&Release>) -> Era {
        let Some(r) = release.filter(|r| r.has(Feature::Cql2)) else {
            return Era::default();
        };
        let first = !r.at_least(1, 0);
        Era {
            first_keeps_key: !r.at_least(1, 1),
            millisecond_timestamps: first,
            use_unchecked: first,
            count_is_number: first,
            skip_missing_rows: first,
            no_result_metadata: first,
            keyspace_hint: r.at_least(2, 0),
            read_repair_always: first,
        }
    }

    /// A write's timestamp from the server clock.
    pub fn write_timestamp(&self, clock: &ServerClock) -> i64 {
        if self.millisecond_timestamps {
            clock.next_millis()
        } else {
            clock.next_timestamp()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_has_its_dialect() {
        let of = |v: &str| Era::of(Release::find(v));
        assert_eq!(Era::of(None), Era::default());
        assert_eq!(of("1.2.9"), Era::default());
        let first = of("0.8.10");
        assert!(first.use_unchecked && first.first_keeps_key && first.no_result_metadata);
        assert!(first.read_repair_always && !of("1.0.12").read_repair_always);
        let clock = ServerClock::new(1);
        let (a, b) = (first.write_timestamp(&clock), first.write_timestamp(&clock));
        assert!(
            b > a && b < 10_000_000_000_000,
            "strictly increasing milliseconds"
        );
        let ten = of("1.0.12");
        assert!(ten.first_keeps_key && !ten.use_unchecked && !ten.keyspace_hint);
        assert!(ten.write_timestamp(&clock) > 1_000_000_000_000_000);
        assert!(of("2.1.22").keyspace_hint);
        assert!(!of("1.1.12").first_keeps_key);
    }
}
