//! What opening a commit log does about the damage replay found: refuse
//! corruption unless told to replay around it, log every damaged region,
//! and cut torn tails off their segments.
//!
//! Owns only that policy; finding and classifying damage is `replay`'s job.
//! This is the one place that changes the bytes of segments already written.

use std::fs::OpenOptions;

use super::error::CommitLogError;
use super::replay::{IssueKind, ReplayReport};

/// Refuses to open over corruption unless told to replay around it; logs
/// every damaged region either way.
pub(super) fn apply_policy(report: &ReplayReport, ignore: bool) -> Result<(), CommitLogError> {
    let regions = report.corruptions().count();
    if let Some(first) = report.corruptions().next() {
        if !ignore {
            return Err(CommitLogError::Corrupt {
                file: first.file.clone(),
                offset: first.offset,
                what: first.kind.to_string(),
                regions,
            });
        }
    }
    for issue in &report.issues {
        let file = issue.file.display();
        match (&issue.kind, issue.corruption) {
            (IssueKind::MalformedName, _) => {}
            (kind, true) => tracing::warn!(
                "commit log segment {file} is damaged at byte offset {} ({kind}); skipping {} bytes and replaying the intact records after them, as asked (ignore replay errors)",
                issue.offset,
                issue.dropped_bytes
            ),
            (kind, false) => tracing::warn!(
                "commit log segment {file} ends in a torn record at byte offset {} ({kind}); dropping its last {} bytes (a write cut short by a crash)",
                issue.offset,
                issue.dropped_bytes
            ),
        }
    }
    Ok(())
}

/// Cuts torn tails off their segments, so that a record written later (in
/// a new segment) never follows one: that would read as corruption.
pub(super) fn cut_torn_tails(report: &ReplayReport) -> Result<(), CommitLogError> {
    for issue in &report.issues {
        if issue.corruption
            || !matches!(
                issue.kind,
                IssueKind::TornRecord | IssueKind::CorruptLength | IssueKind::CorruptPayload
            )
        {
            continue;
        }
        let file = OpenOptions::new()
            .write(true)
            .open(&issue.file)
            .map_err(|e| CommitLogError::io(&issue.file, e))?;
        file.set_len(issue.offset)
            .and_then(|()| file.sync_all())
            .map_err(|e| CommitLogError::io(&issue.file, e))?;
    }
    Ok(())
}
