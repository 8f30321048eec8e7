package org.supercolumn.testing;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A capture as a test: replays a capture file ({@code supercolumn capture}'s, an application's
 * own traffic recorded in front of its real cluster) against a running {@link Supercolumn} with
 * {@code supercolumn replay --json}, and fails on any reply that differs from the captured one.
 * Owns running the replay and reading its report; the comparison is the server binary's.
 *
 * <pre>
 * try (Supercolumn sc = Supercolumn.start(new Supercolumn.Options().release("1.2.9"))) {
 *     CaptureReplay.assertReplays(sc, Paths.get("staging.capture"));
 * }
 * </pre>
 */
public final class CaptureReplay {
    private CaptureReplay() {}

    /**
     * Replays {@code capture} against {@code sc}; answers the report as parsed JSON ({@code
     * calls}, {@code identical}, {@code different}, {@code by_method}, {@code by_kind} with the
     * first differences of each kind, {@code differing}). Throws {@link SupercolumnException}
     * when the replay cannot run (a bad file, native traffic and no native port).
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> replay(Supercolumn sc, Path capture) {
        List<String> args = new ArrayList<>();
        args.add(sc.binary());
        args.add("replay");
        args.add(capture.toAbsolutePath().toString());
        args.add("--server");
        args.add(sc.host() + ":" + sc.port());
        if (sc.nativePort() > 0) {
            args.add("--native-server");
            args.add(sc.host() + ":" + sc.nativePort());
        }
        args.add("--json");
        args.add("--progress");
        args.add("0");
        File errors = null;
        try {
            errors = File.createTempFile("supercolumn-replay", ".err");
            Process p = new ProcessBuilder(args).redirectError(errors)
                    .redirectInput(ProcessBuilder.Redirect.PIPE).start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(Java8.readAll(in), StandardCharsets.UTF_8);
            }
            int status = p.waitFor();
            // 0: every reply matched; 1: some differed (the report says which); else an error.
            if (status != 0 && status != 1) {
                String why = new String(Files.readAllBytes(errors.toPath()), StandardCharsets.UTF_8).trim();
                throw new SupercolumnException("supercolumn replay failed: "
                        + (why.isEmpty() ? "exit " + status : why));
            }
            return (Map<String, Object>) AdminJson.read(out);
        } catch (IOException e) {
            throw new SupercolumnException("supercolumn replay: " + e.getMessage(), 0, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SupercolumnException("supercolumn replay interrupted", 0, e);
        } finally {
            if (errors != null && !errors.delete()) {
                errors.deleteOnExit();
            }
        }
    }

    /**
     * Replays {@code capture} and throws an {@link AssertionError} unless every reply matched
     * the captured one, showing the first differences of each kind; answers the report.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> assertReplays(Supercolumn sc, Path capture) {
        Map<String, Object> report = replay(sc, capture);
        long different = ((Number) report.get("different")).longValue();
        if (different > 0) {
            StringBuilder shown = new StringBuilder();
            Map<String, Object> kinds = new TreeMap<>((Map<String, Object>) report.get("by_kind"));
            for (Map.Entry<String, Object> kind : kinds.entrySet()) {
                Map<String, Object> count = (Map<String, Object>) kind.getValue();
                shown.append('\n').append(kind.getKey()).append(": ").append(count.get("calls")).append(" calls");
                for (Object first : (List<Object>) count.get("first")) {
                    shown.append("\n  ").append(first);
                }
            }
            throw new AssertionError(different + " of " + report.get("calls") + " replies differ from "
                    + capture.getFileName() + ":" + shown);
        }
        return report;
    }
}
