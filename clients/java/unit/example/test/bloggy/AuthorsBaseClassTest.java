package bloggy;

import static org.junit.Assert.assertEquals;

import org.cassandraunit.AbstractCassandraUnit4TestCase;
import org.cassandraunit.dataset.DataSet;
import org.cassandraunit.dataset.xml.ClassPathXmlDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.Test;

/** cassandra-unit's base class: the dataset loaded before the first test of each instance. */
public class AuthorsBaseClassTest extends AbstractCassandraUnit4TestCase {
    @Override
    public DataSet getDataSet() {
        return new ClassPathXmlDataSet("bloggy/authors.xml");
    }

    @Test
    public void readsAProfileOfTheDataset() throws Exception {
        try (Authors a = new Authors(EmbeddedCassandraServerHelper.getHost(),
                EmbeddedCassandraServerHelper.getRpcPort(), "BloggyAppy")) {
            assertEquals("joe@example.com", a.profile("Joe Stump").get("email"));
        }
    }
}
