package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.cassandra.thrift.TimedOutException;
import org.apache.cassandra.thrift.UnavailableException;
import org.cassandraunit.CassandraUnit;
import org.cassandraunit.dataset.yaml.ClassPathYamlDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.supercolumn.testing.Supercolumn;

/**
 * A YAML dataset, and what cassandra-unit could not do: make the server fail chosen calls as a
 * loaded cluster would, and check which calls the application made.
 */
public class AuthorsYamlFaultsTest {
    // cassandra-unit 2.0's form: the configuration and the address named (its rpc_port, 9171).
    @Rule
    public CassandraUnit cassandraUnit = new CassandraUnit(new ClassPathYamlDataSet("bloggy/authors.yaml"),
            EmbeddedCassandraServerHelper.DEFAULT_CASSANDRA_YML_FILE, "localhost:9171");

    @After
    public void clean() {
        EmbeddedCassandraServerHelper.cleanEmbeddedCassandra();
    }

    private static Authors authors() throws Exception {
        String[] hostPort = CassandraUnit.host.split(":");
        return new Authors(hostPort[0], Integer.parseInt(hostPort[1]), "BloggyAppy");
    }

    private static List<Object> outcomes(Supercolumn sc, String method) {
        return sc.activity(Map.of("method", method)).stream().map(c -> c.get("outcome")).collect(Collectors.toList());
    }

    @Test
    public void retriesATimedOutRead() throws Exception {
        Supercolumn sc = cassandraUnit.getSupercolumn();
        sc.clearActivity();
        sc.addFault(Map.of("method", "get_slice", "column_family", "Authors", "times", 2, "error", "timed_out"));
        try (Authors a = authors()) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
        }
        assertEquals(List.of("TimedOutException", "TimedOutException", "ok"), outcomes(sc, "get_slice"));
        Map<String, Object> call = sc.activity(Map.of("method", "get_slice")).get(0);
        assertEquals("QUORUM", call.get("consistency_level"));
        assertEquals(List.of("Arin Sarkissian"), call.get("keys"));
    }

    @Test
    public void givesUpAfterThreeTimeOuts() throws Exception {
        Supercolumn sc = cassandraUnit.getSupercolumn();
        sc.addFault(Map.of("method", "get_slice", "error", "timed_out"));
        try (Authors a = authors()) {
            assertThrows(TimedOutException.class, () -> a.profile("Arin Sarkissian"));
        }
        assertEquals(3L, ((Number) sc.faults().get(0).get("hits")).longValue());
    }

    @Test
    public void anUnavailableWriteReachesTheCaller() throws Exception {
        Supercolumn sc = cassandraUnit.getSupercolumn();
        sc.addFault("{\"method\": \"insert\", \"error\": \"unavailable\"}");
        try (Authors a = authors()) {
            assertThrows(UnavailableException.class, () -> a.setField("Arin Sarkissian", "bio", "lost"));
            sc.clearFaults();
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
        }
    }
}
