//! Memory accounting: what the allocator really hands out for a request,
//! so the in-memory structures' estimates (the memtable's arena and rows,
//! the sorted sets, a row's entries) follow their real heap use. Nothing
//! here allocates.

/// What the allocator hands out for a request of `n` bytes (glibc malloc:
/// 16-byte granules including an 8-byte header, 32 at least), so the
/// memtable's estimate follows its real heap use.
pub fn heap_bytes(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        ((n + 8 + 15) & !15).max(32)
    }
}
