//! Writes as each release took them: 2.0's batch log failing on super
//! columns (`batchlog`), 2.1's and 2.2's composite names ending in a
//! bound (`cellname`), 2.0-2.2's default TTL of a Thrift write
//! (`defaultttl`), 2.1's and 2.2's row of a batch's list of mutations
//! (`mutationrow`), 2.0-2.2's deletion of a range of a super column's
//! sub-columns (`subrange`), the bounds of a column's TTL (`ttlbound`),
//! 0.7's batch before `set_keyspace` (`unset`), 0.7's mutation giving both
//! a column and a super column (`bothmembers`) and 0.8's
//! DynamicCompositeType names of different types in one batch (`dynamic`)
//! and 1.0-1.2's DecimalType names too short to read (`decimalname`).

pub(in crate::thrift::api19) mod batchlog;
pub(in crate::thrift::api19) mod bothmembers;
pub(in crate::thrift::api19) mod cellname;
pub(in crate::thrift::api19) mod decimalname;
pub(in crate::thrift::api19) mod defaultttl;
pub(in crate::thrift::api19) mod dynamic;
pub(in crate::thrift::api19) mod mutationrow;
pub(in crate::thrift::api19) mod subrange;
pub(in crate::thrift::api19) mod ttlbound;
pub(in crate::thrift::api19) mod unset;
