// The DataStax Node.js driver (npm cassandra-driver) against supercolumn's native
// protocol: connect (negotiated, then each version pinned), metadata, prepared
// statements, a batch, paging, concurrent requests.
// Usage: node node_flow.js HOST PORT. Last line "OK: node cassandra-driver <version>".
'use strict';
const assert = require('assert');
const cassandra = require('cassandra-driver');
const [host, port] = [process.argv[2], Number(process.argv[3])];

function client(extra) {
  return new cassandra.Client(Object.assign({
    contactPoints: [`${host}:${port}`],
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

  const all = await Promise.all([...Array(50).keys()].map(i =>
    c.execute('SELECT v FROM js.t WHERE p = 0 AND c = ?', [i], { prepare: true })));
  assert.deepStrictEqual(all.map(r => r.first().v), [...Array(50).keys()].map(i => `v${i}`));
  ok('50 concurrent requests');
  await c.shutdown();
  console.log(`OK: node cassandra-driver ${require('cassandra-driver/package.json').version}`);
}

main().catch(e => { console.error(e); process.exit(1); });
