package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.net.Socket;
import org.apache.cassandra.exceptions.ConfigurationException;
import org.apache.cassandra.thrift.InvalidRequestException;
import org.cassandraunit.DataLoader;
import org.cassandraunit.dataset.json.ClassPathJsonDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The helper and DataLoader as cassandra-unit's README used them, with a JSON dataset: the
 * server started once, the dataset loaded before each test at the address of cassandra-unit's
 * default configuration, everything dropped after each test.
 */
public class AuthorsJsonLoaderTest {
    @BeforeClass
    public static void startCassandra() throws java.io.IOException, InterruptedException, ConfigurationException {
        EmbeddedCassandraServerHelper.startEmbeddedCassandra();
    }

    @Before
    public void loadData() {
        DataLoader dataLoader = new DataLoader("TestCluster", "localhost:9171");
        dataLoader.load(new ClassPathJsonDataSet("bloggy/authors.json"));
    }

    @After
    public void clean() {
        EmbeddedCassandraServerHelper.cleanEmbeddedCassandra();
    }

    private Authors authors() throws Exception {
        return new Authors(EmbeddedCassandraServerHelper.getHost(), EmbeddedCassandraServerHelper.getRpcPort(),
                "BloggyAppy");
    }

    @Test
    public void readsAProfileOfTheDataset() throws Exception {
        try (Authors a = authors()) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
        }
    }

    @Test
    public void cleanDropsTheDatasetsKeyspace() throws Exception {
        EmbeddedCassandraServerHelper.cleanEmbeddedCassandra();
        assertThrows(InvalidRequestException.class, () -> authors().close());
    }

    @Test
    public void cleanDataTruncatesButKeepsTheSchema() throws Exception {
        EmbeddedCassandraServerHelper.cleanDataEmbeddedCassandra("BloggyAppy");
        try (Authors a = authors()) {
            assertTrue(a.profile("Arin Sarkissian").isEmpty());
            a.setField("Arin Sarkissian", "bio", "back");
            assertEquals("back", a.profile("Arin Sarkissian").get("bio"));
        }
    }

    @Test
    public void servesOnCassandraUnitsPortsOfTheLoopbackAddress() throws Exception {
        assertEquals("Test Cluster", EmbeddedCassandraServerHelper.getClusterName());
        assertEquals("127.0.0.1", EmbeddedCassandraServerHelper.getHost());
        assertEquals(9171, EmbeddedCassandraServerHelper.getRpcPort());
        int nativePort = EmbeddedCassandraServerHelper.getNativeTransportPort();
        assertEquals(9142, nativePort);
        try (Socket s = new Socket(EmbeddedCassandraServerHelper.getHost(), nativePort)) {
            assertTrue(s.isConnected());
        }
    }
}
