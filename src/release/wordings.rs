//! Refusals whose text changed between releases: each [`Refusal`] with
//! the words each release series used (recorded from the real releases,
//! `conformance/releases/`); 1.2.9's words are the node's own and are not
//! listed. A front end recognises the refusal and asks
//! [`super::Release::wording`] for the text. Data only.

/// A refusal an old release worded differently from 1.2.9.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A data call before `set_keyspace` ("no keyspace has been specified").
    NoKeyspaceSet,
    /// A read at consistency level ANY.
    AnyRead,
    /// `set_keyspace` of a keyspace that does not exist (not CQL 2's `USE`):
    /// `{ks}`.
    UnknownKeyspace,
    /// Adding a column family the keyspace has: `{cf}`, `{ks}`.
    CfExists,
    /// Adding a column family to a keyspace that does not exist: `{ks}`.
    AddCfNoKeyspace,
    /// A column family name that is empty, too long or not a word: `{name}`.
    BadCfName,
    /// Dropping a column family the keyspace lacks.
    DropCfMissing,
    /// Adding a keyspace whose name another one has (in any case).
    KeyspaceNameTaken,
    /// Adding a keyspace named `system`.
    SystemKeyspaceAdd,
    /// Dropping a keyspace that does not exist.
    DropKsMissing,
    /// A multiget at SERIAL or LOCAL_SERIAL (2.0 on; 2.x said "one row").
    SerialMultiget,
    /// `system_add_keyspace` of a name that is not a word: `{name}`.
    BadKeyspaceName,
    /// A compaction strategy class that could not be loaded: `{name}` (the
    /// class in full).
    CompactionClass,
    /// A `Deletion` naming a super column of a standard column family:
    /// `{name}` is the text after the words (the keyspace, column family
    /// and deletion in parentheses).
    SuperDeletionOnStandard,
    /// A data write (insert, remove, batch, counter, truncate) into the
    /// `system` keyspace, where the release refused one.
    SystemDataWrite,
    /// A ColumnDef naming an index without an index type (an index type
    /// the release's IDL lacked read as none).
    IndexNameWithoutType,
    /// An index name that is not a word: `{name}`.
    BadIndexName,
    /// A KsDef's CfDef naming another keyspace: `{name}` (the CfDef's name).
    CfDefOfOtherKeyspace,
}

impl Refusal {
    /// Every refusal, in the order they are declared.
    pub const ALL: [Refusal; 18] = [
        Refusal::NoKeyspaceSet,
        Refusal::AnyRead,
        Refusal::UnknownKeyspace,
        Refusal::CfExists,
        Refusal::AddCfNoKeyspace,
        Refusal::BadCfName,
        Refusal::DropCfMissing,
        Refusal::KeyspaceNameTaken,
        Refusal::SystemKeyspaceAdd,
        Refusal::DropKsMissing,
        Refusal::SerialMultiget,
        Refusal::BadKeyspaceName,
        Refusal::CompactionClass,
        Refusal::SuperDeletionOnStandard,
        Refusal::SystemDataWrite,
        Refusal::IndexNameWithoutType,
        Refusal::BadIndexName,
        Refusal::CfDefOfOtherKeyspace,
    ];

    /// What is refused, for a person (`release-diff`).
    pub fn describe(self) -> &'static str {
        match self {
            Refusal::NoKeyspaceSet => "a data call before set_keyspace",
            Refusal::AnyRead => "a read at consistency level ANY",
            Refusal::UnknownKeyspace => "set_keyspace of a missing keyspace",
            Refusal::CfExists => "adding a column family the keyspace has",
            Refusal::AddCfNoKeyspace => "adding a column family to a missing keyspace",
            Refusal::BadCfName => "a column family name that is not a word",
            Refusal::DropCfMissing => "dropping a missing column family",
            Refusal::KeyspaceNameTaken => "adding a keyspace whose name is taken",
            Refusal::SystemKeyspaceAdd => "adding a keyspace named system",
            Refusal::DropKsMissing => "dropping a missing keyspace",
            Refusal::SerialMultiget => "a multiget at SERIAL or LOCAL_SERIAL",
            Refusal::BadKeyspaceName => "a keyspace name that is not a word",
            Refusal::CompactionClass => "a compaction strategy class not found",
            Refusal::SuperDeletionOnStandard => "a super column deletion on a standard CF",
            Refusal::SystemDataWrite => "a data write into the system keyspace",
            Refusal::IndexNameWithoutType => "an index name without an index type",
            Refusal::BadIndexName => "an index name that is not a word",
            Refusal::CfDefOfOtherKeyspace => "a KsDef's CfDef naming another keyspace",
        }
    }
}

/// A release series, `(major, minor)`.
type Series = (u32, u32);

/// Each refusal's words in the series from the first to before the second
/// (`{ks}`, `{cf}`, `{name}` are filled in).
pub(super) const WORDINGS: &[(Refusal, Series, Series, &str)] = &[
    (
        Refusal::NoKeyspaceSet,
        (0, 7),
        (1, 1),
        "You have not set a keyspace for this session",
    ),
    (
        Refusal::AnyRead,
        (0, 7),
        (1, 1),
        "Consistency level any may not be applied to read operations",
    ),
    (
        Refusal::UnknownKeyspace,
        (0, 7),
        (1, 2),
        "Keyspace {ks} does not exist",
    ),
    (
        Refusal::CfExists,
        (0, 7),
        (0, 8),
        "CF is already defined in that keyspace.",
    ),
    (
        Refusal::CfExists,
        (0, 8),
        (1, 1),
        "{cf} already exists in keyspace {ks}",
    ),
    (
        Refusal::CfExists,
        (1, 1),
        (1, 2),
        "Cannot add already existing column family '{cf}' to keyspace '{ks}'.",
    ),
    (
        Refusal::AddCfNoKeyspace,
        (0, 7),
        (0, 8),
        "Keyspace does not already exist.",
    ),
    (
        Refusal::AddCfNoKeyspace,
        (0, 8),
        (1, 1),
        "No such keyspace: {ks}",
    ),
    (
        Refusal::BadCfName,
        (0, 7),
        (1, 1),
        "Invalid column family name: {name}",
    ),
    (
        Refusal::DropCfMissing,
        (0, 7),
        (1, 1),
        "CF is not defined in that keyspace.",
    ),
    (
        Refusal::KeyspaceNameTaken,
        (0, 7),
        (0, 8),
        "Keyspace already exists.",
    ),
    (
        Refusal::KeyspaceNameTaken,
        (0, 8),
        (1, 0),
        "Keyspace names must be case-insensitively unique",
    ),
    (
        Refusal::SystemKeyspaceAdd,
        (0, 7),
        (0, 8),
        "Keyspace already exists.",
    ),
    (
        Refusal::SystemKeyspaceAdd,
        (0, 8),
        (1, 0),
        "Keyspace names must be case-insensitively unique",
    ),
    (
        Refusal::DropKsMissing,
        (0, 7),
        (1, 1),
        "Keyspace does not exist.",
    ),
    // AddKeyspace's check of Migration.isLegalName.
    (
        Refusal::BadKeyspaceName,
        (0, 7),
        (1, 1),
        "Invalid keyspace name: {name}",
    ),
    // CFMetaData.createCompactionStrategy (1.0 added the field).
    (
        Refusal::CompactionClass,
        (1, 0),
        (1, 1),
        "Could not create Compaction Strategy of type {name}",
    ),
    // ThriftValidation.validateDeletion (0.8 capitalised it and named super
    // columns in the plural).
    (
        Refusal::SuperDeletionOnStandard,
        (0, 7),
        (0, 8),
        "deletion of super_column is not possible on a standard ColumnFamily{name}",
    ),
    // ClientState.preventSystemKSSchemaModification, which 1.1's data
    // writes went through (1.2 refused them in ThriftValidation's words).
    (
        Refusal::SystemDataWrite,
        (1, 1),
        (1, 2),
        "system keyspace is not user-modifiable.",
    ),
    // To 4.0, which served no Thrift.
    (
        Refusal::SerialMultiget,
        (3, 0),
        (4, 0),
        "SERIAL/LOCAL_SERIAL consistency may only be requested for one partition at a time",
    ),
    // ThriftValidation.validateCfDef (1.1 moved the check to CFMetaData.validate
    // and capitalised it).
    (
        Refusal::IndexNameWithoutType,
        (0, 7),
        (1, 1),
        "index_name cannot be set without index_type",
    ),
    // 0.7's AddColumnFamily and UpdateColumnFamily (0.8's validateCfDef
    // refused it first, in 1.2's words).
    (
        Refusal::BadIndexName,
        (0, 7),
        (0, 8),
        "Invalid index name: {name}",
    ),
    // 0.7's CassandraServer.system_add_keyspace (sic; 0.8 spelt it CfDef).
    (
        Refusal::CfDefOfOtherKeyspace,
        (0, 7),
        (0, 8),
        "CsDef ({name}) had a keyspace definition that did not match KsDef",
    ),
];
