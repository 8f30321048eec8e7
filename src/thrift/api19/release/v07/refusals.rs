//! The exception texts of the releases before 1.2 where they differed from
//! 1.2.9's: a refusal recognised by its 1.2 words and said as the release
//! said it, a value's refusal, and the errors a batch's mutation got in
//! 0.7. It must not decide whether a request is refused, only how.

use crate::node::Node;
use crate::release::{Behaviour, Refusal, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// An error in the words of a release before 1.2, where they differed
/// from 1.2.9's (the table is [`Release::wording`]; the ones a batch's
/// mutation got in 0.7 are [`mutation_error`]'s).
pub fn reword(node: &Node, method: &str, e: ApiError) -> ApiError {
    let Some(release) = node.release else {
        return e;
    };
    match e {
        // 0.7's describe_splits read the session's keyspace unchecked: its
        // server failed the call and closed the connection.
        ApiError::InvalidRequest(why)
            if method == "describe_splits"
                && release.series() == (0, 7)
                && why == "no keyspace has been specified" =>
        {
            ApiError::Dropped("0.7 failed describe_splits without a keyspace".into())
        }
        ApiError::InvalidRequest(why) => {
            // (1.1's CQL 3 beta quoted it with the old package already.)
            if let Some(inner) = why
                .strip_prefix(CONFIG_ERROR_1_2)
                .or_else(|| why.strip_prefix(CONFIG_ERROR_OLD))
                .filter(|_| !release.at_least(1, 2))
            {
                // CQL 2 quoted the migration's exception, from the package
                // it had before 1.2, in that release's words.
                let inner = old_words(release, method, inner).unwrap_or_else(|| inner.to_string());
                return ApiError::InvalidRequest(format!("{CONFIG_ERROR_OLD}{inner}"));
            }
            ApiError::InvalidRequest(old_words(release, method, &why).unwrap_or(why))
        }
        e => e,
    }
}

/// How CQL 2 quoted a `ConfigurationException` (`toString`): its class
/// moved from `config` to `exceptions` in 1.2.
const CONFIG_ERROR_1_2: &str = "org.apache.cassandra.exceptions.ConfigurationException: ";
const CONFIG_ERROR_OLD: &str = "org.apache.cassandra.config.ConfigurationException: ";

/// The calls of 0.8 and 1.0 that asked for the session's keyspace
/// (`ClientState.getKeyspace`: "no keyspace has been specified", 1.2's
/// words) before checking access to it (`validateKeyspace`: "You have not
/// set a keyspace for this session"); 0.7 had only the latter.
const KEYSPACE_FIRST: [&str; 6] = [
    "get_range_slices",
    "describe_splits",
    "truncate",
    "batch_mutate",
    "execute_cql_query",
    "prepare_cql_query",
];

fn old_words(release: &Release, method: &str, why: &str) -> Option<String> {
    let (refusal, ks, cf) = recognise(method, why)?;
    if refusal == Refusal::NoKeyspaceSet
        && matches!(release.series(), (0, 8) | (1, 0))
        && KEYSPACE_FIRST.contains(&method)
    {
        return None;
    }
    let text = release.wording(refusal)?;
    Some(
        text.replace("{ks}", ks)
            .replace("{cf}", cf)
            .replace("{name}", cf),
    )
}

/// Which refusal 1.2.9's text `why` is, with the keyspace and column family
/// (or name) it named.
fn recognise<'a>(method: &str, why: &'a str) -> Option<(Refusal, &'a str, &'a str)> {
    match why {
        "no keyspace has been specified" => return Some((Refusal::NoKeyspaceSet, "", "")),
        "ANY ConsistencyLevel is only supported for writes" => {
            return Some((Refusal::AnyRead, "", ""))
        }
        "Index name cannot be set without index type" => {
            return Some((Refusal::IndexNameWithoutType, "", ""))
        }
        "system keyspace is not user-modifiable" if method == "system_add_keyspace" => {
            return Some((Refusal::SystemKeyspaceAdd, "", ""))
        }
        "system keyspace is not user-modifiable" if DATA_WRITES.contains(&method) => {
            return Some((Refusal::SystemDataWrite, "", ""))
        }
        _ => {}
    }
    // CQL 2's USE kept the quotes.
    if let Some(ks) = why
        .strip_prefix("Keyspace '")
        .and_then(|rest| rest.strip_suffix("' does not exist"))
        .filter(|_| method == "set_keyspace")
    {
        return Some((Refusal::UnknownKeyspace, ks, ""));
    }
    if let Some(name) = why
        .strip_prefix(BAD_CF_NAME)
        .and_then(|rest| rest.strip_suffix("\")"))
    {
        return Some((Refusal::BadCfName, "", name));
    }
    if let Some(name) = why.strip_prefix("Illegal index name ") {
        return Some((Refusal::BadIndexName, "", name));
    }
    if let Some(name) = why
        .strip_prefix(BAD_KS_NAME)
        .and_then(|rest| rest.strip_suffix("\")"))
        .filter(|_| method == "system_add_keyspace")
    {
        return Some((Refusal::BadKeyspaceName, "", name));
    }
    if let Some(name) = why
        .strip_prefix("CfDef (")
        .and_then(|rest| rest.strip_suffix(") had a keyspace definition that did not match KsDef"))
    {
        return Some((Refusal::CfDefOfOtherKeyspace, "", name));
    }
    if let Some(rest) = why.strip_prefix(SUPER_DELETION_ON_STANDARD) {
        return Some((Refusal::SuperDeletionOnStandard, "", rest));
    }
    if let Some(class) = why
        .strip_prefix("Unable to find compaction strategy class '")
        .and_then(|rest| rest.strip_suffix('\''))
    {
        return Some((Refusal::CompactionClass, "", class));
    }
    if let Some((cf, ks)) = why
        .strip_prefix("Cannot add already existing column family \"")
        .and_then(|rest| rest.strip_suffix('"'))
        .and_then(|rest| rest.split_once("\" to keyspace \""))
    {
        return Some((Refusal::CfExists, ks, cf));
    }
    if let Some((cf, ks)) = why
        .strip_prefix("Cannot add column family '")
        .and_then(|rest| rest.strip_suffix("'."))
        .and_then(|rest| rest.split_once("' to non existing keyspace '"))
    {
        return Some((Refusal::AddCfNoKeyspace, ks, cf));
    }
    let prefixes = [
        (
            "Cannot drop non existing column family ",
            Refusal::DropCfMissing,
        ),
        (
            "Keyspace names must be case-insensitively unique",
            Refusal::KeyspaceNameTaken,
        ),
        ("Cannot drop non existing keyspace ", Refusal::DropKsMissing),
    ];
    prefixes
        .iter()
        .find(|(p, _)| why.starts_with(p))
        .map(|&(_, refusal)| (refusal, "", ""))
}

/// The calls writing data, which asked for write access to the column
/// family (`hasColumnFamilyAccess(..., WRITE)`).
const DATA_WRITES: [&str; 6] = [
    "insert",
    "remove",
    "batch_mutate",
    "add",
    "remove_counter",
    "truncate",
];

/// 1.2's refusal of a column family name, before the name.
const BAD_CF_NAME: &str = "ColumnFamily name must not be empty, more than 48 characters long, \
                           or contain non-alphanumeric-underscore characters (got \"";

/// 1.2's refusal of a super column's deletion in a standard column family,
/// before the parenthesis naming them.
const SUPER_DELETION_ON_STANDARD: &str =
    "Deletion of super columns is not possible on a standard ColumnFamily";

/// 1.2's refusal of a keyspace name, before the name.
const BAD_KS_NAME: &str = "Keyspace name must not be empty, more than 48 characters long, \
                           or contain non-alphanumeric-underscore characters (got \"";

/// A column's value its validator refused, in 0.7's words
/// (`ThriftValidation.validateColumnData`: the keyspace, the column family,
/// the name and the value in hex, then the validator's message); later
/// releases put the message first and the name as text.
pub fn value_refusal(
    release: Option<&Release>,
    ks: &str,
    cf: &str,
    column: &t::Column,
    e: ApiError,
) -> ApiError {
    if !release.is_some_and(|r| r.does(Behaviour::MessagesOf07)) {
        return e;
    }
    let ApiError::InvalidRequest(why) = &e else {
        return e;
    };
    let tail = format!(") [{ks}][{cf}][");
    let (Some(inner), true) = (
        why.strip_prefix('(')
            .and_then(|w| w.rfind(&tail).map(|at| &w[..at])),
        why.ends_with("] failed validation"),
    ) else {
        return e;
    };
    let hex = crate::marshal::bytes_to_hex;
    ApiError::invalid(format!(
        "[{ks}][{cf}][{}] = [{}] failed validation ({inner})",
        hex(&column.name),
        hex(column.value.as_deref().unwrap_or_default())
    ))
}

/// A batch's mutation holding both a column and a deletion, or neither,
/// or a ColumnOrSuperColumn of neither kind: 0.7 said which; and a
/// column's value its validator refused, in the words of `insert`'s
/// (both went through `ThriftValidation.validateColumnData`).
pub fn mutation_error(
    release: Option<&Release>,
    cf: &CfDef,
    m: &t::Mutation,
    e: ApiError,
) -> ApiError {
    if !release.is_some_and(|r| r.does(Behaviour::MessagesOf07)) {
        return e;
    }
    if let Some(shape) = shape_error(m) {
        return shape;
    }
    let ApiError::InvalidRequest(why) = &e else {
        return e;
    };
    let Some(cosc) = &m.column_or_supercolumn else {
        return e;
    };
    let sub = cf.subcomparator.as_ref().unwrap_or(&cf.comparator);
    let columns = cosc.column.iter().map(|c| (c, &cf.comparator)).chain(
        cosc.super_column
            .iter()
            .flat_map(|sc| sc.columns.iter().map(|c| (c, sub))),
    );
    // The column the refusal named (its name as text, as 1.2 wrote it).
    let refused = columns
        .filter(|(c, names)| {
            let tail = format!(
                ") [{}][{}][{}] failed validation",
                cf.keyspace,
                cf.name,
                names.get_string(&c.name)
            );
            why.starts_with('(') && why.ends_with(&tail)
        })
        .map(|(c, _)| c)
        .next();
    match refused {
        Some(column) => value_refusal(release, &cf.keyspace, &cf.name, column, e),
        None => e,
    }
}

/// The error of a batch's list whose column family 0.7 did not know, given
/// its first mutation: 0.7 looked the column family up only when a column's
/// path or a deletion needed it, after the mutation's shape and a column's
/// TTL.
pub fn refused_list(release: Option<&Release>, m: &t::Mutation, e: &ApiError) -> Option<ApiError> {
    if !release.is_some_and(|r| r.does(Behaviour::MessagesOf07)) {
        return None;
    }
    if !matches!(e, ApiError::InvalidRequest(why) if why.starts_with("unconfigured columnfamily "))
    {
        return None;
    }
    let column_ttl = m
        .column_or_supercolumn
        .as_ref()
        .and_then(|c| c.column.as_ref())
        .and_then(|c| c.ttl);
    shape_error(m).or_else(|| {
        column_ttl
            .is_some_and(|ttl| ttl <= 0)
            .then(|| ApiError::invalid("ttl must be positive"))
    })
}

/// What 0.7 refused in a mutation's shape, before anything it named.
fn shape_error(m: &t::Mutation) -> Option<ApiError> {
    match (&m.column_or_supercolumn, &m.deletion) {
        (Some(_), Some(_)) => Some(ApiError::invalid(
            "Mutation may have either a ColumnOrSuperColumn or a Deletion, but not both",
        )),
        (None, None) => Some(ApiError::invalid(
            "Mutation must have one ColumnOrSuperColumn or one Deletion",
        )),
        (Some(c), None) if c.column.is_none() && c.super_column.is_none() => Some(
            ApiError::invalid("ColumnOrSuperColumn must have one or both of Column or SuperColumn"),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_0_7_checked_a_mutations_shape_before_its_column_family() {
        let r07 = Release::find("0.7.10");
        let unknown = ApiError::invalid("unconfigured columnfamily Cnt");
        let said = |m: &t::Mutation, release| match refused_list(release, m, &unknown) {
            Some(ApiError::InvalidRequest(why)) => why,
            other => format!("{other:?}"),
        };
        // A 19.36 client's counter write: 0.7's reader skipped the counter.
        let empty = t::Mutation::new(t::ColumnOrSuperColumn::default(), None);
        assert_eq!(
            said(&empty, r07),
            "ColumnOrSuperColumn must have one or both of Column or SuperColumn"
        );
        let mut column = t::Column::new(b"c".to_vec(), b"v".to_vec(), 1, 0);
        let write = |c: &t::Column| {
            t::Mutation::new(
                t::ColumnOrSuperColumn::new(c.clone(), None, None, None),
                None,
            )
        };
        assert_eq!(said(&write(&column), r07), "ttl must be positive");
        column.ttl = Some(5);
        assert_eq!(said(&write(&column), r07), "None");
        assert_eq!(
            said(&t::Mutation::new(None, None), r07),
            "Mutation must have one ColumnOrSuperColumn or one Deletion"
        );
        // Later releases looked the column family up first; other errors stand.
        assert_eq!(said(&empty, Release::find("0.8.10")), "None");
        assert!(refused_list(r07, &empty, &ApiError::invalid("Key may not be empty")).is_none());
    }

    #[test]
    fn cql2_quoted_the_old_configuration_exception_in_its_words() {
        let mut node = crate::node::test_nodes::Kit::default().node();
        let exists = || {
            ApiError::invalid(format!(
                "{CONFIG_ERROR_1_2}Cannot add already existing column family \"Lines\" to keyspace \"ks\""
            ))
        };
        let said = |node: &Node| match reword(node, "execute_cql_query", exists()) {
            ApiError::InvalidRequest(why) => why,
            e => panic!("{e:?}"),
        };
        node.release = Release::find("1.0.12");
        assert_eq!(
            said(&node),
            "org.apache.cassandra.config.ConfigurationException: Lines already exists in keyspace ks"
        );
        node.release = Release::find("1.1.12");
        assert_eq!(
            said(&node),
            "org.apache.cassandra.config.ConfigurationException: Cannot add already existing column \
             family 'Lines' to keyspace 'ks'."
        );
        node.release = Release::find("1.2.19");
        assert!(said(&node).starts_with(CONFIG_ERROR_1_2));
    }
}
