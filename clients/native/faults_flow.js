// Primed native-protocol faults seen by the DataStax Node.js driver (npm cassandra-driver).
// Rules are primed through the admin surface (POST /faults with "api": "native"): each
// error arrives as the driver's ResponseError with the code and fields of its protocol
// version (read and write timeouts with their counts and write type, unavailable,
// overloaded), the driver's default retry policy retries a read timeout whose replicas
// all answered without the data, a delay delays, a dropped connection fails its request
// and the driver reconnects, and GET /activity lists the calls.
// Usage: node faults_flow.js HOST PORT ADMIN_PORT. Last line "OK: node cassandra-driver faults".
'use strict';
const assert = require('assert');
const http = require('http');
const cassandra = require('cassandra-driver');
const [host, port, adminPort] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const codes = cassandra.types.responseErrorCodes;
const { consistencies } = cassandra.types;

function admin(method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? null : JSON.stringify(body);
    const req = http.request({ host, port: adminPort, method, path,
      headers: { 'Content-Type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
        try { resolve(text.trim() ? JSON.parse(text) : null); } catch (e) { resolve(text); }
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

const prime = async (rule) => (await admin('POST', '/faults', Object.assign({ api: 'native' }, rule))).id;
function ok(what) { console.log('ok: ' + what); }

async function fails(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

async function main() {
  const setup = new cassandra.Client({ contactPoints: [`${host}:${port}`], localDataCenter: 'datacenter1' });
  await setup.connect();
  await setup.execute("CREATE KEYSPACE IF NOT EXISTS nodef WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await setup.execute('CREATE TABLE IF NOT EXISTS nodef.items (id int PRIMARY KEY, name text)');
  await setup.execute("INSERT INTO nodef.items (id, name) VALUES (1, 'one')");
  await setup.shutdown();
  const select = 'SELECT name FROM nodef.items WHERE id = 1';

  for (const v of [3, 4]) {
    const c = new cassandra.Client({ contactPoints: [`${host}:${port}`], localDataCenter: 'datacenter1',
      protocolOptions: { maxVersion: v } });
    await c.connect();
    const quorum = { consistency: consistencies.quorum };
    const rule = await prime({ cql: 'FROM nodef\\.items', error: 'read_timeout', times: 1 });
    let e = await fails(c.execute(select, [], quorum));
    assert.strictEqual(e.code, codes.readTimeout, String(e));
    assert.strictEqual(e.consistencies, consistencies.quorum);
    assert.strictEqual(e.received, 0);
    assert.strictEqual(e.blockFor, 1);
    assert.strictEqual(e.isDataPresent, 0);
    ok(`v${v}: read_timeout is a readTimeout ResponseError at QUORUM, 0 of 1`);
    assert.strictEqual((await c.execute(select)).first().name, 'one');
    ok(`v${v}: times 1: the next SELECT reads`);
    const calls = await admin('GET', '/activity?api=native&keyspace=nodef');
    const failed = calls.filter((a) => a.fault === rule);
    assert.strictEqual(failed.length, 1);
    assert.strictEqual(failed[0].outcome, 'READ_TIMEOUT');
    assert.strictEqual(failed[0].protocol_version, v);
    ok(`v${v}: GET /activity lists the call with its outcome`);

    await prime({ cql: 'INSERT INTO nodef', error: 'write_timeout', write_type: 'UNLOGGED_BATCH',
      received: 1, block_for: 2, times: 1 });
    e = await fails(c.execute("INSERT INTO nodef.items (id, name) VALUES (2, 'two')"));
    assert.strictEqual(e.code, codes.writeTimeout, String(e));
    assert.strictEqual(e.writeType, 'UNLOGGED_BATCH');
    assert.strictEqual(e.received, 1);
    assert.strictEqual(e.blockFor, 2);
    ok(`v${v}: write_timeout is a writeTimeout ResponseError, UNLOGGED_BATCH, 1 of 2`);

    // The PREPARE is left alone: the rule names EXECUTE.
    await prime({ method: 'EXECUTE', cql: 'FROM nodef\\.items', error: 'read_timeout', received: 1,
      block_for: 1, times: 1 });
    assert.strictEqual((await c.execute(select, [], { prepare: true })).first().name, 'one');
    const retried = (await admin('GET', '/activity?api=native&method=EXECUTE&keyspace=nodef')).slice(-2);
    assert.deepStrictEqual(retried.map((a) => a.outcome), ['READ_TIMEOUT', 'ok']);
    ok(`v${v}: the default retry policy retries read_timeout (1 of 1, no data) of an EXECUTE`);

    await prime({ cql: 'FROM nodef\\.items', error: 'unavailable', block_for: 2, alive: 1, times: 1 });
    e = await fails(c.execute(select, [], Object.assign({ retry: new cassandra.policies.retry.FallthroughRetryPolicy() }, quorum)));
    assert.strictEqual(e.code, codes.unavailableException, String(e));
    assert.strictEqual(e.required, 2);
    assert.strictEqual(e.alive, 1);
    ok(`v${v}: unavailable is an unavailableException ResponseError, 2 required, 1 alive`);

    await prime({ cql: 'FROM nodef\\.items', error: 'overloaded', why: 'primed', times: 1 });
    e = await fails(c.execute(select, [], { retry: new cassandra.policies.retry.FallthroughRetryPolicy() }));
    const overloaded = e.code === codes.overloaded ? e : Object.values(e.innerErrors || {})[0];
    assert.strictEqual(overloaded && overloaded.code, codes.overloaded, String(e));
    ok(`v${v}: overloaded is an overloaded ResponseError`);

    await prime({ cql: 'FROM nodef\\.items', error: 'delay', delay_ms: 250, times: 1 });
    const started = Date.now();
    assert.strictEqual((await c.execute(select)).first().name, 'one');
    assert.ok(Date.now() - started >= 250);
    ok(`v${v}: delay: the answer comes after 250 ms`);

    await prime({ cql: 'FROM nodef\\.items', error: 'drop_connection', times: 1 });
    e = await fails(c.execute(select));
    ok(`v${v}: drop_connection fails the request: ${e.name}`);
    for (let tries = 0; ; tries++) {
      try {
        assert.strictEqual((await c.execute(select)).first().name, 'one');
        break;
      } catch (err) {
        if (tries > 100) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    ok(`v${v}: the driver reconnects and reads`);
    await admin('DELETE', '/faults');
    await c.shutdown();
  }
  console.log('OK: node cassandra-driver faults');
}

// The driver may keep a reconnection timer of the dropped connection's pool: exit once done.
main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
