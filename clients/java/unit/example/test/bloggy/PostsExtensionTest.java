package bloggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.apache.cassandra.thrift.TimedOutException;
import org.cassandraunit.CassandraUnitExtension;
import org.cassandraunit.dataset.cql.ClassPathCQLDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.supercolumn.testing.Supercolumn;

/** JUnit 5: the extension runs the CQL script before each test and hands the server to a test. */
class PostsExtensionTest {
    @RegisterExtension
    static CassandraUnitExtension cassandra = new CassandraUnitExtension(new ClassPathCQLDataSet("bloggy/posts.cql", "blog"));

    private static Posts posts() throws Exception {
        return new Posts(EmbeddedCassandraServerHelper.getHost(), EmbeddedCassandraServerHelper.getRpcPort(), "blog");
    }

    @AfterEach
    void clean(Supercolumn supercolumn) {
        supercolumn.clean();
    }

    @Test
    void readsAPostOfTheScript() throws Exception {
        try (Posts p = posts()) {
            assertEquals("Cassandra at Digg", p.title("cassandra-digg"));
        }
    }

    @Test
    void aTimedOutQueryReachesTheCaller(Supercolumn supercolumn) throws Exception {
        supercolumn.addFault(Map.of("cql", "(?i)^select title from posts", "error", "timed_out", "times", 1));
        try (Posts p = posts()) {
            assertThrows(TimedOutException.class, () -> p.title("cassandra-digg"));
            assertEquals("Cassandra at Digg", p.title("cassandra-digg"));
        }
        List<Map<String, Object>> calls = supercolumn.activity(Map.of("method", "execute_cql3_query", "keyspace", "blog"));
        assertEquals("TimedOutException", calls.get(calls.size() - 2).get("outcome"));
        assertEquals("ok", calls.get(calls.size() - 1).get("outcome"));
    }
}
