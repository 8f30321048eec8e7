//! The seeds' CQL (000 KillrVideo, 001 data-modelling examples, 003 the
//! user tables) and the results the seeds describe, as data: partition-key
//! lookups, clustering order ascending by default, ORDER BY reversing it,
//! CLUSTERING ORDER BY DESC making LIMIT return the newest, composite
//! partition keys needing every part. `cql_exec_seeds.rs` runs them through
//! `cql::exec` in process, `shell_golden.rs` through `supercolumn cqlsh -f`
//! against a live server; both compare values as cqlsh prints them.
//!
//! The seeds' typos are fixed as the golden file notes (double-quoted
//! strings become single-quoted, `state_province` becomes `state`, the
//! clustering parentheses of gyms_by_city are dropped). Each case starts
//! with its own CREATE KEYSPACE and USE, so a runner needs nothing else.

/// One statement of a case and what it must give.
pub enum Step {
    /// Must succeed; its result is not checked.
    Run(String),
    /// A SELECT and its rows, each value as cqlsh prints it; `why` says
    /// what the seed shows with it.
    Rows {
        cql: String,
        rows: Vec<Vec<&'static str>>,
        why: &'static str,
    },
    /// A statement the server refuses with this `why`.
    Error { cql: String, why: &'static str },
}

pub struct SeedCase {
    pub name: &'static str,
    pub keyspace: &'static str,
    pub steps: Vec<Step>,
}

fn run(cql: &str) -> Step {
    Step::Run(cql.to_string())
}

fn rows(cql: &str, rows: &[&[&'static str]], why: &'static str) -> Step {
    Step::Rows {
        cql: cql.to_string(),
        rows: rows.iter().map(|r| r.to_vec()).collect(),
        why,
    }
}

fn column(cql: &str, values: &[&'static str], why: &'static str) -> Step {
    Step::Rows {
        cql: cql.to_string(),
        rows: values.iter().map(|v| vec![*v]).collect(),
        why,
    }
}

fn case(name: &'static str, keyspace: &'static str, body: Vec<Step>) -> SeedCase {
    let mut steps = vec![
        run(&format!("CREATE KEYSPACE {keyspace} WITH replication = {{'class': 'SimpleStrategy', 'replication_factor': 1}}")),
        run(&format!("USE {keyspace}")),
    ];
    steps.extend(body);
    SeedCase {
        name,
        keyspace,
        steps,
    }
}

const USER: &str = "522b1fe2-2e36-4cef-a667-cd4237d08b89";

fn user_videos() -> Vec<Step> {
    [
        ("2012-06-01", "first"),
        ("2013-09-12", "third"),
        ("2013-01-20", "second"),
    ]
    .iter()
    .map(|(date, name)| {
        run(&format!(
            "INSERT INTO user_videos (userid, added_date, videoid, name, preview_image_location) VALUES ({USER}, '{date}', 99051fe9-6a9c-46c2-b949-38ef78858dd0, '{name}', '/img/{name}.jpg')"
        ))
    })
    .collect()
}

fn seed_000_clustering_order_and_order_by() -> SeedCase {
    let by_user = format!("SELECT name FROM user_videos WHERE userid = {USER}");
    let mut body = vec![run("CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text, PRIMARY KEY (userid, added_date, videoid))")];
    body.extend(user_videos());
    body.push(column(
        &by_user,
        &["first", "second", "third"],
        "ascending by added_date",
    ));
    body.push(column(
        &format!("{by_user} ORDER BY added_date DESC"),
        &["third", "second", "first"],
        "ORDER BY reverses the clustering order",
    ));
    body.push(run("DROP TABLE user_videos"));
    body.push(run("CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text, PRIMARY KEY (userid, added_date, videoid)) WITH CLUSTERING ORDER BY (added_date DESC, videoid ASC)"));
    body.push(column(&by_user, &[], "a dropped table's data is gone"));
    body.extend(user_videos());
    body.push(column(
        &format!("{by_user} LIMIT 2"),
        &["third", "second"],
        "the latest N first",
    ));
    case("seed 000 clustering order and ORDER BY", "killrvideo", body)
}

fn seed_000_videos_by_id_with_collections() -> SeedCase {
    case(
        "seed 000 videos by id with collections",
        "killrvideo",
        vec![
            run("CREATE TABLE videos (videoid uuid, userid uuid, name varchar, description varchar, location text, location_type int, preview_thumbnails map<text,text>, tags set<varchar>, added_date timestamp, PRIMARY KEY (videoid))"),
            run("INSERT INTO videos (videoid, userid, name, tags, preview_thumbnails, location_type) VALUES (99051fe9-6a9c-46c2-b949-38ef78858dd0, 522b1fe2-2e36-4cef-a667-cd4237d08b89, 'My funny cat', {'cats', 'funny'}, {'10': '/t/10.jpg'}, 1)"),
            rows(
                "SELECT name, tags, preview_thumbnails, location_type, description FROM videos WHERE videoid = 99051fe9-6a9c-46c2-b949-38ef78858dd0",
                &[&["My funny cat", "{'cats', 'funny'}", "{'10': '/t/10.jpg'}", "1", "null"]],
                "one video by id, collections whole, a missing column null",
            ),
        ],
    )
}

fn seed_001_posts_newest_first() -> SeedCase {
    let mut body = vec![run("CREATE TABLE posts_facebook (user_id uuid, post_id timeuuid, content text, PRIMARY KEY (user_id, post_id)) WITH CLUSTERING ORDER BY (post_id DESC)")];
    for i in 1..=3 {
        body.push(run(&format!("INSERT INTO posts_facebook (user_id, post_id, content) VALUES (11111111-1111-4111-8111-111111111111, now(), 'Anna post {i}')")));
    }
    body.push(Step::Error {
        cql: "SELECT content FROM posts_facebook WHERE user_id = \"Anna_id\" LIMIT 20".into(),
        why: "line 1:51 no viable alternative at input 'Anna_id'",
    });
    body.push(column(
        "SELECT content FROM posts_facebook WHERE user_id = 11111111-1111-4111-8111-111111111111 LIMIT 2",
        &["Anna post 3", "Anna post 2"],
        "newest first",
    ));
    case("seed 001 posts newest first", "seed001", body)
}

fn seed_001_gyms_by_city() -> SeedCase {
    let mut body = vec![run("CREATE TABLE gyms_by_city (country_code text, state text, city text, gym_name text, opening_date timestamp, PRIMARY KEY ((country_code, state, city), opening_date, gym_name)) WITH CLUSTERING ORDER BY (opening_date ASC, gym_name ASC)")];
    for (city, gym, date) in [
        ("Phoenix", "Iron Temple", "2010-03-15"),
        ("Phoenix", "Desert Fitness", "2008-07-01"),
        ("Phoenix", "Sun Devils Strength", "2014-01-20"),
        ("Tucson", "Saguaro Barbell", "2011-11-11"),
    ] {
        body.push(run(&format!("INSERT INTO gyms_by_city (country_code, state, city, gym_name, opening_date) VALUES ('us', 'Arizona', '{city}', '{gym}', '{date}')")));
    }
    let base = "SELECT gym_name FROM gyms_by_city WHERE country_code = 'us' AND state = 'Arizona' AND city = 'Phoenix'";
    body.push(column(
        &format!("{base} LIMIT 10"),
        &["Desert Fitness", "Iron Temple", "Sun Devils Strength"],
        "oldest gym first",
    ));
    body.push(column(
        &format!("{base} ORDER BY opening_date DESC LIMIT 10"),
        &["Sun Devils Strength", "Iron Temple", "Desert Fitness"],
        "newest gym first",
    ));
    body.push(Step::Error {
        cql: "SELECT * FROM gyms_by_city WHERE country_code = 'us' AND state = 'Arizona'".into(),
        why: "Partition key part city must be restricted since preceding part is",
    });
    case("seed 001 gyms by city", "seed001", body)
}

fn seed_003_user_tables() -> SeedCase {
    case(
        "seed 003 user tables",
        "uprofile",
        vec![
            run("CREATE TABLE uprofile.user (user text, id int, message text, PRIMARY KEY (user, id))"),
            run("insert into uprofile.user (user, id, message) values ('theo', 2, 'hello again')"),
            run("insert into uprofile.user (user, id, message) values ('theo', 1, 'hello')"),
            rows(
                "SELECT id, message FROM uprofile.user WHERE user = 'theo'",
                &[&["1", "hello"], &["2", "hello again"]],
                "a user's messages by id",
            ),
            Step::Error {
                cql: "CREATE INDEX ON uprofile.user (user)".into(),
                why: "Cannot create index on PRIMARY KEY part user",
            },
            run("CREATE INDEX ON uprofile.user (message)"),
            column(
                "SELECT id FROM uprofile.user WHERE message = 'hello'",
                &["1"],
                "found through the index",
            ),
            run("CREATE TABLE uprofile.user3 (firstname text, lastname text, id int, message text, PRIMARY KEY ((firstname, lastname), id))"),
            run("INSERT INTO uprofile.user3 (firstname, lastname, id, message) VALUES ('theo', 'smith', 1, 'hi')"),
            run("INSERT INTO uprofile.user3 (firstname, lastname, id, message) VALUES ('theo', 'jones', 1, 'yo')"),
            column(
                "SELECT message FROM uprofile.user3 WHERE firstname = 'theo' AND lastname = 'jones'",
                &["yo"],
                "a composite partition key, every part given",
            ),
        ],
    )
}

/// Every seed case, in the order the seeds tell them.
pub fn cases() -> Vec<SeedCase> {
    vec![
        seed_000_clustering_order_and_order_by(),
        seed_000_videos_by_id_with_collections(),
        seed_001_posts_newest_first(),
        seed_001_gyms_by_city(),
        seed_003_user_tables(),
    ]
}
