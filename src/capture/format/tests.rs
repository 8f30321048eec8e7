use super::*;
use std::io::Cursor;

fn req(conn: u64, n: u64, data: &[u8]) -> Record {
    Record::Request {
        conn,
        n,
        t_us: 5,
        framed: true,
        method: "get".into(),
        data: data.to_vec(),
    }
}

fn head() -> Record {
    Record::Capture {
        format: FORMAT,
        started_us: 1,
        to: "h:1".into(),
        protocol: "thrift".into(),
        native_to: None,
    }
}

#[test]
fn records_round_trip_through_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.jsonl");
    let mut w = CaptureWriter::create(&path, None, 0).unwrap();
    w.header(&head()).unwrap();
    let schema = Record::Schema {
        describe_keyspaces: Some(vec![0, 1, 255]),
        error: None,
    };
    w.header(&schema).unwrap();
    assert!(w.write(&req(1, 0, b"\x80\x01abc")).unwrap());
    w.flush().unwrap();
    let (mut r, first) = CaptureReader::open(&path).unwrap();
    assert_eq!(first, head());
    assert_eq!(r.next_record().unwrap(), Some(schema));
    assert_eq!(r.next_record().unwrap(), Some(req(1, 0, b"\x80\x01abc")));
    assert_eq!(r.next_record().unwrap(), None);
}

#[test]
fn a_full_file_rotates_with_its_header_or_stops() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.jsonl");
    let mut w = CaptureWriter::create(&path, Some(400), 2).unwrap();
    w.header(&head()).unwrap();
    for n in 0..20 {
        assert!(w.write(&req(1, n, &[7; 40])).unwrap());
    }
    w.flush().unwrap();
    let name = |k: u32| PathBuf::from(format!("{}.{k}", path.display()));
    assert!(name(1).exists() && name(2).exists() && !name(3).exists());
    for p in [path.clone(), name(1), name(2)] {
        assert!(fs::metadata(&p).unwrap().len() <= 400, "{p:?}");
        let (mut r, _) = CaptureReader::open(&p).unwrap();
        assert!(matches!(
            r.next_record().unwrap(),
            Some(Record::Request { .. })
        ));
    }
    // Without rotation the file stops growing and says so.
    let path = dir.path().join("d.jsonl");
    let mut w = CaptureWriter::create(&path, Some(400), 0).unwrap();
    w.header(&head()).unwrap();
    let written = (0..20)
        .filter(|&n| w.write(&req(1, n, &[7; 40])).unwrap())
        .count();
    assert!(written > 0 && written < 20, "{written}");
    assert!(fs::metadata(&path).unwrap().len() <= 400);
}

#[test]
fn a_bad_line_is_named_by_line_and_offset_and_a_cut_tail_is_skipped() {
    let good = serde_json::to_string(&head()).unwrap();
    let text = format!("{good}\n{{\"type\":\"request\",\"conn\":1}}\n");
    let mut r = CaptureReader::new("f".into(), Cursor::new(text));
    r.next_record().unwrap();
    let e = r.next_record().unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("f, line 2 (byte {})", good.len() + 1)),
        "{e}"
    );

    let text = format!("{good}\n{}", &good[..good.len() / 2]);
    let mut r = CaptureReader::new("f".into(), Cursor::new(text));
    r.next_record().unwrap();
    assert_eq!(r.next_record().unwrap(), None);
    assert_eq!(r.truncated_tail, Some(2));
}

#[test]
fn a_file_without_the_header_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x");
    fs::write(
        &path,
        "{\"type\":\"close\",\"conn\":1,\"t_us\":0,\"by\":\"client\"}\n",
    )
    .unwrap();
    let Err(e) = CaptureReader::open(&path) else {
        panic!("accepted")
    };
    assert!(matches!(e, FormatError::NotCapture { .. }), "{e}");
}
