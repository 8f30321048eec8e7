//! The capture writer's cost per record: `CaptureWriter::write` of a 19.x
//! request and its reply (a 5-column insert of about 300 bytes, a reply of
//! 40; a get_slice of about 90 bytes and a reply of 400) into a file,
//! as `serve --capture`'s writer thread does for every call. Reported per
//! pair of records; throughput in message bytes.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use supercolumn::capture::format::{CaptureWriter, Record};

fn pair(request: usize, reply: usize, n: u64) -> [Record; 2] {
    let bytes = |len: usize| (0..len).map(|i| (i * 31 + 7) as u8).collect::<Vec<u8>>();
    [
        Record::Request {
            conn: 3,
            n,
            t_us: 1_234_567 + n,
            framed: true,
            method: "batch_mutate".into(),
            data: bytes(request),
        },
        Record::Reply {
            conn: 3,
            n,
            t_us: 1_234_890 + n,
            data: bytes(reply),
        },
    ]
}

fn write(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut g = c.benchmark_group("capture_write");
    for (name, request, reply) in [("insert", 300, 40), ("read", 90, 400)] {
        let path = dir.path().join(name);
        let mut w = CaptureWriter::create(&path, Some(256 << 20), 1).expect("capture file");
        let records = pair(request, reply, 0);
        g.throughput(Throughput::Bytes((request + reply) as u64));
        g.bench_function(name, |b| {
            b.iter(|| {
                for r in &records {
                    w.write(r).expect("written");
                }
            })
        });
        w.flush().expect("flushed");
    }
    g.finish();
}

criterion_group!(benches, write);
criterion_main!(benches);
