//! The generated tables are what `facts.json` says each release declared:
//! every method's arguments and every struct they reach, field by field
//! (id, requiredness, type, name, default), and nothing more; each method
//! and each distinct struct written once.

use super::args_table;
use super::methods::{METHODS, RELEASES};
use crate::thrift::wire::idl::{Default, Req, StructDesc, Ty};
use std::collections::{BTreeMap, HashMap};

fn facts() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/releases/facts.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("facts.json")).expect("JSON")
}

/// A type as the IDL spelled it, and the structs it names.
fn idl_type(ty: &Ty, enums: &serde_json::Value, structs: &mut Vec<&'static StructDesc>) -> String {
    match ty {
        Ty::Bool => "bool".into(),
        Ty::I32 => "i32".into(),
        Ty::I64 => "i64".into(),
        Ty::Double => "double".into(),
        Ty::Str => "string".into(),
        Ty::Bin => "binary".into(),
        Ty::Enum(names) => {
            // The enum whose values the function names.
            let (name, _) = enums
                .as_object()
                .unwrap()
                .iter()
                .find(|(_, values)| {
                    let values = values.as_object().unwrap();
                    (-1..64).all(|n| {
                        names(n)
                            == values
                                .iter()
                                .find(|(_, v)| v.as_i64() == Some(i64::from(n)))
                                .map(|(k, _)| k.as_str())
                    })
                })
                .expect("an enum of the IDL");
            name.clone()
        }
        Ty::Struct(d) => {
            structs.push(d);
            d.name.to_string()
        }
        Ty::List(t) => format!("list<{}>", idl_type(t, enums, structs)),
        Ty::Set(t) => format!("set<{}>", idl_type(t, enums, structs)),
        Ty::Map(k, v) => format!(
            "map<{},{}>",
            idl_type(k, enums, structs),
            idl_type(v, enums, structs)
        ),
    }
}

fn field_specs(
    desc: &StructDesc,
    enums: &serde_json::Value,
    structs: &mut Vec<&'static StructDesc>,
) -> BTreeMap<String, String> {
    desc.fields
        .iter()
        .map(|f| {
            let req = match f.req {
                Req::Required => "required ",
                Req::Optional => "optional ",
                Req::Plain => "",
            };
            let spec = format!("{req}{} {}", idl_type(&f.ty, enums, structs), f.name);
            let default = match f.default {
                Default::None => String::new(),
                Default::Bool(b) => format!(" = {b}"),
                Default::I32(n) => format!(" = {n}"),
                Default::Double(d) => format!(" = {d:?}"),
                Default::Str(s) => format!(" = \"{s}\""),
                Default::Enum(n) => format!(" = #{n}"),
            };
            (f.id.to_string(), spec + &default)
        })
        .collect()
}

/// The IDL's spelling of a default, as the table keeps it.
fn normal(spec: &str, enums: &serde_json::Value) -> String {
    let Some((head, value)) = spec.split_once(" = ") else {
        return spec.to_string();
    };
    let ty = head.split(' ').rev().nth(1).unwrap();
    let value = match ty {
        "bool" => (value == "1" || value == "true").to_string(),
        "double" => format!("{:?}", value.parse::<f64>().unwrap()),
        _ => match value.split_once('.') {
            Some((e, v)) if enums.get(e).is_some() => format!("#{}", enums[e][v]),
            _ => value.to_string(),
        },
    };
    format!("{head} = {value}")
}

#[test]
fn every_release_table_is_its_idl() {
    let facts = facts();
    for (version, f) in facts["releases"].as_object().unwrap() {
        let args_of = args_table(version).unwrap_or_else(|| panic!("{version} has a table"));
        let idl = &f["idl"];
        let enums = &idl["enums"];
        let mut structs = Vec::new();
        for (method, m) in idl["methods"].as_object().unwrap() {
            let desc = args_of(method).unwrap_or_else(|| panic!("{version} {method}"));
            assert_eq!(desc.name, format!("{method}_args"));
            let want: BTreeMap<String, String> = m["args"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(id, s)| (id.clone(), normal(s.as_str().unwrap(), enums)))
                .collect();
            assert_eq!(
                field_specs(desc, enums, &mut structs),
                want,
                "{version} {method}"
            );
        }
        assert!(args_of("no_such_method").is_none());
        while let Some(desc) = structs.pop() {
            let want: BTreeMap<String, String> = idl["structs"][desc.name]
                .as_object()
                .unwrap_or_else(|| panic!("{version} {}", desc.name))
                .iter()
                .map(|(id, s)| (id.clone(), normal(s.as_str().unwrap(), enums)))
                .collect();
            let mut inner = Vec::new();
            assert_eq!(
                field_specs(desc, enums, &mut inner),
                want,
                "{version} {}",
                desc.name
            );
            structs.extend(inner.into_iter().filter(|d| d.name != desc.name));
        }
    }
    assert!(args_table("0.6.8").is_none());
}

#[test]
fn the_method_table_is_sorted_with_one_row_a_method() {
    // `args_at` searches it by halves.
    assert!(METHODS.windows(2).all(|w| w[0].0 < w[1].0));
    for (column, version) in RELEASES.iter().enumerate() {
        let args_of = args_table(version).unwrap();
        for (method, row) in &METHODS {
            let found = args_of(method).map(std::ptr::from_ref);
            assert_eq!(
                found,
                row[column].map(std::ptr::from_ref),
                "{version} {method}"
            );
        }
    }
}

/// A struct's whole content, nested structs and enum values included.
fn content(desc: &StructDesc) -> String {
    fn ty(t: &Ty) -> String {
        match t {
            Ty::Enum(names) => format!("{:?}", (-1..64).map(names).collect::<Vec<_>>()),
            Ty::Struct(d) => content(d),
            Ty::List(t) => format!("list<{}>", ty(t)),
            Ty::Set(t) => format!("set<{}>", ty(t)),
            Ty::Map(k, v) => format!("map<{},{}>", ty(k), ty(v)),
            other => format!("{other:?}"),
        }
    }
    let fields: Vec<String> = desc
        .fields
        .iter()
        .map(|f| {
            format!(
                "{} {} {:?} {:?} {}",
                f.id,
                f.name,
                f.req,
                f.default,
                ty(&f.ty)
            )
        })
        .collect();
    format!("{}{{{}}}", desc.name, fields.join("; "))
}

#[test]
fn every_distinct_struct_is_written_once() {
    fn walk(desc: &'static StructDesc, seen: &mut HashMap<*const StructDesc, String>) {
        if seen.insert(desc, content(desc)).is_none() {
            for f in desc.fields {
                walk_ty(&f.ty, seen);
            }
        }
    }
    fn walk_ty(t: &'static Ty, seen: &mut HashMap<*const StructDesc, String>) {
        match t {
            Ty::Struct(d) => walk(d, seen),
            Ty::List(t) | Ty::Set(t) => walk_ty(t, seen),
            Ty::Map(k, v) => {
                walk_ty(k, seen);
                walk_ty(v, seen);
            }
            _ => {}
        }
    }
    let mut seen = HashMap::new();
    for desc in METHODS.iter().flat_map(|(_, row)| row.iter().flatten()) {
        walk(desc, &mut seen);
    }
    let mut by_content: HashMap<&str, usize> = HashMap::new();
    for text in seen.values() {
        *by_content.entry(text).or_default() += 1;
    }
    assert_eq!(by_content.len(), seen.len(), "a struct written twice");
}
