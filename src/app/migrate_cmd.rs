//! `supercolumn migrate`: the command line of `supercolumn::migrate`. Reads
//! the configuration the source was served with (as `serve` does: `--config`,
//! else `./storage-conf.xml`, else the built-in one), points its directories
//! at `--from` (as `serve --data-dir` does), and runs the migration.
//! Exit status: 0 copied and verified, 1 refused or failed, 2 verified with
//! differences, 3 stopped by `--max-rows` (rerun to resume), 4 copied and
//! verified except cells the cluster cannot hold (listed).

use super::serve_config::engine_options;
use crate::DEFAULT_CONFIG;
use clap::Args;
use std::path::PathBuf;
use supercolumn::config::Config;
use supercolumn::migrate::{self, Job, Outcome};
use supercolumn::schema::Schema;

#[derive(Args)]
pub struct MigrateArgs {
    /// The data directory to copy, as given to `serve --data-dir` (its commitlog/ and data/).
    /// Read only; refused while a server runs on it.
    #[arg(long, value_name = "DATA_DIR")]
    from: PathBuf,
    /// The cluster: cassandra://HOST[:PORT][,HOST...][?consistency=ONE&timeout_ms=N&connect_timeout_ms=N].
    #[arg(long, value_name = "URL")]
    to: String,
    /// The storage-conf.xml or cassandra.yaml the source was served with (default:
    /// ./storage-conf.xml if present, else the built-in default).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Where the progress file and a private copy of the source are kept (default:
    /// DATA_DIR.migrate beside the source).
    #[arg(long, value_name = "DIR")]
    state: Option<PathBuf>,
    /// Rows written at once.
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=256))]
    parallel: u16,
    /// Stop after copying this many rows (exit 3); the same command again resumes.
    #[arg(long, value_name = "N")]
    max_rows: Option<u64>,
    /// Copy the column families the cluster can hold and leave the others, instead of refusing.
    #[arg(long)]
    skip_unsupported: bool,
}

pub fn run(args: &MigrateArgs) -> u8 {
    match job(args).and_then(|job| migrate::run(&job).map_err(|e| e.to_string())) {
        Ok(Outcome::Verified) => 0,
        Ok(Outcome::Mismatch) => 2,
        Ok(Outcome::Stopped) => 3,
        Ok(Outcome::Incomplete) => 4,
        Err(e) => {
            eprintln!("supercolumn migrate: {e}");
            1
        }
    }
}

fn job(args: &MigrateArgs) -> Result<Job, String> {
    let path = match &args.config {
        Some(p) => Some(p.clone()),
        None if std::path::Path::new(DEFAULT_CONFIG).exists() => {
            Some(PathBuf::from(DEFAULT_CONFIG))
        }
        None => None,
    };
    let mut config = match &path {
        Some(p) => Config::from_file(p).map_err(|e| format!("configuration error: {e}"))?,
        None => Config::builtin(),
    };
    config.override_data_dir(&args.from);
    let base = Schema::from_config(&config).map_err(|e| format!("configuration error: {e}"))?;
    let engine = engine_options(&config, false).map_err(|e| e.0)?;
    Ok(Job {
        base,
        engine,
        from: args.from.clone(),
        url: args.to.clone(),
        state_dir: args
            .state
            .clone()
            .unwrap_or_else(|| migrate::default_state_dir(&args.from)),
        parallel: args.parallel.into(),
        max_rows: args.max_rows,
        skip_unsupported: args.skip_unsupported,
    })
}
