package org.supercolumn.testing;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;

/**
 * The server binary a Maven artifact carries ({@code org.supercolumn:supercolumn-server-OS-ARCH},
 * a dependency of supercolumn-unit's pom built by scripts/package.sh): a classpath resource
 * {@code org/supercolumn/server/OS-ARCH/supercolumn} with its {@code supercolumn.sha256} beside
 * it, copied out once into the temporary directory (a file named by that checksum, so every JVM
 * of the same binary reuses it) and run from there. Owns only finding and unpacking it.
 */
final class BundledBinary {
    private static final String ROOT = "org/supercolumn/server/";
    private static final String STABLE = "supercolumn-unit-";

    private BundledBinary() {
    }

    /** Java's os.name and os.arch as the artifact names them ({@code linux-x86_64}), or null. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.startsWith("linux")) {
            return null;
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return "linux-x86_64";
        }
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return "linux-aarch64";
        }
        return null;
    }

    /**
     * The user's own directory under the temporary one, kept between JVMs; a fresh one per JVM
     * when that name is taken by another user or open to others (the binary there is run as is).
     */
    private static Path cacheDirectory() throws IOException {
        Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
        String user = System.getProperty("user.name", "user");
        Path dir = tmp.resolve(STABLE + user);
        Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rwx------");
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(ownerOnly));
        } catch (FileAlreadyExistsException e) {
            // Made by an earlier JVM, if it is this user's and closed to others.
        }
        boolean safe = Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                && Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(user)
                && Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(ownerOnly);
        if (safe) {
            return dir;
        }
        Path fresh = Files.createTempDirectory(tmp, "supercolumn-unit");
        fresh.toFile().deleteOnExit();
        return fresh;
    }

    /** The unpacked binary, or null when the classpath holds none for this platform. */
    static String find() {
        String platform = platform();
        ClassLoader loader = BundledBinary.class.getClassLoader();
        if (platform == null || loader.getResource(ROOT + platform + "/supercolumn") == null) {
            return null;
        }
        try {
            String sha256;
            try (InputStream in = loader.getResourceAsStream(ROOT + platform + "/supercolumn.sha256")) {
                if (in == null) {
                    return null;
                }
                sha256 = new String(Java8.readAll(in), StandardCharsets.US_ASCII).trim();
            }
            if (!sha256.matches("[0-9a-f]{64}")) {
                throw new SupercolumnException("the bundled server's checksum is not a SHA-256: " + sha256);
            }
            Path dir = cacheDirectory();
            Path binary = dir.resolve("supercolumn-" + sha256.substring(0, 16));
            if (!Files.isExecutable(binary)) {
                // Copied under another name, then renamed: a JVM starting beside this one never
                // runs a half-written file.
                Path part = Files.createTempFile(dir, "supercolumn", ".part");
                try (InputStream in = loader.getResourceAsStream(ROOT + platform + "/supercolumn")) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                }
                if (!part.toFile().setExecutable(true, false)) {
                    throw new IOException("cannot make " + part + " executable");
                }
                Files.move(part, binary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                if (!dir.getFileName().toString().equals(STABLE + System.getProperty("user.name", "user"))) {
                    binary.toFile().deleteOnExit(); // a directory of this JVM's own: nothing to keep
                }
            }
            return binary.toString();
        } catch (IOException e) {
            throw new SupercolumnException("cannot unpack the bundled server into "
                    + System.getProperty("java.io.tmpdir") + File.separator + ": " + e.getMessage(), 0, e);
        }
    }
}
