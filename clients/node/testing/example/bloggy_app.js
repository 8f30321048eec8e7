// The part of a BloggyAppy application that bloggy_app.test.js tests: reading an author's
// profile at QUORUM, and retrying a read that timed out (as Cassandra clients of the Thrift era
// did: a TimedOutException means the replicas did not answer in time, not that the data is
// gone). Over the generated cassandra19 client (the supercolumn-cassandra19 package) and npm's
// `thrift` runtime, framed.
'use strict';

const thrift = require('thrift');
const Cassandra = require('supercolumn-cassandra19');
const {
  Column, ColumnParent, ConsistencyLevel, InvalidRequestException, SlicePredicate, SliceRange, TimedOutException,
} = require('supercolumn-cassandra19/cassandra_types');

const READ_CL = ConsistencyLevel.QUORUM;
const ATTEMPTS = 3;

// A framed connection and its Cassandra client, once connected.
async function connectClient(host, port) {
  const connection = thrift.createConnection(host, port, {
    transport: thrift.TFramedTransport,
    protocol: thrift.TBinaryProtocol,
    connect_timeout: 10000,
    max_attempts: 1,
  });
  await new Promise((resolve, reject) => {
    connection.once('connect', resolve);
    connection.once('error', reject);
  });
  return { connection, client: thrift.createClient(Cassandra, connection) };
}

class Blog {
  static async connect(host, port, keyspace = 'BloggyAppy') {
    const { connection, client } = await connectClient(host, port);
    try {
      await client.set_keyspace(keyspace);
    } catch (e) {
      connection.end();
      throw e;
    }
    return new Blog(connection, client);
  }

  constructor(connection, client) {
    this.connection = connection;
    this.client = client;
  }

  close() {
    this.connection.end();
  }

  // The author's profile as an object; retried up to ATTEMPTS times on a time-out.
  async author(name) {
    const predicate = new SlicePredicate({
      slice_range: new SliceRange({ start: '', finish: '', reversed: false, count: 100 }),
    });
    for (let attempt = 1; ; attempt++) {
      try {
        const cols = await this.client.get_slice(name, new ColumnParent({ column_family: 'Authors' }), predicate, READ_CL);
        return Object.fromEntries(cols.map((c) => [c.column.name.toString(), c.column.value.toString()]));
      } catch (e) {
        if (!(e instanceof TimedOutException) || attempt === ATTEMPTS) throw e;
      }
    }
  }

  // Adds or changes one field of an author's profile.
  async setAuthorField(name, field, value) {
    const column = new Column({ name: field, value, timestamp: Date.now() * 1000 });
    await this.client.insert(name, new ColumnParent({ column_family: 'Authors' }), column, ConsistencyLevel.ONE);
  }
}

module.exports = { Blog, connectClient, TimedOutException, InvalidRequestException };
