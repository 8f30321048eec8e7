// Shared helpers for the old Node.js client flows (helenus_flow.js,
// cassandra_client_flow.js): printing steps, checking reads, promisifying
// callback APIs. Owns no client logic and never talks to a server itself.
'use strict';

const assert = require('assert');

const failures = [];
const skipped = [];
let prefix = 'flow';

function setPrefix(p) {
  prefix = p;
}

function step(msg) {
  console.log(`${prefix}: ${msg}`);
}

function show(v) {
  return JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

function check(what, got, want) {
  try {
    assert.deepStrictEqual(got, want);
    console.log(`  ok   ${what}`);
  } catch (e) {
    console.log(`  FAIL ${what}: got ${show(got)}, want ${show(want)}`);
    failures.push(what);
  }
}

function fail(what, detail) {
  console.log(`  FAIL ${what}: ${detail}`);
  failures.push(what);
}

function skip(what, why) {
  console.log(`  skip ${what}: ${why}`);
  skipped.push(what);
}

// Calls fn(...args, cb) and resolves with the callback's result.
function call(fn, self, ...args) {
  return new Promise((resolve, reject) => {
    fn.call(self, ...args, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function describeError(e) {
  if (!e) return String(e);
  const why = e.why !== undefined ? ` why=${show(e.why)}` : '';
  return `${e.name || e.constructor.name}${why}${e.message && !why ? ` message=${show(e.message)}` : ''}`;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function uniqueKeyspace(client) {
  return `${client}_flow_${Date.now()}_${Math.floor(Math.random() * 100000)}`;
}

// Runs main(server) and exits 0 only if it returned and every check passed.
function run(main) {
  const server = process.argv[2];
  if (!server || !/^[^:]+:\d+$/.test(server)) {
    console.error('usage: node FLOW.js HOST:PORT');
    process.exit(2);
  }
  const [host, port] = server.split(':');
  const guard = setTimeout(() => {
    console.log(`${prefix}: FAILED: the flow did not finish within 120 s`);
    process.exit(1);
  }, 120000);
  main(host, Number(port))
    .then(() => {
      clearTimeout(guard);
      if (skipped.length) console.log(`${prefix}: ${skipped.length} step(s) skipped: ${skipped.join(', ')}`);
      if (failures.length) {
        console.log(`${prefix}: ${failures.length} check(s) failed: ${failures.join(', ')}`);
        process.exit(1);
      }
      console.log(`${prefix}: all checks passed`);
      process.exit(0);
    })
    .catch((e) => {
      clearTimeout(guard);
      console.log(e && e.stack ? e.stack : e);
      console.log(`${prefix}: FAILED with an exception: ${describeError(e)}`);
      process.exit(1);
    });
}

module.exports = { setPrefix, step, check, fail, skip, call, describeError, sleep, uniqueKeyspace, run, failures };
