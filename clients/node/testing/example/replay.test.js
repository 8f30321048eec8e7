// A capture as a test: the helper replays a capture file against its server and fails on any
// reply that differs. The capture is the BloggyAppy examples' traffic recorded in front of a
// real Cassandra 1.2.9 (tests/data/capture/real-1.2.9.capture of the repository, copied beside
// this file by scripts/run-testing-helper.sh).
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { Supercolumn, SupercolumnError } = require('supercolumn-testing');

const CAPTURE = path.join(__dirname, 'real-1.2.9.capture');

test('the captured release answers every call as captured', async () => {
  const sc = await Supercolumn.start({ release: '1.2.9' });
  try {
    const report = await sc.assertReplays(CAPTURE);
    assert.ok(report.calls > 0);
    assert.equal(report.identical, report.calls);
  } finally {
    await sc.stop();
  }
});

test('a server answering otherwise fails the assertion, naming the call', async () => {
  // The default emulation lists its own system keyspaces, which 1.2.9 did not have.
  const sc = await Supercolumn.start();
  try {
    await assert.rejects(sc.assertReplays(CAPTURE), (e) => {
      assert.ok(e instanceof assert.AssertionError);
      assert.match(e.message, /describe_keyspaces/);
      return true;
    });
    const report = await sc.replay(CAPTURE);
    assert.ok(report.different > 0 && report.different < report.calls);
  } finally {
    await sc.stop();
  }
});

test('a file that is no capture is an error, not a difference', async () => {
  const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'capture-')), 'bad.capture');
  fs.writeFileSync(bad, 'not json\n');
  const sc = await Supercolumn.start();
  try {
    await assert.rejects(sc.replay(bad), (e) => {
      assert.ok(e instanceof SupercolumnError);
      assert.match(e.message, /not a capture file/);
      return true;
    });
  } finally {
    await sc.stop();
    fs.rmSync(path.dirname(bad), { recursive: true, force: true });
  }
});
