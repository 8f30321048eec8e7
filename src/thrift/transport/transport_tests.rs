//! Unit tests of `transport`: framing detection, splitting and reassembly,
//! size limits, other protocols, the budget charge and the idle timeout.
use super::*;
use crate::thrift::wire::{mtype, ttype, Writer};

fn strict_call() -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header("describe_version", mtype::CALL, 3);
    w.stop();
    w.buf
}

fn old_call() -> Vec<u8> {
    let mut w = Writer::new();
    w.bytes(b"describe_version");
    w.buf.push(mtype::CALL);
    w.buf.extend_from_slice(&3i32.to_be_bytes());
    w.stop();
    w.buf
}

#[test]
fn classification() {
    let s = strict_call();
    let o = old_call();
    assert_eq!(classify(&s).unwrap(), Some(Framing::Unframed));
    assert_eq!(classify(&o[..4]).unwrap(), None);
    assert_eq!(classify(&o).unwrap(), Some(Framing::Unframed));
    assert_eq!(
        classify(&frame_reply(Framing::Framed, s)).unwrap(),
        Some(Framing::Framed)
    );
    assert_eq!(
        classify(&frame_reply(Framing::Framed, o)).unwrap(),
        Some(Framing::Framed)
    );
    assert!(classify(&[0, 0, 0, 0, 1]).is_err());
    assert!(classify(&[0x80, 0x02]).is_err());
}

async fn read_all(bytes: Vec<u8>, max: usize) -> Vec<Result<Option<Vec<u8>>, String>> {
    let mut r = MessageReader::new(max, &Budget::unlimited(), None);
    let mut io = &bytes[..];
    let mut out = Vec::new();
    loop {
        let m = r
            .next(&mut io)
            .await
            .map(|m| m.map(|m| m.bytes))
            .map_err(|e| e.to_string());
        let stop = !matches!(m, Ok(Some(_)));
        out.push(m);
        if stop {
            return out;
        }
    }
}

#[tokio::test]
async fn splits_back_to_back_messages() {
    for msg in [strict_call(), old_call()] {
        let mut stream = msg.clone();
        stream.extend_from_slice(&msg);
        let got = read_all(stream.clone(), 1024).await;
        assert_eq!(
            got,
            vec![Ok(Some(msg.clone())), Ok(Some(msg.clone())), Ok(None)]
        );
        let framed = [
            frame_reply(Framing::Framed, msg.clone()),
            frame_reply(Framing::Framed, msg.clone()),
        ]
        .concat();
        let got = read_all(framed, 1024).await;
        assert_eq!(
            got,
            vec![Ok(Some(msg.clone())), Ok(Some(msg.clone())), Ok(None)]
        );
    }
}

#[tokio::test]
async fn oversize_and_truncated() {
    let mut w = Writer::new();
    w.message_header("insert", mtype::CALL, 9);
    w.field_header(ttype::STRING, 4);
    w.buf.extend_from_slice(&(1_000_000i32).to_be_bytes());
    let got = read_all(w.buf.clone(), 1000).await;
    assert!(
        matches!(&got[0], Err(e) if e.contains("exceeds the maximum")),
        "{got:?}"
    );
    let framed = [(5000u32).to_be_bytes().to_vec(), w.buf.clone()].concat();
    let got = read_all(framed, 1000).await;
    assert!(matches!(&got[0], Err(e) if e.contains("exceeds the maximum")));
    let cut = strict_call();
    let got = read_all(cut[..cut.len() - 1].to_vec(), 1000).await;
    assert!(matches!(&got[0], Err(e) if e.contains("closed")));
}

#[tokio::test]
async fn other_protocols_are_named_not_misread() {
    let http = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec();
    let got = read_all(http, 16 << 20).await;
    assert_eq!(
        got,
        vec![Err("not Thrift: an HTTP GET request".to_string())]
    );
    let cql = vec![0x04, 0, 0, 0, 0x05, 0, 0, 0, 0];
    let got = read_all(cql, 16 << 20).await;
    assert_eq!(
        got,
        vec![Err(
            "not Thrift: a CQL native protocol v4 client (OPTIONS)".to_string()
        )]
    );
    // A peer that sends only a verb and hangs up is still named.
    let got = read_all(b"POST /".to_vec(), 16 << 20).await;
    assert_eq!(
        got,
        vec![Err("not Thrift: an HTTP POST request".to_string())]
    );
}

/// A connected pair of TCP streams (client, server side).
async fn pair() -> (tokio::net::TcpStream, tokio::net::TcpStream) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let c = tokio::net::TcpStream::connect(l.local_addr().unwrap())
        .await
        .unwrap();
    let (s, _) = l.accept().await.unwrap();
    (c, s)
}

/// A strict call whose one string argument is `n` bytes long.
fn big_call(n: usize) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header("insert", mtype::CALL, 9);
    w.field_header(ttype::STRING, 1);
    w.bytes(&vec![b'x'; n]);
    w.stop();
    w.buf
}

#[tokio::test]
async fn messages_carry_their_charge_and_count_their_values() {
    let budget = Budget::new(1 << 20);
    let msg = big_call(100_000);
    for (stream, framed) in [
        (msg.clone(), false),
        (frame_reply(Framing::Framed, msg.clone()), true),
    ] {
        let mut r = MessageReader::new(1 << 20, &budget, None);
        let mut io = &stream[..];
        let m = r.next(&mut io).await.unwrap().unwrap();
        assert_eq!(m.bytes, msg);
        // The argument struct and its string.
        assert_eq!(m.values, 2);
        if framed {
            // Walked whole in one pass, with the argument shape noted.
            assert_eq!(m.shape, Some(vec![(1, ttype::STRING)]));
        } else {
            // Over one read: walked by the scanner as it came, no shape.
            assert_eq!(m.shape, None);
        }
        assert_eq!(m.charge.bytes(), stream.len());
        assert!(budget.in_use_bytes() >= stream.len());
        drop(m);
        assert_eq!(budget.in_use_bytes(), 0);
        assert!(r.next(&mut io).await.unwrap().is_none());
    }
}

#[tokio::test]
async fn a_spent_budget_stops_reading_until_it_drains() {
    let budget = Budget::new(256 << 10);
    let (mut c1, mut s1) = pair().await;
    let (mut c2, mut s2) = pair().await;
    let msg = big_call(200_000);
    let mut r1 = MessageReader::new(1 << 20, &budget, None);
    tokio::io::AsyncWriteExt::write_all(&mut c1, &msg)
        .await
        .unwrap();
    let first = r1.next(&mut s1).await.unwrap().unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut c2, &msg)
        .await
        .unwrap();
    let second = tokio::spawn(async move {
        let mut r2 = MessageReader::new(1 << 20, &budget, None);
        r2.next(&mut s2).await.unwrap().unwrap().bytes
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!second.is_finished(), "read past a spent budget");
    drop(first);
    let got = tokio::time::timeout(Duration::from_secs(10), second)
        .await
        .expect("reading resumed once the budget drained")
        .unwrap();
    assert_eq!(got, msg);
}

#[tokio::test]
async fn trickled_messages_are_reassembled() {
    let (mut c, mut s) = pair().await;
    let msg = big_call(3000);
    let sent = msg.clone();
    let writer = tokio::spawn(async move {
        for piece in sent.chunks(7) {
            tokio::io::AsyncWriteExt::write_all(&mut c, piece)
                .await
                .unwrap();
            tokio::task::yield_now().await;
        }
        c
    });
    let mut r = MessageReader::new(1 << 20, &Budget::unlimited(), None);
    let m = r.next(&mut s).await.unwrap().unwrap();
    assert_eq!(m.bytes, msg);
    assert_eq!(m.values, 2);
    // A shape, when the message happened to come whole, is the right one.
    assert!(m.shape.is_none_or(|s| s == [(1, ttype::STRING)]));
    drop(writer.await.unwrap());
}

#[tokio::test]
async fn a_frame_that_is_no_message_is_counted_by_the_scanner() {
    // A valid header, then a field of an unknown type: handed to dispatch
    // (which answers it), counted by the scanner, with no shape.
    let mut w = Writer::new();
    w.message_header("get", mtype::CALL, 1);
    w.field_header(ttype::STRING, 1);
    w.bytes(b"k");
    w.field_header(99, 2);
    w.stop();
    let body = w.buf;
    let stream = frame_reply(Framing::Framed, body.clone());
    let mut r = MessageReader::new(1 << 20, &Budget::unlimited(), None);
    let mut io = &stream[..];
    let m = r.next(&mut io).await.unwrap().unwrap();
    assert_eq!(m.bytes, body);
    assert_eq!(m.shape, None);
    // The argument struct and the string before the bad field.
    assert_eq!(m.values, 2);
    // Unframed, the same bytes are no message at all.
    let got = read_all(body, 1024).await;
    assert!(
        matches!(&got[..], [Err(e)] if e.contains("Unknown field type 99")),
        "{got:?}"
    );
}

#[tokio::test]
async fn silence_past_the_idle_timeout_closes() {
    let idle = Some(Duration::from_millis(200));
    let (mut c, mut s) = pair().await;
    let mut r = MessageReader::new(1 << 20, &Budget::unlimited(), idle);
    let err = r.next(&mut s).await.unwrap_err();
    assert!(matches!(err, TransportError::Idle(_)), "{err}");
    // Half a message, then silence, is idle too.
    let msg = big_call(100);
    tokio::io::AsyncWriteExt::write_all(&mut c, &msg[..20])
        .await
        .unwrap();
    let err = r.next(&mut s).await.unwrap_err();
    assert!(matches!(err, TransportError::Idle(_)), "{err}");
}

#[tokio::test]
async fn a_message_begun_and_not_continued_stalls_without_an_idle_timeout() {
    let read = Some(Duration::from_millis(200));
    let (mut c, mut s) = pair().await;
    let mut r = MessageReader::new(1 << 20, &Budget::unlimited(), None).with_read_timeout(read);
    // Between messages, only the idle timeout (none here) applies.
    let waiting = tokio::time::timeout(Duration::from_millis(500), r.next(&mut s)).await;
    assert!(waiting.is_err(), "closed a connection between messages");
    let msg = big_call(100);
    tokio::io::AsyncWriteExt::write_all(&mut c, &msg[..20])
        .await
        .unwrap();
    let err = r.next(&mut s).await.unwrap_err();
    assert!(matches!(err, TransportError::Stalled(_)), "{err}");
}

#[tokio::test]
async fn whole_messages_carry_their_argument_shape() {
    for msg in [strict_call(), old_call()] {
        for stream in [msg.clone(), frame_reply(Framing::Framed, msg.clone())] {
            let mut r = MessageReader::new(1024, &Budget::unlimited(), None);
            let mut io = &stream[..];
            let m = r.next(&mut io).await.unwrap().unwrap();
            assert_eq!(m.bytes, msg);
            // describe_version has no arguments.
            assert_eq!(m.shape, Some(vec![]));
            assert_eq!(m.values, 1);
        }
    }
}
