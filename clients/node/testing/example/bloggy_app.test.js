// An example test suite for bloggy_app.js with the supercolumn-testing helper and node:test
// (`node --test`): one throwaway server for the file with the BloggyAppy dataset loaded, and
// the faults, the record of calls and the data reset before each test.
//
// The application brings its generated Thrift client (the supercolumn-cassandra19 package) and
// npm's `thrift`; the helper is a package it installs (`npm install supercolumn-testing-V.tgz`,
// built by scripts/package.sh), the server binary inside it. The test command runs this suite
// the way an application would: copied into a directory outside the repository, the packages
// installed there, no supercolumn on the PATH.
'use strict';

const assert = require('node:assert/strict');
const path = require('node:path');
const { after, before, beforeEach, afterEach, test } = require('node:test');
const { Supercolumn } = require('supercolumn-testing');
const { Blog, InvalidRequestException, TimedOutException } = require('./bloggy_app');

const AUTHOR = 'Arin Sarkissian';
let sc;
let blog;

before(async () => {
  sc = await Supercolumn.start({ datasets: [path.join(__dirname, 'bloggy_authors.json')] });
});
after(() => sc.stop());
beforeEach(async () => {
  await sc.clean();
  blog = await Blog.connect(sc.host, sc.port);
});
afterEach(() => blog.close());

test("the server is the package's own binary", () => {
  if (process.env.SUPERCOLUMN_BIN) return; // named by the caller instead
  const dir = path.dirname(require.resolve('supercolumn-testing'));
  assert.equal(sc.binary, path.join(dir, 'bin', 'supercolumn'));
});

test('reads the dataset at QUORUM', async () => {
  assert.equal((await blog.author(AUTHOR)).email, 'arin@example.com');
  const calls = await sc.activity({ method: 'get_slice' });
  assert.deepEqual(calls.map((c) => c.consistency_level), ['QUORUM']);
  assert.equal(calls[0].keyspace, 'BloggyAppy');
  assert.equal(calls[0].column_family, 'Authors');
  assert.deepEqual(calls[0].keys, [AUTHOR]);
});

test('retries a timed-out read', async () => {
  const rule = await sc.addFault({ method: 'get_slice', column_family: 'Authors', times: 2, error: 'timed_out' });
  assert.equal((await blog.author(AUTHOR)).bio, 'some bio');
  const calls = await sc.activity({ method: 'get_slice' });
  assert.deepEqual(calls.map((c) => c.outcome), ['TimedOutException', 'TimedOutException', 'ok']);
  assert.deepEqual(calls.map((c) => c.fault), [rule, rule, null]);
  assert.deepEqual((await sc.faults()).filter((f) => f.id === rule).map((f) => f.hits), [2]);
});

test('gives up after three time-outs', async () => {
  await sc.addFault({ method: 'get_slice', error: 'timed_out' });
  await assert.rejects(blog.author(AUTHOR), TimedOutException);
  assert.equal((await sc.activity({ method: 'get_slice' })).length, 3);
});

test('each test starts from the dataset', async () => {
  // A write here is gone in the next test: beforeEach resets.
  await blog.setAuthorField(AUTHOR, 'email', 'new@example.com');
  assert.equal((await blog.author(AUTHOR)).email, 'new@example.com');
  assert.equal((await sc.reset()).ok, true);
  assert.equal((await blog.author(AUTHOR)).email, 'arin@example.com');
});

test('a dataset loaded into the running server, gone after a reset', async () => {
  await sc.loadDatasets(path.join(__dirname, 'bloggy_guest_authors.yaml'));
  const guests = await Blog.connect(sc.host, sc.port, 'BloggyGuests');
  try {
    assert.equal((await guests.author('Guest Author')).email, 'guest@example.com');
  } finally {
    guests.close();
  }
  // A reset returns to the datasets given at start: keyspaces created since are dropped.
  await sc.reset();
  await assert.rejects(Blog.connect(sc.host, sc.port, 'BloggyGuests'), InvalidRequestException);
  assert.equal((await blog.author(AUTHOR)).email, 'arin@example.com');
});
