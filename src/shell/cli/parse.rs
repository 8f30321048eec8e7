//! The statements `supercolumn cli` understands, parsed from text.
//!
//! cassandra-cli 1.2's statements: `use`, `set` (`with ttl`), `get` (with
//! `as TYPE` and `limit N`, or `where` on indexed columns), `del`, `count`,
//! `list` (key range, `limit`, `columns`, `reversed`), `incr`/`decr`,
//! `create`/`update`/`drop` of keyspaces and column families, `drop index`,
//! `assume`, `truncate`, `consistencylevel`, `describe [cluster]`,
//! `show keyspaces|schema|cluster name|api version`, `help`, `quit`/`exit`.
//! Syntax errors read as ANTLR's did. Keywords are case-insensitive;
//! strings are single-quoted with Java backslash escapes; a term may also be
//! a bare word, a number or a conversion function such as `utf8('x')` or
//! `long(5)`. This module only parses (into [`super::statement`]'s
//! types): types and the server come later.

use crate::shell::cli::lex::{starts_term, tokenize, Parser, Tok};
use crate::shell::cli::statement::{Command, ParseError};

/// Parses one statement (its trailing `;` optional).
pub fn parse(statement: &str) -> Result<Command, ParseError> {
    // `host/port` is no token of this lexer: connect parses itself.
    let first = statement.split_whitespace().next().unwrap_or("");
    if first.eq_ignore_ascii_case("connect") {
        let bare = statement.trim_end();
        let bare = bare.strip_suffix(';').unwrap_or(bare);
        return crate::shell::cli::connect::parse_connect(bare);
    }
    let toks = tokenize(statement)?;
    let mut p = Parser {
        toks,
        at: 0,
        end: statement.chars().count(),
    };
    if p.punct('?') {
        p.done()?;
        return Ok(Command::Help(None));
    }
    let Some(Tok::Word(verb)) = p.next() else {
        p.at = 0;
        return p.err("expected a command (type 'help;' for the list)");
    };
    let cmd = match verb.to_ascii_lowercase().as_str() {
        "use" => use_keyspace(&mut p)?,
        "trace" => trace_next_query(&mut p)?,
        "set"
            if matches!(p.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("trace"))
                && !matches!(p.toks.get(p.at + 1), Some((_, Tok::Punct('[')))) =>
        {
            set_trace_probability(&mut p)?
        }
        "set" => set_column(&mut p)?,
        "get" if matches!(p.toks.get(p.at + 1), Some((_, Tok::Word(w))) if w.eq_ignore_ascii_case("where")) => {
            get_where(&mut p)?
        }
        "incr" | "decr" => {
            let access = p.access()?;
            let mut by = if p.keyword("by") {
                let Tok::Num(n) = p.expect_set(|t| matches!(t, Tok::Num(_)))? else {
                    unreachable!("expect_set returns a number")
                };
                n.parse().or_else(|_| {
                    p.at -= 1;
                    p.err(format!("{n} is out of range"))
                })?
            } else {
                1
            };
            if verb.eq_ignore_ascii_case("decr") {
                by = -by;
            }
            Command::Incr { access, by }
        }
        "create" | "update" => {
            let target = p.target()?;
            let name = p.name("a name")?;
            let attrs = p.attrs()?;
            if verb.eq_ignore_ascii_case("create") {
                Command::Create(target, name, attrs)
            } else {
                Command::Update(target, name, attrs)
            }
        }
        "drop" if p.keyword("index") => drop_index(&mut p)?,
        "drop" => {
            let target = p.target()?;
            Command::Drop(target, p.name("a name")?)
        }
        "assume" => assume(&mut p)?,
        "truncate" => Command::Truncate(p.name("a column family name")?),
        "consistencylevel" => {
            if !p.keyword("as") {
                let at = p.tok_text();
                return p.err(format!("missing AS at '{at}'"));
            }
            Command::Consistency(p.name("a consistency level")?)
        }
        "get" if !matches!(p.toks.get(p.at + 1), Some((_, Tok::Punct('[')))) => {
            // Neither `get CF[...]` nor `get CF where`: ANTLR could not
            // choose a rule and blamed the verb.
            p.at = 0;
            return p.err("no viable alternative at input 'get'");
        }
        "get" => get(&mut p)?,
        "del" | "delete" => Command::Del(p.access()?),
        "count" => Command::Count(p.access()?),
        "list" => list(&mut p)?,
        "describe" if matches!(p.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("cluster")) =>
        {
            p.next();
            Command::DescribeCluster
        }
        "describe" => describe(&mut p)?,
        "show" => show(&mut p)?,
        "help" => help(&mut p)?,
        "quit" | "exit" => Command::Exit,
        _ => {
            p.at = 0;
            return p.err(format!("no viable alternative at input '{verb}'"));
        }
    };
    p.done()?;
    Ok(cmd)
}

/// `use KS` or `use KS USER 'PASSWORD'`.
fn use_keyspace(p: &mut Parser) -> Result<Command, ParseError> {
    // 1.2.9 logged in only when given both, and took either alone as a
    // plain `use`.
    let keyspace = p.name("a keyspace name")?;
    let user = p.take(|t| matches!(t, Tok::Word(_)));
    let password = p.take(|t| matches!(t, Tok::Str(_)));
    Ok(match (user, password) {
        (Some(user), Some(password)) => Command::UseLogin {
            keyspace,
            user,
            password,
        },
        _ => Command::Use(keyspace),
    })
}

/// `trace next query`.
fn trace_next_query(p: &mut Parser) -> Result<Command, ParseError> {
    for kw in ["next", "query"] {
        if !p.keyword(kw) {
            let at = p.tok_text();
            return p.err(format!(
                "mismatched input '{at}' expecting {}",
                kw.to_uppercase()
            ));
        }
    }
    Ok(Command::TraceNextQuery)
}

/// `set trace probability N` (after `set`; `trace` is next).
fn set_trace_probability(p: &mut Parser) -> Result<Command, ParseError> {
    p.next();
    if !p.keyword("probability") {
        let at = p.tok_text();
        return p.err(format!("mismatched input '{at}' expecting PROBABILITY"));
    }
    let is_number = |t: &Tok| matches!(t, Tok::Num(_));
    let at_end = |t: Option<&Tok>| matches!(t, None | Some(Tok::Punct(';')));
    let Tok::Num(n) = p.expect_tok("DoubleLiteral", is_number, at_end)? else {
        unreachable!("expect_tok returns a number")
    };
    Ok(Command::SetTraceProbability(n))
}

/// `set CF[key][column] = value [with ttl = N]`.
fn set_column(p: &mut Parser) -> Result<Command, ParseError> {
    let access = p.access()?;
    p.expect_before('=', starts_term)?;
    let value = p.term()?;
    let ttl = if p.keyword("with") {
        if !p.keyword("ttl") {
            return p.err("expected 'ttl'");
        }
        p.expect('=')?;
        Some(i32::try_from(p.positive_integer(&[])?).or_else(|_| p.err("TTL out of range"))?)
    } else {
        None
    };
    Ok(Command::Set { access, value, ttl })
}

/// `get CF where col OP value [and ...] [limit N]`.
fn get_where(p: &mut Parser) -> Result<Command, ParseError> {
    let cf = p.name("a column family name")?;
    p.keyword("where");
    let mut conds = Vec::new();
    loop {
        let col = p.term()?;
        let op = match p.next() {
            Some(Tok::Punct('=')) => "=".to_string(),
            Some(Tok::Punct(c)) if c == '>' || c == '<' => c.to_string(),
            Some(Tok::Word(w)) if w == ">=" || w == "<=" => w,
            _ => {
                p.at -= 1;
                let at = p.tok_text();
                return p.err(format!("no viable alternative at input '{at}'"));
            }
        };
        conds.push((col, op, p.term()?));
        if !p.keyword("and") {
            break;
        }
    }
    let limit = if p.keyword("limit") {
        Some(p.positive_integer(&[])?)
    } else {
        None
    };
    Ok(Command::GetWhere { cf, conds, limit })
}

/// `drop index on CF.column` (after `drop index`).
fn drop_index(p: &mut Parser) -> Result<Command, ParseError> {
    if !p.keyword("on") {
        let at = p.tok_text();
        return p.err(format!("missing ON at '{at}'"));
    }
    // `CF.column` is one word to the tokenizer.
    let target = p.name("a column family and column")?;
    let Some((cf, column)) = target.split_once('.') else {
        let at = p.tok_text();
        return p.err(format!("missing '.' at '{at}'"));
    };
    Ok(Command::DropIndex {
        cf: cf.to_string(),
        column: column.to_string(),
    })
}

/// `assume CF comparator|sub_comparator|validator|keys as TYPE`.
fn assume(p: &mut Parser) -> Result<Command, ParseError> {
    let cf = p.name("a column family name")?;
    let what = p.name("comparator, sub_comparator, validator or keys")?;
    if !p.keyword("as") {
        let at = p.tok_text();
        return p.err(format!("missing AS at '{at}'"));
    }
    // A type is one Identifier (no dots) or a string: a class name
    // written bare ends the statement at its first dot.
    let (at, bare) = (p.pos(), matches!(p.peek(), Some(Tok::Word(_))));
    let type_name = p.name("a type")?;
    if let Some(dot) = type_name.find('.').filter(|_| bare) {
        return Err(ParseError {
            pos: at + type_name[..dot].chars().count(),
            what: "missing EOF at '.'".into(),
        });
    }
    Ok(Command::Assume {
        cf,
        what: what.to_ascii_lowercase(),
        type_name,
    })
}

/// `get CF[key]...` with `as TYPE` and `limit N`.
fn get(p: &mut Parser) -> Result<Command, ParseError> {
    let access = p.access()?;
    let as_type = if p.keyword("as") {
        match p.expect_set(|t| matches!(t, Tok::Word(_) | Tok::Str(_) | Tok::Num(_)))? {
            Tok::Word(w) | Tok::Str(w) | Tok::Num(w) => Some(w),
            Tok::Punct(_) => unreachable!("expect_set returns a word, string or number"),
        }
    } else {
        None
    };
    let limit = if p.keyword("limit") {
        Some(i32::try_from(p.positive_integer(&[])?).or_else(|_| p.err("limit out of range"))?)
    } else {
        None
    };
    Ok(Command::Get {
        access,
        as_type,
        limit,
    })
}

/// `list CF [start:end] [limit N] [columns N [reversed]]`.
fn list(p: &mut Parser) -> Result<Command, ParseError> {
    let cf = p.name("a column family name")?;
    let (mut start, mut end) = (None, None);
    if p.punct('[') {
        if !matches!(p.peek(), Some(Tok::Punct(':'))) {
            start = Some(p.name("a start key")?);
        }
        p.expect(':')?;
        if !matches!(p.peek(), Some(Tok::Punct(']'))) {
            end = Some(p.name("an end key")?);
        }
        p.expect(']')?;
    }
    let (mut limit, mut columns, mut reversed) = (None, None, false);
    loop {
        if p.keyword("limit") {
            limit = Some(p.positive_integer(&["columns", "cells"])?);
        } else if p.keyword("columns") || p.keyword("cells") {
            columns = Some(p.positive_integer(&["reversed"])?);
            reversed = p.keyword("reversed");
        } else {
            break;
        }
    }
    Ok(Command::List {
        cf,
        start,
        end,
        limit,
        columns,
        reversed,
    })
}

/// `describe [keyspace] [NAME]`.
fn describe(p: &mut Parser) -> Result<Command, ParseError> {
    // `describe keyspace KS` is the older spelling of `describe KS`.
    let name = match p.peek() {
        Some(Tok::Word(_)) | Some(Tok::Str(_)) => {
            let first = p.name("a name")?;
            if first.eq_ignore_ascii_case("keyspace")
                && matches!(p.peek(), Some(Tok::Word(_)) | Some(Tok::Str(_)))
            {
                Some(p.name("a keyspace name")?)
            } else {
                Some(first)
            }
        }
        _ => None,
    };
    Ok(Command::Describe(name))
}

/// `show keyspaces|schema [KS]|cluster name|api version`.
fn show(p: &mut Parser) -> Result<Command, ParseError> {
    Ok(if p.keyword("keyspaces") {
        Command::ShowKeyspaces
    } else if p.keyword("schema") {
        match p.peek() {
            Some(Tok::Word(_)) => Command::ShowSchema(Some(p.name("a keyspace")?)),
            _ => Command::ShowSchema(None),
        }
    } else if p.keyword("cluster") {
        if !p.keyword("name") {
            return p.err("expected 'name'");
        }
        Command::ShowClusterName
    } else if p.keyword("api") {
        if !p.keyword("version") {
            return p.err("expected 'version'");
        }
        Command::ShowApiVersion
    } else {
        return p.err("expected 'keyspaces', 'cluster name' or 'api version'");
    })
}

/// `help [TOPIC WORDS]`.
fn help(p: &mut Parser) -> Result<Command, ParseError> {
    // `help show keyspaces;` and the like: all the words name the topic.
    let mut words = Vec::new();
    while let Some(Tok::Word(w)) = p.peek() {
        words.push(w.to_ascii_lowercase());
        p.next();
    }
    Ok(Command::Help((!words.is_empty()).then(|| words.join(" "))))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
