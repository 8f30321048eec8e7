package bloggy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.supercolumn.testing.CaptureReplay;
import org.supercolumn.testing.Supercolumn;
import org.supercolumn.testing.SupercolumnException;

/**
 * A capture as a test: the BloggyAppy examples' traffic recorded in front of a real Cassandra
 * 1.2.9 (tests/data/capture/real-1.2.9.capture of the repository, put on the test class path by
 * scripts/run-java-unit.sh) replayed against the server.
 */
public class CaptureReplayTest {
    private static Path capture;

    @BeforeClass
    public static void copyTheCapture() throws Exception {
        capture = Files.createTempFile("real-1.2.9", ".capture");
        try (InputStream in = CaptureReplayTest.class.getResourceAsStream("/bloggy/real-1.2.9.capture")) {
            Files.copy(in, capture, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @AfterClass
    public static void removeTheCapture() throws Exception {
        Files.deleteIfExists(capture);
    }

    @Test
    public void theCapturedReleaseAnswersEveryCallAsCaptured() throws Exception {
        try (Supercolumn sc = Supercolumn.start(new Supercolumn.Options().release("1.2.9"))) {
            Map<String, Object> report = CaptureReplay.assertReplays(sc, capture);
            long calls = ((Number) report.get("calls")).longValue();
            assertTrue(calls > 0);
            assertEquals(calls, ((Number) report.get("identical")).longValue());
        }
    }

    @Test
    public void aServerAnsweringOtherwiseFailsTheAssertionNamingTheCall() throws Exception {
        // The default emulation lists its own system keyspaces, which 1.2.9 did not have.
        try (Supercolumn sc = Supercolumn.start()) {
            AssertionError e = assertThrows(AssertionError.class, () -> CaptureReplay.assertReplays(sc, capture));
            assertTrue(e.getMessage(), e.getMessage().contains("describe_keyspaces"));
        }
    }

    @Test
    public void aFileThatIsNoCaptureIsAnErrorNotADifference() throws Exception {
        Path bad = Files.createTempFile("bad", ".capture");
        Files.write(bad, "not json\n".getBytes("UTF-8"));
        try (Supercolumn sc = Supercolumn.start()) {
            SupercolumnException e = assertThrows(SupercolumnException.class, () -> CaptureReplay.replay(sc, bad));
            assertTrue(e.getMessage(), e.getMessage().contains("not a capture file"));
        } finally {
            Files.delete(bad);
        }
    }
}
