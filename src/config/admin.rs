//! Where the admin surface listens: `<AdminListen>` (XML) or `admin_listen`
//! (yaml), both supercolumn settings, and `serve --admin-listen`. The value
//! is `HOST:PORT`, `[IPv6]:PORT` or a bare `PORT` (then on the loopback
//! address, so that the surface is never exposed by accident), or `off`.
//! Absent: the admin surface on [`DEFAULT_ADMIN_HOST`]:[`DEFAULT_ADMIN_PORT`]
//! if that port is free (nodetool's default port). This module only reads
//! the value; `admin` serves it.

use std::fmt;

/// The loopback address the admin surface uses when only a port is given.
pub const DEFAULT_ADMIN_HOST: &str = "127.0.0.1";

/// The port the admin surface takes when none is set: the one nodetool
/// reaches by default (Cassandra's JMX port).
pub const DEFAULT_ADMIN_PORT: u16 = 7199;

/// What the setting asks for: no admin surface, or one at an address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminChoice {
    Off,
    At(AdminListen),
}

impl AdminChoice {
    /// Reads `off`, `HOST:PORT`, `[IPv6]:PORT` or `PORT`.
    pub fn parse(text: &str) -> Result<AdminChoice, String> {
        if text.trim().eq_ignore_ascii_case("off") {
            return Ok(AdminChoice::Off);
        }
        AdminListen::parse(text)
            .map(AdminChoice::At)
            .map_err(|e| format!("{e} (or off)"))
    }
}

/// A parsed admin listen address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminListen {
    pub host: String,
    /// 0 picks a free port.
    pub port: u16,
}

impl AdminListen {
    /// Reads `HOST:PORT`, `[IPv6]:PORT` or `PORT`.
    pub fn parse(text: &str) -> Result<AdminListen, String> {
        let text = text.trim();
        let bad = || format!("expected HOST:PORT or PORT, found '{text}'");
        let (host, port) = match text.rsplit_once(':') {
            // A bare IPv6 literal has colons but no brackets: not a port.
            Some((host, _)) if host.contains(':') && !host.starts_with('[') => return Err(bad()),
            Some((host, port)) => {
                let host = host
                    .strip_prefix('[')
                    .and_then(|h| h.strip_suffix(']'))
                    .unwrap_or(host);
                (host.to_string(), port)
            }
            None => (DEFAULT_ADMIN_HOST.to_string(), text),
        };
        if host.is_empty() {
            return Err(bad());
        }
        let port = port.parse::<u16>().map_err(|_| bad())?;
        Ok(AdminListen { host, port })
    }
}

impl fmt::Display for AdminListen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AdminListen;

    fn ok(text: &str) -> (String, u16) {
        let a = AdminListen::parse(text).unwrap();
        (a.host, a.port)
    }

    #[test]
    fn forms() {
        assert_eq!(ok("127.0.0.1:0"), ("127.0.0.1".into(), 0));
        assert_eq!(ok("7199"), ("127.0.0.1".into(), 7199));
        assert_eq!(ok("[::1]:8080"), ("::1".into(), 8080));
        assert_eq!(ok(" localhost:9 "), ("localhost".into(), 9));
        for bad in ["", ":80", "host:", "host:70000", "::1", "x", "host:x"] {
            assert!(AdminListen::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            AdminListen::parse("[::1]:5").unwrap().to_string(),
            "[::1]:5"
        );
    }

    #[test]
    fn off_turns_the_surface_off() {
        use super::AdminChoice;
        assert_eq!(AdminChoice::parse(" OFF "), Ok(AdminChoice::Off));
        assert_eq!(
            AdminChoice::parse("7199"),
            Ok(AdminChoice::At(AdminListen::parse("7199").unwrap()))
        );
        let e = AdminChoice::parse("of").unwrap_err();
        assert!(e.contains("(or off)"), "{e}");
    }
}
