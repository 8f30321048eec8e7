//! Schema changes as news: every change [`super::Node::change_schema`]
//! applies, whichever front end asked for it, is announced to whoever
//! listens (the native protocol pushes them to the connections that
//! registered for SCHEMA_CHANGE events).
//!
//! Owns the notice type and its derivation from a [`SchemaChange`]; it must
//! not know how a front end words or sends it.

use crate::schema::SchemaChange;
use tokio::sync::broadcast;

/// How many notices a slow listener may fall behind before it misses some
/// (it is told how many it missed; the drivers re-read the schema anyway).
const BACKLOG: usize = 1024;

/// What happened to a keyspace or table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    Created,
    Updated,
    Dropped,
}

/// One applied schema change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaNotice {
    pub kind: NoticeKind,
    pub keyspace: String,
    /// `None` for a change of the keyspace itself.
    pub table: Option<String>,
    /// `table` names a user type (2.1's `TYPE` target), not a table.
    pub user_type: bool,
}

impl SchemaNotice {
    pub fn of(change: &SchemaChange) -> SchemaNotice {
        let ks = |kind, keyspace: &str| SchemaNotice {
            kind,
            keyspace: keyspace.to_string(),
            table: None,
            user_type: false,
        };
        let table = |kind, keyspace: &str, name: &str| SchemaNotice {
            kind,
            keyspace: keyspace.to_string(),
            table: Some(name.to_string()),
            user_type: false,
        };
        match change {
            SchemaChange::AddKeyspace(k) => ks(NoticeKind::Created, &k.name),
            SchemaChange::UpdateKeyspace(k) => ks(NoticeKind::Updated, &k.name),
            SchemaChange::DropKeyspace(name) => ks(NoticeKind::Dropped, name),
            SchemaChange::AddColumnFamily(cf) => table(NoticeKind::Created, &cf.keyspace, &cf.name),
            SchemaChange::UpdateColumnFamily(cf) => {
                table(NoticeKind::Updated, &cf.keyspace, &cf.name)
            }
            SchemaChange::DropColumnFamily { keyspace, name } => {
                table(NoticeKind::Dropped, keyspace, name)
            }
            SchemaChange::SetUserType {
                keyspace,
                name,
                class,
            } => SchemaNotice {
                kind: match class {
                    Some(_) => NoticeKind::Updated,
                    None => NoticeKind::Dropped,
                },
                keyspace: keyspace.clone(),
                table: Some(name.clone()),
                user_type: true,
            },
        }
    }
}

/// The node's announcer: sending never blocks nor fails for lack of listeners.
pub struct Notices {
    tx: broadcast::Sender<SchemaNotice>,
}

impl Default for Notices {
    fn default() -> Self {
        Notices {
            tx: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Notices {
    pub fn announce(&self, notice: SchemaNotice) {
        // No listener is not an error: nobody registered.
        let _ = self.tx.send(notice);
    }

    pub fn subscribe(&self) -> broadcast::Receiver<SchemaNotice> {
        self.tx.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listeners_hear_each_change_once() {
        let n = Notices::default();
        let mut rx = n.subscribe();
        n.announce(SchemaNotice::of(&SchemaChange::DropKeyspace("ks".into())));
        let got = rx.try_recv().unwrap();
        assert_eq!(got.kind, NoticeKind::Dropped);
        assert_eq!(got.keyspace, "ks");
        assert_eq!(got.table, None);
        assert!(rx.try_recv().is_err());
        let drop_table = SchemaChange::DropColumnFamily {
            keyspace: "ks".into(),
            name: "t".into(),
        };
        assert_eq!(SchemaNotice::of(&drop_table).table.as_deref(), Some("t"));
    }
}
