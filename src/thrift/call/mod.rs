//! What the server observes of each Thrift call, beside answering it: what
//! a request names ([`request`], where by [`methods`], CQL statements read
//! by [`cql`]) and how its reply ended ([`reply`]), the request log
//! ([`log`]), the metrics observer ([`seen`]), and the test kit's one hook
//! on the call path for primed faults and the activity record
//! ([`testkit`]). None of it changes an answer except a primed fault; none
//! of it is read unless a log line, a metric, a fault rule or the activity
//! record needs it.

mod cql;
pub mod log;
pub mod methods;
pub mod reply;
pub mod request;
pub mod seen;
pub mod testkit;
