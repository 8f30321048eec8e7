package org.supercolumn.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.lang.reflect.Field;
import java.net.URLEncoder;

/**
 * What this jar needs from later JDKs, written for Java 8 (the jar is compiled with
 * {@code --release 8}: the applications it tests are mostly Java 8 code). Nothing else here.
 */
final class Java8 {
    private Java8() {
    }

    /**
     * The process id: {@code Process.pid()} from Java 9, the JDK 8 process class's own field
     * before (this jar is built for Java 8); -1 when neither answers.
     */
    static long pidOf(Process p) {
        try {
            return (Long) Process.class.getMethod("pid").invoke(p);
        } catch (ReflectiveOperationException | RuntimeException e) {
            try {
                Field f = p.getClass().getDeclaredField("pid");
                f.setAccessible(true);
                return f.getInt(p);
            } catch (ReflectiveOperationException | RuntimeException e2) {
                return -1;
            }
        }
    }

    /** An input stream to its end (Java 8 has no {@code InputStream.readAllBytes}). */
    static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    static boolean isBlank(String s) {
        return s == null || s.trim().isEmpty();
    }

    static String urlEncode(String s) {
        try {
            return URLEncoder.encode(s, "UTF-8");
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e); // every JVM has UTF-8
        }
    }
}
