package bloggy;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.cassandraunit.CassandraUnit;
import org.cassandraunit.dataset.xml.ClassPathXmlDataSet;
import org.junit.Rule;
import org.junit.Test;

/** The rule with an XML dataset: loaded again before each test, so no test sees another's writes. */
public class AuthorsXmlRuleTest {
    @Rule
    public CassandraUnit cassandraUnit = new CassandraUnit(new ClassPathXmlDataSet("bloggy/authors.xml"));

    private Authors authors() throws Exception {
        String[] hostPort = CassandraUnit.host.split(":");
        return new Authors(hostPort[0], Integer.parseInt(hostPort[1]), "BloggyAppy");
    }

    @Test
    public void readsAProfileOfTheDataset() throws Exception {
        try (Authors a = authors()) {
            assertEquals("arin@example.com", a.profile("Arin Sarkissian").get("email"));
            assertEquals("Digg's lead architect", a.profile("Joe Stump").get("bio"));
        }
    }

    @Test
    public void listsEveryAuthor() throws Exception {
        try (Authors a = authors()) {
            List<String> names = a.names();
            names.sort(null);
            assertEquals(List.of("Arin Sarkissian", "Joe Stump"), names);
        }
    }

    // The two tests below each change the bio the other expects to be the dataset's.
    private void changeTheDataSetsBio(String to) throws Exception {
        try (Authors a = authors()) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
            a.setField("Arin Sarkissian", "bio", to);
            assertEquals(to, a.profile("Arin Sarkissian").get("bio"));
        }
    }

    @Test
    public void changesABio() throws Exception {
        changeTheDataSetsBio("changed once");
    }

    @Test
    public void changesABioAgain() throws Exception {
        changeTheDataSetsBio("changed twice");
    }

    @Test
    public void tellsTheClusterName() {
        assertEquals("Test Cluster", CassandraUnit.clusterName);
    }
}
