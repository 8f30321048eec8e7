//! What the server observes of each Thrift call, beside answering it: what a
//! request names and how its reply ended ([`names`], with CQL statements read
//! by [`cql`]), the request log ([`log`]), the metrics observer ([`seen`]), and
//! the test kit: the facts primed faults and the activity record match on
//! ([`facts`]) and the one hook on the call path ([`testkit`]). None of it
//! changes an answer except a primed fault; none of it is read unless a log
//! line, a metric, a fault rule or the activity record needs it.

mod cql;
pub mod facts;
pub mod log;
pub mod names;
pub mod seen;
pub mod testkit;
