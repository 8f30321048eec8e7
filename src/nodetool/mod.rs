//! `supercolumn nodetool`: Cassandra 1.2's nodetool commands over the admin
//! surface's HTTP endpoints (see [`crate::admin`]), printed in nodetool
//! 1.2's layout. A client like [`crate::shell`]: it knows the server only
//! through HTTP. Lines 1.2 printed for figures this server does not keep
//! (caches, per-CF read/write latencies, bloom filter statistics) are left
//! out rather than filled with made-up values.

pub mod http;
mod print;

use clap::{Args, Subcommand};
use http::Endpoint;
use serde_json::{json, Value};
use std::time::Duration;

#[derive(Args, Debug)]
#[command(disable_help_flag = true)]
pub struct NodetoolArgs {
    /// The server's host.
    #[arg(short = 'h', long, default_value = "127.0.0.1")]
    pub host: String,
    /// The admin surface's port (`serve --admin-listen`; 7199 by default, as nodetool's JMX port).
    #[arg(short = 'p', long, default_value_t = 7199)]
    pub port: u16,
    /// Username, when the server requires a login.
    #[arg(short = 'u', long)]
    pub username: Option<String>,
    /// Password (`-pw`, as nodetool spelled it).
    #[arg(long)]
    pub password: Option<String>,
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
    #[command(subcommand)]
    pub command: NodeCommand,
}

#[derive(Subcommand, Debug)]
pub enum NodeCommand {
    /// Print node information (uptime, load, ...).
    Info,
    /// Print information about the token ring.
    Ring,
    /// Print cluster information (state, load, ownership, host ID, token).
    Status {
        /// Show ownership with this keyspace's replication.
        keyspace: Option<String>,
    },
    /// Print usage statistics of the server's pools.
    Tpstats,
    /// Show the token ranges of a keyspace.
    Describering { keyspace: String },
    /// Print the end points that own the key.
    Getendpoints {
        keyspace: String,
        cf: String,
        key: String,
    },
    /// Print statistics on compactions.
    Compactionstats,
    /// Print network information (streams, messages, client connections).
    Netstats,
    /// Repair one or more column families (one node has nothing to repair).
    Repair {
        keyspace: Option<String>,
        cfnames: Vec<String>,
    },
    /// Print statistics on column families.
    Cfstats {
        /// Keyspaces or keyspace.cf pairs (default: all).
        names: Vec<String>,
    },
    /// Flush one or more column families.
    Flush {
        keyspace: Option<String>,
        cfnames: Vec<String>,
    },
    /// Force a (major) compaction on one or more column families.
    Compact {
        keyspace: Option<String>,
        cfnames: Vec<String>,
    },
    /// Remove data that no longer belongs to this node (none on a single node).
    Cleanup {
        keyspace: Option<String>,
        cfnames: Vec<String>,
    },
    /// Flush every memtable and stop the server.
    Drain,
    /// Take a snapshot of the named keyspaces (default: all).
    Snapshot {
        /// The snapshot's name (default: the time in milliseconds).
        #[arg(short = 't', long = "tag")]
        tag: Option<String>,
        keyspaces: Vec<String>,
    },
    /// Remove the snapshot with the given name (default: all) of the named keyspaces.
    Clearsnapshot {
        #[arg(short = 't', long = "tag")]
        tag: Option<String>,
        keyspaces: Vec<String>,
    },
    /// List the snapshots and their sizes.
    Listsnapshots,
    /// Print the Cassandra release this server follows.
    Version,
    /// Set the min and max compaction thresholds of a column family.
    Setcompactionthreshold {
        keyspace: String,
        cfname: String,
        min: i32,
        max: i32,
    },
}

/// Runs one command; the process's exit status (0 ok, 1 failed, 2 bad use).
pub fn run(args: &NodetoolArgs) -> i32 {
    let mut endpoint = Endpoint::new(&args.host, args.port);
    endpoint.timeout = Duration::from_secs(3600);
    if let Some(user) = &args.username {
        endpoint.credentials = Some((user.clone(), args.password.clone().unwrap_or_default()));
    }
    let mut out = String::new();
    match execute(&endpoint, &args.command, &mut out) {
        Ok(()) => {
            print!("{out}");
            0
        }
        Err(e) => {
            print!("{out}");
            eprintln!("{e}");
            1
        }
    }
}

/// The JSON answer of a successful request, or the server's error.
fn answer(result: Result<http::Answer, String>) -> Result<Value, String> {
    let a = result?;
    let body = match a.json() {
        Ok(body) => body,
        // Some other web server: its pages are not the surface's JSON.
        Err(_) if a.status == 200 => {
            return Err(format!(
            "the answer is not supercolumn's admin surface (not JSON, {}); give its port with -p",
            if a.content_type.is_empty() {
                "no content type"
            } else {
                a.content_type.as_str()
            }
        ))
        }
        Err(_) => json!({ "error": a.text() }),
    };
    if a.status == 200 {
        return Ok(body);
    }
    let why = body["error"]
        .as_str()
        .unwrap_or("no reason given")
        .to_string();
    Err(match a.status {
        401 | 403 => format!("Error connecting to the admin surface: {why}"),
        _ => format!("Error: {why}"),
    })
}

fn target(keyspace: &Option<String>, cfs: &[String]) -> Value {
    json!({ "keyspace": keyspace, "column_families": cfs })
}

/// How a snapshot message names the keyspaces it was asked for.
fn which_keyspaces(keyspaces: &[String]) -> String {
    if keyspaces.is_empty() {
        "all keyspaces".into()
    } else {
        keyspaces.join(", ")
    }
}

fn execute(e: &Endpoint, command: &NodeCommand, out: &mut String) -> Result<(), String> {
    match command {
        NodeCommand::Info => print::node::info(&answer(e.get("/info"))?, out),
        NodeCommand::Ring => print::ring::ring(&answer(e.get("/ring"))?, out),
        NodeCommand::Status { keyspace } => {
            let path = match keyspace {
                Some(ks) => format!("/status?keyspace={}", http::query_escape(ks)),
                None => "/status".to_string(),
            };
            print::ring::status(&answer(e.get(&path))?, out);
        }
        NodeCommand::Tpstats => print::node::tpstats(&answer(e.get("/tpstats"))?, out),
        NodeCommand::Describering { keyspace } => {
            let path = format!("/describering?keyspace={}", http::query_escape(keyspace));
            print::ring::describering(&answer(e.get(&path))?, out);
        }
        NodeCommand::Getendpoints { keyspace, cf, key } => {
            let path = format!(
                "/endpoints?keyspace={}&column_family={}&key={}",
                http::query_escape(keyspace),
                http::query_escape(cf),
                http::query_escape(key)
            );
            print::ring::endpoints(&answer(e.get(&path))?, out);
        }
        NodeCommand::Compactionstats => {
            print::tasks::compactionstats(&answer(e.get("/compactionstats"))?, out)
        }
        NodeCommand::Netstats => print::node::netstats(&answer(e.get("/netstats"))?, out),
        NodeCommand::Repair { keyspace, cfnames } => {
            let a = answer(e.post("/repair", &target(keyspace, cfnames)))?;
            print::tasks::repair(&a, out);
        }
        NodeCommand::Cfstats { names } => {
            let all = answer(e.get("/cfstats"))?;
            print::tables::cfstats(&all, names, out)?;
        }
        NodeCommand::Flush { keyspace, cfnames } => {
            answer(e.post("/flush", &target(keyspace, cfnames)))?;
        }
        NodeCommand::Compact { keyspace, cfnames } => {
            answer(e.post("/compact", &target(keyspace, cfnames)))?;
        }
        NodeCommand::Cleanup { keyspace, cfnames } => {
            answer(e.post("/cleanup", &target(keyspace, cfnames)))?;
        }
        NodeCommand::Drain => {
            answer(e.post("/drain", &json!({})))?;
        }
        NodeCommand::Snapshot { tag, keyspaces } => snapshot(e, tag, keyspaces, out)?,
        NodeCommand::Clearsnapshot { tag, keyspaces } => clear_snapshot(e, tag, keyspaces, out)?,
        NodeCommand::Listsnapshots => print::tables::snapshots(&answer(e.get("/snapshots"))?, out),
        NodeCommand::Version => {
            let v = answer(e.get("/version"))?;
            out.push_str(&format!(
                "ReleaseVersion: {}\n",
                v["release_version"].as_str().unwrap_or("?")
            ));
        }
        NodeCommand::Setcompactionthreshold {
            keyspace,
            cfname,
            min,
            max,
        } => {
            let body =
                json!({ "keyspace": keyspace, "column_family": cfname, "min": min, "max": max });
            answer(e.post("/compactionthreshold", &body))?;
        }
    }
    Ok(())
}

/// `snapshot`: takes one and says where it went.
fn snapshot(
    e: &Endpoint,
    tag: &Option<String>,
    keyspaces: &[String],
    out: &mut String,
) -> Result<(), String> {
    let body = json!({ "keyspaces": keyspaces, "tag": tag });
    let a = answer(e.post("/snapshot", &body))?;
    out.push_str(&format!(
        "Requested snapshot for: {}\n",
        which_keyspaces(keyspaces)
    ));
    out.push_str(&format!(
        "Snapshot directory: {}\n",
        a["tag"].as_str().unwrap_or_default()
    ));
    Ok(())
}

/// `clearsnapshot`: one request per keyspace named (or one for all).
fn clear_snapshot(
    e: &Endpoint,
    tag: &Option<String>,
    keyspaces: &[String],
    out: &mut String,
) -> Result<(), String> {
    out.push_str(&format!(
        "Requested clearing snapshot for: {}\n",
        which_keyspaces(keyspaces)
    ));
    let names: Vec<Option<&String>> = if keyspaces.is_empty() {
        vec![None]
    } else {
        keyspaces.iter().map(Some).collect()
    };
    for ks in names {
        let mut path = String::from("/snapshot?");
        if let Some(ks) = ks {
            path.push_str(&format!("keyspace={}&", http::query_escape(ks)));
        }
        if let Some(tag) = tag {
            path.push_str(&format!("tag={}", http::query_escape(tag)));
        }
        answer(e.delete(&path))?;
    }
    Ok(())
}
