//! The session of `supercolumn cli`: connecting, the banner, reading
//! statements (prompt and statement echo on a pipe, as cassandra-cli's jline
//! did), error lines (`Line N => ...` in a script) and exit codes (4 when a
//! `-f`/`-B` run stops at its first error). What a statement does is `cli`'s.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::{Cli, CliArgs, CliError, Flow};
use crate::shell::input::{QuoteStyle, Read, Source, Splitter};

/// How statements arrive, which decides echo and error handling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A terminal: the line editor shows prompt and input.
    Interactive,
    /// A pipe: the prompt and the statement are echoed, as jline did.
    Piped,
    /// `-f` or `-e`: no banner, no echo; the first error ends the run.
    File,
}

/// The banner piped and interactive sessions start with. The version is
/// the cassandra-cli release whose behaviour this shell reproduces.
const WELCOME: &str = "Welcome to Cassandra CLI version 1.2.9\n\n\
Type 'help;' or '?' for help.\nType 'quit;' or 'exit;' to quit.\n\n";

/// Entry point of `supercolumn cli`; returns the process exit code.
pub fn main(args: &CliArgs) -> i32 {
    let mut stdout = std::io::stdout();
    let mut backend = match Backend::connect(&args.host, args.port) {
        Ok(b) => b,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    // As cassandra-cli: the `-k` keyspace is set first, quietly, then the
    // `Connected to:` line.
    let cluster = match backend.cluster_name() {
        Ok(name) => name,
        Err(e) => {
            eprintln!("Exception retrieving information about the cassandra node, check you have connected to the thrift port. ({e})");
            return 1;
        }
    };
    let mut cli = Cli::new(backend, &mut stdout);
    cli.host = args.host.clone();
    // As cassandra-cli 1.2: log in first (`-u`/`-pw`); a refused login
    // leaves the session running unconnected, without `Connected to:`.
    let mut connected = true;
    if let (Some(user), Some(password)) = (&args.username, &args.password) {
        cli.credentials = Some((user.clone(), password.clone()));
        if let Err(e) = cli.login(user, password) {
            eprintln!("{e}");
            connected = false;
        }
    }
    cli.start_keyspace = args.keyspace.clone();
    if connected && cli.enter_start_keyspace() {
        cli.say(&format!(
            "Connected to: \"{cluster}\" on {}/{}\n",
            args.host, args.port
        ));
    }
    let mut source = if let Some(text) = &args.execute {
        Source::text(text)
    } else if let Some(path) = &args.file {
        match Source::file(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return 1;
            }
        }
    } else {
        Source::stdin(".supercolumn_cli_history")
    };
    let mode = if source.is_interactive() {
        Mode::Interactive
    } else if args.execute.is_some() || args.file.is_some() {
        Mode::File
    } else {
        Mode::Piped
    };
    if mode == Mode::Interactive || mode == Mode::Piped {
        cli.say(WELCOME);
    }
    cli.read_assumptions();
    run(&mut cli, &mut source, mode, args.batch, args.debug)
}

/// Prints a failed statement's message on stderr, after what is on stdout.
/// With `--debug`, what the statement was and what it was read as follow
/// (cassandra-cli printed a Java stack trace there).
fn report(cli: &mut Cli<'_>, prefix: &str, e: &CliError, debug: bool, statement: &str) {
    let _ = cli.out.flush();
    eprintln!("{prefix}{e}");
    if debug {
        eprintln!("  statement: {}", statement.trim());
        match crate::shell::cli::parse::parse(statement) {
            Ok(cmd) => eprintln!("  parsed as: {cmd:?}"),
            Err(p) => eprintln!("  parse error at {}: {}", p.pos, p.what),
        }
        eprintln!(
            "  session: keyspace {}, user {}, consistency {:?}",
            cli.keyspace.as_deref().unwrap_or("unknown"),
            cli.username,
            cli.level
        );
    }
}

/// Runs statements until the input ends or `quit;`; returns the exit code:
/// 4 when a `-f`/`-B` run stopped at an error, else 0.
pub fn run(cli: &mut Cli<'_>, source: &mut Source, mode: Mode, batch: bool, debug: bool) -> i32 {
    let mut splitter = Splitter::new(QuoteStyle::Backslash);
    let stop_at_error = batch || mode == Mode::File;
    let numbered = mode == Mode::File;
    loop {
        let prompt = if splitter.in_statement() {
            "...\t".to_string()
        } else {
            cli.prompt()
        };
        if mode == Mode::Piped {
            cli.say(&prompt);
            let _ = cli.out.flush();
        }
        let line = match source.read(&prompt) {
            Ok(Read::Line(l)) => l,
            Ok(Read::Interrupted) => {
                splitter = Splitter::new(QuoteStyle::Backslash);
                continue;
            }
            Ok(Read::Eof) => break,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        };
        if mode == Mode::Piped {
            cli.say(&format!("{line}\n"));
        }
        let statements = if line.trim() == "?" && !splitter.in_statement() {
            vec![crate::shell::input::Statement {
                text: "?".into(),
                line: splitter.lines_read(),
                end_line: splitter.lines_read(),
            }]
        } else {
            splitter.push_line(&line)
        };
        for st in statements {
            match cli.execute(&st.text) {
                Ok(Flow::Exit) => {
                    cli.write_assumptions();
                    let _ = cli.out.flush();
                    return 0;
                }
                Ok(Flow::Continue) => {}
                Err(e) => {
                    let prefix = if numbered {
                        format!("Line {} => ", st.line)
                    } else {
                        String::new()
                    };
                    report(cli, &prefix, &e, debug, &st.text);
                    if stop_at_error {
                        return 4;
                    }
                }
            }
        }
    }
    if let Some(st) = splitter.finish() {
        if let Err(e) = cli.execute(&st.text) {
            let prefix = if numbered {
                format!("Line {} => ", st.line)
            } else {
                String::new()
            };
            report(cli, &prefix, &e, debug, &st.text);
            if stop_at_error {
                return 4;
            }
        }
    }
    let _ = cli.out.flush();
    0
}
