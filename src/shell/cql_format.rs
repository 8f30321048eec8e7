//! cqlsh's rendering of CQL3 results: one value per the result metadata's
//! type (as cqlsh's `formatting.py` did), and the table around them.
//!
//! Values: text as is (backslashes doubled, control characters escaped),
//! blobs `0x..`, timestamps `%Y-%m-%d %H:%M:%S+0000` (UTC), uuids hyphenated,
//! floats with five significant digits, booleans `True`/`False`, collections
//! `[..]`/`{..}` with text elements quoted, a missing value `null`. Table
//! (cqlsh 1.2.9's `print_result`): a blank line, the header left-justified
//! (trailing blanks stripped), a `-+-` rule, values right-justified with
//! ` | ` between columns, a blank line; no row count (that footer came with
//! cqlsh 2.0) and nothing at all for an empty result. Widths are terminal
//! display widths (wide CJK characters take two columns), as cqlsh's
//! `wcwidth` measured them. Nothing here talks to a server.

use crate::marshal::{bytes_to_hex, parse_type, CollectionKind, TypeRef};
use crate::thrift::gen::cassandra19::{CqlResult, CqlResultType};
use unicode_width::UnicodeWidthStr;

/// The type short name with `ReversedType(...)` unwrapped, e.g. `Int32Type`.
fn base_name(t: &TypeRef) -> String {
    let mut t = t.clone();
    while let Some(inner) = t.base_type() {
        t = inner.clone();
    }
    let full = t.class_name();
    let head = full.split('(').next().unwrap_or("");
    head.rsplit('.').next().unwrap_or(head).to_string()
}

/// One value as cqlsh printed it. `quote` is set inside collections.
pub fn format_value(t: &TypeRef, value: Option<&[u8]>, quote: bool) -> String {
    let Some(v) = value else {
        return "null".to_string();
    };
    let name = base_name(t);
    if v.is_empty() && !matches!(name.as_str(), "UTF8Type" | "AsciiType" | "BytesType") {
        return String::new();
    }
    match name.as_str() {
        "UTF8Type" | "AsciiType" => {
            let text = escape_text(&String::from_utf8_lossy(v));
            if quote {
                format!("'{text}'")
            } else {
                text
            }
        }
        "BytesType" => format!("0x{}", bytes_to_hex(v)),
        // A counter is a long to cqlsh (Cassandra's own getString shows hex).
        "CounterColumnType" => match <[u8; 8]>::try_from(v) {
            Ok(b) => i64::from_be_bytes(b).to_string(),
            Err(_) => format!("0x{}", bytes_to_hex(v)),
        },
        "Int32Type" | "LongType" | "IntegerType" | "DecimalType" | "UUIDType" | "TimeUUIDType"
        | "LexicalUUIDType" => t.get_string(v),
        "BooleanType" => match v {
            [0] => "False".to_string(),
            [_] => "True".to_string(),
            _ => format!("0x{}", bytes_to_hex(v)),
        },
        "FloatType" => match <[u8; 4]>::try_from(v) {
            Ok(b) => format_g(f64::from(f32::from_be_bytes(b)), 5),
            Err(_) => format!("0x{}", bytes_to_hex(v)),
        },
        "DoubleType" => match <[u8; 8]>::try_from(v) {
            Ok(b) => format_g(f64::from_be_bytes(b), 5),
            Err(_) => format!("0x{}", bytes_to_hex(v)),
        },
        "DateType" | "TimestampType" => {
            let s = t.get_string(v);
            if quote {
                format!("'{s}'")
            } else {
                s
            }
        }
        "InetAddressType" => {
            let s = t.get_string(v);
            let s = s.strip_prefix('/').unwrap_or(&s).to_string();
            if quote {
                format!("'{s}'")
            } else {
                s
            }
        }
        _ => match t.collection() {
            Some(c) => format_collection(c.kind(), c.name_comparator(), c.value_comparator(), v)
                .unwrap_or_else(|| format!("0x{}", bytes_to_hex(v))),
            None => escape_text(&t.get_string(v)),
        },
    }
}

/// Reads the 1.2 collection format: u16 count, then u16-length elements
/// (`per_item` of them per counted item: two for a map's key and value).
fn elements(mut v: &[u8], per_item: usize) -> Option<Vec<&[u8]>> {
    fn short<'a>(v: &mut &'a [u8]) -> Option<&'a [u8]> {
        if v.len() < 2 {
            return None;
        }
        let n = u16::from_be_bytes([v[0], v[1]]) as usize;
        let out = v.get(2..2 + n)?;
        *v = &v[2 + n..];
        Some(out)
    }
    if v.len() < 2 {
        return None;
    }
    let count = u16::from_be_bytes([v[0], v[1]]) as usize;
    v = &v[2..];
    let mut out = Vec::new();
    for _ in 0..count * per_item {
        out.push(short(&mut v)?);
    }
    Some(out)
}

fn format_collection(
    kind: CollectionKind,
    name_type: TypeRef,
    value_type: Option<TypeRef>,
    v: &[u8],
) -> Option<String> {
    let items = elements(v, if kind == CollectionKind::Map { 2 } else { 1 })?;
    Some(match kind {
        CollectionKind::List | CollectionKind::Set => {
            let t = if kind == CollectionKind::List {
                value_type?
            } else {
                name_type
            };
            let parts: Vec<String> = items
                .iter()
                .map(|e| format_value(&t, Some(e), true))
                .collect();
            let (l, r) = if kind == CollectionKind::List {
                ("[", "]")
            } else {
                ("{", "}")
            };
            format!("{l}{}{r}", parts.join(", "))
        }
        CollectionKind::Map => {
            let vt = value_type?;
            if items.len() % 2 != 0 {
                return None;
            }
            let parts: Vec<String> = items
                .chunks(2)
                .map(|kv| {
                    format!(
                        "{}: {}",
                        format_value(&name_type, Some(kv[0]), true),
                        format_value(&vt, Some(kv[1]), true)
                    )
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    })
}

/// Backslashes doubled, control characters (C0, DEL and C1 up to the
/// no-break space, as cqlsh's `unicode_controlchars_re` picked them) shown
/// as Python escapes (cqlsh 2.0.0 showed text the same way).
pub fn escape_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || (0x7f..=0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// C's `%.*g`: `precision` significant digits, trailing zeros dropped,
/// exponent form below 1e-4 or from 10^precision up.
pub fn format_g(x: f64, precision: usize) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let p = precision.max(1);
    // The exponent after rounding to p significant digits.
    let sci = format!("{:.*e}", p - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= p as i32 {
        let m = strip_zeros(mantissa);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{m}e{sign}{:02}", exp.abs())
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{x:.decimals$}"))
    }
}

fn strip_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// A result's column names and rendered values, ready for the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Renders a ROWS result per its metadata; `None` for VOID/INT results.
pub fn table_of(result: &CqlResult) -> Option<Table> {
    if result.type_ != CqlResultType::ROWS {
        return None;
    }
    let rows = result.rows.clone().unwrap_or_default();
    let schema = result.schema.as_ref();
    let type_of = |name: &[u8]| -> TypeRef {
        let class = schema
            .and_then(|s| s.value_types.get(name).cloned())
            .or_else(|| schema.map(|s| s.default_value_type.clone()))
            .unwrap_or_else(|| "BytesType".to_string());
        parse_type(&class)
            .unwrap_or_else(|_| parse_type("BytesType").expect("BytesType is always registered"))
    };
    // CQL3 rows all carry the same columns in select order; the first row names them.
    let header: Vec<Vec<u8>> = match rows.first() {
        Some(r) => r.columns.iter().map(|c| c.name.clone()).collect(),
        None => Vec::new(),
    };
    let types: Vec<TypeRef> = header.iter().map(|n| type_of(n)).collect();
    let rendered = rows
        .iter()
        .map(|r| {
            r.columns
                .iter()
                .zip(&types)
                .map(|(c, t)| format_value(t, c.value.as_deref(), false))
                .collect()
        })
        .collect();
    Some(Table {
        header: header
            .iter()
            .map(|n| escape_text(&String::from_utf8_lossy(n)))
            .collect(),
        rows: rendered,
    })
}

/// The columns a value takes on a terminal, as cqlsh measured it.
pub fn display_width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` padded with blanks on the left to `width` display columns.
pub fn pad_left(s: &str, width: usize) -> String {
    format!("{}{s}", " ".repeat(width.saturating_sub(display_width(s))))
}

/// `s` padded with blanks on the right to `width` display columns.
pub fn pad_right(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(display_width(s))))
}

/// The table as cqlsh 1.2.9 printed it: a blank line, header, rule, rows,
/// a blank line. An empty result prints nothing (its driver reported no
/// description for it, so cqlsh treated it like a VOID result).
pub fn render_table(t: &Table) -> String {
    if t.rows.is_empty() {
        return String::new();
    }
    let mut widths: Vec<usize> = t.header.iter().map(|h| display_width(h)).collect();
    for row in &t.rows {
        for (i, v) in row.iter().enumerate() {
            if i < widths.len() {
                widths[i] = widths[i].max(display_width(v));
            }
        }
    }
    let header: Vec<String> = t
        .header
        .iter()
        .zip(&widths)
        .map(|(h, w)| pad_right(h, *w))
        .collect();
    let mut out = format!("\n {}\n", header.join(" | ").trim_end());
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&format!("-{}-\n", rule.join("-+-")));
    for row in &t.rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(v, w)| pad_left(v, *w))
            .collect();
        out.push_str(&format!(" {}\n", cells.join(" | ")));
    }
    out.push('\n');
    out
}

/// EXPAND ON's layout (cqlsh's `print_formatted_result_vertically`): per
/// row `@ Row N`, a rule, then ` name | value` lines (names padded to the
/// widest name, the rule to the widest value of the whole result) and a
/// blank line; the whole between the blank lines a table has.
pub fn render_vertical(t: &Table) -> String {
    if t.rows.is_empty() {
        return String::new();
    }
    let name_w = t.header.iter().map(|h| display_width(h)).max().unwrap_or(0);
    let value_w = t
        .rows
        .iter()
        .flat_map(|r| r.iter().map(|v| display_width(v)))
        .max()
        .unwrap_or(0);
    let mut out = String::from("\n");
    for (i, row) in t.rows.iter().enumerate() {
        out.push_str(&format!("@ Row {}\n", i + 1));
        out.push_str(&format!(
            "-{}-+-{}-\n",
            "-".repeat(name_w),
            "-".repeat(value_w)
        ));
        for (h, v) in t.header.iter().zip(row) {
            out.push_str(&format!(" {} | {v}\n", pad_right(h, name_w)));
        }
        out.push('\n');
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> TypeRef {
        parse_type(name).unwrap()
    }

    #[test]
    fn scalars_as_cqlsh_showed_them() {
        assert_eq!(
            format_value(&t("UTF8Type"), Some(b"a\\b\n"), false),
            "a\\\\b\\n"
        );
        assert_eq!(
            format_value(&t("BytesType"), Some(&[0xca, 0xfe]), false),
            "0xcafe"
        );
        assert_eq!(format_value(&t("BytesType"), Some(&[]), false), "0x");
        assert_eq!(
            format_value(&t("Int32Type"), Some(&[0, 0, 0, 12]), false),
            "12"
        );
        assert_eq!(
            format_value(
                &t("ReversedType(Int32Type)"),
                Some(&[0xff, 0xff, 0xff, 0xff]),
                false
            ),
            "-1"
        );
        assert_eq!(
            format_value(
                &t("DateType"),
                Some(&0x0000013cca4e61c0u64.to_be_bytes()),
                false
            ),
            "2013-02-11 17:30:00+0000"
        );
        assert_eq!(format_value(&t("BooleanType"), Some(&[1]), false), "True");
        assert_eq!(
            format_value(&t("CounterColumnType"), Some(&7i64.to_be_bytes()), false),
            "7"
        );
        assert_eq!(format_value(&t("BooleanType"), Some(&[0]), false), "False");
        assert_eq!(format_value(&t("UTF8Type"), None, false), "null");
        assert_eq!(
            format_value(&t("DoubleType"), Some(&1234.5678f64.to_be_bytes()), false),
            "1234.6"
        );
        assert_eq!(
            format_value(&t("InetAddressType"), Some(&[127, 0, 0, 1]), false),
            "127.0.0.1"
        );
    }

    #[test]
    fn g_format_matches_c() {
        assert_eq!(format_g(1.5, 5), "1.5");
        assert_eq!(format_g(100000.0, 5), "1e+05");
        assert_eq!(format_g(12345.0, 5), "12345");
        assert_eq!(format_g(123456.0, 5), "1.2346e+05");
        assert_eq!(format_g(0.0001, 5), "0.0001");
        assert_eq!(format_g(0.00001234, 5), "1.234e-05");
        assert_eq!(format_g(-2.0, 5), "-2");
        assert_eq!(format_g(f64::NAN, 5), "nan");
    }

    #[test]
    fn collections_quote_text_elements() {
        let map = hex("00010005686f67653100056675676131");
        assert_eq!(
            format_value(&t("MapType(UTF8Type,UTF8Type)"), Some(&map), false),
            "{'hoge1': 'fuga1'}"
        );
        let list = [0u8, 2, 0, 4, 0, 0, 0, 1, 0, 4, 0, 0, 0, 2];
        assert_eq!(
            format_value(&t("ListType(Int32Type)"), Some(&list), false),
            "[1, 2]"
        );
        let set = hex("000300046361747300036c6f6c00057069616e6f");
        assert_eq!(
            format_value(&t("SetType(UTF8Type)"), Some(&set), false),
            "{'cats', 'lol', 'piano'}"
        );
    }

    fn hex(s: &str) -> Vec<u8> {
        crate::marshal::hex_to_bytes(s).unwrap()
    }

    #[test]
    fn seed_002_table_layout() {
        let row = |a: &str, b: &str, c: &str, d: &str, e: &str| {
            vec![a, b, c, d, e].into_iter().map(String::from).collect()
        };
        let table = Table {
            header: ["pkey1", "pkey2", "skey", "cvalue", "value"]
                .map(String::from)
                .to_vec(),
            rows: vec![
                row(
                    "pkey1_1",
                    "pkey2_1",
                    "103",
                    "{'hoge1': 'fuga1'}",
                    "value11_103",
                ),
                row("pkey1_1", "pkey2_1", "12", "{'hoge': 'fuga'}", "value11_12"),
            ],
        };
        let want = "
 pkey1   | pkey2   | skey | cvalue             | value
---------+---------+------+--------------------+-------------
 pkey1_1 | pkey2_1 |  103 | {'hoge1': 'fuga1'} | value11_103
 pkey1_1 | pkey2_1 |   12 |   {'hoge': 'fuga'} |  value11_12

";
        assert_eq!(render_table(&table), want);
    }

    /// A golden result (s002 `SELECT token(pkey1, pkey2), pkey1, pkey2, skey`)
    /// through `table_of` from CqlResult values as a 1.2 server sends them
    /// (full class names in the metadata), laid out as in the golden file.
    #[test]
    fn cql_result_to_table() {
        use crate::thrift::gen::cassandra19::{Column, CqlMetadata, CqlRow};
        use std::collections::BTreeMap;
        let m = "org.apache.cassandra.db.marshal.";
        let mut types = BTreeMap::new();
        types.insert(b"token(pkey1, pkey2)".to_vec(), format!("{m}LongType"));
        types.insert(b"pkey1".to_vec(), format!("{m}UTF8Type"));
        types.insert(b"pkey2".to_vec(), format!("{m}UTF8Type"));
        types.insert(b"skey".to_vec(), format!("{m}Int32Type"));
        let row = |tok: &str, p1: &str, p2: &str, skey: i32| {
            let c = |n: &str, v: Option<Vec<u8>>| Column::new(n.as_bytes().to_vec(), v, None, None);
            CqlRow::new(
                vec![],
                vec![
                    c("token(pkey1, pkey2)", Some(hex(tok))),
                    c("pkey1", Some(p1.as_bytes().to_vec())),
                    c("pkey2", Some(p2.as_bytes().to_vec())),
                    c("skey", Some(skey.to_be_bytes().to_vec())),
                ],
            )
        };
        let result = CqlResult::new(
            CqlResultType::ROWS,
            vec![
                row("c19ecc50b7d30f8b", "pkey1_1", "pkey2_1", 103),
                row("c19ecc50b7d30f8b", "pkey1_1", "pkey2_1", 12),
                row("f6a8bd2a9d4d0349", "pkey1_2", "pkey2_1", 200),
                row("3115ada0077e2b83", "pkey1_1", "pkey2_3", 102),
            ],
            None,
            CqlMetadata::new(
                BTreeMap::new(),
                types,
                format!("{m}UTF8Type"),
                format!("{m}BytesType"),
            ),
        );
        let want = "
 token(pkey1, pkey2)  | pkey1   | pkey2   | skey
----------------------+---------+---------+------
 -4494930731015663733 | pkey1_1 | pkey2_1 |  103
 -4494930731015663733 | pkey1_1 | pkey2_1 |   12
  -673080153566543031 | pkey1_2 | pkey2_1 |  200
  3536923985201474435 | pkey1_1 | pkey2_3 |  102

";
        assert_eq!(render_table(&table_of(&result).unwrap()), want);
        let void = CqlResult::new(CqlResultType::VOID, None, None, None);
        assert_eq!(table_of(&void), None);
    }

    #[test]
    fn wide_characters_take_two_columns_and_empty_results_print_nothing() {
        let table = Table {
            header: vec!["k".to_string()],
            rows: vec![vec!["健身房".to_string()], vec!["théo".to_string()]],
        };
        assert_eq!(render_table(&table), "\n k\n--------\n 健身房\n   théo\n\n");
        let empty = Table {
            header: vec!["k".to_string()],
            rows: Vec::new(),
        };
        assert_eq!(render_table(&empty), "");
        assert_eq!(
            format_value(&t("UTF8Type"), Some("a\u{85}b\u{a0}".as_bytes()), false),
            "a\\x85b\\xa0"
        );
    }

    #[test]
    fn null_and_empty_values() {
        use crate::thrift::gen::cassandra19::{Column, CqlRow};
        let result = CqlResult::new(
            CqlResultType::ROWS,
            vec![CqlRow::new(
                vec![],
                vec![
                    Column::new(b"a".to_vec(), None, None, None),
                    Column::new(b"b".to_vec(), Some(vec![]), None, None),
                ],
            )],
            None,
            None,
        );
        let t = table_of(&result).unwrap();
        assert_eq!(t.rows, vec![vec!["null".to_string(), "0x".to_string()]]);
    }
}
