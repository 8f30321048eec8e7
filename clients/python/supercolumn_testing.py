"""Test helpers for applications tested against supercolumn (Python 3, standard library only).

Starts a throwaway server (in memory, free ports, the admin surface on), primes faults, reads
the activity record, resets the datasets, stops it:

    from supercolumn_testing import Supercolumn

    with Supercolumn(datasets=["blog.xml"]) as sc:
        sc.add_fault(method="get", nth=1, error="timed_out")
        run_the_app("127.0.0.1", sc.port)
        calls = sc.activity(method="get")
        assert [c["consistency_level"] for c in calls] == ["QUORUM", "QUORUM"]

As a pytest fixture (pytest is optional; the module imports without it):

    from supercolumn_testing import supercolumn   # in conftest.py
    def test_reads(supercolumn): ...

The fixture starts one server per test module and, before each test, clears the faults and the
activity record and resets the datasets (POST /reset, when the server has it).

The binary is $SUPERCOLUMN_BIN, else target/release/supercolumn of this repository.
"""

import json
import os
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class SupercolumnError(Exception):
    """The server did not start, or the admin surface refused a request (status and message)."""

    def __init__(self, message, status=None):
        Exception.__init__(self, message)
        self.status = status


def _binary():
    return os.environ.get("SUPERCOLUMN_BIN") or os.path.join(_ROOT, "target", "release", "supercolumn")


class Supercolumn(object):
    """A supercolumn server process; `port` is its Thrift port, `admin_port` its admin port."""

    def __init__(self, datasets=(), config=None, extra_args=(), binary=None, start_timeout=30.0):
        self.datasets = list(datasets)
        self.config = config or os.path.join(_ROOT, "storage-conf.xml")
        self.extra_args = list(extra_args)
        self.binary = binary or _binary()
        self.start_timeout = start_timeout
        self.process = None
        self.host = "127.0.0.1"
        self.port = None
        self.admin_port = None
        self._stderr = []

    # --- lifecycle --------------------------------------------------------------------------

    def start(self):
        args = [self.binary, "serve", "--config", self.config, "--in-memory",
                "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0"]
        for d in self.datasets:
            args += ["--dataset", d]
        args += self.extra_args
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL)
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
            elif line.startswith("supercolumn listening on "):
                self.port = int(line.rsplit(":", 1)[1])
                ready.set()
        ready.set()

    def stop(self):
        """SIGTERM, then waits (kills after 10 s)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

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


try:
    import pytest
except ImportError:  # the helpers work without pytest
    pytest = None

if pytest is not None:
    @pytest.fixture(scope="module")
    def supercolumn_server(request):
        datasets = getattr(request.module, "SUPERCOLUMN_DATASETS", ())
        with Supercolumn(datasets=datasets) as sc:
            yield sc

    @pytest.fixture
    def supercolumn(supercolumn_server):
        supercolumn_server.clean()
        return supercolumn_server
