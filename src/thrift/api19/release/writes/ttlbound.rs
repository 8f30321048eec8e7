//! How far a release let a Thrift column's TTL reach.
//!
//! From 1.1 `ThriftValidation.validateTtl` refused a TTL over twenty years
//! (`ExpiringColumn.MAX_TTL`, 630720000 s). A TTL whose expiry passes
//! 2038-01-19 overflows the column's local expiration time (an `int` of
//! seconds, `now + ttl`): from 2.1.20 the same validation refused it in
//! CASSANDRA-14092's words (`maybeApplyExpirationDateOverflowPolicy`, whose
//! policy, the system property `cassandra.expiration_date_overflow_policy`,
//! defaults to REJECT); before, the column was built anyway and
//! `ExpiringColumn`'s `assert localExpirationTime > 0` failed the call on
//! the server: 0.7 to 1.0 answered an internal error, 1.1 to 2.0 sent no
//! reply (the connection left open or closed).

use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;

/// `ExpiringColumn.MAX_TTL`: twenty years of seconds.
pub const MAX_TTL: i32 = 20 * 365 * 24 * 60 * 60;

/// Whether a column written at `now` with `ttl` expires past the last
/// second an `int` holds (Java's `ttl + now < 0`).
pub fn passes_2038(ttl: i32, now: i32) -> bool {
    ttl > 0 && ttl.checked_add(now).is_none()
}

/// Whether a TTL is one some release refused or failed on: the in-place
/// batch leaves such a write to the checks of [`refusal`] and [`failure`].
pub fn out_of_bounds(ttl: Option<i32>, now: i32) -> bool {
    ttl.is_some_and(|t| t > MAX_TTL || passes_2038(t, now))
}

/// The CASSANDRA-14092 refusal of a TTL (of the column family's default
/// one when `default`) whose expiry passes 2038.
pub fn past_2038_message(cf: &CfDef, ttl: i32, default: bool) -> String {
    format!(
        "Request on table {}.{} with {}ttl of {} seconds exceeds maximum supported expiration \
         date of 2038-01-19T03:14:06+00:00. In order to avoid this use a lower TTL, change the \
         expiration date overflow policy or upgrade to a version where this limitation is \
         fixed. See CASSANDRA-14092 for more details.",
        cf.keyspace,
        cf.name,
        if default { "default " } else { "" },
        ttl
    )
}

/// The refusal `validateTtl` made of a column's positive `ttl` written at
/// `now` into `cf` (a TTL of 0 or below is the shared validation's).
pub fn refusal(
    release: Option<&Release>,
    cf: &CfDef,
    ttl: Option<i32>,
    now: i32,
) -> Option<ApiError> {
    let ttl = ttl.filter(|&t| t > 0)?;
    let does = |b| release.is_some_and(|r| r.does(b));
    if ttl > MAX_TTL && does(Behaviour::ThriftTtlAtMostTwentyYears) {
        return Some(ApiError::invalid(format!(
            "ttl is too large. requested ({ttl}) maximum ({MAX_TTL})"
        )));
    }
    if passes_2038(ttl, now) && does(Behaviour::ExpiryPast2038Refused) {
        return Some(ApiError::invalid(past_2038_message(cf, ttl, false)));
    }
    None
}

/// How building the column failed a release that validated no expiry:
/// the assertion escaped the call, answered by 0.7 to 1.0 as an internal
/// error and by 1.1 to 2.0 with no reply.
pub fn failure(release: Option<&Release>, ttl: Option<i32>, now: i32) -> Option<ApiError> {
    let r = release?;
    let ttl = ttl?;
    if !passes_2038(ttl, now)
        || r.does(Behaviour::ExpiryPast2038Refused)
        || (ttl > MAX_TTL && r.does(Behaviour::ThriftTtlAtMostTwentyYears))
    {
        return None;
    }
    let why = format!("a TTL of {ttl} s expires past 2038: ExpiringColumn's assertion failed");
    Some(if r.at_least(1, 1) {
        ApiError::Dropped(why)
    } else {
        ApiError::Internal(why)
    })
}

/// [`refusal`] of every column a batch's mutation writes: its column, or
/// each column of its super column; once the checks that came before a
/// column's TTL passed (one part set in the ColumnOrSuperColumn, a column
/// family that is not a counter one).
pub fn mutation_refusal(
    release: Option<&Release>,
    cf: &CfDef,
    m: &crate::thrift::gen::cassandra19::Mutation,
    now: i32,
) -> Option<ApiError> {
    let cosc = m.column_or_supercolumn.as_ref()?;
    let parts = [
        cosc.column.is_some(),
        cosc.super_column.is_some(),
        cosc.counter_column.is_some(),
        cosc.counter_super_column.is_some(),
    ];
    if cf.is_counter() || parts.iter().filter(|p| **p).count() != 1 {
        return None;
    }
    columns(m).find_map(|ttl| refusal(release, cf, ttl, now))
}

/// [`failure`] of the first column of a batch's mutation whose building
/// failed.
pub fn mutation_failure(
    release: Option<&Release>,
    m: &crate::thrift::gen::cassandra19::Mutation,
    now: i32,
) -> Option<ApiError> {
    columns(m).find_map(|ttl| failure(release, ttl, now))
}

fn columns(
    m: &crate::thrift::gen::cassandra19::Mutation,
) -> impl Iterator<Item = Option<i32>> + '_ {
    let cosc = m.column_or_supercolumn.as_ref();
    let column = cosc.and_then(|c| c.column.as_ref()).map(|c| c.ttl);
    let sub = cosc
        .and_then(|c| c.super_column.as_ref())
        .into_iter()
        .flat_map(|sc| sc.columns.iter().map(|c| c.ttl));
    column.into_iter().chain(sub)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    const NOW: i32 = 1_795_000_000;

    fn cf() -> CfDef {
        CfDef::new("ks", "T", 1000, parse_type("BytesType").unwrap(), None)
    }

    fn said(e: Option<ApiError>) -> String {
        e.map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn twenty_years_is_the_most_from_1_1() {
        for v in ["1.1.12", "1.2.19", "2.0.17", "2.2.19", "3.11.10"] {
            let r = Release::find(v);
            assert!(refusal(r, &cf(), Some(MAX_TTL), 0).is_none(), "{v}");
            let e = said(refusal(r, &cf(), Some(MAX_TTL + 1), 0));
            assert!(
                e.contains("ttl is too large. requested (630720001) maximum (630720000)"),
                "{v}: {e}"
            );
        }
        assert!(refusal(Release::find("1.0.12"), &cf(), Some(MAX_TTL + 1), 0).is_none());
    }

    #[test]
    fn an_expiry_past_2038_is_refused_from_2_1_20() {
        let ttl = Some(400_000_000);
        for v in ["2.1.22", "2.2.19", "3.0.24", "3.11.10"] {
            let e = said(refusal(Release::find(v), &cf(), ttl, NOW));
            assert!(
                e.contains("Request on table ks.T with ttl of 400000000 seconds exceeds"),
                "{v}: {e}"
            );
            assert!(failure(Release::find(v), ttl, NOW).is_none(), "{v}");
        }
        assert!(refusal(Release::find("3.11.10"), &cf(), ttl, 1_000_000_000).is_none());
    }

    #[test]
    fn earlier_releases_fail_building_the_column() {
        let ttl = Some(400_000_000);
        for v in ["1.1.12", "1.2.9", "2.0.17"] {
            let r = Release::find(v);
            assert!(refusal(r, &cf(), ttl, NOW).is_none(), "{v}");
            assert!(
                matches!(failure(r, ttl, NOW), Some(ApiError::Dropped(_))),
                "{v}"
            );
        }
        for v in ["0.7.10", "0.8.10", "1.0.12"] {
            let r = Release::find(v);
            assert!(
                matches!(failure(r, ttl, NOW), Some(ApiError::Internal(_))),
                "{v}"
            );
            // No bound of twenty years: only the overflow failed.
            let big = Some(MAX_TTL + 1);
            assert!(failure(r, big, 1_000_000_000).is_none(), "{v}");
            assert!(failure(r, big, NOW).is_some(), "{v}");
        }
        // A TTL 1.1 refused as too large never reached the column.
        assert!(failure(Release::find("1.1.12"), Some(MAX_TTL + 1), NOW).is_none());
        assert!(failure(None, ttl, NOW).is_none());
    }
}
