//! The generated tables are what `facts.json` says each release declared:
//! every method's arguments and every struct they reach, field by field
//! (id, requiredness, type, name, default), and nothing more.

use super::args_table;
use crate::thrift::wire::idl::{Default, Req, StructDesc, Ty};
use std::collections::BTreeMap;

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
    assert!(args_table("1.2.9").is_none());
}
