//! The seeds' CQL (000 KillrVideo, 001 data-modelling examples, 003 the
//! user tables) run through `cql::exec` on a real engine, with the
//! results the seeds describe: partition-key lookups, clustering order
//! ascending by default, ORDER BY reversing it, CLUSTERING ORDER BY DESC
//! making LIMIT return the newest, composite partition keys needing every
//! part. The seeds' typos are fixed as the golden file notes (double-quoted
//! strings become single-quoted, `state_province` becomes `state`, the
//! clustering parentheses of gyms_by_city are dropped).

mod cql_exec_support;

use cql_exec_support::{column, rows, EngineBackend, Node};

fn node(keyspace: &str) -> Node {
    let mut n = Node::new(EngineBackend::in_memory());
    n.run_all(&[
        &format!("CREATE KEYSPACE {keyspace} WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}}"),
        &format!("USE {keyspace}"),
    ]);
    n
}

const USER: &str = "522b1fe2-2e36-4cef-a667-cd4237d08b89";

fn user_videos(n: &mut Node) {
    for (date, name) in [
        ("2012-06-01", "first"),
        ("2013-09-12", "third"),
        ("2013-01-20", "second"),
    ] {
        n.execute(&format!(
            "INSERT INTO user_videos (userid, added_date, videoid, name, preview_image_location) VALUES ({USER}, '{date}', uuid_placeholder, '{name}', '/img/{name}.jpg')"
        ).replace("uuid_placeholder", "99051fe9-6a9c-46c2-b949-38ef78858dd0"))
        .unwrap();
    }
}

#[test]
fn seed_000_clustering_order_and_order_by() {
    let mut n = node("killrvideo");
    n.run_all(&["CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text, PRIMARY KEY (userid, added_date, videoid))"]);
    user_videos(&mut n);
    let q = format!("SELECT name FROM user_videos WHERE userid = {USER}");
    assert_eq!(
        column(&mut n, &q),
        ["first", "second", "third"],
        "ascending by added_date"
    );
    let q = format!("SELECT name FROM user_videos WHERE userid = {USER} ORDER BY added_date DESC");
    assert_eq!(column(&mut n, &q), ["third", "second", "first"]);

    n.run_all(&["DROP TABLE user_videos", "CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text, PRIMARY KEY (userid, added_date, videoid)) WITH CLUSTERING ORDER BY (added_date DESC, videoid ASC)"]);
    assert!(
        column(
            &mut n,
            &format!("SELECT name FROM user_videos WHERE userid = {USER}")
        )
        .is_empty(),
        "a dropped table's data is gone"
    );
    user_videos(&mut n);
    let q = format!("SELECT name FROM user_videos WHERE userid = {USER} LIMIT 2");
    assert_eq!(
        column(&mut n, &q),
        ["third", "second"],
        "the latest N first"
    );
}

#[test]
fn seed_000_videos_by_id_with_collections() {
    let mut n = node("killrvideo");
    n.run_all(&[
        "CREATE TABLE videos (videoid uuid, userid uuid, name varchar, description varchar, location text, location_type int, preview_thumbnails map<text,text>, tags set<varchar>, added_date timestamp, PRIMARY KEY (videoid))",
        "INSERT INTO videos (videoid, userid, name, tags, preview_thumbnails, location_type) VALUES (99051fe9-6a9c-46c2-b949-38ef78858dd0, 522b1fe2-2e36-4cef-a667-cd4237d08b89, 'My funny cat', {'cats', 'funny'}, {'10': '/t/10.jpg'}, 1)",
    ]);
    let r = rows(&mut n, "SELECT name, tags, preview_thumbnails, location_type, description FROM videos WHERE videoid = 99051fe9-6a9c-46c2-b949-38ef78858dd0");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0][0], "My funny cat");
    assert_eq!(r[0][3], "1");
    assert_eq!(r[0][4], "null");
}

#[test]
fn seed_001_posts_newest_first() {
    let mut n = node("seed001");
    n.run_all(&["CREATE TABLE posts_facebook (user_id uuid, post_id timeuuid, content text, PRIMARY KEY (user_id, post_id)) WITH CLUSTERING ORDER BY (post_id DESC)"]);
    for i in 1..=3 {
        n.execute(&format!("INSERT INTO posts_facebook (user_id, post_id, content) VALUES (11111111-1111-4111-8111-111111111111, now(), 'Anna post {i}')")).unwrap();
    }
    let err = n
        .execute("SELECT content FROM posts_facebook WHERE user_id = \"Anna_id\" LIMIT 20")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1:51 no viable alternative at input 'Anna_id'"
    );
    let q = "SELECT content FROM posts_facebook WHERE user_id = 11111111-1111-4111-8111-111111111111 LIMIT 2";
    assert_eq!(column(&mut n, q), ["Anna post 3", "Anna post 2"]);
}

#[test]
fn seed_001_gyms_by_city() {
    let mut n = node("seed001");
    n.run_all(&["CREATE TABLE gyms_by_city (country_code text, state text, city text, gym_name text, opening_date timestamp, PRIMARY KEY ((country_code, state, city), opening_date, gym_name)) WITH CLUSTERING ORDER BY (opening_date ASC, gym_name ASC)"]);
    for (city, gym, date) in [
        ("Phoenix", "Iron Temple", "2010-03-15"),
        ("Phoenix", "Desert Fitness", "2008-07-01"),
        ("Phoenix", "Sun Devils Strength", "2014-01-20"),
        ("Tucson", "Saguaro Barbell", "2011-11-11"),
    ] {
        n.execute(&format!("INSERT INTO gyms_by_city (country_code, state, city, gym_name, opening_date) VALUES ('us', 'Arizona', '{city}', '{gym}', '{date}')")).unwrap();
    }
    let base = "SELECT gym_name FROM gyms_by_city WHERE country_code = 'us' AND state = 'Arizona' AND city = 'Phoenix'";
    assert_eq!(
        column(&mut n, &format!("{base} LIMIT 10")),
        ["Desert Fitness", "Iron Temple", "Sun Devils Strength"]
    );
    assert_eq!(
        column(
            &mut n,
            &format!("{base} ORDER BY opening_date DESC LIMIT 10")
        ),
        ["Sun Devils Strength", "Iron Temple", "Desert Fitness"]
    );
    let err = n
        .execute("SELECT * FROM gyms_by_city WHERE country_code = 'us' AND state = 'Arizona'")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Partition key part city must be restricted since preceding part is"
    );
}

#[test]
fn seed_003_user_tables() {
    let mut n = node("uprofile");
    n.run_all(&[
        "CREATE TABLE uprofile.user (user text, id int, message text, PRIMARY KEY (user, id))",
        "insert into uprofile.user (user, id, message) values ('theo', 2, 'hello again')",
        "insert into uprofile.user (user, id, message) values ('theo', 1, 'hello')",
    ]);
    assert_eq!(
        rows(
            &mut n,
            "SELECT id, message FROM uprofile.user WHERE user = 'theo'"
        ),
        [["1", "hello"], ["2", "hello again"]]
    );
    let err = n
        .execute("CREATE INDEX ON uprofile.user (user)")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Cannot create index on PRIMARY KEY part user"
    );
    n.run_all(&["CREATE INDEX ON uprofile.user (message)"]);
    assert_eq!(
        column(
            &mut n,
            "SELECT id FROM uprofile.user WHERE message = 'hello'"
        ),
        ["1"]
    );

    n.run_all(&[
        "CREATE TABLE uprofile.user3 (firstname text, lastname text, id int, message text, PRIMARY KEY ((firstname, lastname), id))",
        "INSERT INTO uprofile.user3 (firstname, lastname, id, message) VALUES ('theo', 'smith', 1, 'hi')",
        "INSERT INTO uprofile.user3 (firstname, lastname, id, message) VALUES ('theo', 'jones', 1, 'yo')",
    ]);
    assert_eq!(
        column(
            &mut n,
            "SELECT message FROM uprofile.user3 WHERE firstname = 'theo' AND lastname = 'jones'"
        ),
        ["yo"]
    );
}
