//! Schema as each release described and judged it: how a keyspace reads
//! back (`describe`), what a schema call made of its CfDef (`cfdefs`),
//! the column family ids before 1.2 (`ids`), the keyspaces' and column
//! families' order (`keyspaces`), 1.2's and 2.0's COMPOSITES index of
//! plain names (`plainindex`), 3.0's tables it failed to make (`unmade`),
//! 2.2's cell layouts its comparator refusal named (`cellnames`),
//! 2.1 on's table parameters (`params`), the CQL 3 tables an update
//! left alone (`cql3tables`), 0.8 and 1.0's naming of an update's
//! indexes (`indexnames`), 1.0's column family stores (`stores`), 1.0
//! and 1.1's loading of a custom index class (`customindex`) and 0.7 to
//! 1.0's checks of an update ahead of its id (`updatefirst`) and what 1.1
//! applied of an update a column's change refused (`partapply`), 0.8 to
//! 1.1's failure of a strategy whose constructor threw (`strategyctor`),
//! 0.8 and 1.0's checks of an update's counter and plain columns
//! (`updatekinds`), 1.1 and 2.0's failure on a declared name its
//! composite comparator could not walk (`compositenames`), and which
//! session could add a column family to the system keyspace (`systemadd`).

pub(in crate::thrift::api19) mod cellnames;
pub(in crate::thrift::api19) mod cfdefs;
pub(in crate::thrift::api19) mod compositenames;
pub(in crate::thrift::api19) mod cql3tables;
pub(in crate::thrift::api19) mod customindex;
pub(in crate::thrift::api19) mod describe;
pub(in crate::thrift::api19) mod failures;
pub(in crate::thrift::api19) mod ids;
pub(in crate::thrift::api19) mod indexnames;
pub(in crate::thrift::api19) mod keyspaces;
pub(in crate::thrift::api19) mod oldcache;
pub(in crate::thrift::api19) mod params;
pub(in crate::thrift::api19) mod partapply;
pub(in crate::thrift::api19) mod plainindex;
pub(in crate::thrift::api19) mod stores;
pub(in crate::thrift::api19) mod strategyctor;
pub(in crate::thrift::api19) mod systemadd;
pub(in crate::thrift::api19) mod unmade;
pub(in crate::thrift::api19) mod updatefirst;
pub(in crate::thrift::api19) mod updatekinds;
