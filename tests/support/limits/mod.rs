//! Shared by the resource-limit tests: raw request builders (big batches
//! built byte by byte, far faster than the generated client), reply readers
//! for both framings, and what /proc says about the server process.
#![allow(dead_code)]

use std::io::{ErrorKind, Read};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use supercolumn::thrift::wire::scan::{scan_message, Scan};
use supercolumn::thrift::wire::{mtype, ttype, Reader};

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as i32).to_be_bytes());
    out.extend_from_slice(b);
}

fn field(out: &mut Vec<u8>, t: u8, id: i16) {
    out.push(t);
    out.extend_from_slice(&id.to_be_bytes());
}

/// What each mutation of a built 0.6 batch does.
#[derive(Clone, Copy, Debug)]
pub enum Mutations {
    /// Deletes one column (names `c00000000`, ...): about 41 bytes each.
    ColumnDeletions,
    /// Deletes the whole row: 16 bytes each, the smallest mutation.
    RowDeletions,
    /// Inserts a column (names `c00000000`, ...) with a value of this many
    /// bytes.
    Inserts(usize),
}

/// One encoded 0.6 `Mutation` number `n`.
fn mutation_06(out: &mut Vec<u8>, kind: Mutations, n: usize) {
    let ts = 1_000_000i64;
    match kind {
        Mutations::ColumnDeletions => {
            // Mutation { 2: Deletion { 1: ts, 3: SlicePredicate { 1: [name] } } }
            field(out, ttype::STRUCT, 2);
            field(out, ttype::I64, 1);
            out.extend_from_slice(&ts.to_be_bytes());
            field(out, ttype::STRUCT, 3);
            field(out, ttype::LIST, 1);
            out.push(ttype::STRING);
            out.extend_from_slice(&1i32.to_be_bytes());
            put_bytes(out, format!("c{n:08}").as_bytes());
            out.extend_from_slice(&[0, 0, 0]);
        }
        Mutations::RowDeletions => {
            // Mutation { 2: Deletion { 1: ts } }
            field(out, ttype::STRUCT, 2);
            field(out, ttype::I64, 1);
            out.extend_from_slice(&ts.to_be_bytes());
            out.extend_from_slice(&[0, 0]);
        }
        Mutations::Inserts(value) => {
            // Mutation { 1: ColumnOrSuperColumn { 1: Column { name, value, ts } } }
            field(out, ttype::STRUCT, 1);
            field(out, ttype::STRUCT, 1);
            field(out, ttype::STRING, 1);
            put_bytes(out, format!("c{n:08}").as_bytes());
            field(out, ttype::STRING, 2);
            out.extend_from_slice(&(value as i32).to_be_bytes());
            out.extend(std::iter::repeat_n(b'v', value));
            field(out, ttype::I64, 3);
            out.extend_from_slice(&ts.to_be_bytes());
            out.extend_from_slice(&[0, 0, 0]);
        }
    }
}

/// A strict API 0.6 `batch_mutate` call on `keyspace`, column family `cf`:
/// mutations of `kind` until the message is about `bytes` long, `per_row`
/// of them for each row key (`{key_prefix}00000000`, ...). Returns the
/// message and the number of mutations.
pub fn batch_06(
    keyspace: &str,
    key_prefix: &str,
    cf: &str,
    bytes: usize,
    kind: Mutations,
    per_row: usize,
) -> (Vec<u8>, usize) {
    batch_06_from(keyspace, key_prefix, cf, bytes, kind, per_row, 0)
}

/// [`batch_06`] with its mutations numbered from `first` (column names
/// `c{first:08}` on), so that batches can add columns to the same rows.
/// Returns the number after the last mutation.
pub fn batch_06_from(
    keyspace: &str,
    key_prefix: &str,
    cf: &str,
    bytes: usize,
    kind: Mutations,
    per_row: usize,
    first: usize,
) -> (Vec<u8>, usize) {
    let (rows, n) = batch_rows(key_prefix, cf, bytes, kind, per_row, first);
    let mut m = vec![0x80, 0x01, 0x00, mtype::CALL];
    put_bytes(&mut m, b"batch_mutate");
    m.extend_from_slice(&1i32.to_be_bytes());
    field(&mut m, ttype::STRING, 1);
    put_bytes(&mut m, keyspace.as_bytes());
    field(&mut m, ttype::MAP, 2);
    m.extend_from_slice(&[ttype::STRING, ttype::MAP]);
    m.extend_from_slice(&(rows.len() as i32).to_be_bytes());
    for row in rows {
        m.extend_from_slice(&row);
    }
    field(&mut m, ttype::I32, 3);
    m.extend_from_slice(&1i32.to_be_bytes()); // ONE
    m.push(0);
    (m, n)
}

/// The encoded map entries (row key, then a one-entry map of `cf` to its
/// list) of a batch of about `bytes`, as [`batch_06_from`] describes, and
/// the number after the last mutation. A 19.x `Mutation` of these kinds is
/// laid out as a 0.6 one.
fn batch_rows(
    key_prefix: &str,
    cf: &str,
    bytes: usize,
    kind: Mutations,
    per_row: usize,
    first: usize,
) -> (Vec<Vec<u8>>, usize) {
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut size = 0;
    let mut n = first;
    while size + 300 < bytes {
        let mut muts = Vec::new();
        let mut k = 0;
        while k < per_row && size + muts.len() + 300 < bytes {
            mutation_06(&mut muts, kind, n);
            n += 1;
            k += 1;
        }
        // key, one-entry map header, cf name, list header.
        let mut row = Vec::with_capacity(muts.len() + 64);
        put_bytes(
            &mut row,
            format!("{key_prefix}{:08}", rows.len()).as_bytes(),
        );
        row.extend_from_slice(&[ttype::STRING, ttype::LIST]);
        row.extend_from_slice(&1i32.to_be_bytes());
        put_bytes(&mut row, cf.as_bytes());
        row.push(ttype::STRUCT);
        row.extend_from_slice(&(k as i32).to_be_bytes());
        row.extend_from_slice(&muts);
        size += row.len();
        rows.push(row);
    }
    (rows, n)
}

/// A strict API 19.x `method` call (`batch_mutate` or
/// `atomic_batch_mutate`) on the connection's keyspace, column family `cf`,
/// as [`batch_06`] builds its map. Returns the message and the number of
/// mutations.
pub fn batch_19(
    method: &str,
    key_prefix: &str,
    cf: &str,
    bytes: usize,
    kind: Mutations,
    per_row: usize,
) -> (Vec<u8>, usize) {
    let (rows, n) = batch_rows(key_prefix, cf, bytes, kind, per_row, 0);
    let mut m = vec![0x80, 0x01, 0x00, mtype::CALL];
    put_bytes(&mut m, method.as_bytes());
    m.extend_from_slice(&1i32.to_be_bytes());
    field(&mut m, ttype::MAP, 1);
    m.extend_from_slice(&[ttype::STRING, ttype::MAP]);
    m.extend_from_slice(&(rows.len() as i32).to_be_bytes());
    for row in rows {
        m.extend_from_slice(&row);
    }
    field(&mut m, ttype::I32, 2);
    m.extend_from_slice(&1i32.to_be_bytes()); // ONE
    m.push(0);
    (m, n)
}

/// A strict API 19.x `set_keyspace` call.
pub fn set_keyspace_19(keyspace: &str) -> Vec<u8> {
    let mut m = vec![0x80, 0x01, 0x00, mtype::CALL];
    put_bytes(&mut m, b"set_keyspace");
    m.extend_from_slice(&1i32.to_be_bytes());
    field(&mut m, ttype::STRING, 1);
    put_bytes(&mut m, keyspace.as_bytes());
    m.push(0);
    m
}

/// A strict API 0.6 `batch_mutate` call on `keyspace`, one row (`key`
/// followed by `00000000`) of column family `cf`: column deletions (names
/// `c00000000`, ...) until the message is about `bytes` long. Returns the
/// message and the number of deletions.
pub fn deletions_06(keyspace: &str, key: &[u8], cf: &str, bytes: usize) -> (Vec<u8>, usize) {
    let key = String::from_utf8_lossy(key);
    batch_06(
        keyspace,
        &key,
        cf,
        bytes,
        Mutations::ColumnDeletions,
        usize::MAX,
    )
}

/// A strict call with no arguments (e.g. `describe_version`).
pub fn bare_call(name: &str, seqid: i32) -> Vec<u8> {
    let mut m = vec![0x80, 0x01, 0x00, mtype::CALL];
    put_bytes(&mut m, name.as_bytes());
    m.extend_from_slice(&seqid.to_be_bytes());
    m.push(0);
    m
}

pub fn framed(msg: &[u8]) -> Vec<u8> {
    let mut b = (msg.len() as u32).to_be_bytes().to_vec();
    b.extend_from_slice(msg);
    b
}

/// Reads one reply (framed or not) from a blocking stream.
pub fn read_reply(s: &mut TcpStream, is_framed: bool) -> std::io::Result<Vec<u8>> {
    if is_framed {
        let mut len = [0u8; 4];
        s.read_exact(&mut len)?;
        let mut body = vec![0u8; u32::from_be_bytes(len) as usize];
        s.read_exact(&mut body)?;
        return Ok(body);
    }
    let mut buf = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        match scan_message(&buf) {
            Scan::Complete(n) => {
                buf.truncate(n);
                return Ok(buf);
            }
            Scan::Invalid(why) => return Err(std::io::Error::other(why)),
            Scan::NeedMore(_) => {}
        }
        let n = s.read(&mut chunk)?;
        if n == 0 {
            return Err(ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// True for a REPLY whose result struct is empty: a void call that succeeded.
pub fn void_success(reply: &[u8]) -> bool {
    let mut r = Reader::new(reply);
    match r.message_header() {
        Ok(h) => h.mtype == mtype::REPLY && reply.get(r.position()) == Some(&0),
        Err(_) => false,
    }
}

/// True once the server has closed `s` (EOF or reset); false while it is
/// open with nothing to read. Any bytes waiting are read and dropped.
pub fn closed_by_server(s: &mut TcpStream) -> bool {
    s.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 64 * 1024];
    let closed = loop {
        match s.read(&mut buf) {
            Ok(0) => break true,
            Ok(_) => continue,
            Err(e) if e.kind() == ErrorKind::WouldBlock => break false,
            Err(_) => break true,
        }
    };
    s.set_nonblocking(false).unwrap();
    closed
}

/// Waits (up to `limit`) until `s` is closed by the server.
pub fn wait_closed(s: &mut TcpStream, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if closed_by_server(s) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {key} in /proc/{pid}/status"))
}

/// Peak resident memory of the process so far, in MB (VmHWM).
pub fn peak_rss_mb(pid: u32) -> u64 {
    status_kb(pid, "VmHWM:") / 1024
}

/// Starts counting the process's peak resident memory afresh (writing 5 to
/// clear_refs resets VmHWM to VmRSS), so that the next [`peak_rss_mb`]
/// measures one request rather than everything before it. False when the
/// kernel does not allow it (the peak then includes what came before).
pub fn reset_peak(pid: u32) -> bool {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok()
}

/// Resident memory of the process now, in MB (VmRSS).
pub fn rss_mb(pid: u32) -> u64 {
    status_kb(pid, "VmRSS:") / 1024
}

/// CPU time (user + system) the process has used, in seconds. /proc
/// reports it in USER_HZ ticks, which Linux fixes at 100 per second.
pub fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("proc stat");
    // Fields after the parenthesised command name; utime and stime are the
    // 14th and 15th fields of the whole line.
    let rest = &stat[stat.rfind(')').expect("comm") + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap();
    ticks as f64 / 100.0
}

/// The conformance `storage-conf.xml` (keyspace CT) with `changes` applied
/// (each a (from, to) text replacement), written into `dir`.
pub fn config_with(dir: &Path, changes: &[(&str, &str)]) -> PathBuf {
    let base = crate::support::wire::conformance_config("storage-conf.xml");
    let mut text = std::fs::read_to_string(base).unwrap();
    for (from, to) in changes {
        assert!(text.contains(from), "config lacks {from}");
        text = text.replacen(from, to, 1);
    }
    let path = dir.join("storage-conf.xml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The median of some durations.
pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}
