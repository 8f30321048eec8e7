//! The collections a CQL 3 table's comparator names (its last component,
//! `ColumnToCollectionType(name:type,...)`) as 1.2 to 2.2 kept them
//! through ALTER TABLE: the statement updated a clone of the table's
//! metadata, so the comparator stayed as it was, in its own order, unless
//! a collection was added or its type altered. Then the map was copied
//! (`new HashMap<>(defined)`, a table sized for what it held) and the
//! collection put in, and that copy's iteration order is the new one. A
//! dropped collection stayed in it (2.0 to 2.2, CASSANDRA-6276).
//!
//! Owns that merge of the stored comparator with the one the table model
//! makes now; it must not decide anything else of the update.

use crate::marshal::{bytes_to_hex, parse_type, MARSHAL_PACKAGE};
use crate::schema::javaorder::{buffer_hash, HashMapModel};

type Entries = Vec<(Vec<u8>, String)>;

/// The `name:type` entries of a comparator's collections, in its order.
fn collections_of(comparator: &str) -> Option<(Vec<String>, Entries)> {
    let ty = parse_type(comparator).ok()?;
    let parts = ty.components()?;
    let (last, before) = parts.split_last()?;
    let columns = last.collection_columns()?;
    let entries = columns
        .iter()
        .map(|(name, t)| (name.clone(), t.class_name()))
        .collect();
    Some((before.iter().map(|t| t.class_name()).collect(), entries))
}

/// The comparator an update of a table stored with comparator `stored`
/// writes, where the table model now makes `made`.
pub(super) fn kept(stored: &str, made: String) -> String {
    let Some((_, old)) = collections_of(stored) else {
        return made;
    };
    let (parts, new) = match collections_of(&made) {
        Some(found) => found,
        // Every collection dropped: the comparator still names them.
        None => match parse_type(&made).ok().and_then(|t| {
            t.components()
                .map(|c| c.iter().map(|t| t.class_name()).collect::<Vec<_>>())
        }) {
            Some(parts) => (parts, Vec::new()),
            None => return made,
        },
    };
    let put: Entries = new.iter().filter(|e| !old.contains(e)).cloned().collect();
    let entries = if put.is_empty() {
        old
    } else {
        let mut map = HashMapModel::copy_of(old.iter().map(|(n, _)| (buffer_hash(n), n.clone())));
        for (name, _) in &put {
            map.put(buffer_hash(name), name.clone());
        }
        let type_of = |name: &Vec<u8>| {
            put.iter()
                .chain(&old)
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.clone())
                .expect("every key came from one of them")
        };
        map.iter().map(|n| (n.clone(), type_of(n))).collect()
    };
    let listed: Vec<String> = entries
        .iter()
        .map(|(n, t)| format!("{}:{t}", bytes_to_hex(n)))
        .collect();
    format!(
        "{MARSHAL_PACKAGE}CompositeType({},{MARSHAL_PACKAGE}ColumnToCollectionType({}))",
        parts.join(","),
        listed.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "org.apache.cassandra.db.marshal.";

    fn comparator(collections: &[(&str, &str)]) -> String {
        let listed: Vec<String> = collections
            .iter()
            .map(|(n, t)| format!("{}:{M}{t}", bytes_to_hex(n.as_bytes())))
            .collect();
        format!(
            "{M}CompositeType({M}UTF8Type,{M}ColumnToCollectionType({}))",
            listed.join(",")
        )
    }

    const TAGS: (&str, &str) = ("tags", "SetType(org.apache.cassandra.db.marshal.UTF8Type)");
    const PREFS: (&str, &str) = (
        "prefs",
        "MapType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.Int32Type)",
    );
    const VISITS: (&str, &str) = (
        "visits",
        "ListType(org.apache.cassandra.db.marshal.TimestampType)",
    );
    const X20: (&str, &str) = ("x20", "SetType(org.apache.cassandra.db.marshal.Int32Type)");

    #[test]
    fn an_added_collection_goes_where_the_copied_map_puts_it() {
        // Recorded from 2.0.17 (difftest --cql3 seed 5008): the three
        // collections copied into a table of 8 buckets, then x20.
        let stored = comparator(&[PREFS, TAGS, VISITS]);
        let made = comparator(&[X20, PREFS, TAGS, VISITS]);
        assert_eq!(kept(&stored, made), comparator(&[TAGS, X20, PREFS, VISITS]));
    }

    #[test]
    fn an_update_that_adds_none_keeps_the_stored_order_and_dropped_ones() {
        let stored = comparator(&[TAGS, X20, PREFS, VISITS]);
        let made = comparator(&[X20, PREFS, TAGS, VISITS]);
        assert_eq!(kept(&stored, made), stored);
        let dropped = comparator(&[PREFS, TAGS, VISITS]);
        assert_eq!(kept(&stored, dropped), stored);
        let none_left = format!("{M}CompositeType({M}UTF8Type)");
        assert_eq!(kept(&stored, none_left), stored);
        // A table without collections keeps what the model makes.
        let plain = format!("{M}CompositeType({M}Int32Type,{M}UTF8Type)");
        assert_eq!(kept(&plain, made_plain()), made_plain());
    }

    fn made_plain() -> String {
        format!("{M}CompositeType({M}Int32Type,{M}UTF8Type)")
    }
}
