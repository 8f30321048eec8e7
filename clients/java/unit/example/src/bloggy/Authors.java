package bloggy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.cassandra.thrift.Cassandra;
import org.apache.cassandra.thrift.Column;
import org.apache.cassandra.thrift.ColumnOrSuperColumn;
import org.apache.cassandra.thrift.ColumnParent;
import org.apache.cassandra.thrift.ConsistencyLevel;
import org.apache.cassandra.thrift.KeyRange;
import org.apache.cassandra.thrift.KeySlice;
import org.apache.cassandra.thrift.SlicePredicate;
import org.apache.cassandra.thrift.SliceRange;
import org.apache.cassandra.thrift.TimedOutException;
import org.apache.thrift.TException;

/**
 * The part of a BloggyAppy application its tests check: the authors' profiles in column family
 * Authors, read at QUORUM and retried on a time-out (a TimedOutException says the replicas were
 * late, not that the data is gone), over the generated API 19.x client, framed.
 */
public final class Authors implements AutoCloseable {
    static final int ATTEMPTS = 3;
    private static final ColumnParent AUTHORS = new ColumnParent("Authors");
    private final Connection connection;
    private final Cassandra.Client client;

    public Authors(String host, int port, String keyspace) throws TException {
        connection = new Connection(host, port, keyspace);
        client = connection.client;
    }

    private static ByteBuffer utf8(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static SlicePredicate everything() {
        return new SlicePredicate().setSlice_range(new SliceRange(utf8(""), utf8(""), false, 100));
    }

    /** The author's profile, field by field; retried up to ATTEMPTS times on a time-out. */
    public Map<String, String> profile(String name) throws TException {
        for (int attempt = 1; ; attempt++) {
            try {
                Map<String, String> fields = new TreeMap<>();
                for (ColumnOrSuperColumn c : client.get_slice(utf8(name), AUTHORS, everything(), ConsistencyLevel.QUORUM)) {
                    fields.put(str(c.column.getName()), str(c.column.getValue()));
                }
                return fields;
            } catch (TimedOutException e) {
                if (attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    public void setField(String name, String field, String value) throws TException {
        Column c = new Column(utf8(field)).setValue(utf8(value)).setTimestamp(System.currentTimeMillis() * 1000);
        client.insert(utf8(name), AUTHORS, c, ConsistencyLevel.QUORUM);
    }

    /** Every author with at least one field, in the server's order. */
    public List<String> names() throws TException {
        List<String> names = new ArrayList<>();
        KeyRange all = new KeyRange(1000).setStart_key(new byte[0]).setEnd_key(new byte[0]);
        for (KeySlice s : client.get_range_slices(AUTHORS, everything(), all, ConsistencyLevel.ONE)) {
            if (!s.getColumns().isEmpty()) {
                names.add(str(s.getKey()));
            }
        }
        return names;
    }

    @Override
    public void close() {
        connection.close();
    }
}
