//! The order `describe_keyspaces` listed keyspaces in from 1.0 to 3.11:
//! the slots of the `NonBlockingHashMap` their `Schema` kept them in
//! (`schema::nonblocking`), filled with the system keyspaces at start-up,
//! then the user's as the node made and dropped them
//! (`CreationIds::keyspace_history`); and the order 1.2 to 3.11 put a
//! keyspace's column families into its map. Orders only; it must not build
//! or change a keyspace.

use crate::node::Node;
use crate::release::Release;
use crate::schema::creation::CreationIds;
use crate::schema::nonblocking::NonBlockingKeys;
use crate::schema::KeyspaceDef;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// The system keyspaces in the order a 3.x node put them into the map:
/// `Schema`'s constructor loaded `system_schema`, then `system`; the node
/// then set up `system_traces`, `system_distributed` and `system_auth`
/// (`StorageService.setUpDistributedSystemKeyspaces`).
const SYSTEM_3X: [&str; 5] = [
    "system_schema",
    "system",
    "system_traces",
    "system_distributed",
    "system_auth",
];

/// The system keyspaces among `names` in the order the release put them
/// into its map: 3.x's as [`SYSTEM_3X`], earlier ones' as given.
fn start_order<'a>(release: &Release, mut names: Vec<&'a str>) -> Vec<&'a str> {
    if release.at_least(3, 0) {
        names.sort_by_key(|n| SYSTEM_3X.iter().position(|s| s == n));
    }
    names
}

/// Orders `keyspaces` (the user's, then the release's system ones, `system`
/// first) as the map iterated them. The map was made at start-up, longer
/// before any client's call than the ten seconds that make it double a
/// table of dead keys again. A keyspace the history does not know comes
/// last, as given.
pub fn by_slot(node: &Node, release: &Release, keyspaces: &mut Vec<KeyspaceDef>) {
    let schema = node.schema();
    let history = schema.creation_ids.keyspace_history();
    let system: Vec<&str> = keyspaces
        .iter()
        .map(|k| k.name.as_str())
        .filter(|n| !history.iter().any(|c| c.name == *n))
        .collect();
    let mut map = NonBlockingKeys::new(None);
    for name in start_order(release, system) {
        map.put(name, 0);
    }
    for change in history {
        if change.made {
            map.put(&change.name, change.at_ms);
        } else {
            map.remove(&change.name);
        }
    }
    let order: Vec<String> = map.keys().map(str::to_string).collect();
    let mut rest = std::mem::take(keyspaces);
    for name in order {
        if let Some(i) = rest.iter().position(|k| k.name == name) {
            keyspaces.push(rest.remove(i));
        }
    }
    keyspaces.extend(rest);
}

/// A user keyspace's column families in the order 1.1 to 3.11 put them
/// into the keyspace's map: the ones read back from the schema tables in
/// one go with the keyspace (at its creation, or a start) by name, as
/// those tables' rows came, then the ones added later in the order they
/// were made. (1.1 to 2.2 read the rows into a `HashMap` first,
/// `KSMetaData.deserializeColumnFamilies`; the ones that later share a
/// bucket shared it there too, in name order.)
pub(super) fn cf_insertion_order(ids: &CreationIds, ks: &mut t::KsDef) {
    let name = ks.name.clone();
    ks.cf_defs
        .sort_by_key(|cf| ids.id(&name, &cf.name).unwrap_or(u32::MAX));
    // A stable sort: the later ones keep their creation order.
    ks.cf_defs.sort_by(|a, b| {
        let (ta, tb) = (
            ids.read_with_keyspace(&name, &a.name),
            ids.read_with_keyspace(&name, &b.name),
        );
        match (ta, tb) {
            (true, true) => a.name.as_bytes().cmp(b.name.as_bytes()),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => Ordering::Equal,
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_x_put_system_schema_first() {
        let r = Release::find("3.11.10").unwrap();
        let given = vec![
            "system",
            "system_traces",
            "system_schema",
            "system_auth",
            "system_distributed",
        ];
        assert_eq!(start_order(r, given.clone()), SYSTEM_3X);
        let r = Release::find("2.2.19").unwrap();
        assert_eq!(start_order(r, given.clone()), given);
    }
}
