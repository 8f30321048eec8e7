package bloggy;

import org.apache.cassandra.thrift.Cassandra;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.layered.TFramedTransport;

/** One framed Thrift connection in a keyspace, as the application's DAOs open it. */
final class Connection implements AutoCloseable {
    private final TTransport transport;
    final Cassandra.Client client;

    Connection(String host, int port, String keyspace) throws TException {
        transport = new TFramedTransport(new TSocket(host, port));
        transport.open();
        client = new Cassandra.Client(new TBinaryProtocol(transport));
        try {
            client.set_keyspace(keyspace);
        } catch (TException e) {
            transport.close();
            throw e;
        }
    }

    @Override
    public void close() {
        transport.close();
    }
}
