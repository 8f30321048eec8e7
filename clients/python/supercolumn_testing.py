"""Test helpers for applications tested against supercolumn (Python 3, standard library only).

Starts a throwaway server (in memory, free ports, the admin surface on), primes faults, reads
the activity record, resets the datasets, stops it:

    from supercolumn_testing import Supercolumn

    with Supercolumn(datasets=["blog.xml"]) as sc:
        sc.add_fault(method="get", nth=1, error="timed_out")
        run_the_app("127.0.0.1", sc.port)
        calls = sc.activity(method="get")
        assert [c["consistency_level"] for c in calls] == ["QUORUM", "QUORUM"]

An application's own traffic, captured in front of its real cluster with `supercolumn capture`,
is a test too: `sc.assert_replays("staging.capture")` replays it against the server and fails
on any reply that differs from the captured one (`sc.replay(...)` returns the report).

`Supercolumn(cassandra_unit=True)` listens where cassandra-unit's embedded server did (Thrift
9171, native protocol 9142; with no config, its cluster "Test Cluster" and Murmur3Partitioner),
for tests that hard-code those ports; a port already taken fails the start, saying so. Such
suites run one at a time on a machine.

Installed (`pip install supercolumn_testing-*.whl`, or `pip install clients/python` in a
checkout), it is also a pytest plugin: the fixtures
`supercolumn_server` (one server per test module) and `supercolumn` (that server, with the
faults and the activity record cleared and the datasets reset before each test) need no
import. A test module configures its server with module attributes, each optional:

    SUPERCOLUMN_CONFIG = "storage-conf.xml"     # else the server's built-in default
    SUPERCOLUMN_DATASETS = ["blog.yaml"]         # cassandra-unit datasets, loaded in order
    SUPERCOLUMN_API_DEFAULT = "0.6"              # serve --api-default
    SUPERCOLUMN_RELEASE = "1.0.12"               # serve --cassandra-version
    SUPERCOLUMN_RELEASES = ["0.7.10", "1.2.9"]   # the module's tests once per release
    SUPERCOLUMN_ARGS = ["--activity-log-size", "100"]   # any other serve flags
    SUPERCOLUMN_CASSANDRA_UNIT = True             # cassandra-unit's ports (9171, 9142)

Relative paths are taken from the test module's directory. The environment variable
SUPERCOLUMN_RELEASES="0.7.10,1.2.9,2.2.19" runs every module that names no release of its own
once per release listed; a test can also parametrize the server itself:
`@pytest.mark.parametrize("supercolumn_server", ["1.1.12", "2.0.17"], indirect=True)`.

The binary is the `binary` argument, else $SUPERCOLUMN_BIN, else the one the wheel installed
beside the Python running this (its environment's bin/, even when that is not on the PATH), else
`supercolumn` on the PATH (else, in a checkout of the repository, its target/release/supercolumn). Without a config the
server runs in a fresh empty directory, so it uses its built-in default configuration whatever
the current directory holds.
"""

import errno
import json
import os
import shutil
import socket
import subprocess
import sysconfig
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request

# Only meaningful when this file sits in a checkout (clients/python/ of the repository).
_CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class SupercolumnError(Exception):
    """The server did not start, or the admin surface refused a request (status and message)."""

    def __init__(self, message, status=None):
        Exception.__init__(self, message)
        self.status = status


# cassandra-unit's embedded server: its default cu-cassandra.yaml's ports and settings.
CASSANDRA_UNIT_PORT = 9171
CASSANDRA_UNIT_NATIVE_PORT = 9142
CASSANDRA_UNIT_YAML = """cluster_name: 'Test Cluster'
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
commitlog_sync: periodic
commitlog_sync_period_in_ms: 10000
start_rpc: true
rpc_address: localhost
rpc_port: 9171
start_native_transport: true
native_transport_port: 9142
"""


def bundled_binary():
    """The binary the wheel installed as a script of this Python's environment (or of the
    user's scheme, for `pip install --user`), or None."""
    dirs = [sysconfig.get_path("scripts")]
    try:
        dirs.append(sysconfig.get_path("scripts", "%s_user" % os.name))
    except KeyError:
        pass
    for d in dirs:
        candidate = os.path.join(d or "", "supercolumn")
        if d and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_binary():
    """$SUPERCOLUMN_BIN, else the wheel's binary, else `supercolumn` on the PATH, else the
    checkout's release build."""
    named = os.environ.get("SUPERCOLUMN_BIN")
    if named:
        return named
    bundled = bundled_binary()
    if bundled:
        return bundled
    on_path = shutil.which("supercolumn")
    if on_path:
        return on_path
    built = os.path.join(_CHECKOUT, "target", "release", "supercolumn")
    if os.path.isfile(os.path.join(_CHECKOUT, "Cargo.toml")) and os.access(built, os.X_OK):
        return built
    raise SupercolumnError("no supercolumn binary: set SUPERCOLUMN_BIN or put supercolumn on the PATH")


def check_port_free(port):
    """Raises SupercolumnError when `port` is taken on 127.0.0.1, worded as Cassandra's
    start-up failure was (SO_REUSEADDR, as the server binds: a port in TIME_WAIT is free)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))
    except OSError as e:
        why = "address already in use" if e.errno == errno.EADDRINUSE else str(e)
        raise SupercolumnError(
            "Failed to bind port %d on 127.0.0.1: %s (another server or test suite listens there; "
            "run suites on cassandra-unit's ports one at a time, or leave cassandra_unit off for "
            "free ports)" % (port, why))
    finally:
        probe.close()


class Supercolumn(object):
    """A supercolumn server process; `port` is its Thrift port, `admin_port` its admin port."""

    def __init__(self, datasets=(), config=None, extra_args=(), binary=None, start_timeout=30.0,
                 api_default=None, release=None, cassandra_unit=False):
        self.datasets = [os.path.abspath(d) for d in datasets]
        self.config = os.path.abspath(config) if config else None
        self.api_default = api_default
        # The Cassandra release to answer as (serve --cassandra-version); None: the default.
        self.release = release
        self.extra_args = list(extra_args)
        # cassandra-unit's ports (and, with no config, its configuration) instead of free ports.
        self.cassandra_unit = cassandra_unit
        self.binary = binary or find_binary()
        self.start_timeout = start_timeout
        self.process = None
        self.host = "127.0.0.1"
        self.port = None
        self.native_port = None
        self.admin_port = None
        self._stderr = []
        self._workdir = None

    # --- lifecycle --------------------------------------------------------------------------

    def start(self):
        port, native_port = 0, 0
        if self.cassandra_unit:
            port, native_port = CASSANDRA_UNIT_PORT, CASSANDRA_UNIT_NATIVE_PORT
            check_port_free(port)
            check_port_free(native_port)
        # An empty working directory: with no config the server then takes its built-in
        # default, never a storage-conf.xml that happens to be in the caller's directory.
        self._workdir = tempfile.mkdtemp(prefix="supercolumn-test-")
        config = self.config
        if config is None and self.cassandra_unit:
            config = os.path.join(self._workdir, "cu-cassandra.yaml")
            with open(config, "w") as f:
                f.write(CASSANDRA_UNIT_YAML)
        args = [self.binary, "serve", "--in-memory", "--listen", "127.0.0.1:%d" % port,
                "--admin-listen", "127.0.0.1:0"]
        if self.cassandra_unit:
            # Else the native protocol follows the configuration (on a free port, if served).
            args += ["--native-listen", "127.0.0.1:%d" % native_port]
        if config:
            args += ["--config", config]
        if self.api_default:
            args += ["--api-default", self.api_default]
        if self.release:
            args += ["--cassandra-version", self.release]
        for d in self.datasets:
            args += ["--dataset", d]
        args += self.extra_args
        try:
            self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            stdin=subprocess.DEVNULL, cwd=self._workdir)
        except OSError as e:
            self._remove_workdir()
            raise SupercolumnError("cannot run %s: %s" % (self.binary, e))
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        ready = threading.Event()
        threading.Thread(target=self._read_stdout, args=(ready,), daemon=True).start()
        if not ready.wait(self.start_timeout) or self.port is None:
            self.stop()
            raise SupercolumnError("supercolumn did not start:\n" + "".join(self._stderr[-30:]))
        return self

    def _drain_stderr(self):
        for line in iter(self.process.stderr.readline, b""):
            self._stderr.append(line.decode("utf-8", "replace"))

    def _read_stdout(self, ready):
        for raw in iter(self.process.stdout.readline, b""):
            line = raw.decode("utf-8", "replace").strip()
            if line.startswith("supercolumn admin on "):
                self.admin_port = int(line.rsplit(":", 1)[1])
            elif line.startswith("supercolumn native on "):
                self.native_port = int(line.rsplit(":", 1)[1])
            elif line.startswith("supercolumn listening on "):
                self.port = int(line.rsplit(":", 1)[1])
                ready.set()
        ready.set()

    def stop(self):
        """SIGTERM, then waits (kills after 10 s)."""
        if self.process is None:
            self._remove_workdir()
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        self._remove_workdir()

    def _remove_workdir(self):
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def log(self):
        """What the server wrote to stderr so far."""
        return "".join(self._stderr)

    # --- the admin surface ------------------------------------------------------------------

    def admin(self, method, path, body=None):
        """One admin request; the decoded JSON answer. Raises SupercolumnError on a non-2xx."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request("http://%s:%d%s" % (self.host, self.admin_port, path),
                                     data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                text = resp.read().decode("utf-8")
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            raise SupercolumnError("%s %s: %d %s" % (method, path, e.code, text), e.code)
        return json.loads(text) if text else None

    def add_fault(self, **rule):
        """Primes a fault (the keys of POST /faults); returns its id."""
        return self.admin("POST", "/faults", rule)["id"]

    def faults(self):
        """The rules with their `matched` and `hits` counts."""
        return self.admin("GET", "/faults")

    def clear_faults(self):
        self.admin("DELETE", "/faults")

    def activity(self, **filters):
        """Recorded calls, oldest first; filters: method, keyspace, column_family, since, limit."""
        query = urllib.parse.urlencode(filters)
        return self.admin("GET", "/activity" + ("?" + query if query else ""))

    def clear_activity(self):
        self.admin("DELETE", "/activity")

    def reset(self):
        """Every keyspace back to its state right after the datasets loaded (POST /reset)."""
        return self.admin("POST", "/reset")

    def clean(self):
        """Before a test: no faults, no recorded calls, the datasets as loaded (when the
        server has POST /reset)."""
        self.clear_faults()
        self.clear_activity()
        try:
            self.reset()
        except SupercolumnError as e:
            if e.status != 404:
                raise


    # --- captures -----------------------------------------------------------------------------

    def replay(self, capture, pace=False, timeout=30):
        """Replays a capture file (`supercolumn capture`'s) against this server with
        `supercolumn replay --json` and returns its report as a dict: `calls`, `identical`,
        `different`, `by_method`, `by_kind` (the first differences of each kind, side by side)
        and `differing`. Raises SupercolumnError when the replay cannot run (a bad file, a
        capture of native traffic against a server serving no native port)."""
        args = [self.binary, "replay", os.path.abspath(capture),
                "--server", "%s:%d" % (self.host, self.port), "--json", "--progress", "0",
                "--timeout", str(int(timeout))]
        if self.native_port is not None:
            args += ["--native-server", "%s:%d" % (self.host, self.native_port)]
        if pace:
            args.append("--pace")
        run = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, cwd=self._workdir)
        # 0: every reply matched; 1: some differed (the report says which); else an error.
        if run.returncode not in (0, 1):
            raise SupercolumnError("supercolumn replay failed: %s" % (
                run.stderr.decode("utf-8", "replace").strip() or "exit %d" % run.returncode))
        return json.loads(run.stdout.decode("utf-8"))

    def assert_replays(self, capture, pace=False, timeout=30):
        """Replays a capture and fails (AssertionError) unless every reply matched the captured
        one, showing the first differences of each kind; returns the report."""
        report = self.replay(capture, pace=pace, timeout=timeout)
        if report["different"]:
            shown = []
            for kind, count in sorted(report["by_kind"].items()):
                shown.append("%s: %d calls" % (kind, count["calls"]))
                for d in count["first"]:
                    shown.append("  " + json.dumps(d, sort_keys=True))
            raise AssertionError("%d of %d replies differ from %s:\n%s" % (
                report["different"], report["calls"], os.path.basename(capture),
                "\n".join(shown)))
        return report

try:
    import pytest
except ImportError:  # the helpers work without pytest
    pytest = None

def _module_path(module, path):
    """A path named by a test module, relative paths taken from the module's directory."""
    if os.path.isabs(path):
        return path
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__)), path)


def server_for_module(module, release=None):
    """A (not yet started) Supercolumn configured by a test module's SUPERCOLUMN_* attributes;
    `release`, when given, instead of the module's SUPERCOLUMN_RELEASE."""
    config = getattr(module, "SUPERCOLUMN_CONFIG", None)
    return Supercolumn(
        datasets=[_module_path(module, d) for d in getattr(module, "SUPERCOLUMN_DATASETS", ())],
        config=_module_path(module, config) if config else None,
        api_default=getattr(module, "SUPERCOLUMN_API_DEFAULT", None),
        extra_args=getattr(module, "SUPERCOLUMN_ARGS", ()),
        release=release or getattr(module, "SUPERCOLUMN_RELEASE", None),
        cassandra_unit=bool(getattr(module, "SUPERCOLUMN_CASSANDRA_UNIT", False)),
    )


def releases_for_module(module, environ=None):
    """The releases a module's tests run against, one server each: its SUPERCOLUMN_RELEASES,
    else [] when it names one SUPERCOLUMN_RELEASE, else the comma-separated list of the
    SUPERCOLUMN_RELEASES environment variable; [] means one server, not parametrized."""
    named = getattr(module, "SUPERCOLUMN_RELEASES", None)
    if named is not None:
        return [str(r).strip() for r in named if str(r).strip()]
    if getattr(module, "SUPERCOLUMN_RELEASE", None):
        return []
    listed = (os.environ if environ is None else environ).get("SUPERCOLUMN_RELEASES", "")
    return [r.strip() for r in listed.split(",") if r.strip()]


def _parametrized_by_the_test(metafunc, name):
    """Whether a parametrize mark of the test itself names the fixture `name`."""
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0] if mark.args else mark.kwargs.get("argnames", ())
        if isinstance(names, str):
            names = names.split(",")
        if name in [n.strip() for n in names]:
            return True
    return False


if pytest is not None:
    def pytest_generate_tests(metafunc):
        # One server per release for the module: pytest groups the module's tests by the
        # parameter of a module-scoped fixture, so each release's server starts once.
        if "supercolumn_server" not in metafunc.fixturenames:
            return
        if _parametrized_by_the_test(metafunc, "supercolumn_server"):
            return
        releases = releases_for_module(metafunc.module)
        if releases:
            metafunc.parametrize("supercolumn_server", releases, indirect=True, scope="module")

    @pytest.fixture(scope="module")
    def supercolumn_server(request):
        with server_for_module(request.module, getattr(request, "param", None)) as sc:
            yield sc

    @pytest.fixture
    def supercolumn(supercolumn_server):
        supercolumn_server.clean()
        return supercolumn_server
