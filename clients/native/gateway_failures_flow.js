// A gateway's cluster failing without answering, seen by the DataStax Node.js driver (npm
// cassandra-driver): the twin of gateway_failures_flow.py.
// Usage: node gateway_failures_flow.js HOST GATEWAY_NATIVE_PORT BACKEND_PID
// The gateway's backend (a supercolumn serving the native protocol, its process BACKEND_PID) is
// paused (SIGSTOP), then killed. Paused, a read is a ReadTimeout and a write a WriteTimeout with
// none of the level's replicas answered, a truncate TRUNCATE_ERROR; dead, a read is Unavailable
// with none alive. The driver's own RetryPolicy decides on each (a recording subclass shows the
// fields it was given): it rethrows the timeouts (no replica answered) and tries the next host
// after Unavailable. Never a ServerError. Last line "OK: node cassandra-driver through a failing
// gateway".
'use strict';
const assert = require('assert');
const fs = require('fs');
const cassandra = require('cassandra-driver');
const [host, port, backendPid] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const codes = cassandra.types.responseErrorCodes;
const { consistencies } = cassandra.types;
const { RetryPolicy, FallthroughRetryPolicy } = cassandra.policies.retry;

const SELECT = 'SELECT * FROM "Keyspace1"."Standard1" WHERE key = 0x6e';
const INSERT = 'INSERT INTO "Keyspace1"."Standard1" (key, column1, value) VALUES (0x6e, 0x63, 0x76)';
const TRUNCATE = 'TRUNCATE "Keyspace1"."Standard1"';

function ok(what) { console.log('ok: ' + what); }

// The driver's default policy, with what it was asked recorded.
class Recording extends RetryPolicy {
  constructor() { super(); this.asked = []; }
  onReadTimeout(info, cl, received, blockFor, isDataPresent) {
    this.asked.push(['read', cl, received, blockFor, Boolean(isDataPresent)]);
    return super.onReadTimeout(info, cl, received, blockFor, isDataPresent);
  }
  onWriteTimeout(info, cl, received, blockFor, writeType) {
    this.asked.push(['write', cl, received, blockFor, writeType]);
    return super.onWriteTimeout(info, cl, received, blockFor, writeType);
  }
  onUnavailable(info, cl, required, alive) {
    this.asked.push(['unavailable', cl, required, alive]);
    return super.onUnavailable(info, cl, required, alive);
  }
  onRequestError(info, cl, err) {
    this.asked.push(['request', err.code]);
    return super.onRequestError(info, cl, err);
  }
  take() { const a = this.asked; this.asked = []; return a; }
}

async function fails(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// kill(2) returns once SIGSTOP is sent, not once the process has stopped: each of its threads
// stops when it next runs, and on a loaded machine one may first answer a request. So the flow
// waits until /proc shows every thread stopped (state T).
async function stopped(pid) {
  const deadline = Date.now() + 10000;
  const state = (tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  };
  while (!fs.readdirSync(`/proc/${pid}/task`).every((tid) => state(tid) === 'T')) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop`);
    await sleep(5);
  }
}

async function main() {
  const clients = [];
  for (const v of [3, 4]) {
    const policy = new Recording();
    const c = new cassandra.Client({
      contactPoints: [`${host}:${port}`], localDataCenter: 'datacenter1',
      protocolOptions: { maxVersion: v },
      policies: { retry: policy, loadBalancing: new cassandra.policies.loadBalancing.RoundRobinPolicy() },
      socketOptions: { readTimeout: 20000 },
    });
    await c.connect();
    await c.execute(INSERT);
    const rs = await c.execute(SELECT, [], { consistency: consistencies.quorum });
    assert.strictEqual(rs.rows.length, 1);
    ok(`v${v}: the gateway serves`);
    clients.push({ v, c, policy });
  }

  const fallthrough = new FallthroughRetryPolicy();
  process.kill(backendPid, 'SIGSTOP');
  try {
    await stopped(backendPid);
    for (const { v, c, policy } of clients) {
      let e = await fails(c.execute(SELECT, [], { consistency: consistencies.quorum, retry: fallthrough }));
      assert.strictEqual(e.code, codes.readTimeout, `v${v}: ${e.message}`);
      assert.deepStrictEqual([e.consistencies, e.received, e.blockFor, Boolean(e.isDataPresent)],
        [consistencies.quorum, 0, 1, false]);
      ok(`v${v}: paused: a read is ReadTimeout at QUORUM, 0 of 1, no data`);

      e = await fails(c.execute(SELECT, [], { consistency: consistencies.quorum }));
      assert.strictEqual(e.code, codes.readTimeout, `v${v}: ${e.message}`);
      assert.deepStrictEqual(policy.take(), [['read', consistencies.quorum, 0, 1, false]]);
      ok(`v${v}: paused: RetryPolicy was asked with 0 of 1 and rethrew the read timeout`);

      e = await fails(c.execute(INSERT, [], { isIdempotent: true }));
      assert.strictEqual(e.code, codes.writeTimeout, `v${v}: ${e.message}`);
      assert.deepStrictEqual(policy.take(), [['write', consistencies.localOne, 0, 1, 'SIMPLE']]);
      ok(`v${v}: paused: an idempotent write is WriteTimeout, SIMPLE, rethrown by RetryPolicy`);

      e = await fails(c.execute(TRUNCATE));
      assert.strictEqual(e.code, codes.truncateError, `v${v}: ${e.message}`);
      assert.ok(e.message.startsWith('Error during truncate: '), e.message);
      ok(`v${v}: paused: a truncate is TRUNCATE_ERROR`);
    }
  } finally {
    process.kill(backendPid, 'SIGCONT');
  }

  process.kill(backendPid, 'SIGKILL');
  for (const { v, c, policy } of clients) {
    const deadline = Date.now() + 30000;
    for (;;) {
      policy.take();
      const e = await fails(c.execute(SELECT, [], { consistency: consistencies.one }));
      const inner = e instanceof cassandra.errors.NoHostAvailableError ? Object.values(e.innerErrors) : [e];
      assert.ok(inner.length > 0, `v${v}: ${e.message}`);
      assert.ok(inner.every((x) => x.code !== codes.serverError), `v${v}: a ServerError: ${e.message}`);
      if (inner.every((x) => x.code === codes.unavailableException)) {
        const [u] = inner;
        assert.deepStrictEqual([u.consistencies, u.required, u.alive], [consistencies.one, 1, 0]);
        assert.deepStrictEqual(policy.take()[0], ['unavailable', consistencies.one, 1, 0]);
        ok(`v${v}: dead: a read is Unavailable at ONE, 1 required, 0 alive; RetryPolicy tried the next host`);
        break;
      }
      // A request caught on the dying connection times out.
      assert.ok(inner.every((x) => x.code === codes.readTimeout), `v${v}: ${e.message}`);
      assert.ok(Date.now() < deadline, `v${v}: no Unavailable within 30 s`);
      await sleep(200);
    }
    const e = await fails(c.execute(TRUNCATE));
    assert.strictEqual(e.code, codes.truncateError, `v${v}: ${e.message}`);
    ok(`v${v}: dead: a truncate is TRUNCATE_ERROR`);
  }
  for (const { c } of clients) await c.shutdown();
  console.log('OK: node cassandra-driver through a failing gateway');
}

main().catch((e) => { console.error(e); process.exit(1); });
