//! The types built from other types: CompositeType, DynamicCompositeType,
//! ReversedType and the CQL3 collections (with ColumnToCollectionType).
//! They delegate each component to its own type and own only the layout
//! that joins them.

pub(super) mod collection;
pub(super) mod composite;
pub(super) mod dynamic_composite;
pub(super) mod reversed;
