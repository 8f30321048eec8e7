package legacy;

import static org.junit.Assert.assertEquals;

import org.cassandraunit.CassandraUnit;
import org.cassandraunit.dataset.xml.ClassPathXmlDataSet;
import org.junit.Rule;
import org.junit.Test;

/** cassandra-unit's JUnit 4 rule: the server started (if it is not) and the dataset loaded. */
public class AuthorsRuleTest {
    @Rule
    public CassandraUnit cassandraUnit = new CassandraUnit(new ClassPathXmlDataSet("authors.xml"));

    @Test
    public void theRuleLoadsTheDataset() throws Exception {
        try (AuthorsDao dao = new AuthorsDao("BloggyAppy")) {
            assertEquals("arin@example.com", dao.field("Arin Sarkissian", "email"));
        }
    }
}
