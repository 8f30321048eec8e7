// Test helpers for Node.js applications tested against supercolumn (standard library only):
// the counterpart of clients/python/supercolumn_testing.py. Starts a throwaway server (in
// memory, free ports, the admin surface on), loads cassandra-unit datasets, primes faults,
// reads the record of calls, resets the datasets, stops it. Owns no client: the application
// talks to the server with its own Thrift or native-protocol client.
//
//   const { Supercolumn } = require('supercolumn-testing');
//   const sc = await Supercolumn.start({ datasets: ['blog.yaml'] });
//   await sc.addFault({ method: 'get_slice', error: 'timed_out' });
//   runTheApp(sc.host, sc.port);
//   const calls = await sc.activity({ method: 'get_slice' });
//   await sc.stop();
//
// `release: '1.0.12'` starts the server answering as that Cassandra release
// (`serve --cassandra-version`); `releases(fallback)` is the list of releases a suite runs
// against: $SUPERCOLUMN_RELEASES (comma-separated), else the fallback.
//
// An application's own traffic, captured in front of its real cluster with `supercolumn capture`,
// is a test too: `await sc.assertReplays('staging.capture')` replays it against the server and
// rejects on any reply that differs from the captured one (`sc.replay(...)`: the report).
//
// `cassandraUnit: true` listens where cassandra-unit's embedded server did (Thrift 9171, native
// protocol 9142; with no config, its cluster "Test Cluster" and Murmur3Partitioner), for tests
// that hard-code those ports; a port already taken fails the start, saying so. Such suites run
// one at a time on a machine.
//
// The binary is the `binary` option, else $SUPERCOLUMN_BIN, else the one the npm package carries
// (bin/supercolumn beside this file), else `supercolumn` on the PATH (else, in a checkout of the
// repository, its target/release/supercolumn). Without a config the
// server runs in a fresh empty directory, so it uses its built-in default configuration whatever
// the current directory holds. A server not stopped is killed when the Node process exits.
'use strict';

const { AssertionError } = require('node:assert');
const { spawn, execFile } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

class SupercolumnError extends Error {
  // The server did not start, or the admin surface refused a request (`status`, the HTTP status).
  constructor(message, status) {
    super(message);
    this.name = 'SupercolumnError';
    this.status = status;
  }
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// cassandra-unit's embedded server: its default cu-cassandra.yaml's ports and settings.
const CASSANDRA_UNIT_PORT = 9171;
const CASSANDRA_UNIT_NATIVE_PORT = 9142;
const CASSANDRA_UNIT_YAML = `cluster_name: 'Test Cluster'
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
commitlog_sync: periodic
commitlog_sync_period_in_ms: 10000
start_rpc: true
rpc_address: localhost
rpc_port: 9171
start_native_transport: true
native_transport_port: 9142
`;

// $SUPERCOLUMN_BIN, else the package's own binary, else `supercolumn` on the PATH, else the
// checkout's release build.
function findBinary() {
  if (process.env.SUPERCOLUMN_BIN) return process.env.SUPERCOLUMN_BIN;
  const bundled = path.join(__dirname, 'bin', 'supercolumn');
  if (isExecutable(bundled)) return bundled;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, 'supercolumn'))) return path.join(dir, 'supercolumn');
  }
  // Only meaningful when this file sits in a checkout (clients/node/testing/).
  const checkout = path.resolve(__dirname, '..', '..', '..');
  const built = path.join(checkout, 'target', 'release', 'supercolumn');
  if (fs.existsSync(path.join(checkout, 'Cargo.toml')) && isExecutable(built)) return built;
  throw new SupercolumnError('no supercolumn binary: set SUPERCOLUMN_BIN or put supercolumn on the PATH');
}

// Rejects when `port` is taken on 127.0.0.1, worded as Cassandra's start-up failure was.
function checkPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e) => {
      const why = e.code === 'EADDRINUSE' ? 'address already in use' : e.message;
      reject(new SupercolumnError(`Failed to bind port ${port} on 127.0.0.1: ${why} (another server or `
        + "test suite listens there; run suites on cassandra-unit's ports one at a time, or leave "
        + 'cassandraUnit off for free ports)'));
    });
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(resolve));
  });
}

// Servers still running, killed (and their directories removed) when the process exits.
const running = new Set();
process.on('exit', () => {
  for (const sc of running) sc._kill();
});

const READY = /^supercolumn (admin on|native on|listening on) (.*):(\d+)$/;
const STDERR_KEPT = 200;

// A supercolumn server process: `port` is its Thrift port, `nativePort` its native-protocol
// port, `adminPort` its admin port, all on `host`.
class Supercolumn {
  constructor(options = {}) {
    this.datasets = (options.datasets || []).map((d) => path.resolve(d));
    this.config = options.config ? path.resolve(options.config) : null;
    this.apiDefault = options.apiDefault || null;
    // The Cassandra release to answer as (serve --cassandra-version); null: the default.
    this.release = options.release || null;
    this.extraArgs = [...(options.extraArgs || [])];
    // cassandra-unit's ports (and, with no config, its configuration) instead of free ports.
    this.cassandraUnit = Boolean(options.cassandraUnit);
    this.binary = options.binary || findBinary();
    this.startTimeout = options.startTimeout || 30000;
    this.host = '127.0.0.1';
    this.port = null;
    this.nativePort = null;
    this.adminPort = null;
    this.process = null;
    this._stderr = [];
    this._workdir = null;
  }

  // new Supercolumn(options).start() in one call.
  static start(options) {
    return new Supercolumn(options).start();
  }

  // --- lifecycle ------------------------------------------------------------------------------

  // Starts the server and resolves with `this` once it listens.
  async start() {
    const port = this.cassandraUnit ? CASSANDRA_UNIT_PORT : 0;
    if (this.cassandraUnit) {
      await checkPortFree(CASSANDRA_UNIT_PORT);
      await checkPortFree(CASSANDRA_UNIT_NATIVE_PORT);
    }
    // An empty working directory: with no config the server then takes its built-in default,
    // never a storage-conf.xml that happens to be in the caller's directory.
    this._workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'supercolumn-test-'));
    let config = this.config;
    if (!config && this.cassandraUnit) {
      config = path.join(this._workdir, 'cu-cassandra.yaml');
      fs.writeFileSync(config, CASSANDRA_UNIT_YAML);
    }
    const args = ['serve', '--in-memory', '--listen', `127.0.0.1:${port}`, '--admin-listen', '127.0.0.1:0'];
    // Else the native protocol follows the configuration (on a free port, if served).
    if (this.cassandraUnit) args.push('--native-listen', `127.0.0.1:${CASSANDRA_UNIT_NATIVE_PORT}`);
    if (config) args.push('--config', config);
    if (this.apiDefault) args.push('--api-default', this.apiDefault);
    if (this.release) args.push('--cassandra-version', this.release);
    for (const d of this.datasets) args.push('--dataset', d);
    args.push(...this.extraArgs);
    const child = spawn(this.binary, args, { cwd: this._workdir, stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    running.add(this);
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      this._stderr.push(line);
      if (this._stderr.length > STDERR_KEPT) this._stderr.shift();
    });
    try {
      await this._waitReady(child);
    } catch (e) {
      await this.stop();
      throw e;
    }
    // A forgotten stop() must not keep the test process alive: the exit hook kills the server.
    child.unref();
    child.stdout.unref();
    child.stderr.unref();
    return this;
  }

  _waitReady(child) {
    return new Promise((resolve, reject) => {
      const failed = (why) => {
        clearTimeout(timer);
        reject(new SupercolumnError(`supercolumn did not start: ${why}\n${this.log()}`));
      };
      const timer = setTimeout(() => failed(`not listening after ${this.startTimeout} ms`), this.startTimeout);
      child.once('error', (e) => failed(`cannot run ${this.binary}: ${e.message}`));
      child.once('exit', (code, signal) => failed(`exited (${signal || code})`));
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        const m = READY.exec(line.trim());
        if (!m) return;
        const port = Number(m[3]);
        if (m[1] === 'admin on') this.adminPort = port;
        else if (m[1] === 'native on') this.nativePort = port;
        else {
          this.port = port;
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  // SIGTERM, then waits for the exit (SIGKILL after 10 s); removes the server's directory.
  async stop() {
    const child = this.process;
    // No pid: it never ran (spawn failed), so there is no exit to wait for.
    if (child && child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.ref();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
    this._kill();
  }

  // Synchronous: what the exit hook can do.
  _kill() {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    this.process = null;
    running.delete(this);
    if (this._workdir) {
      fs.rmSync(this._workdir, { recursive: true, force: true });
      this._workdir = null;
    }
  }

  // `await using sc = await Supercolumn.start()` where the runtime has explicit resource management.
  async [Symbol.asyncDispose || Symbol.for('Symbol.asyncDispose')]() {
    await this.stop();
  }

  // What the server wrote to stderr lately (its last 200 lines).
  log() {
    return this._stderr.join('\n');
  }

  // --- datasets -----------------------------------------------------------------------------

  // Loads cassandra-unit datasets (.xml, .json, .yaml, .cql) into the running server, in order,
  // with `supercolumn load` (each dataset's keyspace dropped and created). A reset returns to
  // the datasets given at start, so it undoes these.
  loadDatasets(...files) {
    const args = ['load', '--server', `${this.host}:${this.port}`, ...files.map((f) => path.resolve(f))];
    return new Promise((resolve, reject) => {
      execFile(this.binary, args, { cwd: this._workdir || undefined }, (err, stdout, stderr) => {
        if (err) reject(new SupercolumnError(`supercolumn load failed: ${(stderr || err.message).trim()}`));
        else resolve();
      });
    });
  }

  // --- the admin surface ----------------------------------------------------------------------

  // One admin request; resolves with the decoded JSON answer, rejects with SupercolumnError
  // on a non-2xx status.
  admin(method, urlPath, body) {
    const data = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const headers = data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {};
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.host, port: this.adminPort, method, path: urlPath, headers, agent: false, timeout: 30000 },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode < 200 || res.statusCode > 299) {
              reject(new SupercolumnError(`${method} ${urlPath}: ${res.statusCode} ${text}`, res.statusCode));
              return;
            }
            try {
              resolve(text ? JSON.parse(text) : null);
            } catch (e) {
              reject(new SupercolumnError(`${method} ${urlPath}: not JSON: ${text}`, res.statusCode));
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new SupercolumnError(`${method} ${urlPath}: no answer in 30 s`)));
      req.on('error', (e) => reject(e instanceof SupercolumnError ? e : new SupercolumnError(`${method} ${urlPath}: ${e.message}`)));
      req.end(data);
    });
  }

  // Primes a fault (the keys of POST /faults); resolves with its id.
  async addFault(rule) {
    return (await this.admin('POST', '/faults', rule)).id;
  }

  // The rules with their `matched` and `hits` counts.
  faults() {
    return this.admin('GET', '/faults');
  }

  async clearFaults() {
    await this.admin('DELETE', '/faults');
  }

  // Recorded calls, oldest first; filters: method, keyspace, column_family, since, limit.
  activity(filters = {}) {
    const query = new URLSearchParams(filters).toString();
    return this.admin('GET', `/activity${query ? `?${query}` : ''}`);
  }

  async clearActivity() {
    await this.admin('DELETE', '/activity');
  }

  // Every keyspace back to its state right after the datasets loaded (POST /reset).
  reset() {
    return this.admin('POST', '/reset');
  }

  // Before a test: no faults, no recorded calls, the datasets as loaded (when the server has
  // POST /reset).
  async clean() {
    await this.clearFaults();
    await this.clearActivity();
    try {
      await this.reset();
    } catch (e) {
      if (e.status !== 404) throw e;
    }
  }

  // --- captures -------------------------------------------------------------------------------

  // Replays a capture file (`supercolumn capture`'s) against this server with `supercolumn
  // replay --json`; resolves with its report (`calls`, `identical`, `different`, `by_method`,
  // `by_kind` with the first differences of each kind, `differing`). Rejects with
  // SupercolumnError when the replay cannot run (a bad file, native traffic and no native port).
  replay(capture, { pace = false, timeout = 30 } = {}) {
    const args = ['replay', path.resolve(capture), '--server', `${this.host}:${this.port}`,
      '--json', '--progress', '0', '--timeout', String(timeout)];
    if (this.nativePort) args.push('--native-server', `${this.host}:${this.nativePort}`);
    if (pace) args.push('--pace');
    return new Promise((resolve, reject) => {
      const opts = { cwd: this._workdir || undefined, maxBuffer: 256 * 1024 * 1024 };
      execFile(this.binary, args, opts, (err, stdout, stderr) => {
        // 0: every reply matched; 1: some differed (the report says which); else an error.
        if (err && err.code !== 1) {
          reject(new SupercolumnError(`supercolumn replay failed: ${(stderr || err.message).trim()}`));
          return;
        }
        try {
          resolve(JSON.parse(stdout));
        } catch (e) {
          reject(new SupercolumnError(`supercolumn replay: no report (${e.message})`));
        }
      });
    });
  }

  // Replays a capture and rejects with an AssertionError unless every reply matched the
  // captured one, showing the first differences of each kind; resolves with the report.
  async assertReplays(capture, options = {}) {
    const report = await this.replay(capture, options);
    if (report.different) {
      const shown = [];
      for (const [kind, count] of Object.entries(report.by_kind).sort()) {
        shown.push(`${kind}: ${count.calls} calls`);
        for (const d of count.first) shown.push(`  ${JSON.stringify(d)}`);
      }
      throw new AssertionError({
        message: `${report.different} of ${report.calls} replies differ from ${path.basename(capture)}:\n${shown.join('\n')}`,
      });
    }
    return report;
  }
}

// The releases a suite runs against, one server each: the comma-separated $SUPERCOLUMN_RELEASES,
// else `fallback` (an array; [] or [null]: the server's default).
function releases(fallback = [], env = process.env) {
  const listed = (env.SUPERCOLUMN_RELEASES || '').split(',').map((r) => r.trim()).filter(Boolean);
  return listed.length ? listed : [...fallback];
}

module.exports = { Supercolumn, SupercolumnError, findBinary, releases };
