//! The types built from other types: CompositeType, DynamicCompositeType,
//! ReversedType, the CQL3 collections (with ColumnToCollectionType) and
//! 2.1's tuples, user types and frozen collections.
//! They delegate each component to its own type and own only the layout
//! that joins them.

pub(super) mod collection;
pub(super) mod composite;
pub(super) mod dynamic_composite;
pub(super) mod frozen_fields;
pub(super) mod reversed;
pub(super) mod tuple;
