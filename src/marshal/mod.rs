//! Comparators and validators: Cassandra's `AbstractType` family.
//!
//! Owns how a column name (or value) of a given type compares, validates and
//! converts to and from a readable string, plus the registry that resolves a
//! type by name (`UTF8Type`, `org.apache.cassandra.db.marshal.UTF8Type`,
//! `CompositeType(LongType,UTF8Type)`, `ReversedType(...)`).
//!
//! It must not know about storage, Thrift or CQL: callers turn a
//! [`MarshalError`] into whatever exception their protocol needs.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

mod registry;
pub use registry::{parse_type, register_type, TypeFactory};

mod bytes;
pub use bytes::BytesType;

/// A type rejected a value; the message is what Cassandra's MarshalException said.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MarshalError(pub String);

/// One of Cassandra's comparators/validators.
pub trait AbstractType: Send + Sync + fmt::Debug {
    /// The full class name Cassandra reports, e.g.
    /// `org.apache.cassandra.db.marshal.UTF8Type` or
    /// `org.apache.cassandra.db.marshal.CompositeType(org.apache...LongType,...)`.
    fn class_name(&self) -> String;

    /// Total order over valid values. Empty values sort first for every
    /// built-in type (Cassandra's convention for "no bound").
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering;

    /// Accepts or rejects a value, with Cassandra's exact message.
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError>;

    /// A readable rendering (shells, error messages), as Cassandra's `getString`.
    fn get_string(&self, value: &[u8]) -> String;

    /// The inverse of `get_string` where one exists, as Cassandra's `fromString`.
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError>;

    /// True when this type is `ReversedType(...)`: slices traverse it backwards.
    fn is_reversed(&self) -> bool {
        false
    }
}

/// Shared handle to a type; cheap to clone, lives in the schema.
pub type TypeRef = Arc<dyn AbstractType>;
