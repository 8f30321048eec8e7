package org.cassandraunit.utils;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.cassandra.exceptions.ConfigurationException;
import org.cassandraunit.exception.CassandraUnitException;
import org.supercolumn.testing.Supercolumn;
import org.supercolumn.testing.SupercolumnException;

/**
 * cassandra-unit's embedded server, as a supercolumn process: the first start of the JVM runs
 * {@code supercolumn serve --in-memory} with the named {@code cassandra.yaml} on its ports, as
 * cassandra-unit did (the default {@code cu-cassandra.yaml}: Thrift 9171, native protocol 9142;
 * a port 0, as in {@code cu-cassandra-rndport.yaml}, a free port; the admin surface always on a
 * free port), later starts are no-ops, and the process ends with
 * {@link #stopEmbeddedCassandra()} or the JVM. {@link #cleanEmbeddedCassandra()} is the admin
 * surface's reset: every keyspace made since the start is gone in a millisecond or so. The
 * server answers as the Cassandra release the system property {@code supercolumn.release} or
 * {@code $SUPERCOLUMN_RELEASE} names, if any ({@code serve --cassandra-version}).
 */
public class EmbeddedCassandraServerHelper {
    public static final long DEFAULT_STARTUP_TIMEOUT = 10000;
    /** Kept for the API: the server runs in a fresh temporary directory, never here. */
    public static final String DEFAULT_TMP_DIR = "target/embeddedCassandra";
    /** The default configuration, this jar's: cluster "Test Cluster", Thrift 9171, native 9142, no keyspace. */
    public static final String DEFAULT_CASSANDRA_YML_FILE = "cu-cassandra.yaml";
    /** The same with ports 0: free ports, for suites that run at the same time as others. */
    public static final String CASSANDRA_RNDPORT_YML_FILE = "cu-cassandra-rndport.yaml";
    /** Kept for the API: the server logs to its own stderr ({@code getSupercolumn().log()}). */
    public static final String DEFAULT_LOG4J_CONFIG_FILE = "/log4j-embedded-cassandra.properties";

    // The two settings the helper answers with, top-level scalars on their own lines (the server
    // reads the whole file itself): plain, single- or double-quoted, a comment after them or
    // not. Not SnakeYAML: its first use in a fresh JVM doubled this start (docs/testing-kit.md).
    private static final Pattern CLUSTER_NAME = Pattern.compile("^cluster_name:[ \\t]*"
            + "(?:'((?:[^'\\n]|'')*)'|\"((?:[^\"\\\\\\n]|\\\\.)*)\"|([^#\\n]*?))[ \\t]*(?:#.*)?$", Pattern.MULTILINE);
    private static final Pattern RPC_PORT = port("rpc_port");
    private static final Pattern NATIVE_PORT = port("native_transport_port");
    // Cassandra's own defaults, for a yaml that names no port.
    private static final int CASSANDRA_RPC_PORT = 9160;
    private static final int CASSANDRA_NATIVE_PORT = 9042;

    private static volatile Supercolumn server;
    private static volatile String clusterName = "Test Cluster";
    private static volatile int configuredRpcPort = -1;

    public static void startEmbeddedCassandra() throws IOException, InterruptedException, ConfigurationException {
        startEmbeddedCassandra(DEFAULT_STARTUP_TIMEOUT);
    }

    public static void startEmbeddedCassandra(long timeout)
            throws IOException, InterruptedException, ConfigurationException {
        startEmbeddedCassandra(DEFAULT_CASSANDRA_YML_FILE, timeout);
    }

    public static void startEmbeddedCassandra(String yamlFile) throws IOException, ConfigurationException {
        startEmbeddedCassandra(yamlFile, DEFAULT_STARTUP_TIMEOUT);
    }

    public static void startEmbeddedCassandra(String yamlFile, long timeout) throws IOException, ConfigurationException {
        startEmbeddedCassandra(yamlFile, DEFAULT_TMP_DIR, timeout);
    }

    public static void startEmbeddedCassandra(String yamlFile, String tmpDir) throws IOException, ConfigurationException {
        startEmbeddedCassandra(yamlFile, tmpDir, DEFAULT_STARTUP_TIMEOUT);
    }

    /** Serves classpath resource {@code yamlFile} (this jar holds the two default ones). */
    public static synchronized void startEmbeddedCassandra(String yamlFile, String tmpDir, long timeout)
            throws IOException, ConfigurationException {
        if (isRunning()) {
            return;
        }
        String name = yamlFile.startsWith("/") ? yamlFile.substring(1) : yamlFile;
        Path copy = Files.createTempFile("supercolumn-unit", "-" + new File(name).getName());
        copy.toFile().deleteOnExit();
        try (InputStream in = resource(name)) {
            if (in == null) {
                throw new ConfigurationException("configuration not found on the classpath: " + yamlFile);
            }
            Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        startEmbeddedCassandra(copy.toFile(), tmpDir, timeout);
    }

    public static void startEmbeddedCassandra(File file, long timeout) throws IOException, ConfigurationException {
        startEmbeddedCassandra(file, DEFAULT_TMP_DIR, timeout);
    }

    /** Serves configuration {@code file} ({@code cassandra.yaml}, or supercolumn's storage-conf.xml). */
    public static synchronized void startEmbeddedCassandra(File file, String tmpDir, long timeout)
            throws IOException, ConfigurationException {
        if (isRunning()) {
            return;
        }
        String text = new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
        Matcher name = CLUSTER_NAME.matcher(text);
        clusterName = name.find() ? scalar(name) : "Test Cluster";
        configuredRpcPort = portIn(text, RPC_PORT, CASSANDRA_RPC_PORT);
        int nativePort = portIn(text, NATIVE_PORT, CASSANDRA_NATIVE_PORT);
        try {
            server = Supercolumn.start(new Supercolumn.Options().config(file.toPath())
                    .ports(configuredRpcPort, nativePort).startTimeoutMillis(timeout));
        } catch (SupercolumnException e) {
            // A taken port's cause is the BindException, as Cassandra's start failed with one.
            throw new ConfigurationException(e.getMessage(), e.getCause() != null ? e.getCause() : e);
        }
    }

    private static Pattern port(String setting) {
        return Pattern.compile("^" + setting + ":[ \\t]*(['\"]?)(\\d+)\\1[ \\t]*(?:#.*)?$", Pattern.MULTILINE);
    }

    private static int portIn(String yaml, Pattern setting, int otherwise) throws ConfigurationException {
        Matcher m = setting.matcher(yaml);
        if (!m.find()) {
            return otherwise;
        }
        int port = m.group(2).length() > 5 ? Integer.MAX_VALUE : Integer.parseInt(m.group(2));
        if (port > 65535) {
            throw new ConfigurationException("not a port: " + m.group());
        }
        return port;
    }

    // CLUSTER_NAME's value: '' in single quotes is one quote; a backslash escapes in double ones.
    private static String scalar(Matcher m) {
        if (m.group(1) != null) {
            return m.group(1).replace("''", "'");
        }
        if (m.group(2) != null) {
            return m.group(2).replaceAll("\\\\(.)", "$1");
        }
        return m.group(3);
    }

    private static InputStream resource(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        InputStream in = context == null ? null : context.getResourceAsStream(name);
        return in != null ? in : EmbeddedCassandraServerHelper.class.getClassLoader().getResourceAsStream(name);
    }

    private static boolean isRunning() {
        return server != null && server.isRunning();
    }

    /** Stops the server process (cassandra-unit could not; a later start starts a fresh one). */
    public static synchronized void stopEmbeddedCassandra() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /**
     * Back to the server as it started: keyspaces created since (by datasets or by the test)
     * dropped, the others' data as it was; also clears primed faults and the record of calls.
     */
    public static void cleanEmbeddedCassandra() {
        if (server != null) {
            server.clean();
        }
    }

    /** Truncates every column family of {@code keyspace} but {@code excludedTables}. */
    public static void cleanDataEmbeddedCassandra(String keyspace, String... excludedTables) {
        Set<String> excluded = new HashSet<>(Arrays.asList(excludedTables));
        List<String> statements = new ArrayList<>();
        for (String cf : columnFamilies(keyspace)) {
            if (!excluded.contains(cf)) {
                statements.add("TRUNCATE " + quote(keyspace) + "." + quote(cf) + ";");
            }
        }
        if (statements.isEmpty()) {
            return;
        }
        try {
            Path script = Files.createTempFile("supercolumn-truncate", ".cql");
            try {
                Files.write(script, statements, StandardCharsets.UTF_8);
                supercolumn().load(script);
            } finally {
                Files.deleteIfExists(script);
            }
        } catch (IOException e) {
            throw new CassandraUnitException("cannot truncate " + keyspace, e);
        }
    }

    private static List<String> columnFamilies(String keyspace) {
        Map<?, ?> answer = (Map<?, ?>) supercolumn().admin("GET", "/api/explorer/keyspaces", null);
        for (Object ks : (List<?>) answer.get("keyspaces")) {
            Map<?, ?> k = (Map<?, ?>) ks;
            if (keyspace.equals(k.get("name"))) {
                List<String> names = new ArrayList<>();
                for (Object cf : (List<?>) k.get("column_families")) {
                    names.add((String) ((Map<?, ?>) cf).get("name"));
                }
                return names;
            }
        }
        throw new CassandraUnitException("no keyspace " + keyspace);
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** The configuration's {@code cluster_name} (default "Test Cluster"). */
    public static String getClusterName() {
        return clusterName;
    }

    public static String getHost() {
        return supercolumn().host();
    }

    /** The Thrift port. */
    public static int getRpcPort() {
        return supercolumn().port();
    }

    public static int getNativeTransportPort() {
        return supercolumn().nativePort();
    }

    /** The admin surface's port (not in cassandra-unit). */
    public static int getAdminPort() {
        return supercolumn().adminPort();
    }

    /** The running server, for faults, the record of calls, reset and its log (not in cassandra-unit). */
    public static Supercolumn getSupercolumn() {
        return supercolumn();
    }

    /** The running server, or null if none was started (not in cassandra-unit). */
    public static Supercolumn runningServer() {
        return isRunning() ? server : null;
    }

    private static Supercolumn supercolumn() {
        Supercolumn s = server;
        if (s == null) {
            throw new CassandraUnitException("the embedded server is not started: call startEmbeddedCassandra() first");
        }
        return s;
    }

    /** Where DataLoader sends a dataset addressed to {@code hostPort}: the running server if it means it. */
    public static String resolve(String hostPort) {
        Supercolumn s = runningServer();
        if (s == null) {
            return hostPort;
        }
        int colon = hostPort.lastIndexOf(':');
        int port = colon < 0 ? 9160 : Integer.parseInt(hostPort.substring(colon + 1).trim());
        return port == configuredRpcPort || port == s.port() ? s.host() + ":" + s.port() : hostPort;
    }
}
