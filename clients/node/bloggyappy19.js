#!/usr/bin/env node
// BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the Node.js port of
// clients/python/examples/bloggyappy.py, over API 19.x (Cassandra 0.7 to 2.x) through the
// generated clients/node/cassandra19 and npm's `thrift` runtime (pinned in package.json).
//
// It writes authors, posts (with their TaggedPosts index entries, __notag__ included) and
// comments (one super column each, written with batch_mutate), reads them back the ways the
// article describes (latest posts newest first, posts by tag, a post's comments in order, an
// author's profile), and exits 1 if any read differs from what was written, 2 if the server
// cannot be reached or refuses a call. Row keys carry a run id, so runs can repeat on one server.
//
// usage: node bloggyappy19.js [--host H] [--port P] [--framed] [--keyspace BloggyAppy]
'use strict';

const assert = require('assert');
const crypto = require('crypto');
const thrift = require('thrift');
const Cassandra = require('./cassandra19/Cassandra');
const {
  Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel, Mutation,
  NotFoundException, SlicePredicate, SliceRange, SuperColumn,
} = require('./cassandra19/cassandra_types');

const NOTAG = '__notag__';
const CL = ConsistencyLevel.ONE;
// 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
const UUID_EPOCH_OFFSET = 0x01B21DD213814000n;

// A version-1 UUID (a 16-byte Buffer) for the instant; `seq` keeps UUIDs of one instant distinct.
function timeUuid(unixMicros, seq) {
  const ticks = BigInt(unixMicros) * 10n + UUID_EPOCH_OFFSET + BigInt(seq);
  const clockSeq = 0x1234;
  const b = Buffer.alloc(16);
  b.writeUInt32BE(Number(ticks & 0xFFFFFFFFn), 0);
  b.writeUInt16BE(Number((ticks >> 32n) & 0xFFFFn), 4);
  b.writeUInt16BE(Number((ticks >> 48n) & 0x0FFFn) | 0x1000, 6);
  b.writeUInt8(((clockSeq >> 8) & 0x3F) | 0x80, 8);
  b.writeUInt8(clockSeq & 0xFF, 9);
  b.writeUIntBE(0x0123456789AB, 10, 6); // node: its first byte has the multicast bit, not a real MAC
  return b;
}

function uuidString(b) {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}


const fullRow = (count = 1000, reversed = false) =>
  new SlicePredicate({ slice_range: new SliceRange({ start: '', finish: '', reversed, count }) });
const column = (name, value, ts) => new Column({ name: Buffer.from(name), value: Buffer.from(value), timestamp: ts });
const mutation = (cosc) => new Mutation({ column_or_supercolumn: new ColumnOrSuperColumn(cosc) });
const parent = (cf) => new ColumnParent({ column_family: cf });
const fields = (cols) => Object.fromEntries(cols.map((c) => [c.column.name.toString(), c.column.value.toString()]));

// The blog's data access over API 19.x; every call returns a promise (the runtime's Q promises).
class Blog {
  constructor(client) {
    this.c = client;
  }

  async saveAuthor(name, profile, ts) {
    for (const [field, value] of Object.entries(profile)) {
      await this.c.insert(Buffer.from(name), parent('Authors'), column(field, value, ts), CL);
    }
  }

  // The BlogEntries row and one TaggedPosts column per tag plus __notag__, in one batch_mutate.
  async publish(post, when, ts) {
    const entry = Object.entries(post).map(([k, v]) => mutation({ column: column(k, v, ts) }));
    const index = [mutation({ column: new Column({ name: when, value: Buffer.from(post.slug), timestamp: ts }) })];
    const mutations = { [post.slug]: { BlogEntries: entry } };
    for (const tag of [...post.tags.split(','), NOTAG]) {
      mutations[tag] = { ...(mutations[tag] || {}), TaggedPosts: index };
    }
    await this.c.batch_mutate(mutations, CL);
  }

  async comment(slug, when, commentFields, ts) {
    const sub = Object.entries(commentFields).map(([k, v]) => column(k, v, ts));
    const sc = new SuperColumn({ name: when, columns: sub });
    await this.c.batch_mutate({ [slug]: { Comments: [mutation({ super_column: sc })] } }, CL);
  }

  async author(name) {
    return fields(await this.c.get_slice(Buffer.from(name), parent('Authors'), fullRow(), CL));
  }

  // One profile field, or null when the server answers NotFoundException.
  async authorField(name, field) {
    const path = new ColumnPath({ column_family: 'Authors', column: Buffer.from(field) });
    try {
      return (await this.c.get(Buffer.from(name), path, CL)).column.value.toString();
    } catch (e) {
      if (e instanceof NotFoundException) return null;
      throw e;
    }
  }

  // [[TimeUUID Buffer, slug], ...] of the newest `count` posts with the tag, newest first.
  async latest(tag, count) {
    const cols = await this.c.get_slice(Buffer.from(tag), parent('TaggedPosts'), fullRow(count, true), CL);
    return cols.map((c) => [c.column.name, c.column.value.toString()]);
  }

  async posts(slugs) {
    const rows = await this.c.multiget_slice(slugs.map((s) => Buffer.from(s)), parent('BlogEntries'), fullRow(), CL);
    return Object.fromEntries(Object.entries(rows).map(([k, cols]) => [k, fields(cols)]));
  }

  // [[TimeUUID Buffer, {field: value}], ...] oldest first.
  async comments(slug) {
    const cols = await this.c.get_slice(Buffer.from(slug), parent('Comments'), fullRow(), CL);
    return cols.map((c) => [c.super_column.name,
      Object.fromEntries(c.super_column.columns.map((s) => [s.name.toString(), s.value.toString()]))]);
  }

  async commentFieldNames(slug, when) {
    const path = new ColumnPath({ column_family: 'Comments', super_column: when });
    return (await this.c.get(Buffer.from(slug), path, CL)).super_column.columns.map((s) => s.name.toString());
  }

  async commentCount(slug) {
    return this.c.get_count(Buffer.from(slug), parent('Comments'), fullRow(2 ** 31 - 1), CL);
  }
}

async function run(blog, client, runId) {
  const failures = [];
  const same = (what, got, want) => {
    try {
      assert.deepStrictEqual(got, want);
    } catch (e) {
      failures.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
      console.log(`  MISMATCH ${what}`);
    }
  };
  const ts = Date.now() * 1000;
  // Publication instants are t0 + n milliseconds: the posts have a known order, and they are
  // newer than every post of an earlier run against the same server (a run takes longer than
  // a few milliseconds), so the front page's 10 newest hold this run's three.
  const t0 = ts;
  const t0s = Math.floor(t0 / 1e6);

  const arin = `Arin Sarkissian ${runId}`;
  const ian = `Ian Eure ${runId}`;
  const authors = {
    [arin]: { numPosts: '2', twitter: 'phatduckk', email: 'arin@example.com', bio: 'bla bla bla' },
    [ian]: { numPosts: '1', twitter: 'ieure', email: 'ieure@example.com', bio: 'digg engineer' },
  };
  const posts = [
    { slug: `i-got-a-new-guitar-${runId}`, title: 'This is a blog entry about my new, awesome guitar',
      body: 'this is a cool entry. etc etc yada yada', author: arin, tags: 'life,guitar,music' },
    { slug: `another-cool-guitar-${runId}`, title: 'Another cool guitar',
      body: 'I could not stop at one.', author: arin, tags: 'guitar' },
    { slug: `scream-is-the-best-movie-ever-${runId}`, title: 'Scream is the best movie ever',
      body: 'Do you like scary movies?', author: ian, tags: 'movie,horror' },
  ];
  const comments = [
    [posts[2].slug, [
      { commenter: 'Joe Blow', email: 'joeb@example.com', comment: 'the godfather is the best movie ever' },
      { commenter: 'Some Dude', email: 'sd@example.com', comment: 'be nice Joe Blow this isnt youtube' },
      { commenter: 'Joe Blow', email: 'joeb@example.com', comment: 'fine. scream is ok.' }]],
    [posts[0].slug, [
      { commenter: 'Johnny Guitar', email: 'guitardude@example.com', comment: 'nice axe dawg...' }]],
  ];
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

  console.log(`run ${runId}: writing 2 authors, 3 posts, 4 comments`);
  for (const [name, profile] of Object.entries(authors)) await blog.saveAuthor(name, profile, ts);
  const published = []; // [TimeUUID, slug], oldest first
  for (const [i, post] of posts.entries()) {
    post.pubDate = String(t0s + i);
    const when = timeUuid(t0 + i * 1000, i);
    await blog.publish(post, when, ts);
    published.push([when, post.slug]);
  }
  const written = []; // [slug, [[TimeUUID, fields], ...]]
  for (const [slug, items] of comments) {
    const list = [];
    for (const [i, item] of items.entries()) {
      const f = sorted({ ...item, commentTime: String(t0s + 10 + i) });
      const when = timeUuid(t0 + (10 + i) * 1000, i);
      await blog.comment(slug, when, f, ts);
      list.push([when, f]);
    }
    written.push([slug, list]);
  }
  console.log(`server speaks API ${await client.describe_version()}`);

  // 1. The front page: the 10 newest posts of any tag, newest first; only this run's posts
  //    (their slugs end with the run id) are checked.
  console.log("\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):");
  let latest = await blog.latest(NOTAG, 10);
  for (const [when, slug] of latest) console.log(`  ${uuidString(when)}  ${slug}`);
  latest = latest.filter(([, slug]) => slug.endsWith(runId));
  same('latest posts', latest, [...published].reverse());
  const bodies = await blog.posts(latest.map(([, slug]) => slug));
  for (const [, slug] of latest) {
    const p = bodies[slug] || {};
    console.log(`  -> '${p.title}' by '${p.author}', tags '${p.tags}'`);
  }
  for (const post of posts) same(`BlogEntries[${post.slug}]`, sorted(bodies[post.slug] || {}), sorted(post));

  // 2. Posts for one tag, newest first.
  for (const tag of ['guitar', 'movie']) {
    const want = published.filter((_, i) => posts[i].tags.split(',').includes(tag)).reverse();
    const got = (await blog.latest(tag, 10)).filter(([, slug]) => slug.endsWith(runId));
    console.log(`\nposts tagged '${tag}':`);
    for (const [when, slug] of got) console.log(`  ${uuidString(when)}  ${slug}`);
    same(`posts tagged ${tag}`, got, want);
  }

  // 3. A post's comments, oldest first, each a super column.
  for (const [slug, want] of written) {
    const got = await blog.comments(slug);
    const count = await blog.commentCount(slug);
    console.log(`\ncomments on ${slug} (${count}):`);
    for (const [when, c] of got) console.log(`  ${uuidString(when)}  ${c.commenter} <${c.email}>: ${c.comment}`);
    same(`comments on ${slug}`, got, want);
    same(`comment count on ${slug}`, count, want.length);
    // Sub-columns come back sorted by name (BytesType).
    same(`sub-column order of first comment on ${slug}`, await blog.commentFieldNames(slug, want[0][0]),
      Object.keys(want[0][1]));
  }

  // 4. An author's profile, and a single field of it.
  for (const [name, profile] of Object.entries(authors)) {
    const got = await blog.author(name);
    console.log(`\nauthor ${name}: ${JSON.stringify(got)}`);
    same(`Authors[${name}]`, sorted(got), sorted(profile));
    same(`Authors[${name}].email`, await blog.authorField(name, 'email'), profile.email);
  }

  // 5. Absent data is reported as absent.
  same('get of a missing author', await blog.authorField(`Nobody ${runId}`, 'email'), null);
  same('comments on a post without comments', await blog.comments(posts[1].slug), []);
  return failures;
}

function options(argv) {
  const o = { host: '127.0.0.1', port: 9160, framed: false, keyspace: 'BloggyAppy' };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--host': o.host = argv[++i]; break;
      case '--port': o.port = Number(argv[++i]); break;
      case '--framed': o.framed = true; break;
      case '--keyspace': o.keyspace = argv[++i]; break;
      default:
        console.error(`unknown argument ${argv[i]} (usage: [--host H] [--port P] [--framed] [--keyspace K])`);
        process.exit(2);
    }
  }
  return o;
}

async function main() {
  const o = options(process.argv.slice(2));
  const connection = thrift.createConnection(o.host, o.port, {
    transport: o.framed ? thrift.TFramedTransport : thrift.TBufferedTransport,
    protocol: thrift.TBinaryProtocol,
    connect_timeout: 10000,
    timeout: 10000,
    max_attempts: 1,
  });
  // The runtime reports a lost or refused connection as an event, not through the call.
  const lost = new Promise((_, reject) => {
    connection.on('error', (e) => reject(Object.assign(e, { connecting: !connection.connected })));
    connection.on('timeout', () => reject(new Error('timed out')));
  });
  const client = thrift.createClient(Cassandra, connection);
  try {
    await Promise.race([new Promise((resolve) => connection.on('connect', resolve)), lost]);
  } catch (e) {
    console.error(`cannot connect to ${o.host}:${o.port}: ${e.message}`);
    return 2;
  }
  let failures;
  try {
    failures = await Promise.race([(async () => {
      await client.set_keyspace(o.keyspace);
      return run(new Blog(client), client, crypto.randomBytes(4).toString('hex'));
    })(), lost]);
  } catch (e) {
    console.error(`\ncall failed: ${e.name || e.constructor.name}: ${e.why || e.message}`);
    return 2;
  } finally {
    connection.end();
  }
  if (failures.length) {
    console.error(`\nFAILED: ${failures.length} read(s) differ from what was written:`);
    for (const f of failures) console.error(`  ${f}`);
    return 1;
  }
  console.log('\nOK: every read returned what was written');
  return 0;
}

main().then((status) => { process.exitCode = status; });
