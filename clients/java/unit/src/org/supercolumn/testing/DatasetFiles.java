package org.supercolumn.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds dataset files for {@code supercolumn load}: a classpath resource is copied out (it may be
 * inside a jar) under its own name, so that the server's messages name it; a file is used where
 * it is. The server chooses the format by the extension, so a name without the format's
 * extension gets it appended. Nothing here reads what a dataset says.
 */
public final class DatasetFiles {
    private static final Map<String, Path> COPIES = new ConcurrentHashMap<>();

    private DatasetFiles() {}

    /** Whether {@code location} (no leading slash needed) is a classpath resource. */
    public static boolean onClassPath(String location) {
        return url(location) != null;
    }

    /** A copy of classpath resource {@code location}, made once per JVM (a rule makes its dataset for every test). */
    public static Path fromClassPath(String location, String extension) {
        String key = location + "\0" + extension;
        Path copy = COPIES.get(key);
        if (copy == null || !Files.isRegularFile(copy)) {
            copy = fromClassPath(location, extension, "");
            COPIES.put(key, copy);
        }
        return copy;
    }

    /**
     * As {@link #fromClassPath(String, String)}, with {@code prefix} written before the
     * resource's first line (on that line, so the server's line numbers stay the file's).
     */
    public static Path fromClassPath(String location, String extension, String prefix) {
        try (InputStream in = open(location)) {
            if (in == null) {
                throw new IllegalArgumentException("dataset not found on the classpath: " + location);
            }
            return write(location, extension, prefix, Java8.readAll(in));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read dataset " + location + ": " + e.getMessage(), e);
        }
    }

    /** Removes a copy made with a prefix, and its directory. */
    public static void delete(Path copy) {
        copy.toFile().delete();
        copy.getParent().toFile().delete();
    }

    /** File {@code location}, checked to exist; copied only when a prefix or an extension is needed. */
    public static Path fromFile(String location, String extension, String prefix) {
        Path p = Paths.get(location);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException("dataset file not found: " + location);
        }
        if (prefix.isEmpty() && hasExtension(location, extension)) {
            return p;
        }
        try {
            return write(location, extension, prefix, Files.readAllBytes(p));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read dataset " + location + ": " + e.getMessage(), e);
        }
    }

    private static boolean hasExtension(String name, String extension) {
        String lower = name.toLowerCase();
        return lower.endsWith("." + extension) || (extension.equals("yaml") && lower.endsWith(".yml"));
    }

    private static java.net.URL url(String location) {
        String name = location.startsWith("/") ? location.substring(1) : location;
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        java.net.URL u = context == null ? null : context.getResource(name);
        return u != null ? u : DatasetFiles.class.getClassLoader().getResource(name);
    }

    private static InputStream open(String location) throws IOException {
        java.net.URL u = url(location);
        return u == null ? null : u.openStream();
    }

    private static Path write(String location, String extension, String prefix, byte[] body)
            throws IOException {
        String name = Paths.get(location).getFileName().toString();
        if (!hasExtension(name, extension)) {
            name = name + "." + extension;
        }
        Path dir = Files.createTempDirectory("supercolumn-dataset");
        dir.toFile().deleteOnExit();
        Path file = dir.resolve(name);
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            out.write(prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.write(body);
        }
        file.toFile().deleteOnExit();
        return file;
    }
}
