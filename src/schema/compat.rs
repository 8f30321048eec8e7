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
                .is_some_and(|(_, t)| t.class_name() == old_type.class_name())
        });
    }
    false
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
}
