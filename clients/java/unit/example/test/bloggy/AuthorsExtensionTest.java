package bloggy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cassandraunit.CassandraUnitExtension;
import org.cassandraunit.dataset.json.ClassPathJsonDataSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.supercolumn.testing.Supercolumn;

/** JUnit 5 with a Thrift-era (JSON) dataset, and the server as a parameter. */
class AuthorsExtensionTest {
    @RegisterExtension
    static CassandraUnitExtension cassandra = new CassandraUnitExtension(new ClassPathJsonDataSet("bloggy/authors.json"));

    @Test
    void readsAndChangesAProfile(Supercolumn supercolumn) throws Exception {
        try (Authors a = new Authors(supercolumn.host(), supercolumn.port(), "BloggyAppy")) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
            a.setField("Arin Sarkissian", "bio", "changed");
            assertEquals("changed", a.profile("Arin Sarkissian").get("bio"));
        }
    }

    @Test
    void startsEachTestFromTheDataSet(Supercolumn supercolumn) throws Exception {
        try (Authors a = new Authors(supercolumn.host(), supercolumn.port(), "BloggyAppy")) {
            assertEquals("some bio", a.profile("Arin Sarkissian").get("bio"));
        }
    }
}
