package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cassandraunit.DataLoader;
import org.cassandraunit.dataset.ClassPathDataSet;
import org.cassandraunit.dataset.FileDataSet;
import org.cassandraunit.dataset.ParseException;
import org.cassandraunit.dataset.xml.FileXmlDataSet;
import org.cassandraunit.dataset.yaml.ClassPathYamlDataSet;
import org.cassandraunit.exception.CassandraUnitException;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.After;
import org.junit.BeforeClass;
import org.junit.Test;

/** Datasets named by file or by extension, and the errors a wrong one gets. */
public class DataSetsTest {
    @BeforeClass
    public static void start() throws Exception {
        EmbeddedCassandraServerHelper.startEmbeddedCassandra(EmbeddedCassandraServerHelper.CASSANDRA_RNDPORT_YML_FILE);
    }

    @After
    public void clean() {
        EmbeddedCassandraServerHelper.cleanEmbeddedCassandra();
    }

    private static DataLoader loader() {
        return new DataLoader(EmbeddedCassandraServerHelper.getClusterName(),
                EmbeddedCassandraServerHelper.getHost() + ":" + EmbeddedCassandraServerHelper.getRpcPort());
    }

    private static String bio(String author) throws Exception {
        try (Authors a = new Authors(EmbeddedCassandraServerHelper.getHost(),
                EmbeddedCassandraServerHelper.getRpcPort(), "BloggyAppy")) {
            return a.profile(author).get("bio");
        }
    }

    @Test
    public void loadsAFileDataSet() throws Exception {
        Path file = Files.createTempFile("authors", ".xml");
        try (InputStream in = getClass().getResourceAsStream("/bloggy/authors.xml")) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        try {
            loader().load(new FileXmlDataSet(file.toString()));
            assertEquals("some bio", bio("Arin Sarkissian"));
            loader().load(new FileDataSet(file.toString()));
            assertEquals("Digg's lead architect", bio("Joe Stump"));
        } finally {
            Files.delete(file);
        }
    }

    @Test
    public void choosesTheFormatByExtension() throws Exception {
        loader().load(new ClassPathDataSet("bloggy/authors.json"));
        assertEquals("some bio", bio("Arin Sarkissian"));
        assertThrows(ParseException.class, () -> new ClassPathDataSet("bloggy/posts.cql"));
    }

    @Test
    public void aMissingDataSetIsAParseException() {
        ParseException e = assertThrows(ParseException.class, () -> new ClassPathYamlDataSet("bloggy/nothing.yaml"));
        assertTrue(e.getMessage(), e.getMessage().contains("bloggy/nothing.yaml"));
    }

    @Test
    public void theServerNamesTheLineOfAMistake() {
        CassandraUnitException e = assertThrows(CassandraUnitException.class,
                () -> loader().load(new ClassPathYamlDataSet("bloggy/bad_authors.yaml")));
        assertTrue(e.getMessage(), e.getMessage().contains("bad_authors.yaml:6"));
    }
}
