//! ReversedType(T): T's values and strings with the order flipped, except
//! that the empty value still sorts first (it means "no bound" in slices).
//! CQL3 uses it for `CLUSTERING ORDER BY (... DESC)`.

use crate::marshal::{empty_first, AbstractType, Dialect, MarshalError, TypeRef};
use std::cmp::Ordering;

#[derive(Debug, Clone)]
pub struct ReversedType {
    base: TypeRef,
}

impl ReversedType {
    pub fn new(base: TypeRef) -> Self {
        ReversedType { base }
    }
}

impl AbstractType for ReversedType {
    fn class_name(&self) -> String {
        format!(
            "{}ReversedType({})",
            crate::marshal::MARSHAL_PACKAGE,
            self.base.class_name()
        )
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| self.base.compare(b, a))
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.base.validate(value)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        self.base.validate_for(value, dialect)
    }
    fn get_string(&self, value: &[u8]) -> String {
        self.base.get_string(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        self.base.from_string(text)
    }
    fn is_reversed(&self) -> bool {
        true
    }
    fn base_type(&self) -> Option<&TypeRef> {
        Some(&self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{Int32Type, LongType};
    use std::sync::Arc;

    #[test]
    fn flips_order_but_keeps_empty_first() {
        let t = ReversedType::new(Arc::new(LongType));
        let (one, two) = (1i64.to_be_bytes(), 2i64.to_be_bytes());
        assert_eq!(t.compare(&one, &two), Ordering::Greater);
        assert_eq!(t.compare(b"", &one), Ordering::Less);
        assert_eq!(t.compare(&one, b""), Ordering::Greater);
        assert!(t.is_reversed());
        assert_eq!(
            t.validate(b"abc").unwrap_err().0,
            "A long is exactly 8 bytes"
        );
        assert_eq!(t.get_string(&two), "2");
    }

    #[test]
    fn class_name_wraps_base() {
        let t = ReversedType::new(Arc::new(Int32Type));
        assert_eq!(
            t.class_name(),
            "org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.Int32Type)"
        );
    }
}
