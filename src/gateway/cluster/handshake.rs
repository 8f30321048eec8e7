//! One native-protocol `OPTIONS` asked of a node under a deadline, before
//! the driver is let near it: a port that accepts and never answers, or a
//! peer that announces a frame no CQL server would send, is named and
//! refused in seconds (the driver would wait on it, or allocate what the
//! peer announced). This module must not read or write rows.

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The largest answer to `OPTIONS` taken: a `SUPPORTED` map is a few
/// hundred bytes; a peer announcing more is not a CQL server.
const MAX_OPTIONS_FRAME: u32 = 1 << 20;

/// A v4 `OPTIONS` request on stream 1.
const OPTIONS: [u8; 9] = [0x04, 0, 0, 1, 0x05, 0, 0, 0, 0];

/// Connects to `host` and asks it `OPTIONS` (protocol v4), all within
/// `deadline`; the reason, naming the host, when it is not a CQL native
/// protocol server the driver can talk to.
pub async fn handshake(host: &str, deadline: Duration) -> Result<(), String> {
    let ms = deadline.as_millis();
    let mut stream =
        match tokio::time::timeout(deadline, tokio::net::TcpStream::connect(host)).await {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => return Err(format!("cannot connect to {host}: {e}")),
            Err(_) => return Err(format!("no connection to {host} within {ms} ms")),
        };
    let exchange = options_exchange(&mut stream, host);
    match tokio::time::timeout(deadline, exchange).await {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(e)) => Err(format!(
            "{host} closed the connection during the native protocol handshake ({e})"
        )),
        Err(_) => Err(format!(
            "{host} accepted the connection but did not answer the native protocol's \
             OPTIONS within {ms} ms (is it a CQL native port?)"
        )),
    }
}

/// `OPTIONS` written, its answer read: `Err` inside when the answer is not
/// a v4 `SUPPORTED` (a frame longer than [`MAX_OPTIONS_FRAME`] is never read).
async fn options_exchange(
    stream: &mut tokio::net::TcpStream,
    host: &str,
) -> std::io::Result<Result<(), String>> {
    stream.write_all(&OPTIONS).await?;
    let mut header = [0u8; 9];
    stream.read_exact(&mut header).await?;
    let length = u32::from_be_bytes([header[5], header[6], header[7], header[8]]);
    if header[0] & 0x80 == 0 || length > MAX_OPTIONS_FRAME {
        return Ok(Err(format!(
            "{host} answered OPTIONS with a frame of {length} bytes (header {header:02x?}): \
             not a CQL native protocol server"
        )));
    }
    if header[0] & 0x7f != 4 {
        return Ok(Err(format!(
            "{host} speaks native protocol v{} only; the gateway needs v4 (Cassandra 2.2 or later)",
            header[0] & 0x7f
        )));
    }
    let mut body = vec![0u8; length as usize];
    stream.read_exact(&mut body).await?;
    Ok(match header[4] {
        0x06 => Ok(()),
        op => Err(format!(
            "{host} answered OPTIONS with opcode {op:#04x}: {}",
            String::from_utf8_lossy(body.get(6..).unwrap_or_default())
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_port_and_a_huge_frame_fail_the_handshake_in_time() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let host = silent.local_addr().unwrap().to_string();
            let held = tokio::spawn(async move {
                let (s, _) = silent.accept().await.unwrap();
                tokio::time::sleep(Duration::from_secs(5)).await;
                drop(s);
            });
            let started = std::time::Instant::now();
            let e = handshake(&host, Duration::from_millis(300))
                .await
                .unwrap_err();
            assert!(e.contains("did not answer"), "{e}");
            assert!(started.elapsed() < Duration::from_secs(2));
            held.abort();

            let huge = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let host = huge.local_addr().unwrap().to_string();
            tokio::spawn(async move {
                let (mut s, _) = huge.accept().await.unwrap();
                let mut req = [0u8; 9];
                s.read_exact(&mut req).await.unwrap();
                s.write_all(&[0x84, 0, 0, 1, 0x06, 0x7f, 0xff, 0xff, 0xff])
                    .await
                    .unwrap();
                tokio::time::sleep(Duration::from_secs(5)).await;
            });
            let e = handshake(&host, Duration::from_millis(300))
                .await
                .unwrap_err();
            assert!(e.contains("2147483647 bytes"), "{e}");
        });
    }
}
