//! What `/proc` tells about a local process for the stress report: its CPU
//! time (user + system, every thread's, including threads that have
//! exited), resident memory and thread count, and which process listens on
//! a TCP port. Linux only; elsewhere, or without permission, every function
//! says why it cannot answer instead of guessing. It must not act on a
//! process, only read about it.

use std::fs;
use std::time::Duration;

/// One reading of a process's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time of the whole process so far.
    pub cpu: Duration,
    /// Resident set size, in bytes.
    pub rss: u64,
    pub threads: u64,
}

/// Reads `/proc/<pid>/stat` and `/proc/<pid>/status` (`pid` "self" is this
/// process).
pub fn usage(pid: &str) -> Result<Usage, String> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_err(|e| format!("cannot read /proc/{pid}/stat: {e}"))?;
    let status = fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("cannot read /proc/{pid}/status: {e}"))?;
    let ticks = cpu_ticks(&stat).ok_or_else(|| format!("unexpected /proc/{pid}/stat: {stat}"))?;
    let status_kb = |name: &str| status_field(&status, name);
    let (Some(rss_kb), Some(threads)) = (status_kb("VmRSS:"), status_kb("Threads:")) else {
        return Err(format!("no VmRSS or Threads in /proc/{pid}/status"));
    };
    // CPU times in /proc are in clock ticks (USER_HZ), whatever the kernel's HZ.
    let hz = rustix::param::clock_ticks_per_second().max(1);
    Ok(Usage {
        cpu: Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / hz),
        rss: rss_kb * 1024,
        threads,
    })
}

/// utime + stime (fields 14 and 15) of a `/proc/<pid>/stat` line. The
/// command name (field 2) is in parentheses and may itself hold spaces and
/// parentheses, so fields are counted from the last `)`.
fn cpu_ticks(stat: &str) -> Option<u64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

/// The number after `name` on its line of `/proc/<pid>/status`.
fn status_field(status: &str, name: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The process listening on TCP `port` (any local address, IPv4 or IPv6):
/// the socket's inode from `/proc/net/tcp{,6}`, then the process holding a
/// descriptor on it among those `/proc` lets this user see.
pub fn listener_pid(port: u16) -> Result<u32, String> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        if let Ok(text) = fs::read_to_string(table) {
            inodes.extend(listening_inodes(&text, port));
        }
    }
    if inodes.is_empty() {
        return Err(format!("no local process listens on port {port}"));
    }
    let targets: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    let procs = fs::read_dir("/proc").map_err(|e| format!("cannot list /proc: {e}"))?;
    for entry in procs.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        // Other users' descriptors are unreadable: skipped, hence the hint below.
        let Ok(fds) = fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(link) = fs::read_link(fd.path()) {
                if targets.iter().any(|t| link.as_os_str() == t.as_str()) {
                    return Ok(pid);
                }
            }
        }
    }
    Err(format!(
        "port {port} is listened on by a process this user cannot see (give --server-pid)"
    ))
}

/// Inodes of the sockets in LISTEN state (`0A`) on `port` in one
/// `/proc/net/tcp` table (`sl local_address rem_address st ... inode`).
fn listening_inodes(table: &str, port: u16) -> Vec<u64> {
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let local_port = u16::from_str_radix(f.get(1)?.rsplit(':').next()?, 16).ok()?;
            (local_port == port && *f.get(3)? == "0A")
                .then(|| f.get(9)?.parse().ok())
                .flatten()
        })
        .filter(|&inode| inode != 0)
        .collect()
}

/// The server process over a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerUsage {
    pub pid: u32,
    /// CPU time spent during the run.
    pub cpu: Duration,
    /// Its counters when the run ended (memory and threads).
    pub at_end: Usage,
}

/// What the server and this client spent over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunUsage {
    pub server: Option<ServerUsage>,
    /// Why `server` is `None`.
    pub server_unmeasured: Option<String>,
    /// This client process's CPU time over the run.
    pub client_cpu: Option<Duration>,
}

/// Readings at the start of a run, to subtract at its end.
pub struct Probe {
    server: Result<(u32, Usage), String>,
    client: Option<Usage>,
}

impl Probe {
    /// Reads the server's counters (the process `pid`, or the one listening
    /// on `port` when `host` is this machine) and this client's.
    pub fn start(host: &str, port: u16, pid: Option<u32>) -> Probe {
        let server = match pid {
            Some(pid) => Ok(pid),
            None if is_local(host) => listener_pid(port),
            None => Err(format!(
                "{host} is not a loopback address (give --server-pid)"
            )),
        }
        .and_then(|pid| Ok((pid, usage(&pid.to_string())?)));
        Probe {
            server,
            client: usage("self").ok(),
        }
    }

    /// What was spent since `start`.
    pub fn finish(self) -> RunUsage {
        let mut run = RunUsage {
            client_cpu: self
                .client
                .and_then(|before| Some(usage("self").ok()?.cpu.saturating_sub(before.cpu))),
            ..RunUsage::default()
        };
        match self
            .server
            .and_then(|(pid, before)| Ok((pid, before, usage(&pid.to_string())?)))
        {
            Ok((pid, before, at_end)) => {
                run.server = Some(ServerUsage {
                    pid,
                    cpu: at_end.cpu.saturating_sub(before.cpu),
                    at_end,
                })
            }
            Err(why) => run.server_unmeasured = Some(why),
        }
        run
    }
}

/// Whether `host` names this machine by a loopback (or unspecified) address.
fn is_local(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_count_from_the_last_parenthesis() {
        let stat = "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 100 0 0 0 \
                    250 75 0 0 20 0 7 0 12345 1000000 500";
        assert_eq!(cpu_ticks(stat), Some(325));
        assert_eq!(cpu_ticks("4242 (x) S 1"), None);
    }

    #[test]
    fn status_fields() {
        let status = "Name:\tsupercolumn\nVmRSS:\t   7520 kB\nThreads:\t5\n";
        assert_eq!(status_field(status, "VmRSS:"), Some(7520));
        assert_eq!(status_field(status, "Threads:"), Some(5));
        assert_eq!(status_field(status, "VmSwap:"), None);
    }

    #[test]
    fn listening_sockets_by_port() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n\
           0: 0100007F:23A0 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 10 0\n\
           1: 0100007F:23A0 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 222 1 0 20 4 30 10 -1\n\
           2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 333 1 0 100 0 0 10 0\n";
        assert_eq!(listening_inodes(table, 9120), [111]);
        assert_eq!(listening_inodes(table, 8080), [333]);
        assert!(listening_inodes(table, 9160).is_empty());
    }

    #[test]
    fn this_process_is_readable() {
        let u = usage("self").unwrap();
        assert!(u.threads >= 1 && u.rss > 0, "{u:?}");
        // Spins until a clock tick of CPU time shows (bounded for a loaded machine).
        let busy = std::time::Instant::now();
        while usage("self").unwrap().cpu <= u.cpu {
            assert!(
                busy.elapsed() < Duration::from_secs(30),
                "no CPU time counted"
            );
        }
    }

    #[test]
    fn only_loopback_hosts_are_probed_by_port() {
        for local in ["localhost", "127.0.0.1", "127.1.2.3", "::1", "0.0.0.0"] {
            assert!(is_local(local), "{local}");
        }
        for remote in ["10.0.0.1", "example.com", "fe80::1"] {
            assert!(!is_local(remote), "{remote}");
        }
        let p = Probe::start("10.0.0.1", 9160, None).finish();
        assert_eq!(p.server, None);
        assert!(p.server_unmeasured.unwrap().contains("give --server-pid"));
        assert!(p.client_cpu.is_some());
    }

    #[test]
    fn a_listener_is_found_by_its_port() {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        assert_eq!(listener_pid(port), Ok(std::process::id()));
        let p = Probe::start("127.0.0.1", port, None).finish();
        let server = p.server.expect("measured");
        assert_eq!(server.pid, std::process::id());
        assert!(server.at_end.threads >= 1);
    }
}
