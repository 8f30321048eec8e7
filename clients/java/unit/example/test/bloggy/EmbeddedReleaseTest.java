package bloggy;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cassandraunit.CassandraUnit;
import org.cassandraunit.DataLoader;
import org.cassandraunit.dataset.xml.ClassPathXmlDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;

/**
 * cassandra-unit's embedded server as one release: what {@code -Dsupercolumn.release=1.0.12} (or
 * {@code SUPERCOLUMN_RELEASE=1.0.12}) does for a whole suite, here for this class alone, with a
 * cassandra.yaml of the application's own written as Cassandra's were (comments after values).
 */
public class EmbeddedReleaseTest {
    private static Path config;

    @BeforeClass
    public static void startAs1012() throws Exception {
        EmbeddedCassandraServerHelper.stopEmbeddedCassandra(); // the other classes' server
        System.setProperty("supercolumn.release", "1.0.12");
        config = Files.createTempFile("bloggy-cassandra", ".yaml");
        Files.writeString(config, String.join("\n",
                "# the application's test configuration",
                "cluster_name: \"Bloggy 'Test' Cluster\"   # quoted, with a comment after it",
                "partitioner: org.apache.cassandra.dht.RandomPartitioner",
                "commitlog_sync: periodic",
                "commitlog_sync_period_in_ms: 10000",
                "rpc_port: 9260 # its ports, honoured as cassandra-unit honoured them",
                "native_transport_port: 9261",
                ""));
        EmbeddedCassandraServerHelper.startEmbeddedCassandra(new File(config.toString()), 10_000);
    }

    @AfterClass
    public static void backToTheDefault() throws Exception {
        EmbeddedCassandraServerHelper.stopEmbeddedCassandra();
        System.clearProperty("supercolumn.release");
        Files.deleteIfExists(config);
    }

    @Rule
    public CassandraUnit cassandraUnit = new CassandraUnit(new ClassPathXmlDataSet("bloggy/authors.xml"));

    @Test
    public void theServerAnswersAsTheRelease() throws Exception {
        assertEquals("1.0.12", EmbeddedCassandraServerHelper.getSupercolumn().release());
        String host = EmbeddedCassandraServerHelper.getHost();
        int port = EmbeddedCassandraServerHelper.getRpcPort();
        assertEquals("19.20.0", ReleasesTest.describeVersion(host, port));
        try (Authors a = new Authors(host, port, "BloggyAppy")) {
            assertEquals("Digg's lead architect", a.profile("Joe Stump").get("bio"));
        }
    }

    @Test
    public void theClusterNameAndPortsAreTheConfigurations() throws Exception {
        assertEquals("Bloggy 'Test' Cluster", EmbeddedCassandraServerHelper.getClusterName());
        assertEquals(9260, EmbeddedCassandraServerHelper.getRpcPort());
        // 1.0.12 had no native protocol: no port for it, whatever the configuration names.
        assertEquals(-1, EmbeddedCassandraServerHelper.getNativeTransportPort());
        new DataLoader("Bloggy 'Test' Cluster", "localhost:9260").load(new ClassPathXmlDataSet("bloggy/authors.xml"));
        try (Authors a = new Authors(EmbeddedCassandraServerHelper.getHost(),
                EmbeddedCassandraServerHelper.getRpcPort(), "BloggyAppy")) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
        }
    }
}
