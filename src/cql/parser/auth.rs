//! The grammar of users, permissions and roles: 1.2's `CREATE/ALTER/DROP
//! USER`, `LIST USERS`, `GRANT`, `REVOKE` and `LIST .. PERMISSIONS` (2.0:
//! `IF [NOT] EXISTS` on CREATE and DROP USER), and 2.2's roles (`CREATE/
//! ALTER/DROP ROLE`, `LIST ROLES`, `GRANT role TO role`, a role or function
//! as a permission's resource, `DESCRIBE` and `EXECUTE` permissions).
//!
//! Only what decides the answer is kept (see [`AuthStatement`]): a stock
//! node refused every one of them to its anonymous session.

use super::super::ast::{AuthStatement, RoleOptions, Statement};
use super::super::error::CqlResult;
use super::super::lexer::TokenKind;
use super::{IfAt, Parser};

impl Parser<'_> {
    /// 2.2's roles (CQL 3.3).
    fn has_roles(&self) -> bool {
        self.grammar.is_cql33()
    }

    /// After `CREATE`: `USER ..` (and 2.2's `ROLE ..`), if the word is there.
    pub(super) fn create_user(&mut self) -> Option<CqlResult<Statement>> {
        if self.eat_kw("user") {
            return Some(self.user_rest(true));
        }
        if self.has_roles() && self.eat_kw("role") {
            return Some((|| {
                self.if_not_exists(IfAt::Other)?;
                let name = self.role_name()?;
                let mut options = self.role_options()?;
                // createRoleStatement's defaults where none was given.
                options.login.get_or_insert(false);
                options.superuser.get_or_insert(false);
                Ok(auth(AuthStatement::Create { name, options }))
            })());
        }
        None
    }

    /// After `ALTER`: `USER ..` (and 2.2's `ROLE ..`).
    pub(super) fn alter_user(&mut self) -> Option<CqlResult<Statement>> {
        if self.eat_kw("user") {
            return Some(self.user_rest(false));
        }
        if self.has_roles() && self.eat_kw("role") {
            return Some((|| {
                let name = self.role_name()?;
                let options = self.role_options()?;
                Ok(auth(AuthStatement::Alter { name, options }))
            })());
        }
        None
    }

    /// After `DROP`: `USER [IF EXISTS] name` (and 2.2's `ROLE`).
    pub(super) fn drop_user(&mut self) -> Option<CqlResult<Statement>> {
        let role = if self.eat_kw("user") {
            false
        } else if self.has_roles() && self.eat_kw("role") {
            true
        } else {
            return None;
        };
        Some((|| {
            self.if_exists(IfAt::Other)?;
            let name = if role {
                self.role_name()?
            } else {
                self.username()?
            };
            Ok(auth(AuthStatement::Drop { name }))
        })())
    }

    /// `GRANT ..`, `REVOKE ..` or `LIST ..` (the statement's first word).
    pub(super) fn permissions_statement(&mut self) -> CqlResult<Statement> {
        let word = self.advance().text.to_ascii_lowercase();
        if word == "list" {
            if self.eat_kw("users") {
                return Ok(auth(AuthStatement::Listing));
            }
            if self.has_roles() && self.eat_kw("roles") {
                if self.eat_kw("of") {
                    self.role_name()?;
                }
                self.eat_kw("norecursive");
                return Ok(auth(AuthStatement::Listing));
            }
            self.permission_or_all()?;
            if self.eat_kw("on") {
                self.resource()?;
            }
            if self.eat_kw("of") {
                self.role_name()?;
            }
            self.eat_kw("norecursive");
            return Ok(auth(AuthStatement::Listing));
        }
        let towards = if word == "grant" { "to" } else { "from" };
        // 2.2 read a name that is no permission as the role granted.
        if self.has_roles() && !self.at_permission() {
            self.role_name()?;
        } else {
            self.permission_or_all()?;
            self.expect_kw("on")?;
            self.resource()?;
        }
        self.expect_kw(towards)?;
        if self.has_roles() {
            self.role_name()?;
        } else {
            self.username()?;
        }
        Ok(auth(AuthStatement::Listing))
    }

    /// The rest of `CREATE USER` (`create`) or `ALTER USER`.
    fn user_rest(&mut self, create: bool) -> CqlResult<Statement> {
        if create {
            self.if_not_exists(IfAt::Other)?;
        }
        let name = self.username()?;
        let mut options = RoleOptions::default();
        if self.eat_kw("with") {
            loop {
                self.expect_kw("password")?;
                self.string()?;
                options.password = true;
                // 1.2 to 2.1's userOptions took several, joined by AND.
                if self.has_roles() || !self.eat_kw("and") {
                    break;
                }
            }
        }
        if self.eat_kw("superuser") {
            options.superuser = Some(true);
        } else if self.eat_kw("nosuperuser") {
            options.superuser = Some(false);
        }
        Ok(auth(if create {
            if self.has_roles() {
                // createUserStatement: a login role, superuser or not.
                options.login = Some(true);
                options.superuser.get_or_insert(false);
            }
            AuthStatement::Create { name, options }
        } else {
            AuthStatement::Alter { name, options }
        }))
    }

    /// 2.2's `[WITH] option [AND option]*` of CREATE and ALTER ROLE.
    fn role_options(&mut self) -> CqlResult<RoleOptions> {
        let mut options = RoleOptions::default();
        if !self.eat_kw("with") {
            return Ok(options);
        }
        loop {
            let word = self.peek().text.to_ascii_lowercase();
            match word.as_str() {
                "password" => {
                    self.advance();
                    self.expect_sym("=")?;
                    self.string()?;
                    options.password = true;
                }
                "options" => {
                    self.advance();
                    self.expect_sym("=")?;
                    self.term()?;
                    options.custom = true;
                }
                "superuser" | "login" => {
                    self.advance();
                    self.expect_sym("=")?;
                    let value = self.boolean()?;
                    if word == "login" {
                        options.login = Some(value);
                    } else {
                        options.superuser = Some(value);
                    }
                }
                _ => return Err(self.no_viable()),
            }
            if !self.eat_kw("and") {
                return Ok(options);
            }
        }
    }

    /// 1.2's `username: IDENT | STRING_LITERAL`.
    fn username(&mut self) -> CqlResult<String> {
        let t = self.peek();
        match t.kind {
            TokenKind::Ident if !self.reserved(&t.text) => Ok(self.advance().text),
            TokenKind::Str => Ok(self.advance().text),
            // A token set ANTLR did not name.
            _ if !self.has_roles() => Err(self.mismatched("set null")),
            _ => Err(self.no_viable()),
        }
    }

    /// 2.2's `roleName`: a name (lower-cased unless quoted) or a string.
    fn role_name(&mut self) -> CqlResult<String> {
        if self.peek().kind == TokenKind::Str {
            return Ok(self.advance().text);
        }
        if !self.has_roles() {
            return self.username();
        }
        self.ident()
    }

    fn string(&mut self) -> CqlResult<String> {
        if self.peek().kind == TokenKind::Str {
            return Ok(self.advance().text);
        }
        Err(self.mismatched("STRING_LITERAL"))
    }

    fn boolean(&mut self) -> CqlResult<bool> {
        let t = self.peek();
        if t.is_kw("true") || t.is_kw("false") {
            return Ok(self.advance().text.eq_ignore_ascii_case("true"));
        }
        Err(self.mismatched("BOOLEAN"))
    }

    /// Whether a permission (or `ALL`) starts here.
    fn at_permission(&self) -> bool {
        let t = self.peek();
        PERMISSIONS.iter().any(|p| t.is_kw(p))
            || (self.has_roles() && (t.is_kw("describe") || t.is_kw("execute")))
            || t.is_kw("all")
    }

    /// `ALL [PERMISSIONS]` or `permission [PERMISSION]`.
    fn permission_or_all(&mut self) -> CqlResult<()> {
        if self.eat_kw("all") {
            self.eat_kw("permissions");
            return Ok(());
        }
        if !self.at_permission() {
            return Err(self.no_viable());
        }
        self.advance();
        self.eat_kw("permission");
        Ok(())
    }

    /// A permission's resource: `ALL KEYSPACES`, `KEYSPACE ks`, `[TABLE]
    /// [ks.]t`; 2.2's `ALL ROLES`, `ROLE r`, `ALL FUNCTIONS [IN KEYSPACE
    /// ks]`, `FUNCTION f(types)`.
    fn resource(&mut self) -> CqlResult<()> {
        if self.eat_kw("all") {
            if self.eat_kw("keyspaces") {
                return Ok(());
            }
            if self.has_roles() && self.eat_kw("roles") {
                return Ok(());
            }
            if self.has_roles() && self.eat_kw("functions") {
                if self.eat_kw("in") {
                    self.expect_kw("keyspace")?;
                    self.ident()?;
                }
                return Ok(());
            }
            return Err(self.no_viable());
        }
        if self.eat_kw("keyspace") {
            self.ident()?;
            return Ok(());
        }
        if self.has_roles() && self.eat_kw("role") {
            self.role_name()?;
            return Ok(());
        }
        if self.has_roles() && self.eat_kw("function") {
            self.table_name()?;
            self.expect_sym("(")?;
            if !self.at_sym(")") {
                loop {
                    self.type_expr()?;
                    if !self.eat_sym(",") {
                        break;
                    }
                }
            }
            self.expect_sym(")")?;
            return Ok(());
        }
        let _ = self.eat_kw("columnfamily") || self.eat_kw("table");
        self.table_name().map(drop)
    }
}

/// 1.2's permissions (2.2 added DESCRIBE and EXECUTE).
const PERMISSIONS: [&str; 6] = ["create", "alter", "drop", "select", "modify", "authorize"];

fn auth(statement: AuthStatement) -> Statement {
    Statement::Auth(statement)
}
