package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.Test;
import org.supercolumn.testing.Supercolumn;
import org.supercolumn.testing.SupercolumnException;

/** The server handle on its own, beside cassandra-unit's: datasets at start, reset, a bad start. */
public class SupercolumnTest {
    private static Path resource(String name, String suffix) throws Exception {
        Path file = Files.createTempFile("supercolumn-test", suffix);
        try (InputStream in = SupercolumnTest.class.getResourceAsStream(name)) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    @Test
    public void resetReturnsToTheDataSetsOfTheStart() throws Exception {
        Path dataset = resource("/bloggy/authors.xml", ".xml");
        try (Supercolumn sc = Supercolumn.start(new Supercolumn.Options().datasets(dataset))) {
            try (Authors a = new Authors(sc.host(), sc.port(), "BloggyAppy")) {
                a.setField("Joe Stump", "bio", "changed");
                Map<String, Object> figures = sc.reset();
                assertEquals(Boolean.TRUE, figures.get("ok"));
                assertEquals("Digg's lead architect", a.profile("Joe Stump").get("bio"));
            }
            assertTrue(sc.isRunning());
            sc.stop();
            assertFalse(sc.isRunning());
        } finally {
            Files.delete(dataset);
        }
    }

    @Test
    public void aRefusedConfigurationFailsTheStartWithTheServersWords() throws Exception {
        Path config = Files.createTempFile("broken", ".yaml");
        Files.writeString(config, "cluster_name: 'Test Cluster'\n");
        try {
            SupercolumnException e = assertThrows(SupercolumnException.class,
                    () -> Supercolumn.start(new Supercolumn.Options().config(config)));
            assertTrue(e.getMessage(), e.getMessage().contains("partitioner"));
        } finally {
            Files.delete(config);
        }
    }

    @Test
    public void anUnknownReleaseFailsTheStartWithTheServersWords() {
        SupercolumnException e = assertThrows(SupercolumnException.class,
                () -> Supercolumn.start(new Supercolumn.Options().release("9.9")));
        assertTrue(e.getMessage(), e.getMessage().contains("unknown Cassandra version '9.9'"));
    }

    @Test
    public void aBadFaultRuleIsRefused() throws Exception {
        try (Supercolumn sc = Supercolumn.start()) {
            SupercolumnException e = assertThrows(SupercolumnException.class,
                    () -> sc.addFault(Map.of("error", "no_such_error")));
            assertEquals(400, e.status());
        }
    }
}
