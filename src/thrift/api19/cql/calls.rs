//! The CQL calls of API 19.x (CQL 2 and CQL3, plain and prepared): each
//! parses its statement, has it checked for what it touches and runs it
//! on the connection's CQL session (see `handler`). The generated trait's
//! methods in `mod.rs` route here by the connection's CQL version; this
//! file must not interpret CQL.

use super::super::cql::cql2;
use super::super::release::{
    cql::beta, cql::cql3, cql::levels, cql::tableprops, cql::words3x, old, v3x,
};
use super::super::validation::known_level;
use super::super::{cql, methods, Handler};
use crate::cql::exec::{self, CqlBackend};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

fn parse_cql3(node: &crate::node::Node, text: &str) -> ApiResult<crate::cql::ast::Parsed> {
    crate::cql::parse_with(text, old::cql3_grammar(node))
        .map_err(|e| ApiError::invalid(crate::cql::syntax_words::worded(node.release, text, e)))
}

impl Handler<'_> {
    pub(in crate::thrift::api19) fn execute_cql2(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlResult> {
        // A batch is outlined, and its statements run as they are parsed
        // again from the text (see `cql2::parser::parse_outlined`).
        let r = self
            .logged_in()
            .and_then(|()| cql::query_text(query, compression))
            .and_then(|text| {
                crate::cql2::parser::parse_outlined_in(&text, cql2::grammar(self.node))
                    .map(|parsed| (text, parsed))
                    .map_err(|e| cql2::parse_refusal(self.node, e))
            })
            .and_then(|(text, parsed)| {
                let statement = &parsed.statement;
                // The text moves in, to be freed once a batch is parsed.
                self.cql2(statement, move |ctx| {
                    crate::cql2::exec::run_outlined(ctx, statement, text.into())
                })
            });
        self.wrap(methods::EXECUTE_CQL_QUERY.name(), r)
    }

    pub(in crate::thrift::api19) fn execute_cql3(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        let method = methods::EXECUTE_CQL3_QUERY.name();
        // A batch is outlined, and its statements run as they are parsed
        // again from the text (see `cql::parse_outlined`).
        let (text, parsed) = match self
            .logged_in()
            .and_then(|()| cql::query_text(query, compression))
            .and_then(|text| {
                match crate::cql::parse_outlined_with(&text, old::cql3_grammar(self.node)) {
                    Ok(parsed) => Ok((text, parsed)),
                    Err(e) => Err(ApiError::invalid(crate::cql::syntax_words::worded(
                        self.node.release,
                        &text,
                        e,
                    ))),
                }
            }) {
            Ok(parsed) => parsed,
            Err(e) => return self.wrap(method, Err(e)),
        };
        let keyspace = self.session.borrow().api19.keyspace.clone();
        if cql3::fails_on_server(self.node, &self.node.schema(), keyspace.as_deref(), &parsed) {
            let e = ApiError::Dropped(format!("{text}: failed on the release's server"));
            return self.wrap(method, Err(e));
        }
        if let Some(e) =
            tableprops::refusal(self.node, &self.node.schema(), keyspace.as_deref(), &parsed)
        {
            return self.wrap(method, Err(e));
        }
        // 1.1's beta read a SELECT's rows whole (see `beta`).
        let (parsed, beta) = match beta::plan(self.node, &parsed) {
            Some((planned, shape)) => (planned, Some(shape)),
            None => (parsed, None),
        };
        let table = std::cell::RefCell::new(None);
        let times = std::cell::RefCell::new(None);
        let parsed = &parsed;
        let result = self.cql3(
            method,
            consistency,
            |session| exec::access::requirements(session, &parsed.statement),
            // The text moves in, to be freed once a batch is parsed.
            |backend, session| {
                // The grammar also says how rows are written (1.1's beta
                // wrote no row markers).
                session.set_grammar(old::cql3_grammar(self.node));
                if beta.is_some() {
                    *table.borrow_mut() = beta::table_of(&backend.schema(), session, parsed);
                }
                // The beta's select list, checked as it prepared it: before
                // the WHERE clause's terms (the `*` read instead names
                // nothing).
                if let Some(e) = beta
                    .as_ref()
                    .and_then(|b| b.refusal(table.borrow().as_ref()?))
                {
                    return Err(e);
                }
                // What the release refused once the statement was prepared,
                // as it began to run: counter attributes, a taken index
                // name, a read at a level the release did not read at.
                let schema = backend.schema();
                let refused = cql3::counter_attributes(
                    self.node,
                    &schema,
                    keyspace.as_deref(),
                    &parsed.statement,
                )
                .or_else(|| {
                    cql3::index_name_taken(
                        self.node,
                        &schema,
                        keyspace.as_deref(),
                        &parsed.statement,
                    )
                })
                .or_else(|| {
                    levels::refusal(
                        self.node,
                        &schema,
                        keyspace.as_deref(),
                        &parsed.statement,
                        consistency,
                    )
                });
                match refused {
                    Some(e) => {
                        exec::check_statement(backend, session, &parsed.statement).and(Err(e))
                    }
                    None => exec::execute_outlined(backend, session, text.into(), parsed),
                }
                .inspect(|_| {
                    // The beta's cells carried their write times: the same
                    // rows read again for them (and for their TTLs).
                    let query = beta
                        .as_ref()
                        .zip(table.borrow().as_ref())
                        .and_then(|(b, t)| Some((b.cell_times_query(t, parsed)?, t.clone())));
                    if let Some((query, t)) = query {
                        *times.borrow_mut() = exec::execute_parsed(backend, session, &query)
                            .ok()
                            .and_then(|o| beta::BetaSelect::cell_times(&t, o));
                    }
                })
                .map_err(|e| {
                    let schema = backend.schema();
                    let e = cql3::reword_unindexed(self.node, &schema, session, parsed, e);
                    let e = cql3::reword_partition_parts(self.node, &schema, session, parsed, e);
                    let e = cql3::reword_index(self.node, &schema, session, parsed, e);
                    let e = words3x::reword(self.node, &schema, session, parsed, e);
                    cql3::reword(self.node, e)
                })
            },
        );
        match (beta, table.into_inner()) {
            (Some(shape), Some(table)) => {
                result.map(|r| shape.shape(&table, r, times.borrow().as_deref()))
            }
            _ => result,
        }
    }

    pub(in crate::thrift::api19) fn prepare_cql2(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        // A CQL 2 statement is only parsed here, reading no schema: a
        // login is enough, and its access is checked when it runs.
        let r = self
            .logged_in()
            .and_then(|()| cql::query_text(query, compression))
            .and_then(|text| {
                self.node
                    .prepared_cql2
                    .prepare_in(&text, cql2::grammar(self.node))
                    .map_err(|e| cql2::parse_refusal(self.node, e))
            })
            .inspect(|p| self.session.borrow_mut().api19.prepared.add(false, p.id));
        self.wrap(
            methods::PREPARE_CQL_QUERY.name(),
            r.map(|p| cql2::prepared_result(&p)),
        )
    }

    pub(in crate::thrift::api19) fn prepare_cql3(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        // Preparing reads the schema of what the statement touches (its
        // markers' types), so it is checked as running it would be.
        let r = self
            .logged_in()
            .and_then(|()| cql::query_text(query, compression))
            .and_then(|text| parse_cql3(self.node, &text).map(|parsed| (text, parsed)))
            .and_then(|(text, parsed)| {
                let needs = exec::access::requirements;
                let statement = parsed.statement.clone();
                // For the refusal's words (3.11's name them otherwise).
                let asked = parsed.clone();
                self.with_cql(
                    |session| needs(session, &statement),
                    |backend, session| {
                        exec::prepare_parsed_thrift(
                            backend,
                            session,
                            &self.node.prepared,
                            &text,
                            parsed,
                            self.node.release.is_none_or(|r| r.at_least(1, 2)),
                        )
                        .map(|p| {
                            // The table each marker binds to, for its name.
                            let schema = backend.schema();
                            let tables: Vec<_> = p
                                .specs
                                .iter()
                                .map(|s| {
                                    let t = s.table.as_ref()?;
                                    let ks = session.keyspace_for(t).ok()?;
                                    // The node's own tables too (2.2's
                                    // `schema_functions`): they were tables.
                                    exec::tables::lookup(&schema, &ks, &t.name)
                                        .ok()
                                        .or_else(|| {
                                            let local = session.local_facts();
                                            exec::system::tables::table(&ks, &t.name, local)
                                        })
                                })
                                .collect();
                            (p, tables)
                        })
                        .map_err(|e| {
                            let schema = backend.schema();
                            // 2.2 refused a filter on a column of no index
                            // when it prepared the SELECT, in its words.
                            let e = cql3::reword_unindexed(self.node, &schema, session, &asked, e);
                            let e = words3x::reword(self.node, &schema, session, &asked, e);
                            cql3::reword(self.node, e)
                        })
                    },
                )
            });
        // 1.1 kept its CQL 3 statements per connection too.
        if let (Ok((p, _)), true) = (&r, old::prepared_per_connection(self.node)) {
            self.session.borrow_mut().api19.prepared.add(true, p.id);
        }
        self.wrap(
            methods::PREPARE_CQL3_QUERY.name(),
            r.map(|(p, tables)| cql::prepared_result(&p, &tables, self.node.release)),
        )
    }

    pub(in crate::thrift::api19) fn execute_prepared_cql2(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
    ) -> thrift::Result<t::CqlResult> {
        let method = methods::EXECUTE_PREPARED_CQL_QUERY.name();
        let r = self
            .logged_in()
            .and_then(|()| {
                // Only the connection's own (see `PreparedIds`).
                let own = self.session.borrow_mut().api19.prepared.has(false, item_id);
                let missing = || ApiError::invalid(crate::cql2::not_found(item_id).to_string());
                let found = self.node.prepared_cql2.get(item_id).ok();
                found.filter(|_| own).ok_or_else(missing)
            })
            .and_then(|prepared| {
                self.cql2(&prepared.statement, |ctx| {
                    crate::cql2::execute_prepared(ctx, &prepared, &values)
                })
            });
        self.wrap(method, r)
    }

    pub(in crate::thrift::api19) fn execute_prepared_cql3(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        let method = methods::EXECUTE_PREPARED_CQL3_QUERY.name();
        // Thrift cannot send a null list element: every value is bound.
        let mut values: Vec<Option<Vec<u8>>> = values.into_iter().map(Some).collect();
        // The statement is looked up once and that one is checked and run,
        // whoever prepared it (the cache is the server's). An undeclared
        // level was refused while 1.2 read the arguments, before all else.
        let prepared = match known_level(consistency, "consistency", method)
            .and_then(|()| self.logged_in())
            .and_then(|()| {
                let found = exec::lookup_prepared(&self.node.prepared, item_id);
                // 1.1's were the connection's own (see `PreparedIds`), and
                // it said no more than CQL 2 did of one it lacked.
                if old::prepared_per_connection(self.node) {
                    let own = self.session.borrow_mut().api19.prepared.has(true, item_id);
                    let missing = || ApiError::invalid(crate::cql2::not_found(item_id).to_string());
                    return found.ok().filter(|_| own).ok_or_else(missing);
                }
                found.map_err(|e| ApiError::invalid(e.to_string()))
            }) {
            Ok(p) => p,
            Err(e) => return self.wrap(method, Err(e)),
        };
        // 3.x read bound collections in the native protocol v3's form (a
        // count that does not match is the executor's to refuse).
        if values.len() == prepared.specs.len() {
            let classes: Vec<String> = prepared.specs.iter().map(|s| s.ty.class_name()).collect();
            if let Err(e) = v3x::collections::bound(self.node.release, &classes, &mut values) {
                return self.wrap(method, Err(e));
            }
        }
        // Counted, the values wait for the level's check (a refused read
        // level is the first thing the statement's execution checked).
        if values.len() == prepared.specs.len() {
            let keyspace = self.session.borrow().api19.keyspace.clone();
            let refused = levels::refusal(
                self.node,
                &self.node.schema(),
                keyspace.as_deref(),
                &prepared.statement,
                consistency,
            );
            if let Some(e) = refused {
                let e = match e {
                    crate::cql::CqlError::Failed(why) => ApiError::Dropped(why),
                    e => ApiError::invalid(e.to_string()),
                };
                return self.wrap(method, Err(e));
            }
        }
        // 1.1's beta answered a prepared SELECT's rows as a whole one's.
        let Some((planned, as_parsed, shape)) = beta::plan_prepared(self.node, &prepared) else {
            return self.cql3(
                method,
                consistency,
                |session| exec::access::prepared_requirements(session, &prepared),
                |backend, session| {
                    exec::run_prepared(backend, session, &prepared, &values)
                        .map_err(|e| cql3::reword(self.node, e))
                },
            );
        };
        let table = std::cell::RefCell::new(None);
        let times = std::cell::RefCell::new(None);
        let result = self.cql3(
            method,
            consistency,
            |session| exec::access::prepared_requirements(session, &prepared),
            |backend, session| {
                *table.borrow_mut() = beta::table_of(&backend.schema(), session, &as_parsed);
                let outcome = exec::run_prepared(backend, session, &planned, &values)
                    .map_err(|e| cql3::reword(self.node, e))?;
                // The cells' write times, read again by the same markers.
                let query = table
                    .borrow()
                    .as_ref()
                    .and_then(|t| shape.cell_times_query(t, &as_parsed).zip(Some(t.clone())));
                if let Some((query, t)) = query {
                    let read = exec::Prepared {
                        statement: query.statement,
                        ..planned.clone()
                    };
                    *times.borrow_mut() = exec::run_prepared(backend, session, &read, &values)
                        .ok()
                        .and_then(|o| beta::BetaSelect::cell_times(&t, o));
                }
                Ok(outcome)
            },
        );
        match table.into_inner() {
            Some(table) => result.map(|r| shape.shape(&table, r, times.borrow().as_deref())),
            None => result,
        }
    }
}
