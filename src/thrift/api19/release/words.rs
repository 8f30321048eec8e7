//! An error of a call other than CQL's reworded as the release said it:
//! the node's own texts are 1.2.9's, and each release's words for the same
//! refusal are applied here, once, on the way out of the call. Must not
//! decide whether a call fails: only how its refusal reads.

use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::thrift::api19::validation as v;
use crate::thrift::error::ApiError;

/// An error of a call other than CQL's in the release's words (1.2.9's
/// are the node's own): before 1.2 RandomPartitioner's message for keys
/// out of order; from 1.2.19 "unconfigured columnfamily" for dropping a
/// missing column family; before 2.0 CQL 3's "no keyspace has been
/// specified", from 2.0 the longer "no keyspace" text (CQL 3's
/// too), "No
/// such keyspace" for the ring of a missing one; from 2.1 CQL 3 quoted the column a value
/// did not fit; 2.2 said "table" where earlier releases said column family
/// (in CQL 3 too) and "INSERT statements" on counter tables; 1.2 refused a
/// partition key's non-EQ relation at more length.
/// CQL 3's words for a table named without a keyspace on a session that
/// set none (the node's own).
const NO_KEYSPACE_SET: &str = "You have not set a keyspace for this session";

pub fn reword(node: &Node, method: &str, e: ApiError) -> ApiError {
    let Some(release) = node.release else {
        return e;
    };
    let ApiError::InvalidRequest(why) = e else {
        return e;
    };
    let why = match why
        .strip_prefix("Cannot drop non existing column family '")
        .and_then(|rest| rest.split_once('\''))
    {
        // `hasColumnFamilyAccess` validated the name (`validateColumnFamily`)
        // before the drop looked it up: an empty one was refused as empty.
        Some(("", _)) if release.does(Behaviour::DropUnknownCfUnconfigured) => {
            "non-empty columnfamily is required".to_string()
        }
        Some((cf, _)) if release.does(Behaviour::DropUnknownCfUnconfigured) => {
            format!("unconfigured columnfamily {cf}")
        }
        _ => why,
    };
    if !release.at_least(1, 2) && why == v::KEYS_OUT_OF_TOKEN_ORDER {
        // RandomPartitioner, the one that did not keep keys in order then.
        return ApiError::invalid(
            "start key's md5 sorts after end key's md5.  this is not allowed; you probably \
             should not specify end key at all, under RandomPartitioner",
        );
    }
    let why = prepared_not_found(release, why);
    if !release.at_least(1, 1) {
        return ApiError::InvalidRequest(old_schema_words(release, why));
    }
    if !release.at_least(2, 0) {
        // 1.2's SelectStatement said it otherwise; its CQL 3 statements
        // (`CFStatement.prepareKeyspace`) asked `ClientState.getKeyspace`
        // for a table named without its keyspace.
        let why = match why.as_str() {
            NO_KEYSPACE_SET if method.contains("cql3") => {
                "no keyspace has been specified".to_string()
            }
            PARTITION_KEY_EQ_ONLY => "Only EQ and IN relation are supported on the partition key \
                (you will need to use the token() function for non equality based relation)"
                .to_string(),
            _ => why,
        };
        return ApiError::InvalidRequest(why);
    }
    let cql = method.contains("cql");
    // (2.0's CQL 3 statements asked ClientState.getKeyspace too.)
    let cql3_unset = method.contains("cql3") && why == NO_KEYSPACE_SET;
    let mut why = if (why == "no keyspace has been specified" && !cql) || cql3_unset {
        "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename"
            .to_string()
    } else if let Some(ks) = why
        .strip_prefix("There is no ring for the keyspace: ")
        .filter(|ks| node.schema().keyspace(ks).is_none())
    {
        format!("No such keyspace: {ks}")
    } else {
        why
    };
    // 2.0's words: a serial level refused for a write (a counter's in its
    // own), and both UUID types' length check shared with UUIDType.
    if why == "You must use CAS for serializable writes" {
        why = if method == "add" {
            "Counter operations are inherently non-serializable"
        } else {
            "You must use conditional updates for serializable writes"
        }
        .to_string();
    }
    for old in ["LexicalUUID should be 16", "TimeUUID should be 16"] {
        if why.contains(old) {
            why = why.replace(old, "UUID should be 16");
        }
    }
    if cql && release.at_least(2, 1) {
        why = quote_cql_column(why);
    }
    // (2.2's CFMetaData named the value: the node's words.)
    use crate::schema::speculative::PERCENTILE_OUT_OF_RANGE;
    if !release.at_least(2, 2) && why.starts_with(PERCENTILE_OUT_OF_RANGE) {
        why = PERCENTILE_OUT_OF_RANGE.to_string();
    }
    if release.at_least(2, 2)
        && why == "INSERT statement are not allowed on counter tables, use UPDATE instead"
    {
        why = "INSERT statements are not allowed on counter tables, use UPDATE instead".to_string();
    }
    if release.at_least(2, 2)
        && (why.starts_with("unable to make long from '")
            || why.starts_with("unable to make long (for date) from: '"))
    {
        // 2.2's LongType.fromString and TimestampSerializer.dateStringToTimestamp.
        why = format!("U{}", &why[1..]);
    }
    if release.at_least(2, 2) {
        // 2.2's Int32Type.fromString (IntegerType's kept its words, but
        // no CQL 3 constant reaches it unreadable), alone or inside the
        // refusal of an `INSERT JSON` value, which quoted it.
        const INT: &str = "unable to make int from '";
        if let Some(rest) = why.strip_prefix(INT) {
            why = format!("Unable to make int from '{rest}");
        } else if why.starts_with("Error decoding JSON value for ") {
            why = why.replacen(&format!(": {INT}"), ": Unable to make int from '", 1);
        }
    }
    if release.at_least(2, 2) {
        // 2.2's InetAddressType.fromString.
        if let Some(rest) = why.strip_prefix("unable to make inetaddress from '") {
            why = format!("Unable to make inet address from '{rest}");
        }
    }
    if release.at_least(2, 2) && why.ends_with("' to a  formatted date (long)") {
        // 2.2's TimestampSerializer: capitalized, one space.
        if let Some(rest) = why.strip_prefix("unable to coerce '") {
            why = format!(
                "Unable to coerce '{}",
                rest.replace("to a  formatted", "to a formatted")
            );
        }
    }
    if release.at_least(2, 2) {
        // (Its refusal of a comparator naming the cell layouts is
        // `schema::cellnames`'.)
        why = why
            .replace("columnfamily ", "table ")
            .replace("column family ", "table ")
            .replace(
                "on a standard ColumnFamily (KeySpace=",
                "on a standard table (KeySpace=",
            )
            .replace(" ColumnFamily=", " Table=")
            .replace("specified to ColumnFamily ", "specified to table ");
    }
    ApiError::InvalidRequest(why)
}

/// CQL 3's refusal of a non-EQ relation on a partition key, in 2.0's words.
const PARTITION_KEY_EQ_ONLY: &str =
    "Only EQ and IN relation are supported on the partition key (unless you use the token() function)";

/// 2.1 on quoted the column a CQL 3 value did not fit: `Invalid STRING
/// constant (x) for "age" of type int`.
fn quote_cql_column(why: String) -> String {
    let Some((head, rest)) = why
        .split_once(" for ")
        .filter(|(head, _)| head.starts_with("Invalid ") && head.contains(" constant ("))
    else {
        return why;
    };
    match rest.split_once(" of type ") {
        Some((name, ty)) if !name.starts_with('"') => format!("{head} for \"{name}\" of type {ty}"),
        _ => why,
    }
}

/// A schema refusal in 0.7 to 1.0's words: an index on a super column
/// family; from 0.8 a column family change in the `system` keyspace, and
/// one renaming an index (`ThriftValidation.validateCfDef`: "Cannot modify
/// index name").
fn old_schema_words(release: &Release, why: String) -> String {
    if release.at_least(0, 8) && why == "system keyspace is not user-modifiable." {
        // ClientState.hasColumnFamilySchemaAccess's words (1.1's had the stop).
        return "system keyspace is not user-modifiable".to_string();
    }
    if why == "Secondary indexes are not supported on super column families" {
        // ThriftValidation.validateCfDef's words before 1.1's CFMetaData.
        return "Secondary indexes are not supported on supercolumns".to_string();
    }
    if release.at_least(0, 8) && why.starts_with("Can't modify index name: was '") {
        return "Cannot modify index name".to_string();
    }
    why
}

/// An unknown prepared id as the release worded it: from 1.2.19 its
/// CassandraServer named no cache size nor the id twice.
fn prepared_not_found(release: &Release, why: String) -> String {
    if !release.does(Behaviour::PreparedEvictionUnsized) {
        return why;
    }
    match why
        .strip_prefix("Prepared query with ID ")
        .and_then(|rest| rest.split_once(" or you have prepared more than "))
    {
        Some((head, _)) => format!(
            "Prepared query with ID {head} or you have prepared too many queries and it has been \
             evicted from the internal cache)"
        ),
        None => why,
    }
}
