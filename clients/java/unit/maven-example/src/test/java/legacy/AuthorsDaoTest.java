package legacy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.cassandraunit.DataLoader;
import org.cassandraunit.dataset.xml.ClassPathXmlDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Written as cassandra-unit's README shows: the embedded server started once, the dataset loaded
 * through a DataLoader at "localhost:9171" before each test, the server cleaned after it; the
 * application's own DAO connects to localhost:9171, hard-coded, as it did against cassandra-unit.
 */
public class AuthorsDaoTest {
    @BeforeClass
    public static void startCassandra() throws Exception {
        EmbeddedCassandraServerHelper.startEmbeddedCassandra();
    }

    @Before
    public void loadData() {
        DataLoader dataLoader = new DataLoader("TestCluster", "localhost:9171");
        dataLoader.load(new ClassPathXmlDataSet("authors.xml"));
    }

    @After
    public void clean() {
        EmbeddedCassandraServerHelper.cleanEmbeddedCassandra();
    }

    @Test
    public void listensWhereCassandraUnitDid() {
        assertEquals(9171, EmbeddedCassandraServerHelper.getRpcPort());
        assertEquals(9142, EmbeddedCassandraServerHelper.getNativeTransportPort());
        assertEquals("Test Cluster", EmbeddedCassandraServerHelper.getClusterName());
    }

    @Test
    public void readsTheDatasetOverItsOwnConnection() throws Exception {
        try (AuthorsDao dao = new AuthorsDao("BloggyAppy")) {
            assertEquals("Test Cluster", dao.clusterName());
            assertEquals("Digg's lead architect", dao.field("Joe Stump", "bio"));
            assertNull(dao.field("Joe Stump", "twitter"));
        }
    }
}
