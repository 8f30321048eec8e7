//! The consistency level of the call running on this thread, for a
//! cluster backend to pass on (the embedded engine has one replica and
//! ignores it).
//!
//! Why a per-thread value and not an argument of every node call: the
//! level is a fact of the client's call, known to the front end's handler
//! and needed only at the bottom, by the cluster; the node's calls stay as
//! they are for every front end and test. A front end sets it around the
//! call ([`with`]); a call made without one gets the cluster URL's default.
//! This module must not know any wire protocol's encoding of the levels.

use crate::gateway::Consistency;
use std::cell::Cell;

thread_local! {
    static CURRENT: Cell<Option<Consistency>> = const { Cell::new(None) };
}

/// Runs `f` with `level` as the calls' consistency level (restoring the
/// previous one after, so nested calls keep theirs).
pub fn with<T>(level: Option<Consistency>, f: impl FnOnce() -> T) -> T {
    let before = CURRENT.with(|c| c.replace(level));
    struct Restore(Option<Consistency>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(before);
    f()
}

/// The level set by the running call, if any.
pub fn current() -> Option<Consistency> {
    CURRENT.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_levels_are_restored() {
        assert_eq!(current(), None);
        with(Some(Consistency::Quorum), || {
            assert_eq!(current(), Some(Consistency::Quorum));
            with(Some(Consistency::All), || {
                assert_eq!(current(), Some(Consistency::All))
            });
            assert_eq!(current(), Some(Consistency::Quorum));
        });
        assert_eq!(current(), None);
    }
}
