//! What a cluster says of itself in `system.local` (its name, partitioner
//! and release), which the gateway serves instead of its configuration's,
//! and what its release implies for the tables: the [`Storage`] of
//! Thrift-era tables. Plain data: this module must not send statements.

use super::error::{GatewayError, GatewayResult};

/// What the cluster says of itself in `system.local`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClusterFacts {
    pub cluster_name: String,
    /// The partitioner's class name.
    pub partitioner: String,
    pub release_version: String,
    pub cql_version: String,
}

impl ClusterFacts {
    /// Refuses a cluster whose partitioner is not `served` (a class name):
    /// tokens, ranges and key order would not be the ones the clients are
    /// told.
    pub fn check_partitioner(&self, served: &str) -> GatewayResult<()> {
        let theirs = crate::partitioner::by_name(&self.partitioner).map_err(|e| {
            GatewayError::Invalid(format!(
                "the cluster uses {}, which supercolumn cannot serve: {}",
                self.partitioner, e.0
            ))
        })?;
        if theirs.class_name() != served {
            return Err(GatewayError::Invalid(format!(
                "the cluster uses {} but the configuration names {served}; a gateway serves \
                 the cluster's partitioner: name {} in the configuration, or leave it out",
                theirs.class_name(),
                theirs.class_name()
            )));
        }
        Ok(())
    }

    /// The release's major version (0 when it does not say).
    pub fn major(&self) -> u32 {
        self.release_version
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }
}

/// How the cluster stores Thrift-era tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Storage {
    /// `WITH COMPACT STORAGE`, as Cassandra 1.2-3.x made Thrift CFs.
    #[default]
    Compact,
    /// What `DROP COMPACT STORAGE` leaves: Cassandra 4.0+, which has no
    /// compact tables.
    NonCompact,
}

/// Whether a cluster of this `release_version` and `cql_version` has no
/// COMPACT STORAGE: Cassandra 4.0 removed it with CQL 3.4.5. (A
/// supercolumn backend claims release 4.0.0 on protocol v4 for its
/// DESCRIBE, but speaks 1.2's CQL 3.0.5, which has compact tables.)
pub fn storage_of(release_version: &str, cql_version: &str) -> Storage {
    let numbers = |v: &str| -> Vec<u32> {
        v.split(|c: char| !c.is_ascii_digit())
            .take(3)
            .map(|n| n.parse().unwrap_or(0))
            .collect()
    };
    if numbers(release_version).first().is_some_and(|&m| m >= 4)
        && numbers(cql_version) >= vec![3, 4, 5]
    {
        Storage::NonCompact
    } else {
        Storage::Compact
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_major_is_read_from_its_text() {
        let facts = |r: &str| ClusterFacts {
            release_version: r.into(),
            ..ClusterFacts::default()
        };
        assert_eq!(facts("3.11.10").major(), 3);
        assert_eq!(facts("4.0.0").major(), 4);
        assert_eq!(facts("2.1.22").major(), 2);
        assert_eq!(facts("").major(), 0);
    }

    #[test]
    fn only_4x_clusters_lose_compact_storage() {
        assert_eq!(storage_of("3.11.10", "3.4.4"), Storage::Compact);
        assert_eq!(storage_of("4.0.0", "3.0.5"), Storage::Compact);
        assert_eq!(storage_of("4.0.11", "3.4.5"), Storage::NonCompact);
        assert_eq!(storage_of("5.0.2", "3.4.7"), Storage::NonCompact);
        assert_eq!(storage_of("1.2.9", "3.0.5"), Storage::Compact);
    }
}
