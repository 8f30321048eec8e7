// helenus 0.6.10 (npm) against a supercolumn server over Thrift: connect, create a
// keyspace and column families, insert/get, batch, super columns, counters, TTL,
// an indexed query, drop the keyspace. Every read is checked; a mismatch exits 1.
//
//   node helenus_flow.js HOST:PORT
//
// helenus's own API has no super column or multi-row batch calls, so those steps
// go through helenus's Thrift layer (connection.execute with its generated types),
// as helenus users did.
'use strict';

// helenus 0.6 was written for Node 0.6-0.10 and inherits from
// process.EventEmitter, which Node removed in v7; restore the alias before
// loading it (the only change a modern Node needs).
process.EventEmitter = process.EventEmitter || require('events').EventEmitter;

const helenus = require('helenus');
const ttypes = require('helenus/lib/cassandra/cassandra_types');
const { setPrefix, step, check, call, sleep, uniqueKeyspace, run, describeError, fail } = require('./flow-lib');

setPrefix('helenus');

const UTF8 = 'UTF8Type';
const ONE = helenus.ConsistencyLevel.ONE;

function rowObject(row) {
  const out = {};
  row.forEach((name, value) => {
    out[name] = value;
  });
  return out;
}

async function main(host, port) {
  const ks = uniqueKeyspace('helenus');
  const hosts = [`${host}:${port}`];

  step(`connect to ${hosts[0]} (no keyspace) and create keyspace ${ks}`);
  const admin = new helenus.ConnectionPool({ hosts, timeout: 5000 });
  admin.on('error', (e) => fail('admin pool error event', describeError(e)));
  await call(admin.connect, admin);
  await call(admin.createKeyspace, admin, ks, { replication: 1 });
  const keyspace = await call(admin.use, admin, ks);
  check('keyspace object', keyspace.name, ks);

  step('create column families: Standard (UTF8), Super, counter, indexed');
  await call(keyspace.createColumnFamily, keyspace, 'Users', {
    comparator_type: UTF8, default_validation_class: UTF8, key_validation_class: UTF8,
  });
  await call(keyspace.createColumnFamily, keyspace, 'Posts', {
    column_type: 'Super', comparator_type: UTF8, subcomparator_type: UTF8,
    default_validation_class: UTF8, key_validation_class: UTF8,
  });
  await call(keyspace.createColumnFamily, keyspace, 'Hits', {
    comparator_type: UTF8, default_validation_class: 'CounterColumnType', key_validation_class: UTF8,
  });
  await call(keyspace.createColumnFamily, keyspace, 'People', {
    comparator_type: UTF8, default_validation_class: UTF8, key_validation_class: UTF8,
    columns: [
      { name: 'state', validation_class: UTF8, index_type: ttypes.IndexType.KEYS, index_name: 'people_state' },
      { name: 'birth_year', validation_class: 'LongType' },
    ],
  });
  const cfs = await call(keyspace.describe, keyspace);
  check('column families', Object.keys(cfs).sort(), ['Hits', 'People', 'Posts', 'Users']);
  check('Posts is Super', cfs.Posts.isSuper, true);
  check('Hits is a counter CF', cfs.Hits.isCounter, true);
  check('People.state is indexed',
    cfs.People.definition.column_metadata.filter((c) => c.name === 'state').map((c) => c.index_type),
    [ttypes.IndexType.KEYS]);

  step('a pool on the new keyspace');
  const pool = new helenus.ConnectionPool({ hosts, keyspace: ks, timeout: 5000 });
  pool.on('error', (e) => fail('pool error event', describeError(e)));
  const kspace = await call(pool.connect, pool);

  step('insert and get (Standard, UTF8 comparator)');
  const users = await call(kspace.get, kspace, 'Users');
  await call(users.insert, users, 'jsmith', { first: 'John', last: 'Smith', 'été': 'summer' }, { consistency: ONE });
  let row = await call(users.get, users, 'jsmith', { consistency: ONE });
  check('get whole row', rowObject(row), { first: 'John', last: 'Smith', 'été': 'summer' });
  check('columns sorted by UTF8 comparator', row.map((c) => c.name), ['first', 'last', 'été']);
  row = await call(users.get, users, 'jsmith', { columns: ['last'] });
  check('get named columns', rowObject(row), { last: 'Smith' });
  row = await call(users.get, users, 'jsmith', { start: 'f', end: 'l', max: 10 });
  check('slice start..end', row.map((c) => c.name), ['first']);
  row = await call(users.get, users, 'jsmith', { reversed: true, max: 2 });
  check('reversed slice', row.map((c) => c.name), ['été', 'last']);
  check('count', await call(users.count, users, 'jsmith', {}), 3);
  await call(users.remove, users, 'jsmith', 'last');
  row = await call(users.get, users, 'jsmith', {});
  check('after removing one column', row.map((c) => c.name), ['first', 'été']);
  row = await call(users.get, users, 'nobody', {});
  check('get of a missing row is empty', row.count, 0);

  step('batch: one batch_mutate over several rows and CFs');
  const mut = (name, value) => new ttypes.Mutation({
    column_or_supercolumn: new ttypes.ColumnOrSuperColumn({
      column: new ttypes.Column({ name: Buffer.from(name), value: Buffer.from(value), timestamp: Date.now() * 1000 }),
    }),
  });
  const batch = {};
  for (let i = 0; i < 10; i += 1) {
    batch[`user${i}`] = { Users: [mut('n', String(i)), mut('sq', String(i * i))] };
  }
  batch.ann = { People: [mut('name', 'Ann'), mut('state', 'TX')] };
  await call(kspace.connection.execute, kspace.connection, 'batch_mutate', batch, ONE);
  const keys = Object.keys(batch).filter((k) => k !== 'ann');
  const parent = new ttypes.ColumnParent({ column_family: 'Users' });
  const all = new ttypes.SlicePredicate({ slice_range: new ttypes.SliceRange({ start: '', finish: '', count: 100 }) });
  const multi = await call(kspace.connection.execute, kspace.connection, 'multiget_slice', keys, parent, all, ONE);
  check('multiget_slice rows', Object.keys(multi).sort(), keys.sort());
  check('multiget_slice user7', multi.user7.map((c) => [c.column.name.toString(), c.column.value.toString()]),
    [['n', '7'], ['sq', '49']]);
  row = await call(users.get, users, 'user3', {});
  check('helenus get after batch', rowObject(row), { n: '3', sq: '9' });

  step('super columns (through helenus\'s Thrift layer)');
  const posts = await call(kspace.get, kspace, 'Posts');
  const superMut = (sc, cols) => new ttypes.Mutation({
    column_or_supercolumn: new ttypes.ColumnOrSuperColumn({
      super_column: new ttypes.SuperColumn({
        name: Buffer.from(sc),
        columns: Object.entries(cols).map(([n, v]) => new ttypes.Column({
          name: Buffer.from(n), value: Buffer.from(v), timestamp: Date.now() * 1000,
        })),
      }),
    }),
  });
  await call(kspace.connection.execute, kspace.connection, 'batch_mutate', {
    alice: { Posts: [superMut('post1', { title: 'Hello', body: 'first post' }), superMut('post2', { title: 'Again' })] },
  }, ONE);
  const superRow = await call(kspace.connection.execute, kspace.connection, 'get_slice', 'alice',
    new ttypes.ColumnParent({ column_family: 'Posts' }), all, ONE);
  check('get_slice of a super row', superRow.map((c) => [c.super_column.name.toString(),
    c.super_column.columns.map((s) => `${s.name}=${s.value}`)]),
  [['post1', ['body=first post', 'title=Hello']], ['post2', ['title=Again']]]);
  const sub = await call(kspace.connection.execute, kspace.connection, 'get', 'alice',
    new ttypes.ColumnPath({ column_family: 'Posts', super_column: Buffer.from('post1'), column: Buffer.from('title') }), ONE);
  check('get one subcolumn', sub.column.value.toString(), 'Hello');
  // helenus 0.6's remove() builds a ColumnPath with `column`/`subcolumn` fields
  // (a ColumnPath has super_column/column), so on a super CF it sends only
  // column=post1. Cassandra 1.2 refused that with this InvalidRequestException;
  // so must we.
  try {
    await call(posts.remove, posts, 'alice', 'post1', 'body');
    fail('helenus remove on a super CF is refused', 'the server accepted ColumnPath{column=post1} on super CF Posts');
  } catch (e) {
    check('helenus remove on a super CF is refused as Cassandra did', [e.name, e.message],
      ['HelenusInvalidRequestException', 'A column cannot be specified without specifying a super column for removal on super CF Posts']);
  }
  const now = () => Date.now() * 1000;
  await call(kspace.connection.execute, kspace.connection, 'remove', 'alice',
    new ttypes.ColumnPath({ column_family: 'Posts', super_column: Buffer.from('post1'), column: Buffer.from('body') }), now(), ONE);
  const sc = await call(kspace.connection.execute, kspace.connection, 'get_slice', 'alice',
    new ttypes.ColumnParent({ column_family: 'Posts', super_column: Buffer.from('post1') }), all, ONE);
  check('remove of a subcolumn', sc.map((c) => c.column.name.toString()), ['title']);
  await call(kspace.connection.execute, kspace.connection, 'remove', 'alice',
    new ttypes.ColumnPath({ column_family: 'Posts', super_column: Buffer.from('post2') }), now(), ONE);
  const left = await call(kspace.connection.execute, kspace.connection, 'get_slice', 'alice',
    new ttypes.ColumnParent({ column_family: 'Posts' }), all, ONE);
  check('remove of a super column', left.map((c) => c.super_column.name.toString()), ['post1']);

  step('counters: incr and read');
  const hits = await call(kspace.get, kspace, 'Hits');
  await call(hits.incr, hits, 'page1', { views: 1 });
  // Increments only: helenus-thrift 0.7.4 cannot encode a negative i64 (its
  // BinaryParser.encodeInt never terminates for one; Node 20 aborts with
  // "invalid size error"), so helenus cannot decrement a counter at all.
  await call(hits.incr, hits, 'page1', { views: 41, likes: 3 });
  row = await call(hits.get, hits, 'page1', {});
  check('counter values', row.map((c) => [c.name, Number(c.value)]), [['likes', 3], ['views', 42]]);
  await call(hits.incr, hits, 'page2', { views: 7 });
  const many = await call(kspace.connection.execute, kspace.connection, 'multiget_slice', ['page1', 'page2'],
    new ttypes.ColumnParent({ column_family: 'Hits' }), all, ONE);
  check('multiget_slice of counters', Object.keys(many).sort().map((k) => [k,
    many[k].map((c) => `${c.counter_column.name}=${Number(c.counter_column.value)}`)]),
  [['page1', ['likes=3', 'views=42']], ['page2', ['views=7']]]);

  step('TTL: insert with ttl=1, read it back, wait 2 s, see it gone');
  // Cassandra expires at whole seconds (write second + ttl), so a ttl=1 column
  // written late in a second may be gone a millisecond later: write just after
  // a second begins, then read at once.
  await sleep(1010 - (Date.now() % 1000));
  await call(users.insert, users, 'ephemeral', { short: 'lived' }, { ttl: 1 });
  await call(users.insert, users, 'ephemeral', { long: 'lived' });
  await call(users.insert, users, 'ephemeral', { minute: 'lived' }, { ttl: 60 });
  row = await call(users.get, users, 'ephemeral', {});
  check('ttl column visible at once', rowObject(row), { long: 'lived', minute: 'lived', short: 'lived' });
  check('ttl reported', row.get('short').ttl, 1);
  await sleep(2200);
  row = await call(users.get, users, 'ephemeral', {});
  check('ttl=1 column gone after 2 s, ttl=60 kept', rowObject(row), { long: 'lived', minute: 'lived' });

  step('indexed query (getIndexed on People.state)');
  const people = await call(kspace.get, kspace, 'People');
  await call(people.insert, people, 'p1', { name: 'Bea', state: 'TX', birth_year: 1980 });
  await call(people.insert, people, 'p2', { name: 'Bob', state: 'CA', birth_year: 1975 });
  await call(people.insert, people, 'p3', { name: 'Cid', state: 'TX', birth_year: 1990 });
  row = await call(people.get, people, 'p1', { columns: ['birth_year'] });
  check('LongType column reads back as a number', Number(row.get('birth_year').value), 1980);
  let rows = await call(people.getIndexed, people, { fields: [{ column: 'state', operator: 'EQ', value: 'TX' }] }, {});
  check('state == TX', rows.map((r) => r.key).sort(), ['ann', 'p1', 'p3']);
  const p3 = rows.find((r) => r.key === 'p3');
  check('indexed row columns', p3 && [p3.get('name').value, p3.get('state').value, Number(p3.get('birth_year').value)],
    ['Cid', 'TX', 1990]);
  rows = await call(people.getIndexed, people, {
    fields: [{ column: 'state', operator: 'EQ', value: 'TX' }, { column: 'birth_year', operator: 'GT', value: 1985 }],
  }, { columns: ['name'] });
  check('state == TX and birth_year > 1985', rows.map((r) => [r.key, rowObject(r)]), [['p3', { name: 'Cid' }]]);

  step('truncate, drop column family and keyspace');
  await call(users.truncate, users);
  row = await call(users.get, users, 'user3', {});
  check('truncate emptied Users', row.count, 0);
  await call(keyspace.dropColumnFamily, keyspace, 'Hits');
  const after = await call(keyspace.describe, keyspace);
  check('CF dropped', Object.keys(after).sort(), ['People', 'Posts', 'Users']);
  pool.close();
  await call(admin.dropKeyspace, admin, ks);
  let gone = false;
  try {
    await call(admin.use, admin, ks);
  } catch (e) {
    gone = true;
  }
  check('keyspace dropped (use fails)', gone, true);
  admin.close();
}

run(main);
