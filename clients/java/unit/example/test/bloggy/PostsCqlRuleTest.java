package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import org.cassandraunit.CassandraCQLUnit;
import org.cassandraunit.dataset.cql.ClassPathCQLDataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.Rule;
import org.junit.Test;

/** The CQL rule: keyspace "blog" dropped, created and filled by the script before each test. */
public class PostsCqlRuleTest {
    @Rule
    public CassandraCQLUnit cassandraCQLUnit = new CassandraCQLUnit(new ClassPathCQLDataSet("bloggy/posts.cql", "blog"));

    private static Posts posts() throws Exception {
        return new Posts(EmbeddedCassandraServerHelper.getHost(), EmbeddedCassandraServerHelper.getRpcPort(), "blog");
    }

    @Test
    public void readsAPostOfTheScript() throws Exception {
        try (Posts p = posts()) {
            assertEquals("WTF is a SuperColumn", p.title("wtf-supercolumn"));
            assertNull(p.title("no-such-post"));
        }
    }

    @Test
    public void findsPostsThroughTheIndex() throws Exception {
        try (Posts p = posts()) {
            p.publish("more-supercolumns", "Arin Sarkissian", "More on SuperColumns");
            assertEquals(List.of("more-supercolumns", "wtf-supercolumn"), p.byAuthor("Arin Sarkissian"));
        }
    }

    @Test
    public void startsEachTestFromTheScript() throws Exception {
        try (Posts p = posts()) {
            assertEquals(List.of("wtf-supercolumn"), p.byAuthor("Arin Sarkissian"));
        }
    }
}
