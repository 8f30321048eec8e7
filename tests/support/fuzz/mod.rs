//! The seeds of the wire fuzz (`tests/wire/transport/fuzz.rs`): the recorded
//! conformance requests encoded from the corpus's typed JSON (remembering
//! where each length and count sits, for the mutator to lie in), a few
//! built-in requests of both generations, and the 43-byte request that once
//! aborted the server.
#![allow(dead_code)]

pub mod native;

use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use supercolumn::thrift::wire::{mtype, ttype};

/// One encodable request: its bytes (unframed) and where its string
/// lengths and container counts are, the fields a hostile client lies in.
#[derive(Clone)]
pub struct Seed {
    pub msg: Vec<u8>,
    pub lengths: Vec<usize>,
}

/// The requests of one recorded scenario, in order.
pub struct Case {
    pub steps: Vec<Seed>,
    /// Whether each step only sets connection state (kept unmutated in
    /// front of a window of later steps, so those reach deeper code).
    pub state: Vec<bool>,
}

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"));
    dir.join("cases").is_dir().then_some(dir)
}

fn type_code(name: &str) -> u8 {
    match name {
        "bool" => ttype::BOOL,
        "byte" => ttype::BYTE,
        "double" => ttype::DOUBLE,
        "i16" => ttype::I16,
        "i32" => ttype::I32,
        "i64" => ttype::I64,
        "bin" => ttype::STRING,
        "struct" => ttype::STRUCT,
        "map" => ttype::MAP,
        "set" => ttype::SET,
        "list" => ttype::LIST,
        other => panic!("unknown corpus type {other}"),
    }
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// The corpus's typed value tree (see its thriftwire.py) in the binary protocol.
fn encode(v: &Json, ts_base: i64, out: &mut Vec<u8>, lengths: &mut Vec<usize>) {
    let t = v["t"].as_str().expect("typed value");
    match t {
        "bool" => out.push(v["v"].as_bool().unwrap_or(false) as u8),
        "byte" => out.push(v["v"].as_i64().unwrap_or(0) as u8),
        "i16" => out.extend_from_slice(&(v["v"].as_i64().unwrap_or(0) as i16).to_be_bytes()),
        "i32" => out.extend_from_slice(&(v["v"].as_i64().unwrap_or(0) as i32).to_be_bytes()),
        "i64" => {
            let mut n: i64 = match &v["v"] {
                Json::String(s) => s.parse().expect("i64"),
                other => other.as_i64().unwrap_or(0),
            };
            if v["ts"].as_bool() == Some(true) {
                n += ts_base;
            }
            out.extend_from_slice(&n.to_be_bytes());
        }
        "double" => out.extend_from_slice(&v["v"].as_f64().unwrap_or(0.0).to_be_bytes()),
        "bin" => {
            let b = match v.get("hex") {
                Some(h) => hex(h.as_str().unwrap_or("")),
                None => v["v"].as_str().unwrap_or("").as_bytes().to_vec(),
            };
            lengths.push(out.len());
            out.extend_from_slice(&(b.len() as i32).to_be_bytes());
            out.extend_from_slice(&b);
        }
        "struct" => {
            let fields = v["f"].as_object().expect("fields");
            let mut ids: Vec<(i16, &Json)> = fields
                .iter()
                .map(|(k, fv)| (k.parse().expect("field id"), fv))
                .collect();
            ids.sort_by_key(|(id, _)| *id);
            for (id, fv) in ids {
                out.push(type_code(fv["t"].as_str().expect("type")));
                out.extend_from_slice(&id.to_be_bytes());
                encode(fv, ts_base, out, lengths);
            }
            out.push(ttype::STOP);
        }
        "list" | "set" => {
            let items = v["v"].as_array().expect("items");
            out.push(type_code(v["et"].as_str().expect("et")));
            lengths.push(out.len());
            out.extend_from_slice(&(items.len() as i32).to_be_bytes());
            for i in items {
                encode(i, ts_base, out, lengths);
            }
        }
        "map" => {
            let items = v["v"].as_array().expect("entries");
            out.push(type_code(v["kt"].as_str().expect("kt")));
            out.push(type_code(v["vt"].as_str().expect("vt")));
            lengths.push(out.len());
            out.extend_from_slice(&(items.len() as i32).to_be_bytes());
            for kv in items {
                encode(&kv[0], ts_base, out, lengths);
                encode(&kv[1], ts_base, out, lengths);
            }
        }
        other => panic!("unknown corpus type {other}"),
    }
}

fn call(name: &str, seqid: i32, args: &[u8], arg_lengths: &[usize]) -> Seed {
    let mut msg = vec![0x80, 0x01, 0x00, mtype::CALL];
    let mut lengths = vec![msg.len()];
    msg.extend_from_slice(&(name.len() as i32).to_be_bytes());
    msg.extend_from_slice(name.as_bytes());
    msg.extend_from_slice(&seqid.to_be_bytes());
    let at = msg.len();
    lengths.extend(arg_lengths.iter().map(|l| l + at));
    msg.extend_from_slice(args);
    Seed { msg, lengths }
}

pub fn load_cases(dir: &Path, ts_base: i64) -> Vec<Case> {
    let mut files = Vec::new();
    for sub in ["v06", "v19", "cql3"] {
        if let Ok(rd) = std::fs::read_dir(dir.join("cases").join(sub)) {
            files.extend(rd.filter_map(|e| e.ok()).map(|e| e.path()));
        }
    }
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("read case");
            let case: Json = serde_json::from_str(&text).expect("case JSON");
            let mut steps = Vec::new();
            let mut state = Vec::new();
            for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
                let name = step["call"].as_str().expect("call");
                let (mut args, mut lengths) = (Vec::new(), Vec::new());
                encode(&step["args"], ts_base, &mut args, &mut lengths);
                steps.push(call(name, i as i32 + 1, &args, &lengths));
                state.push(matches!(
                    name,
                    "set_keyspace" | "login" | "set_cql_version" | "system_add_keyspace"
                ));
            }
            Case { steps, state }
        })
        .collect()
}

/// A request that once aborted the server before any login: a
/// framed 19.x `multiget_slice` whose `list<binary>` claims 2^31-1 keys.
pub fn issue_9_request() -> Vec<u8> {
    let mut body = vec![0x80, 0x01, 0x00, 0x01, 0, 0, 0, 14];
    body.extend_from_slice(b"multiget_slice");
    body.extend_from_slice(&1i32.to_be_bytes());
    body.extend_from_slice(&[ttype::LIST, 0, 1, ttype::STRING]);
    body.extend_from_slice(&i32::MAX.to_be_bytes());
    body.extend_from_slice(&1i32.to_be_bytes());
    body.push(b'k');
    let mut frame = (body.len() as u32).to_be_bytes().to_vec();
    frame.extend_from_slice(&body);
    frame
}

/// A few requests of both generations, for when the corpus is absent and
/// as extra splicing material: nested containers of every kind.
pub fn builtin_cases() -> Vec<Case> {
    let s = |b: &[u8], out: &mut Vec<u8>, lens: &mut Vec<usize>| {
        lens.push(out.len());
        out.extend_from_slice(&(b.len() as i32).to_be_bytes());
        out.extend_from_slice(b);
    };
    let mut steps = Vec::new();
    // 19.x set_keyspace("CT")
    let (mut a, mut l) = (Vec::new(), Vec::new());
    a.extend_from_slice(&[ttype::STRING, 0, 1]);
    s(b"CT", &mut a, &mut l);
    a.push(ttype::STOP);
    steps.push(call("set_keyspace", 1, &a, &l));
    // 19.x batch_mutate({"k": {"StdBytes": [insert, row deletion]}}, ONE)
    let (mut a, mut l) = (Vec::new(), Vec::new());
    a.extend_from_slice(&[ttype::MAP, 0, 1, ttype::STRING, ttype::MAP]);
    l.push(a.len());
    a.extend_from_slice(&1i32.to_be_bytes());
    s(b"k", &mut a, &mut l);
    a.extend_from_slice(&[ttype::STRING, ttype::LIST]);
    l.push(a.len());
    a.extend_from_slice(&1i32.to_be_bytes());
    s(b"StdBytes", &mut a, &mut l);
    a.push(ttype::STRUCT);
    l.push(a.len());
    a.extend_from_slice(&2i32.to_be_bytes());
    a.extend_from_slice(&[ttype::STRUCT, 0, 1, ttype::STRUCT, 0, 1]);
    a.extend_from_slice(&[ttype::STRING, 0, 1]);
    s(b"name", &mut a, &mut l);
    a.extend_from_slice(&[ttype::STRING, 0, 2]);
    s(b"value", &mut a, &mut l);
    a.extend_from_slice(&[ttype::I64, 0, 3]);
    a.extend_from_slice(&5i64.to_be_bytes());
    a.extend_from_slice(&[ttype::STOP, ttype::STOP, ttype::STOP]);
    a.extend_from_slice(&[ttype::STRUCT, 0, 2, ttype::I64, 0, 1]);
    a.extend_from_slice(&4i64.to_be_bytes());
    a.extend_from_slice(&[ttype::STOP, ttype::STOP]);
    a.extend_from_slice(&[ttype::I32, 0, 2, 0, 0, 0, 1, ttype::STOP]);
    steps.push(call("batch_mutate", 2, &a, &l));
    // 0.6 get_slice("CT", "k", ColumnParent("StdBytes"), SlicePredicate([n1, n2]), ONE)
    let (mut a, mut l) = (Vec::new(), Vec::new());
    a.extend_from_slice(&[ttype::STRING, 0, 1]);
    s(b"CT", &mut a, &mut l);
    a.extend_from_slice(&[ttype::STRING, 0, 2]);
    s(b"k", &mut a, &mut l);
    a.extend_from_slice(&[ttype::STRUCT, 0, 3, ttype::STRING, 0, 3]);
    s(b"StdBytes", &mut a, &mut l);
    a.push(ttype::STOP);
    a.extend_from_slice(&[ttype::STRUCT, 0, 4, ttype::LIST, 0, 1, ttype::STRING]);
    l.push(a.len());
    a.extend_from_slice(&2i32.to_be_bytes());
    s(b"n1", &mut a, &mut l);
    s(b"n2", &mut a, &mut l);
    a.push(ttype::STOP);
    a.extend_from_slice(&[ttype::I32, 0, 5, 0, 0, 0, 1, ttype::STOP]);
    steps.push(call("get_slice", 3, &a, &l));
    // 19.x system_add_keyspace(KsDef{name, strategy_class, strategy_options, cf_defs: []})
    let (mut a, mut l) = (Vec::new(), Vec::new());
    a.extend_from_slice(&[ttype::STRUCT, 0, 1, ttype::STRING, 0, 1]);
    s(b"fuzzks", &mut a, &mut l);
    a.extend_from_slice(&[ttype::STRING, 0, 2]);
    s(b"SimpleStrategy", &mut a, &mut l);
    a.extend_from_slice(&[ttype::MAP, 0, 3, ttype::STRING, ttype::STRING]);
    l.push(a.len());
    a.extend_from_slice(&1i32.to_be_bytes());
    s(b"replication_factor", &mut a, &mut l);
    s(b"1", &mut a, &mut l);
    a.extend_from_slice(&[ttype::LIST, 0, 5, ttype::STRUCT]);
    l.push(a.len());
    a.extend_from_slice(&0i32.to_be_bytes());
    a.extend_from_slice(&[ttype::STOP, ttype::STOP]);
    steps.push(call("system_add_keyspace", 4, &a, &l));
    let state = vec![true, false, false, false];
    vec![Case { steps, state }]
}

/// Values a hostile client puts in a length or count (`honest` is the
/// true one, `left` the bytes after it).
pub fn hostile(rng: &mut StdRng, honest: i32, left: usize) -> i32 {
    match rng.gen_range(0..12) {
        0 => -1,
        1 => i32::MIN,
        2 => i32::MAX,
        3 => i32::MAX - 7,
        4 => 1 << 16,
        5 => 1 << 20,
        6 => 1 << 24,
        7 => 0,
        8 => left as i32 + rng.gen_range(1..64),
        9 => honest.saturating_add(rng.gen_range(1..4)),
        10 => honest.saturating_sub(rng.gen_range(1..4)),
        _ => rng.gen(),
    }
}
