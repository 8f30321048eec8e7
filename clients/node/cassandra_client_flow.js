// cassandra-client 0.15.2 (npm, "node-cassandra-client") against a supercolumn
// server. Its schema API (System) speaks Thrift; its data API speaks only CQL 2
// (execute_cql_query), which it documents for Cassandra 0.8 to 1.2 with
// cql_version 2.0.0.
//
//   node cassandra_client_flow.js HOST:PORT
//
// Schema steps and the CQL 2 data steps (UPDATE/SELECT/DELETE, BATCH, counters,
// TTL, an indexed SELECT, INSERT, COUNT, LIMIT) are all checked: any refusal of a CQL 2 statement, or a
// wrong read, fails the flow. Super columns cannot be addressed from CQL 2 (nor
// from this client's API), so only the Super CF's creation is checked.
'use strict';

const cc = require('cassandra-client');
const { setPrefix, step, check, call, sleep, uniqueKeyspace, run } = require('./flow-lib');

setPrefix('cassandra-client');

const M = 'org.apache.cassandra.db.marshal.';

function cfDef(ks, name, extra) {
  return new cc.CfDef(Object.assign({
    keyspace: ks,
    name,
    column_type: 'Standard',
    comparator_type: `${M}UTF8Type`,
    default_validation_class: `${M}UTF8Type`,
    key_validation_class: `${M}UTF8Type`,
    column_metadata: [],
  }, extra));
}

async function schema(server, ks) {
  step(`System(${server}): add keyspace ${ks} with four column families in its KsDef`);
  const sys = new cc.System(server);
  const ksDef = new cc.KsDef({
    name: ks,
    strategy_class: 'org.apache.cassandra.locator.SimpleStrategy',
    strategy_options: { replication_factor: '1' },
    durable_writes: true,
    cf_defs: [
      cfDef(ks, 'Users'),
      cfDef(ks, 'Posts', { column_type: 'Super', subcomparator_type: `${M}UTF8Type` }),
      cfDef(ks, 'Hits', { default_validation_class: `${M}CounterColumnType` }),
      cfDef(ks, 'People', {
        column_metadata: [
          new cc.ColumnDef({ name: 'state', validation_class: `${M}UTF8Type`, index_type: 0, index_name: 'people_state' }),
          new cc.ColumnDef({ name: 'birth_year', validation_class: `${M}LongType` }),
        ],
      }),
    ],
  });
  await call(sys.addKeyspace, sys, ksDef);
  const def = await call(sys.describeKeyspace, sys, ks);
  const cfs = {};
  for (const cf of def.cf_defs) cfs[cf.name] = cf;
  check('column families', Object.keys(cfs).sort(), ['Hits', 'People', 'Posts', 'Users']);
  check('Posts is Super', cfs.Posts && cfs.Posts.column_type, 'Super');
  check('Hits is a counter CF', cfs.Hits && cfs.Hits.default_validation_class, `${M}CounterColumnType`);
  check('People.state is indexed', cfs.People && cfs.People.column_metadata
    .filter((c) => String(c.name) === 'state').map((c) => c.index_type), [0]);
  check('People.birth_year validator', cfs.People && cfs.People.column_metadata
    .filter((c) => String(c.name) === 'birth_year').map((c) => c.validation_class), [`${M}LongType`]);
  return sys;
}

async function cql(con) {
  const q = (query, args) => call(con.execute, con, query, args || []);
  const cols = (row) => row.colHash;

  step('insert and get (CQL 2 UPDATE / SELECT)');
  await q('UPDATE Users SET ?=?, ?=? WHERE KEY=?', ['first', 'John', 'last', 'Smith', 'jsmith']);
  let rows = await q('SELECT * FROM Users WHERE KEY=?', ['jsmith']);
  check('select whole row', rows.map(cols), [{ first: 'John', last: 'Smith' }]);
  rows = await q('SELECT ? FROM Users WHERE KEY=?', ['last', 'jsmith']);
  check('select one column', rows.map(cols), [{ last: 'Smith' }]);
  await q('DELETE ? FROM Users WHERE KEY=?', ['last', 'jsmith']);
  rows = await q('SELECT * FROM Users WHERE KEY=?', ['jsmith']);
  check('after DELETE of one column', rows.map(cols), [{ first: 'John' }]);

  step('batch (BEGIN BATCH ... APPLY BATCH)');
  await q('BEGIN BATCH UPDATE Users SET ?=? WHERE KEY=? UPDATE Users SET ?=? WHERE KEY=? '
    + 'DELETE FROM Users WHERE KEY=? APPLY BATCH', ['n', '1', 'u1', 'n', '2', 'u2', 'jsmith']);
  rows = await q('SELECT n FROM Users WHERE KEY IN (?, ?, ?)', ['u1', 'u2', 'jsmith']);
  check('rows after batch', rows.filter((r) => r.colCount() > 0).map((r) => [r.key, r.colHash.n]).sort(),
    [['u1', '1'], ['u2', '2']]);

  step('counters (UPDATE Hits SET views = views + n)');
  await q('UPDATE Hits SET views = views + 1 WHERE KEY=?', ['page1']);
  await q('UPDATE Hits SET views = views + 41, likes = likes - 2 WHERE KEY=?', ['page1']);
  rows = await q('SELECT views, likes FROM Hits WHERE KEY=?', ['page1']);
  check('counter values', rows.map((r) => [Number(r.colHash.views), Number(r.colHash.likes)]), [[42, -2]]);

  step('TTL (UPDATE ... USING TTL 1), wait 2 s');
  await sleep(1010 - (Date.now() % 1000)); // expiry is at whole seconds: start a fresh one
  await q('UPDATE Users USING TTL 1 SET ?=? WHERE KEY=?', ['short', 'lived', 'ephemeral']);
  await q('UPDATE Users SET ?=? WHERE KEY=?', ['long', 'lived', 'ephemeral']);
  rows = await q('SELECT * FROM Users WHERE KEY=?', ['ephemeral']);
  check('ttl column visible at once', rows.map(cols), [{ long: 'lived', short: 'lived' }]);
  await sleep(2200);
  rows = await q('SELECT * FROM Users WHERE KEY=?', ['ephemeral']);
  check('ttl column gone after 2 s', rows.map(cols), [{ long: 'lived' }]);

  step('indexed query (SELECT ... WHERE state = ?)');
  await q('UPDATE People SET name=?, state=?, birth_year=? WHERE KEY=?', ['Ann', 'TX', 1980, 'p1']);
  await q('UPDATE People SET name=?, state=?, birth_year=? WHERE KEY=?', ['Bob', 'CA', 1975, 'p2']);
  await q('UPDATE People SET name=?, state=?, birth_year=? WHERE KEY=?', ['Cid', 'TX', 1990, 'p3']);
  rows = await q('SELECT name FROM People WHERE state=?', ['TX']);
  check('state = TX', rows.map((r) => [r.key, r.colHash.name]).sort(), [['p1', 'Ann'], ['p3', 'Cid']]);

  step('INSERT, COUNT(*) and LIMIT');
  await q('INSERT INTO People (KEY, name, state, birth_year) VALUES (?, ?, ?, ?)', ['p4', 'Dan', 'NY', 2001]);
  rows = await q('SELECT name, birth_year FROM People WHERE KEY=?', ['p4']);
  check('inserted row, LongType value', rows.map((r) => [r.colHash.name, Number(r.colHash.birth_year)]),
    [['Dan', 2001]]);
  rows = await q('SELECT COUNT(*) FROM People');
  check('COUNT(*) of People', rows.map((r) => Number(r.colHash.count)), [4]);
  rows = await q('SELECT name FROM People LIMIT 2');
  check('LIMIT 2', rows.length, 2);
}

async function main(host, port) {
  const server = `${host}:${port}`;
  const ks = uniqueKeyspace('cassandra_client');
  const sys = await schema(server, ks);

  step(`Connection to ${ks} (login, describe_keyspace, set_keyspace, set_cql_version 2.0.0)`);
  const con = new cc.Connection({ host, port, keyspace: ks, cql_version: '2.0.0', timeout: 5000 });
  con.on('log', (level, message) => {
    if (level === 'error') console.log(`  (client log) ${message}`);
  });
  await call(con.connect, con);
  check('connected and learned the CF validators', Object.keys(con.validators).sort(),
    ['Hits', 'People', 'Posts', 'Users']);
  check('People.birth_year validator learned', con.validators.People
    && con.validators.People.specificValidators.birth_year, `${M}LongType`);

  await cql(con);
  await call(con.close, con);

  step(`drop keyspace ${ks} (System has no drop call: through its Thrift connection)`);
  const dropped = await new Promise((resolve, reject) => {
    sys.q.put((tc) => tc.thriftCli.system_drop_keyspace(ks, (err, v) => (err ? reject(err) : resolve(v))));
    sys.emit('checkq');
  });
  check('system_drop_keyspace returned a schema version', typeof dropped, 'string');
  let gone;
  try {
    await call(sys.describeKeyspace, sys, ks);
    gone = 'still described';
  } catch (e) {
    gone = e.name;
  }
  check('keyspace dropped', gone, 'NotFoundException');
  sys.close();
}

run(main);
