//! What 1.1 and 1.2 said of a declared column name their comparator could
//! not read: `CFMetaData.fromThrift` built the CQL 3 definition of the
//! column family (`updateCfDef`, `CFDefinition`), which read every declared
//! name with the comparator's `getString` (the `cql.jdbc` types'), and its
//! `MarshalException` became the refusal, before `CFMetaData.validate`
//! could say `Column name .. is not valid for comparator ..`.
//!
//! Owns those words only; whether a name is valid is the type's.

use crate::marshal::{TypeRef, MARSHAL_PACKAGE};

/// `getString`'s refusal of `name` under `comparator`, where the jdbc type
/// refused it; `None` where it read it (or had no words of its own).
pub fn get_string_refusal(comparator: &TypeRef, name: &[u8]) -> Option<String> {
    let class = comparator.class_name();
    let short = class.strip_prefix(MARSHAL_PACKAGE).unwrap_or(&class);
    let len = name.len();
    if len == 0 {
        return None;
    }
    match short {
        "LongType" if len != 8 => Some(format!("A long is exactly 8 bytes: {len}")),
        "Int32Type" if len != 4 => Some(format!("A int is exactly 4 bytes: {len}")),
        "DoubleType" if len != 8 => Some(format!("A double is exactly 8 bytes : {len}")),
        "UUIDType" | "LexicalUUIDType" | "TimeUUIDType" if len != 16 => {
            Some("UUIDs must be exactly 16 bytes".into())
        }
        // The version nibble of a time UUID is 1.
        "TimeUUIDType" if name[6] >> 4 != 1 => {
            Some("TimeUUID only makes sense with version 1 UUIDs".into())
        }
        "UTF8Type" if std::str::from_utf8(name).is_err() => {
            Some(format!("invalid UTF8 bytes {}", hex(name)))
        }
        "AsciiType" if !name.is_ascii() => Some(format!("Invalid ascii bytes {}", hex(name))),
        _ => None,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn refusal(t: &str, name: &[u8]) -> Option<String> {
        get_string_refusal(&parse_type(t).unwrap(), name)
    }

    #[test]
    fn the_system_tests_words() {
        assert_eq!(
            refusal("LongType", b"ValidationColumn").as_deref(),
            Some("A long is exactly 8 bytes: 16")
        );
        assert_eq!(
            refusal("TimeUUIDType", b"ValidationColumn").as_deref(),
            Some("TimeUUID only makes sense with version 1 UUIDs")
        );
        assert_eq!(refusal("LongType", &[0; 8]), None);
        assert_eq!(refusal("BytesType", b"x"), None);
    }
}
