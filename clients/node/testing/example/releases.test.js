// An example of one suite run against several Cassandra releases in one `node --test` run: a
// server per release (the helper's `release` option, `serve --cassandra-version`), each with
// its own `describe` block. `releases(fallback)` takes $SUPERCOLUMN_RELEASES
// (e.g. "0.7.10,1.2.9,2.2.19") when it is set. An application that picks its calls by the API
// version the cluster reports checks here that each release answers as it did.
'use strict';

const assert = require('node:assert/strict');
const { after, before, describe, test } = require('node:test');
const thrift = require('thrift');
const { Supercolumn, releases } = require('supercolumn-testing');
const { connectClient } = require('./bloggy_app');

// What each release's describe_version answered (docs/compatibility.md, the releases table).
const API_VERSION = {
  '0.7.10': '19.4.0',
  '0.8.10': '19.16.0',
  '1.0.12': '19.20.0',
  '1.1.12': '19.33.0',
  '1.2.9': '19.36.0',
  '2.0.17': '19.39.0',
  '2.1.22': '19.39.0',
  '2.2.19': '20.1.0',
  '3.0.24': '20.1.0',
  '3.11.10': '20.1.0',
};
const BEFORE_1_1 = ['0.7.10', '0.8.10', '1.0.12'];

for (const release of releases(['0.7.10', '1.2.9', '2.2.19', '3.11.10'])) {
  describe(`Cassandra ${release}`, () => {
    let sc;
    let c;
    before(async () => {
      sc = await Supercolumn.start({ release });
      c = await connectClient(sc.host, sc.port);
    });
    after(async () => {
      c.connection.end();
      await sc.stop();
    });

    test('describe_version is the release\'s', async () => {
      assert.equal(sc.release, release);
      assert.equal(await c.client.describe_version(), API_VERSION[release]);
    });

    test('describe_token_map came with 1.1', async () => {
      if (BEFORE_1_1.includes(release)) {
        // A method the release lacked: its answer to any unknown name.
        await assert.rejects(c.client.describe_token_map(), (e) => {
          assert.equal(e.type, thrift.Thrift.TApplicationExceptionType.UNKNOWN_METHOD);
          return true;
        });
        assert.equal(await c.client.describe_version(), API_VERSION[release]); // the connection goes on
      } else {
        assert.ok(Object.keys(await c.client.describe_token_map()).length > 0);
      }
    });
  });
}
