//! The UUID types: LexicalUUIDType (compared as bytes), TimeUUIDType
//! (compared by timestamp) and UUIDType (time UUIDs first by timestamp,
//! the rest by bytes). The canonical text form lives with LexicalUUIDType.

pub(super) mod lexical_uuid;
pub(super) mod time_uuid;
pub(super) mod uuid;
