//! Which CQL 3 grammar a parse follows: each release's, as the emulated
//! release's `execute_cql3_query` (or native session) parsed, and what
//! each grammar has of the words and rules that came and went. It must
//! not parse: the parser asks it.

use crate::release::{Behaviour, Feature, Release};

/// Which CQL3 grammar a parse follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grammar {
    /// 1.2.9's CQL 3.0.5 (CQL3 over Thrift, and every caller by default).
    Cql305,
    /// 1.2.9's plus 2.0.6's `static` columns (`s int static` in CREATE
    /// TABLE and ALTER TABLE ADD): the native protocol's sessions.
    WithStatics,
    /// 1.1's CQL 3.0.0-beta1 (`set_cql_version("3.0.0")` on a node
    /// answering as 1.1): 1.2.9's, with 1.1's keyspace options
    /// `strategy_class = C AND strategy_options:NAME = V`.
    Beta1,
    /// 2.1's CQL 3.2: 2.0's (statics, named markers) plus the collection
    /// index targets `KEYS(m)` / `FULL(c)` of CREATE INDEX and the
    /// `CONTAINS` / `CONTAINS KEY` relations.
    Cql32,
    /// An emulated 1.2 release's CQL 3.0.5: [`Grammar::Cql305`] without
    /// 2.0's `IF [NOT] EXISTS`, conditions and `DISTINCT` (1.2.9's `Cql.g`
    /// had no K_IF, K_NOT, K_EXISTS or K_DISTINCT: the words were names).
    Cql12,
    /// [`Grammar::Cql12`] with 1.2.11's parenthesized relation
    /// (`'(' relation ')'`), which 1.2.9 lacked.
    Cql12Paren,
    /// 2.2's CQL 3.3: 2.1's plus `SELECT JSON` / `INSERT ... JSON`, the
    /// types `date`, `time`, `smallint` and `tinyint`, and `count(*)`
    /// among other selectors (its aggregates).
    Cql33,
    /// 3.0's CQL 3.4.0: 2.2's plus the `c IS NOT NULL` relation its
    /// materialized views took (refused in any other statement).
    Cql30,
    /// 3.10's CQL 3.4 (3.11's 3.4.4): 2.2's plus 3.6's `PER PARTITION
    /// LIMIT` and 3.10's `GROUP BY` in SELECT.
    Cql34,
}

impl Grammar {
    /// The CQL 3 grammar a release's `execute_cql3_query` (and, after
    /// `set_cql_version`, `execute_cql_query`) parsed: 1.1's beta where the
    /// release had it, else 1.2.9's; from 2.0 (2.0.6 declared them) with
    /// static columns; from 2.1 with its collection indexes and CONTAINS
    /// relations; from 2.2 with JSON, its new types and aggregates; from
    /// 3.10 with `GROUP BY` and 3.6's `PER PARTITION LIMIT`; a 1.2 release
    /// without 2.0's `IF` and `DISTINCT`, which its grammar read as names.
    /// Without a release, 1.2.9's.
    pub fn of_release(release: Option<&Release>) -> Grammar {
        match release {
            Some(r) if r.has(Feature::Cql3Beta) => Grammar::Beta1,
            Some(r) if r.series() == (1, 2) && r.does(Behaviour::ParenthesizedRelations) => {
                Grammar::Cql12Paren
            }
            Some(r) if r.series() == (1, 2) => Grammar::Cql12,
            Some(r) if r.at_least(3, 10) => Grammar::Cql34,
            Some(r) if r.at_least(3, 0) => Grammar::Cql30,
            Some(r) if r.at_least(2, 2) => Grammar::Cql33,
            Some(r) if r.at_least(2, 1) => Grammar::Cql32,
            Some(r) if r.at_least(2, 0) => Grammar::WithStatics,
            _ => Grammar::Cql305,
        }
    }

    /// The grammar of the native protocol's sessions: 2.1's CQL 3.2 (the
    /// table layout and reads of a gateway in front of Cassandra 4.x), or
    /// a 2.2 or later release's own, whose drivers send its JSON, types,
    /// aggregates, `GROUP BY` and `PER PARTITION LIMIT` there too.
    pub fn native(release: Option<&Release>) -> Grammar {
        match release {
            Some(r) if r.at_least(2, 2) => Grammar::of_release(release),
            _ => Grammar::Cql32,
        }
    }

    /// `IN ?` (2.0's `inMarker`; 1.2's grammar wanted a list there).
    pub fn has_in_marker(self) -> bool {
        !matches!(self, Grammar::Cql12 | Grammar::Cql12Paren | Grammar::Beta1)
    }

    /// A selector's decision looked past a name (1.2 on: a name, a call
    /// `f(..)`, later a field `c.f`). 1.1's beta had only a name,
    /// `writetime(c)` and `ttl(c)`: a name's token alone chose it, and
    /// what followed was the SELECT's to refuse (`expecting K_FROM`).
    pub fn has_function_selectors(self) -> bool {
        self != Grammar::Beta1
    }

    /// The `(ks '.')? table` decision checked the token after a table's
    /// name against what may follow it (1.2 on: anything else has no
    /// viable alternative there). 1.1's beta took any other token as the
    /// end of the name, and the statement then refused it (`extraneous
    /// input 'x' expecting K_SET`, `missing EOF at 'x'`).
    pub fn checks_after_table_name(self) -> bool {
        self != Grammar::Beta1
    }

    /// A relation in parentheses, `WHERE (k = 1)` (1.2.11 on, 2.0's).
    pub fn has_parenthesized_relations(self) -> bool {
        matches!(
            self,
            Grammar::Cql12Paren
                | Grammar::WithStatics
                | Grammar::Cql32
                | Grammar::Cql33
                | Grammar::Cql30
                | Grammar::Cql34
        )
    }

    /// 2.0's multi-column relations on clustering columns, `(a, b) > (1, 0)`.
    pub fn has_multi_column_relations(self) -> bool {
        self.has_statics()
    }

    /// 1.2's grammar, either form.
    pub fn is_cql12(self) -> bool {
        matches!(self, Grammar::Cql12 | Grammar::Cql12Paren)
    }

    /// 2.0.6's `static` columns and named markers (`:name`).
    pub fn has_statics(self) -> bool {
        matches!(
            self,
            Grammar::WithStatics
                | Grammar::Cql32
                | Grammar::Cql33
                | Grammar::Cql30
                | Grammar::Cql34
        )
    }

    /// 3.6's user types that are not frozen: a column's type named bare,
    /// its fields set (`SET u.f = v`) and deleted (`DELETE u.f`) alone.
    pub fn has_multi_cell_user_types(self) -> bool {
        self == Grammar::Cql34
    }

    /// 2.1's collection indexes and CONTAINS relations.
    pub fn has_contains(self) -> bool {
        matches!(
            self,
            Grammar::Cql32 | Grammar::Cql33 | Grammar::Cql30 | Grammar::Cql34
        )
    }

    /// 2.2's JSON, its four types and its aggregates.
    pub fn is_cql33(self) -> bool {
        matches!(self, Grammar::Cql33 | Grammar::Cql30 | Grammar::Cql34)
    }

    /// 3.0's `c IS NOT NULL` relation (a view's; refused elsewhere).
    pub fn has_is_not_null(self) -> bool {
        matches!(self, Grammar::Cql30 | Grammar::Cql34)
    }

    /// 3.4's `c LIKE term` relation (SASI's).
    pub fn has_like(self) -> bool {
        self == Grammar::Cql34
    }

    /// 3.10's `GROUP BY` and 3.6's `PER PARTITION LIMIT`.
    pub fn has_group_by(self) -> bool {
        self == Grammar::Cql34
    }

    /// 3.10's `CAST(selector AS type)`.
    pub fn has_cast(self) -> bool {
        self == Grammar::Cql34
    }

    /// 3.10's constants, literals and markers as selectors
    /// (`Selectable.WithTerm`).
    pub fn has_term_selectors(self) -> bool {
        self == Grammar::Cql34
    }

    /// 1.2's CQL 3.0.5 (either form): a TTL, timestamp or LIMIT a number
    /// only, no ALTER TABLE DROP.
    pub fn is_cql305(self) -> bool {
        matches!(self, Grammar::Cql305 | Grammar::Cql12 | Grammar::Cql12Paren)
    }

    /// 2.0's `IF [NOT] EXISTS`, conditions and `SELECT DISTINCT`.
    pub fn has_conditions(self) -> bool {
        !self.is_cql12()
    }

    /// 2.0's constants `NaN` and `Infinity`, either signed (`K_NAN`,
    /// `K_INFINITY`); 1.2's grammar read the words as names.
    pub fn has_nan_constants(self) -> bool {
        !self.is_cql12() && self != Grammar::Beta1
    }
}
