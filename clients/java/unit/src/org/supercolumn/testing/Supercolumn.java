package org.supercolumn.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.BindException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One supercolumn server process for a test suite: started in memory (on free ports unless
 * {@link Options#ports} names them) with the
 * admin surface on, in an empty temporary directory, and stopped by {@link #stop()} or, failing
 * that, when the JVM exits. Its admin calls are the testing kit's: primed faults, the record of
 * calls, reset (docs/testing-kit.md). The cassandra-unit classes of this jar start one of these;
 * a test reaches it with {@code EmbeddedCassandraServerHelper.getSupercolumn()}.
 */
public final class Supercolumn implements AutoCloseable {
    private static final File DEV_NULL = new File("/dev/null");
    /** How many characters of the server's stderr {@link #log()} keeps (the latest). */
    private static final int LOG_KEEP = 64 * 1024;

    /** What to start; every setting optional. */
    public static final class Options {
        Path config;
        final List<Path> datasets = new ArrayList<>();
        String apiDefault;
        final List<String> extraArgs = new ArrayList<>();
        String binary;
        String release = environmentRelease();
        long startTimeoutMillis = 30_000;
        int thriftPort;
        int nativePort;

        /**
         * The Thrift and native-protocol ports on 127.0.0.1, 0 for a free one (the default for
         * both). A port already taken fails the start before the server runs, its cause a
         * {@link BindException}.
         */
        public Options ports(int thrift, int nativeProtocol) {
            this.thriftPort = checkPort(thrift);
            this.nativePort = checkPort(nativeProtocol);
            return this;
        }

        /**
         * The Cassandra release the server answers as, e.g. {@code "1.0.12"}
         * ({@code serve --cassandra-version}); null: the server's default (0.6.8 and 1.2.9 on one
         * port). Without this call, the system property {@code supercolumn.release}, else
         * {@code $SUPERCOLUMN_RELEASE}, else the default.
         */
        public Options release(String release) {
            this.release = Java8.isBlank(release) ? null : release.trim();
            return this;
        }

        /** The storage-conf.xml or cassandra.yaml to serve; without it, the built-in default. */
        public Options config(Path file) {
            this.config = file;
            return this;
        }

        /** cassandra-unit datasets loaded at start, in order: what {@link #reset()} returns to. */
        public Options datasets(Path... files) {
            datasets.addAll(Arrays.asList(files));
            return this;
        }

        /** {@code "0.6"}, {@code "19"} or {@code "auto"} ({@code serve --api-default}). */
        public Options apiDefault(String generation) {
            this.apiDefault = generation;
            return this;
        }

        /** Any other {@code serve} flags. */
        public Options extraArgs(String... args) {
            extraArgs.addAll(Arrays.asList(args));
            return this;
        }

        /** The binary to run instead of the one {@link Supercolumn#findBinary()} finds. */
        public Options binary(String path) {
            this.binary = path;
            return this;
        }

        /** How long to wait for the server to listen. */
        public Options startTimeoutMillis(long millis) {
            this.startTimeoutMillis = millis;
            return this;
        }
    }

    private final Process process;
    private final Path workdir;
    private final String binary;
    private final String release;
    private final StringBuilder log = new StringBuilder();
    private final Thread shutdownHook;
    private final Process watcher;
    private volatile int port = -1;
    private volatile int nativePort = -1;
    private volatile int adminPort = -1;
    private volatile boolean stopped;

    private Supercolumn(Options o) throws IOException {
        binary = o.binary != null ? o.binary : findBinary();
        release = o.release;
        checkFree(o.thriftPort);
        checkFree(o.nativePort);
        workdir = Files.createTempDirectory("supercolumn-unit");
        List<String> args = new ArrayList<>(Arrays.asList(binary, "serve", "--in-memory",
                "--listen", "127.0.0.1:" + o.thriftPort, "--native-listen", "127.0.0.1:" + o.nativePort,
                "--admin-listen", "127.0.0.1:0"));
        if (o.config != null) {
            args.add("--config");
            args.add(o.config.toAbsolutePath().toString());
        }
        if (o.release != null) {
            args.add("--cassandra-version");
            args.add(o.release);
        }
        if (o.apiDefault != null) {
            args.add("--api-default");
            args.add(o.apiDefault);
        }
        for (Path d : o.datasets) {
            args.add("--dataset");
            args.add(d.toAbsolutePath().toString());
        }
        args.addAll(o.extraArgs);
        ProcessBuilder pb = new ProcessBuilder(args).directory(workdir.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        try {
            process = pb.start();
        } catch (IOException e) {
            deleteWorkdir();
            throw new SupercolumnException("cannot run " + binary + ": " + e.getMessage(), 0, e);
        }
        shutdownHook = new Thread(this::stop, "supercolumn-unit stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        watcher = watch(Java8.pidOf(process));
        Thread stderr = daemon("supercolumn stderr", () -> drainLog(process.getErrorStream()));
        awaitReady(o.startTimeoutMillis, stderr);
    }

    private static int checkPort(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("not a port: " + port);
        }
        return port;
    }

    /**
     * Fails when {@code port} (not 0) is taken on 127.0.0.1, worded as Cassandra's start-up
     * failure was: a fixed port (cassandra-unit's 9171 and 9142) is the one thing two suites
     * running at once can collide on, and the server's own error would only say it exited.
     */
    static void checkFree(int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            // As the server binds: SO_REUSEADDR, so a port in TIME_WAIT from the previous
            // server counts as free and only a listening socket as taken.
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress("127.0.0.1", port));
        } catch (IOException e) {
            BindException cause = e instanceof BindException ? (BindException) e
                    : (BindException) new BindException(e.getMessage()).initCause(e);
            throw new SupercolumnException("Failed to bind port " + port + " on 127.0.0.1: " + e.getMessage()
                    + " (another server or test suite listens there; run suites on fixed ports one at a"
                    + " time, or use free ports: cu-cassandra-rndport.yaml)", 0, cause);
        }
    }

    /** Starts a server with the built-in default configuration. */
    public static Supercolumn start() throws IOException {
        return start(new Options());
    }

    /** Starts a server and waits until it listens (or throws, with its log). */
    public static Supercolumn start(Options options) throws IOException {
        return new Supercolumn(options);
    }

    /**
     * The binary: the system property {@code supercolumn.bin}, else {@code $SUPERCOLUMN_BIN},
     * else the one the {@code supercolumn-server-OS-ARCH} artifact carries on the classpath, else
     * {@code supercolumn} on the {@code PATH}.
     */
    public static String findBinary() {
        String bin = System.getProperty("supercolumn.bin");
        if (bin == null || bin.isEmpty()) {
            bin = System.getenv("SUPERCOLUMN_BIN");
        }
        if (bin != null && !bin.isEmpty()) {
            if (!new File(bin).canExecute()) {
                throw new SupercolumnException("SUPERCOLUMN_BIN=" + bin + " is not an executable file");
            }
            return bin;
        }
        String bundled = BundledBinary.find();
        if (bundled != null) {
            return bundled;
        }
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            File f = new File(dir, "supercolumn");
            if (f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        throw new SupercolumnException(
                "no supercolumn binary: set SUPERCOLUMN_BIN, put supercolumn on the PATH or depend on"
                + " org.supercolumn:supercolumn-server-" + (BundledBinary.platform() == null ? "OS-ARCH" : BundledBinary.platform()));
    }

    /**
     * The release a server answers as when its options name none: the system property
     * {@code supercolumn.release}, else {@code $SUPERCOLUMN_RELEASE}, else null (the default).
     */
    public static String environmentRelease() {
        String release = setting("supercolumn.release", "SUPERCOLUMN_RELEASE");
        return release.isEmpty() ? null : release;
    }

    /**
     * The releases a suite runs against, one server each: the comma-separated system property
     * {@code supercolumn.releases}, else {@code $SUPERCOLUMN_RELEASES}, else {@code fallback}
     * (as the Python and Node helpers read {@code SUPERCOLUMN_RELEASES}).
     */
    public static List<String> releases(String... fallback) {
        List<String> listed = new ArrayList<>();
        for (String r : setting("supercolumn.releases", "SUPERCOLUMN_RELEASES").split(",")) {
            if (!Java8.isBlank(r)) {
                listed.add(r.trim());
            }
        }
        return listed.isEmpty() ? new ArrayList<>(Arrays.asList(fallback)) : listed;
    }

    // A system property, else the environment variable, else "": so that a build tool's
    // system properties (Maven Surefire's, Gradle's) and a shell's variables both work.
    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        if (Java8.isBlank(value)) {
            value = System.getenv(variable);
        }
        return value == null ? "" : value.trim();
    }

    /**
     * A shell that kills the server when its stdin, a pipe from this JVM, closes: when the JVM
     * ends without running its shutdown hooks (SIGKILL, a test runner's time-out), the server
     * does not outlive it. Null where there is no {@code /bin/sh}: the hook alone stops it.
     */
    private static Process watch(long pid) {
        if (pid < 0) {
            return null;
        }
        try {
            return new ProcessBuilder("/bin/sh", "-c", "cat >/dev/null; kill -9 " + pid + " 2>/dev/null")
                    .redirectOutput(ProcessBuilder.Redirect.to(DEV_NULL))
                    .redirectError(ProcessBuilder.Redirect.to(DEV_NULL)).start();
        } catch (IOException e) {
            return null;
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void awaitReady(long timeoutMillis, Thread stderr) {
        CountDownLatch ready = new CountDownLatch(1);
        daemon("supercolumn stdout", () -> readPorts(ready));
        boolean listening;
        try {
            listening = ready.await(timeoutMillis, TimeUnit.MILLISECONDS) && port > 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            listening = false;
        }
        if (!listening) {
            // Its stderr is read to the end before the process is stopped: stopping it closes
            // the pipe, with any text not yet read, and that text is the reason it did not start.
            boolean exited = false;
            try {
                exited = process.waitFor(2, TimeUnit.SECONDS); // it closed its stdout: it is ending
                if (exited) {
                    stderr.join(10_000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stop();
            String why = exited ? "exited with status " + process.exitValue()
                    : "was not listening after " + timeoutMillis + " ms";
            throw new SupercolumnException("supercolumn " + why + ":\n" + log());
        }
    }

    // The ready lines (docs/admin.md): the admin and native addresses come before the Thrift one.
    private void readPorts(CountDownLatch ready) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("supercolumn admin on ")) {
                    adminPort = portOf(line);
                } else if (line.startsWith("supercolumn native on ")) {
                    nativePort = portOf(line);
                } else if (line.startsWith("supercolumn listening on ")) {
                    port = portOf(line);
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // The process is gone; awaitReady or the caller's next call says so.
        } finally {
            ready.countDown();
        }
    }

    private static int portOf(String line) {
        return Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim());
    }

    private void drainLog(InputStream err) {
        byte[] buf = new byte[8192];
        try {
            int n;
            while ((n = err.read(buf)) > 0) {
                synchronized (log) {
                    log.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    if (log.length() > LOG_KEEP) {
                        log.delete(0, log.length() - LOG_KEEP);
                    }
                }
            }
        } catch (IOException e) {
            // The process closed its stderr: nothing more to keep.
        }
    }

    /** 127.0.0.1: the server listens on the loopback address only. */
    public String host() {
        return "127.0.0.1";
    }

    /** The Thrift port. */
    public int port() {
        return port;
    }

    /** The native protocol's port (CQL drivers, cqlsh). */
    public int nativePort() {
        return nativePort;
    }

    public int adminPort() {
        return adminPort;
    }

    /** The Cassandra release this server answers as, or null for the default (0.6.8 and 1.2.9). */
    public String release() {
        return release;
    }

    /** The binary this server runs (also what {@link #load} runs). */
    public String binary() {
        return binary;
    }

    public boolean isRunning() {
        return !stopped && process.isAlive();
    }

    /** The server's stderr so far (the latest 64 KiB). */
    public String log() {
        synchronized (log) {
            return log.toString();
        }
    }

    /**
     * Any admin endpoint: {@code method} {@code path} with a JSON {@code body} (or null). Answers
     * the parsed JSON (null for an empty answer); a status of 400 or more throws, with the
     * server's {@code error}.
     */
    public Object admin(String method, String path, String body) {
        try {
            HttpURLConnection c = (HttpURLConnection) new URL(
                    "http://127.0.0.1:" + adminPort + path).openConnection();
            c.setRequestMethod(method);
            c.setConnectTimeout(10_000);
            c.setReadTimeout(60_000);
            if (body != null) {
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", "application/json");
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body.getBytes(StandardCharsets.UTF_8));
                }
            }
            int status = c.getResponseCode();
            InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            String text = in == null ? "" : new String(Java8.readAll(in), StandardCharsets.UTF_8);
            if (in != null) {
                in.close();
            }
            if (status >= 400) {
                Object why = errorOf(text);
                throw new SupercolumnException(method + " " + path + ": " + status + " " + why, status, null);
            }
            return Java8.isBlank(text) ? null : AdminJson.read(text);
        } catch (IOException e) {
            throw new SupercolumnException(method + " " + path + ": " + e.getMessage(), 0, e);
        }
    }

    // The admin surface's {"error": ...} answer, or the text as it is when it is not one.
    private static Object errorOf(String text) {
        try {
            Object answer = AdminJson.read(text);
            if (answer instanceof Map && ((Map<?, ?>) answer).containsKey("error")) {
                return ((Map<?, ?>) answer).get("error");
            }
        } catch (IOException e) {
            // Not JSON (a proxy's page, an empty body): the text says what there is to say.
        }
        return text;
    }

    /** Adds a fault rule (docs/testing-kit.md, "Faults"), e.g. {@code Map.of("method", "get", "error", "timed_out")}; answers its id. */
    public long addFault(Map<String, ?> rule) {
        try {
            return addFault(AdminJson.write(rule));
        } catch (IOException e) {
            throw new SupercolumnException("a fault rule that is not JSON: " + e.getMessage(), 0, e);
        }
    }

    /** Adds a fault rule written as JSON; answers its id. */
    public long addFault(String ruleJson) {
        Map<?, ?> answer = (Map<?, ?>) admin("POST", "/faults", ruleJson);
        return ((Number) answer.get("id")).longValue();
    }

    /** The rules, in the order they are tried, each with {@code matched} and {@code hits}. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> faults() {
        return (List<Map<String, Object>>) admin("GET", "/faults", null);
    }

    public void clearFaults() {
        admin("DELETE", "/faults", null);
    }

    /** Every recorded call, oldest first. */
    public List<Map<String, Object>> activity() {
        return activity(java.util.Collections.<String, Object>emptyMap());
    }

    /** The recorded calls matching {@code method}, {@code keyspace}, {@code column_family}, {@code since}, {@code limit}. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> activity(Map<String, ?> filters) {
        StringBuilder q = new StringBuilder("/activity");
        String sep = "?";
        for (Map.Entry<String, ?> f : filters.entrySet()) {
            q.append(sep).append(Java8.urlEncode(f.getKey())).append('=').append(Java8.urlEncode(String.valueOf(f.getValue())));
            sep = "&";
        }
        return (List<Map<String, Object>>) admin("GET", q.toString(), null);
    }

    public void clearActivity() {
        admin("DELETE", "/activity", null);
    }

    /** Returns every keyspace to its state right after start-up and its datasets; answers the reset's figures. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> reset() {
        return (Map<String, Object>) admin("POST", "/reset", null);
    }

    /** Faults and the record cleared, then a reset. */
    public void clean() {
        clearFaults();
        clearActivity();
        reset();
    }

    /** Loads datasets into this running server with {@code supercolumn load} (a reset undoes them). */
    public void load(Path... datasets) {
        load(binary, host() + ":" + port, datasets);
    }

    /** Loads datasets into the server at {@code hostPort} with {@code binary load}. */
    public static void load(String binary, String hostPort, Path... datasets) {
        List<String> args = new ArrayList<>(Arrays.asList(binary, "load", "--server", hostPort));
        for (Path d : datasets) {
            args.add(d.toAbsolutePath().toString());
        }
        try {
            Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = Java8.readAll(p.getInputStream());
            int status = p.waitFor();
            if (status != 0) {
                throw new SupercolumnException(new String(out, StandardCharsets.UTF_8).trim());
            }
        } catch (IOException e) {
            throw new SupercolumnException("cannot run " + binary + " load: " + e.getMessage(), 0, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SupercolumnException("interrupted while loading datasets", 0, e);
        }
    }

    /**
     * Stops the server and removes its directory. It is killed outright: it keeps nothing on
     * disk, and a graceful stop would wait for its clients' connections to close first.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (watcher != null) {
            try {
                watcher.getOutputStream().close(); // its cat ends, its kill finds the server gone
            } catch (IOException e) {
                watcher.destroyForcibly();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // Called from the hook itself while the JVM shuts down.
        }
        deleteWorkdir();
    }

    private void deleteWorkdir() {
        try (Stream<Path> files = Files.walk(workdir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is harmless.
        }
    }

    @Override
    public void close() {
        stop();
    }
}
