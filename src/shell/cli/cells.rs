//! `set`, `get`, `del`, `count` and `list`'s limits for `supercolumn cli`:
//! reading and writing cells with the names, keys and values converted as
//! the era's cli converted them, printed with `render`. Schema statements
//! are `exec`'s; the session and the statement dispatch are `cli`'s.

use crate::shell::cli::convert::{cli_timestamp, format_type, function_type, Wrap};
use crate::shell::cli::render::{cosc_lines_as, type_named};
use crate::shell::cli::statement::{Access, Term};
use crate::shell::cli::{Cli, CliError};
use std::time::Instant;

impl Cli<'_> {
    pub(crate) fn set(
        &mut self,
        a: &Access,
        value: &Term,
        ttl: Option<i32>,
        started: Instant,
    ) -> Result<(), CliError> {
        // A working keyspace is needed first, as in cassandra-cli.
        self.ks()?;
        let cf = self.cf(&a.cf)?;
        if a.path.is_empty() {
            return Err(CliError(
                "No cell name specified, (type 'help;' or '?' for help on syntax).".into(),
            ));
        }
        if cf.is_super && a.path.len() == 1 {
            return Err(CliError(format!(
                "Column family {} may only contain SuperColumns",
                cf.name
            )));
        }
        // The real cli converted names, then the value, then the key: the
        // first failure in that order is the one reported.
        let (sc, name) = self.path(&cf, &a.path)?;
        let name = name.ok_or_else(|| CliError("No cell name specified".into()))?;
        let declared = cf.columns.iter().any(|(n, _)| *n == name);
        // 0.7 and 0.8 converted a value with its column's declared validator
        // only (else its UTF-8 bytes); 1.0 on with the family's default too.
        let vt = cf
            .value_type(&name)
            .filter(|_| declared || self.era.at_least(1, 0))
            .unwrap_or_else(|| type_named(Some("UTF8Type")));
        let wrap = if declared { Wrap::Twice } else { Wrap::Bare };
        let bytes = self.convert_as(value, vt, wrap)?;
        let key = self.key(&cf, &a.key)?;
        self.backend.insert(
            &cf.name,
            &key,
            sc,
            name.clone(),
            bytes,
            cli_timestamp(),
            ttl,
        )?;
        // A value given through a function makes that function's type the
        // column's validator for the rest of the session, as in the real cli.
        if let Term::Func(f, _) = value {
            let class = function_type(f)?.class_name();
            if let Some(view) = self
                .schema
                .as_mut()
                .and_then(|s| s.cfs.iter_mut().find(|c| c.name == cf.name))
            {
                view.columns.retain(|(n, _)| *n != name);
                view.columns.push((name, class));
            }
        }
        self.say("Value inserted.\n");
        self.elapsed(started);
        Ok(())
    }

    pub(crate) fn get(
        &mut self,
        a: &Access,
        as_type: Option<&str>,
        limit: Option<i32>,
        started: Instant,
    ) -> Result<(), CliError> {
        // A working keyspace is needed first, as in cassandra-cli.
        self.ks()?;
        let cf = self.cf(&a.cf)?;
        let key = self.key(&cf, &a.key)?;
        let limit = match limit {
            Some(0) => return Err(CliError("LIMIT should be greater than zero.".into())),
            Some(n) => n,
            None => 1_000_000,
        };
        let (sc, name) = self.path(&cf, &a.path)?;
        let Some(name) = name else {
            let in_super = sc.is_some();
            let items = self.backend.slice(&cf.name, &key, sc, limit)?;
            let mut text = String::new();
            for c in &items {
                text.push_str(&cosc_lines_as(&cf, c, in_super, self.era.name_label()));
            }
            text.push_str(&format!("Returned {} results.\n", items.len()));
            self.say(&text);
            self.elapsed(started);
            return Ok(());
        };
        let in_super = sc.is_some();
        let Some(found) = self.backend.get(&cf.name, &key, sc, name.clone())? else {
            self.say("Value was not found\n");
            self.elapsed(started);
            return Ok(());
        };
        let line = match (&found.column, as_type) {
            (Some(c), Some(t)) => {
                let vt = format_type(t)?;
                // `get ... as TYPE` made TYPE the column's validator for the
                // rest of the session, as `set` with a function does.
                if let Some(view) = self
                    .schema
                    .as_mut()
                    .and_then(|s| s.cfs.iter_mut().find(|v| v.name == cf.name))
                {
                    view.columns.retain(|(n, _)| *n != name);
                    view.columns.push((name.clone(), vt.class_name()));
                }
                let shown_name = if in_super {
                    cf.subcomparator_type().get_string(&c.name)
                } else {
                    cf.comparator_type().get_string(&c.name)
                };
                format!(
                    "=> ({}={}, value={}, timestamp={}{})\n",
                    self.era.name_label(),
                    shown_name,
                    vt.get_string(c.value.as_deref().unwrap_or_default()),
                    c.timestamp.unwrap_or_default(),
                    c.ttl.map(|t| format!(", ttl={t}")).unwrap_or_default()
                )
            }
            _ => cosc_lines_as(&cf, &found, in_super, self.era.name_label()),
        };
        self.say(&line);
        self.elapsed(started);
        Ok(())
    }

    pub(crate) fn del(&mut self, a: &Access, started: Instant) -> Result<(), CliError> {
        // A working keyspace is needed first, as in cassandra-cli.
        self.ks()?;
        let cf = self.cf(&a.cf)?;
        let key = self.key(&cf, &a.key)?;
        let (sc, name) = self.path(&cf, &a.path)?;
        self.backend
            .remove(&cf.name, &key, sc, name, cli_timestamp(), cf.is_counter())?;
        let what = if a.path.is_empty() {
            "row"
        } else {
            self.era.cell_word()
        };
        self.say(&format!("{what} removed.\n"));
        if self.era.elapsed_on_del() {
            self.elapsed(started);
        }
        Ok(())
    }

    /// `count`: the cells of a row (or of one super column).
    pub(crate) fn count(&mut self, a: &Access) -> Result<(), CliError> {
        // A working keyspace is needed first, as in cassandra-cli.
        self.ks()?;
        let cf = self.cf(&a.cf)?;
        let key = self.key(&cf, &a.key)?;
        let sc = match a.path.first() {
            Some(t) => Some(self.convert(t, cf.comparator_type())?),
            None => None,
        };
        let n = self.backend.count(&cf.name, &key, sc)?;
        self.say(&format!("{n} {}s\n", self.era.cell_word()));
        Ok(())
    }

    /// `list`'s row and cell limits, 100 each unless given (saying so).
    pub(crate) fn list_limits(
        &mut self,
        limit: Option<i64>,
        columns: Option<i64>,
    ) -> Result<(i32, i32), CliError> {
        let rows = match limit {
            Some(n) if n <= 0 => return Err(CliError(format!("Invalid limit {n}"))),
            Some(n) => n.min(i64::from(i32::MAX)) as i32,
            None => {
                self.say("Using default limit of 100\n");
                100
            }
        };
        let cells = match columns {
            Some(n) if n < 0 => {
                let word = self.era.cell_word();
                return Err(CliError(format!("Invalid {word} limit: {n}")));
            }
            Some(n) => n.min(i64::from(i32::MAX)) as i32,
            // Before 1.2 `list` had no cell limit: it read whole rows.
            None if !self.era.cell_limit() => i32::MAX,
            None => {
                let word = self.era.cell_word();
                self.say(&format!("Using default {word} limit of 100\n"));
                100
            }
        };
        Ok((rows, cells))
    }
}
