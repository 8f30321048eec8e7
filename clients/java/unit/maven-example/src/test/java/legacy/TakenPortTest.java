package legacy;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.apache.cassandra.exceptions.ConfigurationException;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.Test;

/**
 * Port 9171 taken by something else: the start fails at once, naming the port (as Cassandra's
 * start-up did, a BindException the cause), instead of the tests failing later with
 * "Connection refused". Once the port is free the server starts there.
 */
public class TakenPortTest {
    @Test
    public void aTakenPortFailsTheStartClearly() throws Exception {
        EmbeddedCassandraServerHelper.stopEmbeddedCassandra(); // another class's server
        try (ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress("127.0.0.1", 9171));
            try {
                EmbeddedCassandraServerHelper.startEmbeddedCassandra();
                fail("started although 9171 is taken");
            } catch (ConfigurationException e) {
                assertTrue(e.getMessage(), e.getMessage().startsWith("Failed to bind port 9171 on 127.0.0.1"));
                assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof BindException);
            }
        }
        EmbeddedCassandraServerHelper.startEmbeddedCassandra();
        assertEquals(9171, EmbeddedCassandraServerHelper.getRpcPort());
    }
}
