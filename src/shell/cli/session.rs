//! The session of `supercolumn cli`: connecting, the banner, reading
//! statements (prompt and statement echo on a pipe, as cassandra-cli's jline
//! did), error lines (`Line N => ...` in a script) and exit codes (4 when a
//! `-f`/`-B` run stops at its first error). What a statement does is `cli`'s.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::era::Era;
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
    let era = match &args.release {
        Some(v) => match Era::named(v) {
            Ok(era) => era,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        },
        None => Era::of_server(&mut backend).unwrap_or_default(),
    };
    let mut cli = Cli::new(backend, &mut stdout);
    cli.era = era;
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
        let banner = cli.era.banner();
        cli.say(&banner);
    }
    cli.read_assumptions();
    let split = args.execute.is_some();
    run(&mut cli, &mut source, mode, args.batch, args.debug, split)
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

/// Statements cut from lines as cassandra-cli 1.2.9 cut them (its `-f`
/// files and its console alike): lines trimmed, blank ones and `--` ones
/// skipped (and in a file, `/* ... */` blocks starting and ending a line),
/// the others joined with a space until one ends with `;` (or, typed, is
/// `?`). All that was joined is one statement, `;`s inside it included,
/// for the parser to refuse past the first; what input leaves unended is
/// never run.
#[derive(Debug, Default)]
pub struct Lines {
    pending: String,
    /// Skipping a `/* ... */` block of a file.
    in_block: bool,
}

impl Lines {
    pub fn in_statement(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Feeds one line; returns the statement it ended, if any.
    pub fn push_line(&mut self, line: &str, file: bool) -> Option<String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with("--") {
            return None;
        }
        if file {
            if line.starts_with("/*") {
                self.in_block = true;
            }
            if line.starts_with("*/") || line.ends_with("*/") {
                self.in_block = false;
                return None;
            }
            if self.in_block {
                return None;
            }
        }
        self.pending.push_str(line);
        if line.ends_with(';') || (!file && line == "?") {
            return Some(std::mem::take(&mut self.pending));
        }
        self.pending.push(' ');
        None
    }
}

/// Where statements are cut: 1.2.9's lines, or (for `-e` text, which it
/// did not have) at each `;` as the other shells cut them.
enum Cut {
    Lines(Lines),
    Split(Splitter),
}

impl Cut {
    fn in_statement(&self) -> bool {
        match self {
            Cut::Lines(l) => l.in_statement(),
            Cut::Split(s) => s.in_statement(),
        }
    }

    /// The statements `line` ended, each with the number `Line N =>`
    /// names it by: 1.2.9 counted statements; `-e` text names lines.
    fn push_line(&mut self, line: &str, file: bool, count: &mut usize) -> Vec<(String, usize)> {
        match self {
            Cut::Lines(l) => l
                .push_line(line, file)
                .map(|st| {
                    *count += 1;
                    (st, *count)
                })
                .into_iter()
                .collect(),
            Cut::Split(s) => s
                .push_line(line)
                .into_iter()
                .map(|st| (st.text, st.line))
                .collect(),
        }
    }

    fn finish(&mut self) -> Option<(String, usize)> {
        match self {
            Cut::Lines(_) => None,
            Cut::Split(s) => s.finish().map(|st| (st.text, st.line)),
        }
    }
}

/// Runs statements until the input ends or `quit;`; returns the exit code:
/// 4 when a `-f`/`-B` run stopped at an error, else 0. `split` cuts at
/// every `;` (the `-e` text) instead of as cassandra-cli did.
pub fn run(
    cli: &mut Cli<'_>,
    source: &mut Source,
    mode: Mode,
    batch: bool,
    debug: bool,
    split: bool,
) -> i32 {
    let mut cut = if split {
        Cut::Split(Splitter::new(QuoteStyle::Backslash))
    } else {
        Cut::Lines(Lines::default())
    };
    let mut count = 0;
    let stop_at_error = batch || mode == Mode::File;
    let numbered = mode == Mode::File;
    loop {
        let prompt = if cut.in_statement() {
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
                cut = if split {
                    Cut::Split(Splitter::new(QuoteStyle::Backslash))
                } else {
                    Cut::Lines(Lines::default())
                };
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
        let statements = if split && line.trim() == "?" && !cut.in_statement() {
            vec![("?".to_string(), 0)]
        } else {
            cut.push_line(&line, mode == Mode::File, &mut count)
        };
        for (text, number) in statements {
            match cli.execute(&text) {
                Ok(Flow::Exit) => {
                    cli.write_assumptions();
                    let _ = cli.out.flush();
                    return 0;
                }
                Ok(Flow::Continue) => {}
                Err(e) => {
                    let prefix = if numbered {
                        format!("Line {number} => ")
                    } else {
                        String::new()
                    };
                    report(cli, &prefix, &e, debug, &text);
                    if stop_at_error {
                        return 4;
                    }
                }
            }
        }
    }
    if let Some((text, number)) = cut.finish() {
        if let Err(e) = cli.execute(&text) {
            let prefix = if numbered {
                format!("Line {number} => ")
            } else {
                String::new()
            };
            report(cli, &prefix, &e, debug, &text);
            if stop_at_error {
                return 4;
            }
        }
    }
    let _ = cli.out.flush();
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(lines: &[&str], file: bool) -> Vec<String> {
        let mut l = Lines::default();
        lines.iter().filter_map(|x| l.push_line(x, file)).collect()
    }

    #[test]
    fn statements_are_cut_at_lines_ending_with_a_semicolon() {
        assert_eq!(
            cut(
                &["  use KS;  ", "", "-- note", "set C['k']['c']", "  = 'v';"],
                true
            ),
            ["use KS;", "set C['k']['c'] = 'v';"]
        );
        // Two on a line are one; a line ending in a comment goes on.
        assert_eq!(
            cut(
                &[
                    "use KS; show cluster name;",
                    "get C['k']; -- x",
                    "show api version;"
                ],
                false
            ),
            [
                "use KS; show cluster name;",
                "get C['k']; -- x show api version;"
            ]
        );
        // A file's `/* */` block; `?` typed alone.
        assert_eq!(cut(&["/* a", "b; */", "?", "c;"], true), ["? c;"]);
        assert_eq!(cut(&["?"], false), ["?"]);
        // What input leaves unended is never run.
        let mut l = Lines::default();
        assert_eq!(l.push_line("show keyspaces", true), None);
        assert!(l.in_statement());
    }
}
