package bloggy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.cassandra.thrift.Cassandra;
import org.apache.cassandra.thrift.Column;
import org.apache.cassandra.thrift.Compression;
import org.apache.cassandra.thrift.ConsistencyLevel;
import org.apache.cassandra.thrift.CqlResult;
import org.apache.cassandra.thrift.CqlRow;
import org.apache.thrift.TException;

/**
 * The blog's posts as a CQL 3 table, read and written the way 1.2 applications on Thrift did it:
 * {@code execute_cql3_query} with the values written into the statement.
 */
public final class Posts implements AutoCloseable {
    private final Connection connection;
    private final Cassandra.Client client;

    public Posts(String host, int port, String keyspace) throws TException {
        connection = new Connection(host, port, keyspace);
        client = connection.client;
    }

    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private CqlResult cql(String statement) throws TException {
        ByteBuffer q = ByteBuffer.wrap(statement.getBytes(StandardCharsets.UTF_8));
        return client.execute_cql3_query(q, Compression.NONE, ConsistencyLevel.QUORUM);
    }

    private static List<String> column(CqlResult r, String name) {
        List<String> values = new ArrayList<>();
        for (CqlRow row : r.getRows()) {
            for (Column c : row.getColumns()) {
                if (name.equals(new String(c.getName(), StandardCharsets.UTF_8)) && c.getValue() != null) {
                    values.add(new String(c.getValue(), StandardCharsets.UTF_8));
                }
            }
        }
        return values;
    }

    /** The post's title, or null if there is no such post. */
    public String title(String id) throws TException {
        List<String> t = column(cql("SELECT title FROM posts WHERE id = " + literal(id)), "title");
        return t.isEmpty() ? null : t.get(0);
    }

    public void publish(String id, String author, String title) throws TException {
        cql("INSERT INTO posts (id, author, title) VALUES (" + literal(id) + ", " + literal(author) + ", "
                + literal(title) + ")");
    }

    /** The ids of an author's posts (through the table's index on author). */
    public List<String> byAuthor(String author) throws TException {
        List<String> ids = column(cql("SELECT id FROM posts WHERE author = " + literal(author)), "id");
        ids.sort(null);
        return ids;
    }

    @Override
    public void close() {
        connection.close();
    }
}
