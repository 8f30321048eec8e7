use super::*;
use crate::thrift::wire::Writer;

/// One field of an IDL argument or throws list: (id, type, name).
pub(crate) type IdlField = (i16, String, String);

pub(crate) struct IdlMethod {
    pub(crate) name: String,
    pub(crate) args: Vec<IdlField>,
    pub(crate) throws: Vec<IdlField>,
}

/// The methods of the IDL file's service, read with a small tokenizer (the
/// IDL files are the repository's own, in `idl/`).
pub(crate) fn idl_methods(file: &str) -> Vec<IdlMethod> {
    let path = format!("{}/idl/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut clean = String::new();
    let mut rest = text.as_str();
    while !rest.is_empty() {
        if rest.starts_with("/*") {
            let end = rest.find("*/").unwrap();
            rest = &rest[end + 2..];
        } else if rest.starts_with("//") || rest.starts_with('#') {
            let end = rest.find('\n').unwrap_or(rest.len());
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap();
            clean.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    let body = &clean[clean.find("service Cassandra").unwrap()..];
    let body = &body[body.find('{').unwrap() + 1..];
    let mut toks = Vec::new();
    let mut word = String::new();
    for c in body.chars() {
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '"' {
            word.push(c);
        } else {
            if !word.is_empty() {
                toks.push(std::mem::take(&mut word));
            }
            if !c.is_whitespace() {
                toks.push(c.to_string());
            }
        }
    }
    let mut methods = Vec::new();
    let mut i = 0;
    while i + 1 < toks.len() {
        if toks[i + 1] == "(" && toks[i] != "throws" && toks[i] != "}" {
            let name = toks[i].clone();
            let (args, next) = fields(&toks, i + 2);
            i = next;
            let mut throws = Vec::new();
            if toks.get(i).map(String::as_str) == Some("throws") {
                let (t, next) = fields(&toks, i + 2);
                throws = t;
                i = next;
            }
            methods.push(IdlMethod { name, args, throws });
        } else {
            i += 1;
        }
    }
    assert!(methods.len() > 20, "{file}: {} methods", methods.len());
    methods
}

/// The fields from `toks[at]` to the closing parenthesis; and the index after it.
fn fields(toks: &[String], mut at: usize) -> (Vec<IdlField>, usize) {
    let mut out = Vec::new();
    let mut cur: Vec<&str> = Vec::new();
    let mut angle = 0;
    let mut finish = |cur: &mut Vec<&str>| {
        if cur.is_empty() {
            return;
        }
        let id: i16 = cur[0].parse().unwrap();
        let mut rest: Vec<&str> = cur[2..].to_vec();
        if let Some(eq) = rest.iter().position(|t| *t == "=") {
            rest.truncate(eq);
        }
        if matches!(rest[0], "required" | "optional") {
            rest.remove(0);
        }
        let name = rest.pop().unwrap().to_string();
        out.push((id, rest.concat(), name));
        cur.clear();
    };
    loop {
        let t = toks[at].as_str();
        at += 1;
        match t {
            "<" => angle += 1,
            ">" => angle -= 1,
            "," if angle == 0 => {
                finish(&mut cur);
                continue;
            }
            ")" if angle == 0 => {
                finish(&mut cur);
                return (out, at);
            }
            _ => {}
        }
        cur.push(t);
    }
}

fn check_idl(g: Generation, file: &str) {
    for m in idl_methods(file) {
        let name = m.name.as_str();
        for (id, ty, _) in &m.throws {
            assert_eq!(
                exception_name(g, name, *id),
                Some(ty.as_str()),
                "{file} {name} {id}"
            );
        }
        let next = m.throws.len() as i16 + 1;
        if !m.throws.is_empty() {
            assert_eq!(exception_name(g, name, next), None, "{file} {name} {next}");
        }
        let arg = |id: i16| {
            m.args
                .iter()
                .find(|(i, _, _)| *i == id)
                .unwrap_or_else(|| panic!("{file} {name}: no argument {id}"))
        };
        let (ks, cf) = locations(g, name);
        for at in [ks, cf].into_iter().flatten() {
            match at {
                At::Arg(id) => {
                    let (_, ty, n) = arg(id);
                    assert_eq!(ty, "string", "{file} {name}");
                    assert!(
                        ["keyspace", "column_family", "cfname", "cfName"].contains(&n.as_str()),
                        "{file} {name}: {n}"
                    );
                }
                At::Parent(id) => {
                    let (_, ty, _) = arg(id);
                    assert!(ty == "ColumnParent" || ty == "ColumnPath", "{file} {name}");
                }
                At::Inner(id, inner) => {
                    let (_, ty, _) = arg(id);
                    // CfDef: 1 keyspace, 2 name; KsDef: 1 name.
                    assert!(
                        (ty == "CfDef" && (inner == 1 || inner == 2))
                            || (ty == "KsDef" && inner == 1),
                        "{file} {name}: {ty}.{inner}"
                    );
                }
                At::Keys(id) => assert!(arg(id).1.starts_with("map<string,"), "{file} {name}"),
                At::InnerKeys(id) => {
                    assert!(arg(id).1.contains(",map<string,"), "{file} {name}")
                }
                At::MultiSlice => assert_eq!(arg(1).1, "MultiSliceRequest"),
                At::Query => assert_eq!(arg(1).2, "query", "{file} {name}"),
            }
        }
        // Every argument that names a keyspace or column family is read.
        for (_, ty, n) in &m.args {
            if n == "keyspace" || ty == "KsDef" {
                assert!(ks.is_some(), "{file} {name}: keyspace not logged");
            }
            let names_cf = ["ColumnParent", "ColumnPath", "CfDef", "MultiSliceRequest"]
                .contains(&ty.as_str())
                || ["column_family", "cfname", "cfName", "cfmap", "mutation_map"]
                    .contains(&n.as_str());
            if names_cf {
                assert!(cf.is_some(), "{file} {name}: column family not logged");
            }
        }
    }
}

#[test]
fn tables_match_the_idl_files() {
    check_idl(Generation::V06, "cassandra-0.6.thrift");
    check_idl(Generation::V19, "cassandra.thrift");
}

fn args(build: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::new();
    build(&mut w);
    w.stop();
    w.buf
}

fn shown(t: &Target) -> (Option<String>, Vec<String>, usize) {
    (
        t.keyspace.as_ref().map(|k| k.to_string()),
        t.cfs.iter().map(|c| c.to_string()).collect(),
        t.more_cfs,
    )
}

#[test]
fn names_from_requests() {
    // 0.6 get_slice(keyspace, key, column_parent, ...).
    let a = args(|w| {
        w.field_header(ttype::STRING, 1);
        w.bytes(b"Keyspace1");
        w.field_header(ttype::STRING, 2);
        w.bytes(b"secret-key");
        w.field_header(ttype::STRUCT, 3);
        w.field_header(ttype::STRING, 3);
        w.bytes(b"Standard1");
        w.stop();
    });
    let t = target(Generation::V06, "get_slice", &a);
    assert_eq!(
        shown(&t),
        (Some("Keyspace1".into()), vec!["Standard1".into()], 0)
    );

    // 19.x batch_mutate: key -> cf -> mutations, six CFs over two keys.
    let a = args(|w| {
        w.field_header(ttype::MAP, 1);
        w.buf.extend_from_slice(&[ttype::STRING, ttype::MAP]);
        w.buf.extend_from_slice(&2i32.to_be_bytes());
        for (key, cfs) in [
            (&b"k1"[..], &["A", "B", "C"][..]),
            (b"k2", &["C", "D", "E", "F"]),
        ] {
            w.bytes(key);
            w.buf.extend_from_slice(&[ttype::STRING, ttype::LIST]);
            w.buf.extend_from_slice(&(cfs.len() as i32).to_be_bytes());
            for cf in cfs {
                w.bytes(cf.as_bytes());
                w.buf.push(ttype::STRUCT);
                w.buf.extend_from_slice(&0i32.to_be_bytes());
            }
        }
    });
    let t = target(Generation::V19, "batch_mutate", &a);
    assert_eq!(
        shown(&t),
        (
            None,
            vec!["A".into(), "B".into(), "C".into(), "D".into()],
            2
        )
    );

    // system_add_column_family(CfDef{keyspace, name}).
    let a = args(|w| {
        w.field_header(ttype::STRUCT, 1);
        w.field_header(ttype::STRING, 1);
        w.bytes(b"ks");
        w.field_header(ttype::STRING, 2);
        w.bytes(b"new\ncf");
        w.stop();
    });
    let t = target(Generation::V19, "system_add_column_family", &a);
    assert_eq!(
        shown(&t),
        (Some("ks".into()), vec!["\"new\\ncf\"".into()], 0)
    );

    // CQL: kind and names; a compressed query is not read.
    let cql = |q: &[u8], compression: i32| {
        args(|w| {
            w.field_header(ttype::STRING, 1);
            w.bytes(q);
            w.field_header(ttype::I32, 2);
            w.buf.extend_from_slice(&compression.to_be_bytes());
        })
    };
    let t = target(
        Generation::V19,
        "execute_cql3_query",
        &cql(b"SELECT * FROM ks.users WHERE k = 'x'", 2),
    );
    assert_eq!(t.statement.as_ref().unwrap().kind, "SELECT");
    assert_eq!(shown(&t), (Some("ks".into()), vec!["users".into()], 0));
    let t = target(Generation::V19, "execute_cql_query", &cql(b"\x1f\x8b..", 1));
    assert_eq!(t.statement.unwrap().kind, "(compressed)");

    // Truncated or garbage arguments give what could be read, never a panic.
    for cut in 0..a.len() {
        let _ = target(Generation::V19, "system_add_column_family", &a[..cut]);
    }
    let _ = target(Generation::V06, "batch_mutate", &[0xff; 40]);
}

fn reply(method: &str, mt: u8, build: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(method, mt, 1);
    build(&mut w);
    w.stop();
    w.buf
}

#[test]
fn outcomes_from_replies() {
    let ok = reply("get", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 0);
        w.stop();
    });
    assert_eq!(outcome(Generation::V19, "get", &ok), Outcome::Ok);
    let void = reply("insert", mtype::REPLY, |_| {});
    assert_eq!(outcome(Generation::V06, "insert", &void), Outcome::Ok);
    let nfe = reply("get", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 2);
        w.stop();
    });
    assert_eq!(
        outcome(Generation::V19, "get", &nfe).to_string(),
        "NotFoundException"
    );
    let nfe06 = reply("describe_keyspace", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 1);
        w.stop();
    });
    assert_eq!(
        outcome(Generation::V06, "describe_keyspace", &nfe06).to_string(),
        "NotFoundException"
    );
    let app = crate::thrift::dispatch::exception(
        &crate::thrift::wire::MessageHeader {
            name: "nope".into(),
            mtype: mtype::CALL,
            seqid: 1,
            strict: true,
        },
        thrift::ApplicationErrorKind::UnknownMethod,
        "Invalid method name: 'nope'".into(),
    );
    assert_eq!(
        outcome(Generation::V19, "nope", &app).to_string(),
        "TApplicationException(UNKNOWN_METHOD)"
    );
}

#[test]
fn names_are_quoted_unless_plain() {
    assert_eq!(Name("Keyspace1".into()).to_string(), "Keyspace1");
    assert_eq!(Name("my-cf_2".into()).to_string(), "my-cf_2");
    assert_eq!(Name("a b".into()).to_string(), "\"a b\"");
    assert_eq!(Name(String::new()).to_string(), "\"\"");
    assert_eq!(Name("x".repeat(100)).to_string().len(), 66);
}
