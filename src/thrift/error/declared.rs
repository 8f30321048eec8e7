//! Which declared exception each field of a Thrift method's result struct
//! carries, for both API generations: a fact of the IDLs (checked against
//! the IDL files by `call::methods`'s tests) that primed faults and the call
//! observers both read. Lookups only; it must not build or read a reply.

use crate::thrift::session::Generation;

/// The declared exception of `method` in field `id` of its result struct.
pub(crate) fn exception_name(g: Generation, method: &str, id: i16) -> Option<&'static str> {
    const IRE: &str = "InvalidRequestException";
    const NFE: &str = "NotFoundException";
    const UE: &str = "UnavailableException";
    const TE: &str = "TimedOutException";
    const SDE: &str = "SchemaDisagreementException";
    let throws: &[&str] = match (g, method) {
        (_, "login") => &["AuthenticationException", "AuthorizationException"],
        (_, "get") => &[IRE, NFE, UE, TE],
        (Generation::Api2, "describe_keyspace") => &[NFE],
        (Generation::Api19, "describe_keyspace") => &[NFE, IRE],
        (Generation::Api2, "describe_ring") => &[IRE],
        (Generation::Api2, _) => &[IRE, UE, TE],
        (_, m) if m.starts_with("system_") => &[IRE, SDE],
        (_, m) if m.starts_with("execute_") => &[IRE, UE, TE, SDE],
        (_, m) if m.starts_with("describe_") || m.starts_with("prepare_") => &[IRE],
        (_, "set_keyspace" | "set_cql_version") => &[IRE],
        _ => &[IRE, UE, TE],
    };
    throws
        .get(usize::try_from(id).ok()?.checked_sub(1)?)
        .copied()
}
