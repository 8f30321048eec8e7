//! Behaviours that changed between releases without being a feature an
//! application would list (which [`super::Feature`] holds): how a release
//! read a request, checked it or worded its answer. Each is declared once
//! with the release series that behaved so (recorded from the real
//! releases, `conformance/releases/`); the front ends ask
//! [`super::Release::does`]. Data only.

/// How a release answered where others answered differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// `KsDef.replication_factor` gave a SimpleStrategy (or
    /// OldNetworkTopologyStrategy) keyspace its factor (0.7 required the
    /// field; 1.1 read only `strategy_options`).
    KsDefReplicationFactor,
    /// `truncate` of an unknown column family answered
    /// UnavailableException (its truncation found no live node to ask).
    TruncateUnknownUnavailable,
    /// The system keyspace's column families and a user's CfDef defaults
    /// were 0.7's (memtable thresholds sized from the heap, the system
    /// tables' own comments and cache sizes, no name for an index the
    /// client named none).
    SchemaOf07,
    /// A batch's mutation holding both a column and a deletion, or
    /// neither, was refused in 0.7's own words, saying which (the other
    /// refusals old releases worded differently are [`super::Refusal`]s).
    MessagesOf07,
    /// CQL 3 rows over `execute_cql_query` came as the beta's storage rows
    /// did: keyed by the partition key (COUNT's by `count`), every cell
    /// with a timestamp (-1 for key columns), short type names, and a
    /// CompositeType default name type where the table had clustering
    /// columns.
    Cql3BetaRows,
    /// `describe_keyspace` listed CQL 3 tables as column families, in the
    /// beta's layout: a table of only a partition key with a UTF8Type
    /// comparator and its columns' metadata, one with clustering columns
    /// with its composite comparator and no metadata; both with a UTF8Type
    /// default validator and the partition key as `key_alias`.
    Cql3BetaSchema,
    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `java.util.HashMap` that held them (the system keyspace put
    /// first).
    KeyspacesInHashMapOrder,
    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `NonBlockingHashMap` that held them (the system keyspaces
    /// put first).
    KeyspacesInNonBlockingHashMapOrder,
    /// `system_traces` was SimpleStrategy with replication_factor 2.
    TracesReplicatedTwice,
}

impl Behaviour {
    /// Every behaviour, in the order they are declared.
    pub const ALL: [Behaviour; 9] = [
        Behaviour::KsDefReplicationFactor,
        Behaviour::TruncateUnknownUnavailable,
        Behaviour::SchemaOf07,
        Behaviour::MessagesOf07,
        Behaviour::Cql3BetaRows,
        Behaviour::Cql3BetaSchema,
        Behaviour::KeyspacesInHashMapOrder,
        Behaviour::KeyspacesInNonBlockingHashMapOrder,
        Behaviour::TracesReplicatedTwice,
    ];

    /// A stable machine name (`release-diff --json`).
    pub fn key(self) -> &'static str {
        match self {
            Behaviour::KsDefReplicationFactor => "ksdef_replication_factor",
            Behaviour::TruncateUnknownUnavailable => "truncate_unknown_unavailable",
            Behaviour::SchemaOf07 => "schema_of_0_7",
            Behaviour::MessagesOf07 => "messages_of_0_7",
            Behaviour::Cql3BetaRows => "cql3_beta_rows",
            Behaviour::Cql3BetaSchema => "cql3_beta_schema",
            Behaviour::KeyspacesInHashMapOrder => "keyspaces_in_hash_map_order",
            Behaviour::KeyspacesInNonBlockingHashMapOrder => {
                "keyspaces_in_non_blocking_hash_map_order"
            }
            Behaviour::TracesReplicatedTwice => "traces_replicated_twice",
        }
    }

    /// One line for a person (`release-diff`).
    pub fn describe(self) -> &'static str {
        match self {
            Behaviour::KsDefReplicationFactor => {
                "KsDef.replication_factor sets a SimpleStrategy keyspace's replication factor"
            }
            Behaviour::TruncateUnknownUnavailable => {
                "truncate of an unknown column family answers UnavailableException"
            }
            Behaviour::SchemaOf07 => {
                "0.7's system column families and CfDef defaults (memtable thresholds sized \
                 from the heap)"
            }
            Behaviour::MessagesOf07 => {
                "a mutation with both a column and a deletion, or neither, is refused in 0.7's \
                 words"
            }
            Behaviour::Cql3BetaRows => {
                "CQL 3 rows over execute_cql_query keyed by the partition key, every cell \
                 stamped, short type names (the 1.1 beta)"
            }
            Behaviour::Cql3BetaSchema => {
                "describe_keyspace lists CQL 3 tables as column families in the 1.1 beta's \
                 layout"
            }
            Behaviour::KeyspacesInHashMapOrder => {
                "describe_keyspaces lists keyspaces in a java.util.HashMap's order"
            }
            Behaviour::KeyspacesInNonBlockingHashMapOrder => {
                "describe_keyspaces lists keyspaces in a NonBlockingHashMap's order"
            }
            Behaviour::TracesReplicatedTwice => "system_traces has replication_factor 2",
        }
    }
}

/// A release series, `(major, minor)`.
type Series = (u32, u32);

/// Each behaviour with the first release series that behaved so and,
/// where one stopped, the first that did not.
pub(super) const BEHAVIOURS: &[(Behaviour, Series, Option<Series>)] = &[
    (Behaviour::KsDefReplicationFactor, (0, 7), Some((1, 1))),
    (Behaviour::TruncateUnknownUnavailable, (0, 7), Some((0, 8))),
    (Behaviour::SchemaOf07, (0, 7), Some((0, 8))),
    (Behaviour::MessagesOf07, (0, 7), Some((0, 8))),
    (Behaviour::Cql3BetaRows, (1, 1), Some((1, 2))),
    (Behaviour::Cql3BetaSchema, (1, 1), Some((1, 2))),
    // Held in DatabaseDescriptor's HashMap, then in Schema's
    // NonBlockingHashMap from 1.0 on.
    (Behaviour::KeyspacesInHashMapOrder, (0, 7), Some((1, 0))),
    (Behaviour::KeyspacesInNonBlockingHashMapOrder, (1, 0), None),
    (Behaviour::TracesReplicatedTwice, (2, 0), None),
];
