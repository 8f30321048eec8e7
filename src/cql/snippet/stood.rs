//! Where ANTLR's token stream stood when a CQL 3 syntax error was
//! reported, and how far it had read: the snippet's highlighted token and
//! its end, judged from the tokens around the error (which decision of the
//! grammar failed, which recovery looked ahead). It must not cut text; the
//! snippet's own module quotes it.

use super::super::lookahead::TABLE_NAME_FOLLOWERS;

/// One token of ANTLR's stream as the snippet reads it.
pub(super) struct StreamToken {
    pub(super) line: i32,
    pub(super) column: i32,
    pub(super) len: usize,
    /// A bare or quoted word's lower-cased text.
    pub(super) word: Option<String>,
    /// A quoted name after a symbol wanting a value ([`as_function_name`]).
    pub(super) function_name: bool,
    /// For a bare word (no constant's) after a symbol that may want a
    /// value, that symbol.
    pub(super) value_after: Option<String>,
    /// A one-character symbol (`,`, `(`, `.` ...).
    pub(super) symbol: Option<char>,
    /// The reserved word TOKEN, unquoted (a keyword, never a name).
    pub(super) bare_token: bool,
    pub(super) visible: bool,
    pub(super) eof: bool,
}

/// Where the stream stood when the error was reported (the token the
/// snippet highlights) and the last token it had read (where the snippet
/// ends), as stream indexes, for the error at `error_at`; `None` where
/// no snippet was added (the stream stood at its position-less end).
pub(super) fn anchor_and_end(
    stream: &[StreamToken],
    error_at: usize,
    message: &str,
    recovers: bool,
) -> Option<(usize, usize)> {
    let next_visible = |i: usize| (i + 1..stream.len()).find(|&j| stream[j].visible);
    let prev_visible = |i: usize| (0..i).rev().find(|&j| stream[j].visible);
    // The collector ended two stream tokens past where it stood, or at the
    // last token read, whichever came first.
    let two_on = |anchor: usize, read: usize| (anchor + 2).min(read);
    if message.starts_with("extraneous input") {
        // The extra token was dropped: the stream stood at the expected one.
        if message.ends_with("expecting EOF") {
            return None;
        }
        let next = next_visible(error_at)?;
        return Some((next, next));
    }
    // The end token had no position (the lexer's `nextToken` made a bare
    // `CommonToken(EOF)`): the collector left the snippet off.
    if stream[error_at].eof {
        return None;
    }
    // A token set's mismatch (`expecting set null`, ANTLR's
    // MismatchedSetException) was thrown without a recovery: the stream
    // had read up to the offending token only.
    if message.starts_with("mismatched input") && message.ends_with("expecting set null") {
        return Some((error_at, error_at));
    }
    // Without a recovery (3.10 on), a mismatched token was thrown as met,
    // the stream as far as the last decision had read.
    if message.starts_with("mismatched input") && !recovers {
        if after_call_argument_name(stream, error_at) {
            let next = next_visible(error_at)?;
            return Some((error_at, two_on(error_at, next)));
        }
        return Some((error_at, error_at));
    }
    if message.starts_with("mismatched input") || message.starts_with("missing ") {
        // The recovery had looked one token further.
        let next = next_visible(error_at)?;
        return Some((error_at, two_on(error_at, next)));
    }
    // `(ks '.')? cf` looked at the token after a table's name: the stream
    // still stood at the name (so did the first selector's decision).
    const BEFORE_TABLE: &[&str] = &[
        "select",
        "from",
        "into",
        "update",
        "table",
        "columnfamily",
        "truncate",
    ];
    if message.starts_with("no viable alternative") {
        // The reserved TOKEN begins only `token(..)`: the decision at it
        // read no name and failed at the token after it, where the stream
        // stood (`SELECT token, v`).
        if prev_visible(error_at).is_some_and(|t| stream[t].bare_token) {
            return Some((error_at, error_at));
        }
        if let Some(name) = prev_visible(error_at).filter(|&n| stream[n].function_name) {
            // 2.2's function name decision looked one past a quoted name.
            return Some((name, two_on(name, error_at)));
        }
        // The statement's decision after its first word (`CREATE FUNCTION`
        // before 2.2) had looked one past it: the stream stood at it.
        if let Some(first) = prev_visible(error_at).filter(|&f| prev_visible(f).is_none()) {
            if matches!(
                stream[first].word.as_deref(),
                Some("create" | "drop" | "alter")
            ) {
                return Some((first, two_on(first, error_at)));
            }
        }
        if let Some(name) = prev_visible(error_at) {
            // A bare word at a value's place: the term's decision (a value
            // or a function call) looked one past it, the stream still at
            // the word (`VALUES (2, bob, 31)`, `SET v = bob WHERE ..`).
            let value = stream[name].value_after.as_deref();
            if value.is_some_and(|s| at_value(stream, name, s)) {
                return Some((name, two_on(name, error_at)));
            }
            let keyword = prev_visible(name).and_then(|k| stream[k].word.as_deref());
            // A word that follows a table name elsewhere passed that decision:
            // the statement's own failed at it (2.2's `INSERT INTO t SET`).
            let follows_table = stream[error_at]
                .word
                .as_deref()
                // (2.2's INSERT JSON aside)
                .is_some_and(|w| w != "json" && TABLE_NAME_FOLLOWERS.contains(&w));
            if stream[name].word.is_some() && keyword.is_some_and(|k| BEFORE_TABLE.contains(&k)) {
                if follows_table {
                    // ... whose decision had looked one past the word.
                    let next = next_visible(error_at).unwrap_or(error_at);
                    return Some((error_at, two_on(error_at, next)));
                }
                return Some((name, two_on(name, error_at)));
            }
            // A selector's call: its arguments' decision (`'(' ')'` or a
            // selector) looked one past the `(`, the stream still at it
            // (`max(;`); an argument's own decision looked one past its
            // name, as a later selector's did (`SELECT c, v w`, `max(n x`).
            // (WRITETIME and TTL took one name, no such decision: the name's
            // match failed where it stood, `writetime()`.)
            let call_open = |i: usize| {
                stream[i].symbol == Some('(')
                    && prev_visible(i)
                        .and_then(|f| stream[f].word.as_deref())
                        .is_some_and(|f| !matches!(f, "select" | "writetime" | "ttl"))
            };
            // 2.2's and 3.0's selector decision at COUNT (its own `count(*)`
            // or a call of the function `count`) looked past the `(`: the
            // stream still stood at the word (`count((int)1)`).
            let count_word = prev_visible(name)
                .filter(|&c| stream[c].word.as_deref() == Some("count"))
                .filter(|_| stream[name].symbol == Some('('));
            if let Some(count) = count_word.filter(|&c| in_selection(stream, c)) {
                return Some((count, two_on(count, error_at)));
            }
            if call_open(name) && in_selection(stream, name) {
                return Some((name, two_on(name, error_at)));
            }
            let after_comma = prev_visible(name).is_some_and(|c| stream[c].symbol == Some(','));
            let first_argument = prev_visible(name).is_some_and(call_open);
            if stream[name].word.is_some()
                && (after_comma || first_argument)
                && in_selection(stream, name)
            {
                return Some((name, two_on(name, error_at)));
            }
            // So did a DELETE's `deleteOp` (a name, an element or a field):
            // the stream still stood at the name (`DELETE a.f FROM` before
            // 3.6).
            let column_name = stream[name].word.as_deref().is_some_and(|w| w != "from");
            if column_name
                && (after_comma || keyword == Some("delete"))
                && clause_of(stream, name) == Some("delete")
            {
                return Some((name, two_on(name, error_at)));
            }
            // A WHERE relation's decision (`cident` then an operator, IN,
            // CONTAINS or '[') looked one past the column's name: the
            // stream still stood at the name (`AND home.street = ..`).
            if stream[name].word.is_some()
                && matches!(keyword, Some("where" | "and"))
                && in_where_clause(stream, name)
            {
                return Some((name, two_on(name, error_at)));
            }
            // So did a property's (`name '=' value` or `name '=' map`):
            // the stream still stood at its name (`AND strategy_options:`).
            if stream[name].word.is_some()
                && matches!(keyword, Some("with" | "and"))
                && clause_of(stream, name) == Some("with")
            {
                return Some((name, two_on(name, error_at)));
            }
        }
    }
    Some((error_at, error_at))
}

/// Whether the bare word at `at`, after `symbol`, stood where a value was
/// due: anywhere in a VALUES list; in a SET, WHERE or IF clause after an
/// operator, a subscript's `[` or a literal's `{` or `:` (a `,` or `(`
/// there may come before a column's name).
fn at_value(stream: &[StreamToken], at: usize, symbol: &str) -> bool {
    const CLAUSES: &[&str] = &[
        "select",
        "from",
        "where",
        "set",
        "if",
        "with",
        "using",
        "values",
        "table",
        "into",
        "columnfamily",
        "type",
        "on",
    ];
    let clause = stream[..at]
        .iter()
        .rev()
        .filter_map(|t| t.word.as_deref())
        .find(|w| CLAUSES.contains(w));
    // `op token(` stood for a value's call: its `(` before a value.
    let back: Vec<usize> = (0..at)
        .rev()
        .filter(|&j| stream[j].visible)
        .take(3)
        .collect();
    let token_value = symbol == "("
        && back.len() == 3
        && stream[back[1]].bare_token
        && stream[back[2]].word.is_none()
        && !matches!(stream[back[2]].symbol, Some(',' | '('));
    match clause {
        Some("values") => true,
        Some("set" | "where" | "if") => !matches!(symbol, "," | "(") || token_value,
        _ => false,
    }
}

/// Whether the token at `at` follows a name (or a field chain `n.f`) that
/// is an argument of a selector's call (`max(n`, `f(a, b.c`): 3.10's
/// `unaliasedSelector` chose that alternative by a decision that had read
/// the token after the chain and one more (a constant, a call or a CAST's
/// type there, or `writetime(c` and `ttl(c`, had no such decision).
fn after_call_argument_name(stream: &[StreamToken], at: usize) -> bool {
    let prev = |i: usize| (0..i).rev().find(|&j| stream[j].visible);
    let is = |i: Option<usize>, c: char| i.is_some_and(|i| stream[i].symbol == Some(c));
    let Some(mut name) = prev(at).filter(|&n| stream[n].word.is_some()) else {
        return false;
    };
    while let Some(dot) = prev(name).filter(|&d| stream[d].symbol == Some('.')) {
        match prev(dot).filter(|&w| stream[w].word.is_some()) {
            Some(w) => name = w,
            None => return false,
        }
    }
    if !is(prev(name), '(') && !is(prev(name), ',') {
        return false;
    }
    // The call's own `(`, past the arguments before this one.
    let mut depth = 0usize;
    let mut i = name;
    let open = loop {
        let Some(p) = prev(i) else { return false };
        match stream[p].symbol {
            Some(')') => depth += 1,
            Some('(') if depth == 0 => break p,
            Some('(') => depth -= 1,
            _ => {}
        }
        i = p;
    };
    let callee = prev(open).and_then(|f| stream[f].word.as_deref());
    callee.is_some_and(|f| !matches!(f, "writetime" | "ttl" | "cast")) && in_selection(stream, name)
}

/// Whether the token at `at` is in a WHERE clause: the last clause word
/// before it is WHERE (not SET, IF, WITH, USING, VALUES).
fn in_where_clause(stream: &[StreamToken], at: usize) -> bool {
    const CLAUSES: &[&str] = &["where", "set", "if", "with", "using", "values"];
    stream[..at]
        .iter()
        .rev()
        .filter_map(|t| t.word.as_deref())
        .find(|w| CLAUSES.contains(w))
        == Some("where")
}

/// Whether the token at `at` is among a SELECT's selectors: the last
/// clause word before it is SELECT.
fn in_selection(stream: &[StreamToken], at: usize) -> bool {
    clause_of(stream, at) == Some("select")
}

/// The last clause word before the token at `at`.
fn clause_of(stream: &[StreamToken], at: usize) -> Option<&str> {
    const CLAUSES: &[&str] = &[
        "select", "delete", "from", "where", "set", "if", "with", "using", "values",
    ];
    stream[..at]
        .iter()
        .rev()
        .filter_map(|t| t.word.as_deref())
        .find(|w| CLAUSES.contains(w))
}
