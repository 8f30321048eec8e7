package bloggy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.thrift.Cassandra;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.supercolumn.testing.Supercolumn;

/**
 * One suite against several Cassandra releases: a server per release ({@code serve
 * --cassandra-version}), shared by the class's tests, each answering as that release did. The
 * releases are {@code $SUPERCOLUMN_RELEASES} (or the system property
 * {@code supercolumn.releases}) when set, else the three below: an application that picks its
 * calls by the API version the cluster reports checks here what each release says.
 */
class ReleasesTest {
    /** What each release's describe_version answered (docs/compatibility.md, the releases table). */
    private static final Map<String, String> API_VERSION = Map.of(
            "0.7.10", "19.4.0", "0.8.10", "19.16.0", "1.0.12", "19.20.0", "1.1.12", "19.33.0",
            "1.2.9", "19.36.0", "2.0.17", "19.39.0", "2.1.22", "19.39.0", "2.2.19", "20.1.0",
            "3.0.24", "20.1.0", "3.11.10", "20.1.0");
    private static final List<String> BEFORE_1_1 = List.of("0.7.10", "0.8.10", "1.0.12");

    private static final Map<String, Supercolumn> SERVERS = new LinkedHashMap<>();

    static List<String> releases() {
        return Supercolumn.releases("0.7.10", "2.2.19", "3.11.10");
    }

    /** The class's server for {@code release}, started by the first test that needs it. */
    private static synchronized Supercolumn server(String release) throws IOException {
        Supercolumn sc = SERVERS.get(release);
        if (sc == null) {
            sc = Supercolumn.start(new Supercolumn.Options().release(release));
            SERVERS.put(release, sc);
        }
        return sc;
    }

    @AfterAll
    static synchronized void stopTheServers() {
        SERVERS.values().forEach(Supercolumn::stop);
        SERVERS.clear();
    }

    interface Call<T> {
        T on(Cassandra.Client client) throws Exception;
    }

    /** {@code call} on a framed connection of its own, outside any keyspace. */
    static <T> T withClient(String host, int port, Call<T> call) throws Exception {
        TTransport transport = new TFramedTransport(new TSocket(host, port));
        transport.open();
        try {
            return call.on(new Cassandra.Client(new TBinaryProtocol(transport)));
        } finally {
            transport.close();
        }
    }

    static String describeVersion(String host, int port) throws Exception {
        return withClient(host, port, Cassandra.Client::describe_version);
    }

    private static String describeVersion(Supercolumn sc) throws Exception {
        return describeVersion(sc.host(), sc.port());
    }

    @ParameterizedTest
    @MethodSource("releases")
    void describeVersionIsTheReleases(String release) throws Exception {
        Supercolumn sc = server(release);
        assertEquals(release, sc.release());
        assertEquals(API_VERSION.get(release), describeVersion(sc));
    }

    @ParameterizedTest
    @MethodSource("releases")
    void describeTokenMapCameWith11(String release) throws Exception {
        Supercolumn sc = server(release);
        withClient(sc.host(), sc.port(), client -> {
            if (BEFORE_1_1.contains(release)) {
                // A method the release lacked: its answer to any unknown name.
                TApplicationException e = assertThrows(TApplicationException.class, client::describe_token_map);
                assertEquals(TApplicationException.UNKNOWN_METHOD, e.getType());
                assertEquals(API_VERSION.get(release), client.describe_version()); // goes on
            } else {
                assertFalse(client.describe_token_map().isEmpty());
            }
            return null;
        });
    }

    @Test
    void twoReleasesSideBySideAnswerAsTheirOwn() throws Exception {
        String old = describeVersion(server("0.7.10"));
        String current = describeVersion(server("2.2.19"));
        assertNotEquals(old, current);
        assertEquals("19.4.0", old);
        assertEquals("20.1.0", current);
    }
}
