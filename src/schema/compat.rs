//! Which type may replace which on a schema update (1.2's
//! `AbstractType.isCompatibleWith`): data written under the old type must
//! still validate and sort the same under the new one.
//!
//! Owns only that relation; it must not decide anything else about updates.

use crate::marshal::{TypeRef, MARSHAL_PACKAGE};

fn short(t: &TypeRef) -> String {
    let name = t.class_name();
    name.strip_prefix(MARSHAL_PACKAGE)
        .unwrap_or(&name)
        .to_string()
}

/// True when `new` may replace `old`.
pub(crate) fn is_compatible_with(new: &TypeRef, old: &TypeRef) -> bool {
    if new.class_name() == old.class_name() {
        return true;
    }
    let (n, o) = (short(new), short(old));
    // Ascii and UTF-8 compare as bytes, and BytesType accepts everything.
    if n == "BytesType" && (o == "AsciiType" || o == "UTF8Type") {
        return true;
    }
    if n == "UTF8Type" && o == "AsciiType" {
        return true;
    }
    // 2.1's `TupleType.isCompatibleWith` (a user type's too, its names
    // unasked): as many components or more, each compatible with the old
    // one (`ALTER TYPE` adding, renaming or widening a field of a type in
    // a key or the comparator).
    if let (Some(nt), Some(ot)) = (new.tuple(), old.tuple()) {
        return nt.types().len() >= ot.types().len()
            && nt
                .types()
                .iter()
                .zip(ot.types())
                .all(|(a, b)| is_compatible_with(a, b));
    }
    // A composite may gain trailing components.
    if let (Some(np), Some(op)) = (new.components(), old.components()) {
        if n.starts_with("CompositeType(") && o.starts_with("CompositeType(") {
            return np.len() >= op.len()
                && np.iter().zip(op).all(|(a, b)| is_compatible_with(a, b));
        }
    }
    // A collection mapping may gain collections, never change one.
    if let (Some(nc), Some(oc)) = (new.collection_columns(), old.collection_columns()) {
        return oc.iter().all(|(name, old_type)| {
            nc.iter()
                .find(|(n, _)| n == name)
                .is_some_and(|(_, t)| collection_compatible(t, old_type))
        });
    }
    false
}

/// 2.1's `CollectionType.isCompatibleWith` of a collection column's
/// (multi-cell) type: the same kind, its element names' comparator
/// compatible and its cells' values value-compatible, so a user type in
/// it may gain or rename fields (`ALTER TYPE ... RENAME`: the type's
/// names are not asked). Another shape (a frozen collection) keeps the
/// rule of its written name ([`fields_added`]).
fn collection_compatible(new: &TypeRef, old: &TypeRef) -> bool {
    match (new.collection(), old.collection()) {
        (Some(n), Some(o)) if n.kind() == o.kind() => {
            is_compatible_with(&n.name_comparator(), &o.name_comparator())
                && match (n.value_comparator(), o.value_comparator()) {
                    (Some(nv), Some(ov)) => value_compatible(&nv, &ov),
                    _ => true,
                }
        }
        _ => fields_added(&new.class_name(), &old.class_name()),
    }
}

/// `isValueCompatibleWith` as a collection's cell values asked it:
/// BytesType takes every value; any other type as it compares.
fn value_compatible(new: &TypeRef, old: &TypeRef) -> bool {
    short(new) == "BytesType" || is_compatible_with(new, old)
}

/// Whether the type named `new` is the one named `old` with fields added
/// at the end of one user type or tuple in it (or the same): 2.1's
/// `ColumnToCollectionType.isCompatibleWith` asked each collection's
/// `isCompatibleWith`, whose elements' `TupleType.isCompatibleWith` took a
/// type whose fields began with the old one's (`ALTER TYPE ... ADD`).
fn fields_added(new: &str, old: &str) -> bool {
    if new == old {
        return true;
    }
    let (n, o) = (new.as_bytes(), old.as_bytes());
    if n.len() <= o.len() {
        return false;
    }
    let prefix = n.iter().zip(o).take_while(|(a, b)| a == b).count();
    let suffix = n
        .iter()
        .rev()
        .zip(o.iter().rev())
        .take_while(|(a, b)| a == b)
        .count()
        .min(o.len() - prefix);
    // Old = P + S and new = P + added + S, the added part opening with a
    // comma right where old closed a parenthesis.
    let added = &n[prefix..n.len() - suffix];
    if o.len() - prefix != suffix || o.get(prefix) != Some(&b')') || added.first() != Some(&b',') {
        return false;
    }
    // The parenthesis closed there opened a user type or a tuple.
    let mut depth = 0usize;
    let opened = o[..prefix].iter().rposition(|&c| {
        match c {
            b')' => depth += 1,
            b'(' if depth == 0 => return true,
            b'(' => depth -= 1,
            _ => {}
        }
        false
    });
    opened.is_some_and(|at| o[..at].ends_with(b"UserType") || o[..at].ends_with(b"TupleType"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn compat(new: &str, old: &str) -> bool {
        is_compatible_with(&parse_type(new).unwrap(), &parse_type(old).unwrap())
    }

    #[test]
    fn relation_is_1_2s() {
        assert!(compat("LongType", "LongType"));
        assert!(compat("BytesType", "UTF8Type"));
        assert!(compat("BytesType", "AsciiType"));
        assert!(compat("UTF8Type", "AsciiType"));
        assert!(!compat("AsciiType", "UTF8Type"));
        assert!(!compat("BytesType", "LongType"));
        assert!(!compat("LongType", "BytesType"));
        assert!(compat(
            "CompositeType(LongType,UTF8Type,Int32Type)",
            "CompositeType(LongType,AsciiType)"
        ));
        assert!(!compat(
            "CompositeType(LongType)",
            "CompositeType(LongType,UTF8Type)"
        ));
        assert!(!compat("CompositeType(LongType)", "LongType"));
    }

    #[test]
    fn a_user_type_may_gain_fields() {
        let ut = "org.apache.cassandra.db.marshal.UserType(ks,61,6e:org.apache.cassandra.db.marshal.UTF8Type";
        let old = format!("org.apache.cassandra.db.marshal.ListType({ut}))");
        let new = format!("org.apache.cassandra.db.marshal.ListType({ut},64:org.apache.cassandra.db.marshal.Int32Type))");
        assert!(fields_added(&new, &old));
        assert!(!fields_added(&old, &new));
        assert!(!fields_added("ListType(Int32Type)", "ListType(UTF8Type)"));
        assert!(!fields_added(
            "ListType(UTF8Type,Int32Type)",
            "ListType(UTF8Type)"
        ));
    }

    #[test]
    fn a_collection_of_a_user_type_may_rename_its_fields() {
        let ut = |f: &str| {
            format!("org.apache.cassandra.db.marshal.UserType(ks,61,{f}:org.apache.cassandra.db.marshal.UTF8Type)")
        };
        let cols = |f: &str| {
            format!(
                "org.apache.cassandra.db.marshal.ColumnToCollectionType(6d:org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.UTF8Type,{}))",
                ut(f)
            )
        };
        let comp = |f: &str| {
            format!(
                "org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type,{})",
                cols(f)
            )
        };
        assert!(compat(&comp("7a"), &comp("6e")));
        // Another kind of collection is not compatible.
        let list = comp("6e").replace(
            "MapType(org.apache.cassandra.db.marshal.UTF8Type,",
            "ListType(",
        );
        assert!(!compat(&list, &comp("6e")));
    }
}
