// The DataStax Node.js driver (npm cassandra-driver) against supercolumn's native
// protocol, the python flow made smaller: connect (negotiated, then each version
// pinned), metadata, prepared statements, paging, a batch (and v4's batch-size warning),
// v4's unset values, a lightweight transaction, concurrent requests, schema-change
// events, and login with PlainTextAuthProvider.
// Usage: node node_flow.js HOST PORT [AUTH_PORT] (AUTH_PORT: a server with
// SimpleAuthenticator, user alice / secret). Last line "OK: node cassandra-driver <version>".
'use strict';
const assert = require('assert');
const cassandra = require('cassandra-driver');
const [host, port, authPort] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] || 0)];

function client(extra, atPort) {
  return new cassandra.Client(Object.assign({
    contactPoints: [`${host}:${atPort || port}`],
    localDataCenter: 'datacenter1',
  }, extra || {}));
}

function ok(what) { console.log('ok: ' + what); }

async function main() {
  let c = client();
  await c.connect();
  ok(`negotiated protocol v${c.controlConnection.protocolVersion}`);
  await c.shutdown();
  for (const v of [1, 2, 3, 4]) {
    const p = client({ protocolOptions: { maxVersion: v } });
    await p.connect();
    const rs = await p.execute('SELECT native_protocol_version FROM system.local');
    assert.strictEqual(rs.first().native_protocol_version, String(v));
    ok(`pinned v${v}`);
    await p.shutdown();
  }

  c = client();
  await c.connect();
  const ks1 = await c.metadata.getTable('Keyspace1', 'Standard1');
  assert.ok(ks1, 'storage-conf.xml table in the metadata');
  ok('metadata of a storage-conf.xml table');
  await c.execute("CREATE KEYSPACE js WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await c.execute('CREATE TABLE js.t (p int, c int, v text, m map<text, int>, PRIMARY KEY (p, c))');
  const t = await c.metadata.getTable('js', 't');
  assert.deepStrictEqual(t.partitionKeys.map(k => k.name), ['p']);
  ok('metadata of a table created here');

  const ins = 'INSERT INTO js.t (p, c, v, m) VALUES (?, ?, ?, ?)';
  for (let i = 0; i < 250; i++) {
    await c.execute(ins, [0, i, `v${i}`, { k: i }], { prepare: true });
  }
  const rs = await c.execute('SELECT * FROM js.t WHERE p = ? AND c = ?', [0, 7], { prepare: true });
  assert.strictEqual(rs.first().v, 'v7');
  assert.strictEqual(rs.first().m.k, 7);
  ok('prepared statements');

  let seen = 0;
  let pages = 0;
  let state;
  do {
    const page = await c.execute('SELECT c FROM js.t WHERE p = 0', [], { fetchSize: 100, pageState: state });
    seen += page.rows.length;
    pages++;
    state = page.pageState;
  } while (state);
  assert.strictEqual(seen, 250);
  assert.strictEqual(pages, 3);
  ok('paging: 250 rows in 3 pages');

  await c.batch([
    { query: ins, params: [1, 1, 'a', null] },
    { query: "INSERT INTO js.t (p, c, v) VALUES (1, 2, 'b')" },
  ], { prepare: true });
  const b = await c.execute('SELECT v FROM js.t WHERE p = 1');
  assert.deepStrictEqual(b.rows.map(r => r.v), ['a', 'b']);
  ok('batch');

  // v4: a batch over 5 KiB is applied with Cassandra 2.2's warning.
  const big = [...Array(60).keys()].map(i => ({ query: ins, params: [3, i, 'x'.repeat(100), null] }));
  const warned = await c.batch(big, { prepare: true });
  assert.ok((warned.info.warnings || []).some(w => w.includes('exceeding specified threshold of 5120')),
    `batch-size warning: ${warned.info.warnings}`);
  ok('batch-size warning');

  // v4: unset leaves the column alone.
  await c.execute('UPDATE js.t SET v = ?, m = ? WHERE p = ? AND c = ?',
    [cassandra.types.unset, { k: 70 }, 0, 7], { prepare: true });
  const un = (await c.execute('SELECT v, m FROM js.t WHERE p = 0 AND c = 7')).first();
  assert.deepStrictEqual([un.v, un.m.k], ['v7', 70]);
  ok('unset values');

  const lwt1 = await c.execute("INSERT INTO js.t (p, c, v) VALUES (2, 1, 'first') IF NOT EXISTS");
  const lwt2 = await c.execute("INSERT INTO js.t (p, c, v) VALUES (2, 1, 'second') IF NOT EXISTS");
  assert.deepStrictEqual([lwt1.first()['[applied]'], lwt2.first()['[applied]'], lwt2.first().v],
    [true, false, 'first']);
  ok('lightweight transactions');

  // A keyspace made through another connection reaches this client's metadata as an event.
  const other = client();
  await other.connect();
  await other.execute("CREATE KEYSPACE js_elsewhere WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await other.shutdown();
  const deadline = Date.now() + 20000;
  while (!c.metadata.keyspaces.js_elsewhere && Date.now() < deadline) {
    await new Promise(r => setTimeout(r, 200));
  }
  assert.ok(c.metadata.keyspaces.js_elsewhere, 'schema-change event refreshed the metadata');
  ok('schema-change event');

  const all = await Promise.all([...Array(50).keys()].map(i =>
    c.execute('SELECT v FROM js.t WHERE p = 0 AND c = ?', [i], { prepare: true })));
  assert.deepStrictEqual(all.map(r => r.first().v), [...Array(50).keys()].map(i => `v${i}`));
  ok('50 concurrent requests');
  await c.shutdown();

  if (authPort) {
    const auth = (password) => client({
      authProvider: new cassandra.auth.PlainTextAuthProvider('alice', password) }, authPort);
    const a = auth('secret');
    await a.connect();
    await a.execute('SELECT * FROM system.local');
    await a.shutdown();
    ok('PlainTextAuthProvider login');
    const bad = auth('wrong');
    await assert.rejects(bad.connect(), e => /credentials|password|Authentication/i.test(
      Object.values(e.innerErrors || {}).map(x => String(x && x.message)).join(' ') + e.message));
    await bad.shutdown();
    ok('a wrong password is refused');
  }
  console.log(`OK: node cassandra-driver ${require('cassandra-driver/package.json').version}`);
}

main().catch(e => { console.error(e); process.exit(1); });
