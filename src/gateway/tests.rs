//! [`block_on`] from each kind of thread a call can come from: the future
//! must end, with the driver's runtime driving its timers (a future that
//! sleeps never wakes otherwise), and the calling thread's runtime must not
//! be stalled or made to panic.

use super::block_on;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use std::time::Duration;

fn driver() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// Needs the driver's timer, and borrows from the caller (no `'static`).
async fn sleep_then_len(text: &str) -> GatewayResult<usize> {
    tokio::time::sleep(Duration::from_millis(5)).await;
    Ok(text.len())
}

#[test]
fn from_a_plain_thread() {
    let rt = driver();
    let text = String::from("four");
    assert_eq!(block_on(rt.handle(), sleep_then_len(&text)).unwrap(), 4);
}

#[test]
fn from_a_worker_of_a_multi_thread_runtime() {
    let rt = driver();
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let handle = rt.handle().clone();
    let got = server.block_on(async move {
        // On a worker: the call moves the worker's other tasks away first.
        let other = tokio::spawn(async { 7 });
        let task = tokio::spawn(async move {
            let text = String::from("worker");
            block_on(&handle, sleep_then_len(&text))
        });
        (task.await.unwrap(), other.await.unwrap())
    });
    assert_eq!(got.0.unwrap(), 6);
    assert_eq!(got.1, 7);
}

#[test]
fn from_the_blocking_pool_of_the_driver_runtime_itself() {
    // The server's shape: a pool thread of the runtime the driver runs on.
    let rt = driver();
    let handle = rt.handle().clone();
    let call = rt.spawn_blocking(move || {
        let text = String::from("pool");
        block_on(&handle, sleep_then_len(&text))
    });
    assert_eq!(rt.block_on(call).unwrap().unwrap(), 4);
}

#[test]
fn from_inside_a_current_thread_runtime() {
    let rt = driver();
    let local = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let text = String::from("current");
    let got = local.block_on(async { block_on(rt.handle(), sleep_then_len(&text)) });
    assert_eq!(got.unwrap(), 7);
}

#[test]
fn an_error_comes_back_as_it_was() {
    let rt = driver();
    let got: GatewayResult<()> = block_on(rt.handle(), async {
        Err(GatewayError::Invalid("refused".into()))
    });
    assert!(matches!(got, Err(GatewayError::Invalid(m)) if m == "refused"));
}
