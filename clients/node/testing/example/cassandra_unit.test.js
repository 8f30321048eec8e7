// cassandra-unit's defaults (`cassandraUnit: true`): the server listens where cassandra-unit's
// embedded one did, so a client hard-coded to localhost:9171 reaches it; a second server on
// those ports fails, saying which port is taken. scripts/run-testing-helper.sh runs this while no
// other suite holds the fixed ports (hold_fixed_ports in scripts/env.sh).
'use strict';

const assert = require('node:assert/strict');
const { after, before, test } = require('node:test');
const { Supercolumn } = require('supercolumn-testing');
const { connectClient } = require('./bloggy_app');

let sc;
before(async () => {
  sc = await Supercolumn.start({ cassandraUnit: true });
});
after(async () => {
  await sc.stop();
});

test("listens on cassandra-unit's ports", async () => {
  assert.deepEqual([sc.port, sc.nativePort], [9171, 9142]);
  const c = await connectClient('localhost', 9171);
  try {
    assert.equal(await c.client.describe_cluster_name(), 'Test Cluster');
    assert.equal(await c.client.describe_partitioner(), 'org.apache.cassandra.dht.Murmur3Partitioner');
  } finally {
    c.connection.end();
  }
});

test('a taken port fails the start clearly', async () => {
  await assert.rejects(Supercolumn.start({ cassandraUnit: true }),
    /Failed to bind port 9171 on 127\.0\.0\.1: address already in use/);
});
