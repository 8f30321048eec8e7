//! cassandra-cli 1.2.9's text for cells: `list`, `get` and the lines around
//! them, byte for byte.
//!
//! Names print with the column family's comparator (subcomparator inside a
//! super column), values with the column's declared validator or the
//! family's default one, keys with the key validator, all through the
//! marshal types' `get_string` (bytes as hex, UTF8 as text, composites
//! `:`-joined with `\:` escaping). Nothing here talks to a server: it takes
//! Thrift result values and a [`CfView`] and returns text.

use crate::marshal::{parse_type, BytesType, TypeRef};
use crate::schema::javaorder::{iteration_order, sized_capacity, string_hash};
use crate::thrift::gen::cassandra19::{ColumnOrSuperColumn, KeySlice};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The entries of a string map of a Thrift struct (strategy, compaction,
/// compression and index options) in the order cassandra-cli 1.2.9 printed
/// them: its Java stub read a map into a `new HashMap<>(2 * size)`, filled
/// in the order the entries came (here sorted, as the server writes them),
/// and the cli iterated that.
pub fn java_map_order(m: &BTreeMap<String, String>) -> Vec<(&str, &str)> {
    let entries: Vec<(&str, &str)> = m.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let hashes: Vec<i32> = entries.iter().map(|(k, _)| string_hash(k)).collect();
    iteration_order(&hashes, sized_capacity(2 * entries.len()))
        .into_iter()
        .map(|i| entries[i])
        .collect()
}

/// What the cli needs to know of a column family to read and write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CfView {
    pub name: String,
    pub is_super: bool,
    pub comparator: String,
    pub subcomparator: Option<String>,
    pub key_validator: Option<String>,
    pub default_validator: Option<String>,
    /// Declared columns: name bytes and validator class.
    pub columns: Vec<(Vec<u8>, String)>,
}

/// A type by name; unknown names fall back to BytesType so that output is
/// never lost (cassandra-cli failed the whole command instead).
pub fn type_named(name: Option<&str>) -> TypeRef {
    name.and_then(|n| parse_type(n).ok())
        .unwrap_or_else(|| Arc::new(BytesType))
}

impl CfView {
    pub fn comparator_type(&self) -> TypeRef {
        type_named(Some(&self.comparator))
    }
    pub fn subcomparator_type(&self) -> TypeRef {
        type_named(Some(self.subcomparator.as_deref().unwrap_or("BytesType")))
    }
    pub fn key_type(&self) -> TypeRef {
        type_named(self.key_validator.as_deref())
    }
    /// The validator of a column's value: its declared one, else the
    /// family's default, else none (the cli then shows UTF-8 text for `get`).
    pub fn value_type(&self, name: &[u8]) -> Option<TypeRef> {
        if let Some((_, v)) = self.columns.iter().find(|(n, _)| n == name) {
            return Some(type_named(Some(v)));
        }
        self.default_validator
            .as_deref()
            .filter(|v| !v.is_empty())
            .map(|v| type_named(Some(v)))
    }
    fn value_string(&self, name: &[u8], value: &[u8]) -> String {
        match self.value_type(name) {
            Some(t) => t.get_string(value),
            None => crate::marshal::bytes_to_hex(value),
        }
    }
    pub fn is_counter(&self) -> bool {
        self.default_validator
            .as_deref()
            .is_some_and(|v| type_named(Some(v)).is_counter())
    }
}

fn ttl_suffix(ttl: Option<i32>) -> String {
    ttl.map(|t| format!(", ttl={t}")).unwrap_or_default()
}

/// The `=> (...)` line(s) of one result item, newline-terminated. `in_super`
/// is set when a plain column came from inside a super column family (a
/// `get` of one super column), so its name uses the subcomparator.
pub fn cosc_lines(cf: &CfView, cosc: &ColumnOrSuperColumn, in_super: bool) -> String {
    cosc_lines_as(cf, cosc, in_super, "name")
}

/// [`cosc_lines`] with the label of a column's name as the era's cli
/// wrote it (`column=` before 1.2, `name=` from it).
pub fn cosc_lines_as(
    cf: &CfView,
    cosc: &ColumnOrSuperColumn,
    in_super: bool,
    label: &str,
) -> String {
    let name_of = |n: &[u8], sub: bool| {
        if sub {
            cf.subcomparator_type().get_string(n)
        } else {
            cf.comparator_type().get_string(n)
        }
    };
    if let Some(c) = &cosc.column {
        let value = c.value.as_deref().unwrap_or_default();
        return format!(
            "=> ({label}={}, value={}, timestamp={}{})\n",
            name_of(&c.name, in_super),
            cf.value_string(&c.name, value),
            c.timestamp.unwrap_or_default(),
            ttl_suffix(c.ttl)
        );
    }
    if let Some(sc) = &cosc.super_column {
        let mut s = format!("=> (super_column={},", name_of(&sc.name, false));
        for c in &sc.columns {
            let value = c.value.as_deref().unwrap_or_default();
            s.push_str(&format!(
                "\n     ({label}={}, value={}, timestamp={}{})",
                name_of(&c.name, true),
                cf.value_string(&c.name, value),
                c.timestamp.unwrap_or_default(),
                ttl_suffix(c.ttl)
            ));
        }
        s.push_str(")\n");
        return s;
    }
    if let Some(c) = &cosc.counter_column {
        return format!(
            "=> (counter={}, value={})\n",
            name_of(&c.name, in_super),
            c.value
        );
    }
    if let Some(sc) = &cosc.counter_super_column {
        let mut s = format!("=> (super_column={},", name_of(&sc.name, false));
        for c in &sc.columns {
            s.push_str(&format!(
                "\n     (counter={}, value={})",
                name_of(&c.name, true),
                c.value
            ));
        }
        s.push_str(")\n");
        return s;
    }
    String::new()
}

/// `list`'s rows and footer (not the `Using default ...` lines before them
/// nor the elapsed time after).
pub fn slice_list(cf: &CfView, slices: &[KeySlice]) -> String {
    slice_list_as(cf, slices, "name")
}

/// [`slice_list`] with the era's label of column names.
pub fn slice_list_as(cf: &CfView, slices: &[KeySlice], label: &str) -> String {
    let key_type = cf.key_type();
    let mut out = String::new();
    for ks in slices {
        out.push_str("-------------------\n");
        out.push_str(&format!("RowKey: {}\n", key_type.get_string(&ks.key)));
        for cosc in &ks.columns {
            out.push_str(&cosc_lines_as(cf, cosc, false, label));
        }
    }
    let n = slices.len();
    out.push_str(&format!(
        "\n{n} Row{} Returned.\n",
        if n > 1 { "s" } else { "" }
    ));
    out
}

/// `Elapsed time: ...` as cassandra-cli printed it: two decimals under 10 ms
/// (Java's double rendering), whole milliseconds from there up.
pub fn elapsed_line(nanos: u128) -> String {
    let value = if nanos < 10_000_000 {
        let v = ((nanos as f64) / 10_000.0).round() / 100.0;
        format!("{v:?}")
    } else {
        format!("{}", ((nanos as f64) / 1_000_000.0).round() as u128)
    };
    format!("Elapsed time: {value} msec(s).\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::gen::cassandra19::{Column, SuperColumn};

    fn view(comparator: &str, sub: Option<&str>, key: &str, default: &str) -> CfView {
        CfView {
            name: "cf".into(),
            is_super: sub.is_some(),
            comparator: comparator.into(),
            subcomparator: sub.map(String::from),
            key_validator: Some(key.into()),
            default_validator: Some(default.into()),
            columns: vec![],
        }
    }

    fn col(name: &[u8], value: &[u8], ts: i64, ttl: Option<i32>) -> Column {
        Column::new(name.to_vec(), value.to_vec(), ts, ttl)
    }

    #[test]
    fn elapsed_time_formats() {
        assert_eq!(elapsed_line(3_520_000), "Elapsed time: 3.52 msec(s).\n");
        assert_eq!(elapsed_line(3_000_000), "Elapsed time: 3.0 msec(s).\n");
        assert_eq!(elapsed_line(46_400_000), "Elapsed time: 46 msec(s).\n");
        assert_eq!(elapsed_line(0), "Elapsed time: 0.0 msec(s).\n");
    }

    #[test]
    fn super_columns_and_ttls() {
        let cf = view("UTF8Type", Some("UTF8Type"), "UTF8Type", "UTF8Type");
        let sc = ColumnOrSuperColumn::new(
            None,
            SuperColumn::new(
                b"sc".to_vec(),
                vec![col(b"a", b"1", 5, None), col(b"b", b"2", 6, Some(30))],
            ),
            None,
            None,
        );
        let slices = vec![KeySlice::new(b"k".to_vec(), vec![sc])];
        assert_eq!(
            slice_list(&cf, &slices),
            "-------------------\nRowKey: k\n=> (super_column=sc,\n     (name=a, value=1, timestamp=5)\n     (name=b, value=2, timestamp=6, ttl=30))\n\n1 Row Returned.\n"
        );
        assert_eq!(slice_list(&cf, &[]), "\n0 Row Returned.\n");
    }

    #[test]
    fn declared_columns_choose_their_validator() {
        let mut cf = view("UTF8Type", None, "UTF8Type", "BytesType");
        cf.columns.push((b"v2".to_vec(), "Int32Type".into()));
        let line = |name: &[u8], value: &[u8]| {
            cosc_lines(
                &cf,
                &ColumnOrSuperColumn::new(col(name, value, 1, None), None, None, None),
                false,
            )
        };
        assert_eq!(
            line(b"v2", &[0, 0, 0, 1]),
            "=> (name=v2, value=1, timestamp=1)\n"
        );
        assert_eq!(line(b"v1", b"y"), "=> (name=v1, value=79, timestamp=1)\n");
    }
}
