//! `supercolumn advise`: asks a running server's admin surface
//! (`POST /api/advisor`) for the table that serves a query, and prints the
//! advice as text or (`--json`) as the JSON answer; with `--migrate` the
//! server creates and backfills the table, re-runs the query and compares
//! its rows with the source's, and the exit status says whether they were
//! the same. With `--from-activity` it asks instead for the reads the server
//! has served (`POST /api/advisor/activity`), grouped and weighted, with the
//! advice on the heaviest that do not read one partition. The advice is
//! [`supercolumn::advisor`]'s; this module only parses the arguments and
//! prints.

use clap::Args;
use serde_json::{json, Value};
use supercolumn::nodetool::http::Endpoint;

#[derive(Args, Debug)]
pub struct AdviseArgs {
    /// The server's admin surface.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:7199")]
    pub admin: String,
    /// The keyspace the query's table is in (unless the query names it);
    /// with --from-activity, only the reads of this keyspace.
    #[arg(long, required_unless_present = "from_activity")]
    pub keyspace: Option<String>,
    /// The CQL3 SELECT to serve (also one Cassandra 1.2 refuses).
    #[arg(long, required_unless_present = "from_activity")]
    pub query: Option<String>,
    /// Advise on the reads the server has served (its activity record),
    /// grouped by shape and weighted by how often each ran.
    #[arg(long, conflicts_with_all = ["query", "migrate"])]
    pub from_activity: bool,
    /// With --from-activity: the groups advised at most, heaviest first.
    #[arg(long, value_name = "N", requires = "from_activity")]
    pub top: Option<usize>,
    /// Create the proposed table, backfill it, re-run the query and compare.
    #[arg(long)]
    pub migrate: bool,
    /// Print the JSON answer.
    #[arg(long)]
    pub json: bool,
    /// Source cells the dry run reads at most (a sample past it).
    #[arg(long, value_name = "N")]
    pub max_cells: Option<u64>,
    /// Username for the admin surface (when it requires a login).
    #[arg(short = 'u', long)]
    pub username: Option<String>,
    /// Password for the admin surface.
    #[arg(long)]
    pub password: Option<String>,
}

/// Exit statuses: 0 advised (and, with --migrate, the same rows), 1 the
/// rows differ, 2 the advice could not be had.
pub fn run(args: &AdviseArgs) -> i32 {
    let Some((host, port)) = args
        .admin
        .rsplit_once(':')
        .and_then(|(h, p)| p.parse::<u16>().ok().map(|p| (h, p)))
    else {
        eprintln!(
            "supercolumn advise: --admin must be HOST:PORT, not '{}'",
            args.admin
        );
        return 2;
    };
    let mut api = Endpoint::new(host, port);
    if let Some(u) = &args.username {
        api.credentials = Some((u.clone(), args.password.clone().unwrap_or_default()));
    }
    let (path, mut body) = if args.from_activity {
        (
            "/api/advisor/activity",
            json!({"keyspace": args.keyspace, "top": args.top}),
        )
    } else {
        (
            "/api/advisor",
            json!({"keyspace": args.keyspace, "query": args.query, "migrate": args.migrate}),
        )
    };
    if let Some(n) = args.max_cells {
        body["max_cells"] = json!(n);
    }
    let answer = match api.post(path, &body) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("supercolumn advise: {e}");
            return 2;
        }
    };
    let v = match answer.json() {
        Ok(v) if answer.status == 200 => v,
        Ok(v) => {
            eprintln!(
                "supercolumn advise: {}",
                v["error"].as_str().unwrap_or(&answer.text())
            );
            return 2;
        }
        Err(e) => {
            eprintln!("supercolumn advise: {e}");
            return 2;
        }
    };
    if args.json {
        println!("{v:#}");
    } else if args.from_activity {
        print!("{}", workload_text(&v));
    } else {
        print!("{}", text(&v));
    }
    match &v["migration"] {
        Value::Null => 0,
        m if m["comparison"]["same"] == json!(true) => 0,
        _ => 1,
    }
}

fn s(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The advice as text: the verdict, the table, the rules, the dry run,
/// the bucket, the alternatives, the lint and the migration.
fn text(v: &Value) -> String {
    let mut o = String::new();
    let mut line = |t: String| {
        o.push_str(&t);
        o.push('\n');
    };
    if v["create"].is_null() {
        line(s(&v["thrift"]["message"]));
        if !v["cli"].is_null() {
            line(format!("cassandra-cli: {}", s(&v["cli"])));
        }
        return o;
    }
    line(format!("Now: {}", s(&v["original"]["message"])));
    line(format!("Proposed: {};", s(&v["create"])));
    line(format!(
        "Query: {}  ({})",
        s(&v["query"]),
        s(&v["plan"]["message"])
    ));
    for r in v["proposal"]["rules"].as_array().into_iter().flatten() {
        line(format!(
            "  rule {}: {} ({})",
            s(&r["rule"]),
            s(&r["column"]),
            s(&r["why"])
        ));
    }
    for w in v["proposal"]["warnings"].as_array().into_iter().flatten() {
        line(format!("  warning: {}", s(w)));
    }
    let d = &v["dry_run"];
    line(format!(
        "Dry run: {} partitions, {} rows; cells per partition p50 {} p99 {} max {}; bytes p50 {} p99 {} max {}; {} over the limits{}",
        d["partitions"], d["rows"],
        d["cells_per_partition"]["p50"], d["cells_per_partition"]["p99"], d["cells_per_partition"]["max"],
        d["bytes_per_partition"]["p50"], d["bytes_per_partition"]["p99"], d["bytes_per_partition"]["max"],
        d["over_limits"],
        if d["sampled"].is_null() { String::new() } else { format!(" (sampled: {})", s(&d["sampled"])) }
    ));
    if !v["bucket"].is_null() {
        line(format!(
            "Bucket: {} (fan-out: {})",
            v["bucket"]["chosen"],
            s(&v["bucket"]["fan_out"]["why"])
        ));
    }
    for a in v["alternatives"].as_array().into_iter().flatten() {
        line(format!(
            "  {}: {} partitions per read, {} extra writes per write, {} bytes added",
            s(&a["kind"]),
            a["partitions_per_read"],
            a["extra_writes_per_base_write"],
            a["bytes_added"]
        ));
    }
    for f in v["lint"].as_array().into_iter().flatten() {
        line(format!(
            "  lint {} ({}): {}",
            s(&f["rule"]),
            s(&f["table"]),
            s(&f["message"])
        ));
    }
    let m = &v["migration"];
    if !m.is_null() {
        let c = &m["comparison"];
        line(format!(
            "Migration: table {}, {} rows backfilled; re-run: {} rows, source: {} rows, {}",
            s(&m["table"]),
            m["backfill"]["rows"],
            c["target_rows"],
            c["source_rows"],
            if c["same"] == json!(true) {
                "the same".to_string()
            } else {
                format!(
                    "DIFFERENT ({} missing, {} extra)",
                    c["missing_count"], c["extra_count"]
                )
            }
        ));
    }
    o
}

/// The workload's advice as text: each group with its weight and verdict,
/// and the advice on those advised.
fn workload_text(v: &Value) -> String {
    let mut o = format!("{} reads recorded\n", v["reads"]);
    for g in v["groups"].as_array().into_iter().flatten() {
        o.push_str(&format!(
            "\n{} calls ({:.1}%) in {}: {}\n",
            g["count"],
            g["share"].as_f64().unwrap_or(0.0) * 100.0,
            s(&g["keyspace"]),
            s(&g["shape"])
        ));
        if !g["error"].is_null() {
            o.push_str(&format!("  not advised: {}\n", s(&g["error"])));
        } else if !g["advice"].is_null() {
            for l in text(&g["advice"]).lines() {
                o.push_str(&format!("  {l}\n"));
            }
        } else {
            o.push_str(&format!("  {}\n", s(&g["check"]["message"])));
        }
    }
    o
}
