package bloggyappy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the Java port of
 * clients/python/examples/bloggyappy.py: writes authors, posts (with their TaggedPosts index
 * entries, __notag__ included) and comments (one super column each), reads them back the ways
 * the article describes, and exits 1 if any read differs from what was written, 2 if the server
 * cannot be reached or refuses a call. Row keys carry a run id, so runs can repeat on one server.
 */
public final class BlogFlow {
    static final String NOTAG = "__notag__";
    /** 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch. */
    static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

    private final List<String> failures = new ArrayList<>();

    /** A version-1 UUID for the instant; `seq` keeps the UUIDs of one instant distinct. */
    static UUID timeUuid(long unixMicros, int seq) {
        long ticks = unixMicros * 10 + UUID_EPOCH_OFFSET + seq;
        long msb = (ticks & 0xFFFFFFFFL) << 32 | ((ticks >>> 32) & 0xFFFFL) << 16
                | 0x1000L | ((ticks >>> 48) & 0x0FFFL);
        long clockSeq = 0x1234L;
        long node = 0x0123456789ABL | 0x010000000000L; // multicast bit: not a real MAC
        long lsb = (0x80L | ((clockSeq >> 8) & 0x3F)) << 56 | (clockSeq & 0xFF) << 48 | node;
        return new UUID(msb, lsb);
    }

    static byte[] bytes(UUID u) {
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
                .putLong(u.getLeastSignificantBits()).array();
    }

    static UUID uuid(byte[] b) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        return new UUID(buf.getLong(), buf.getLong());
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private void same(String what, Object got, Object want) {
        if (!String.valueOf(got).equals(String.valueOf(want))) {
            failures.add(what + ": got " + got + ", want " + want);
            System.out.println("  MISMATCH " + what);
        }
    }

    private static Map<String, String> map(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Runs the scenario; returns the mismatches found (empty when every read was right). */
    List<String> run(Blog blog, String runId) throws Exception {
        long ts = System.currentTimeMillis() * 1000;
        // Publication instants are t0 + n milliseconds: the posts have a known order, and they
        // are newer than every post of an earlier run against the same server (a run takes
        // longer than a few milliseconds), so the front page's 10 newest hold this run's three.
        long t0 = ts;
        Map<String, Map<String, String>> authors = new LinkedHashMap<>();
        String arin = "Arin Sarkissian " + runId;
        String ian = "Ian Eure " + runId;
        authors.put(arin, map("numPosts", "2", "twitter", "phatduckk", "email", "arin@example.com",
                "bio", "bla bla bla"));
        authors.put(ian, map("numPosts", "1", "twitter", "ieure", "email", "ieure@example.com",
                "bio", "digg engineer"));
        List<Map<String, String>> posts = List.of(
                map("slug", "i-got-a-new-guitar-" + runId,
                        "title", "This is a blog entry about my new, awesome guitar",
                        "body", "this is a cool entry. etc etc yada yada", "author", arin,
                        "tags", "life,guitar,music"),
                map("slug", "another-cool-guitar-" + runId, "title", "Another cool guitar",
                        "body", "I could not stop at one.", "author", arin, "tags", "guitar"),
                map("slug", "scream-is-the-best-movie-ever-" + runId,
                        "title", "Scream is the best movie ever", "body", "Do you like scary movies?",
                        "author", ian, "tags", "movie,horror"));
        Map<String, List<Map<String, String>>> comments = new LinkedHashMap<>();
        comments.put(posts.get(2).get("slug"), List.of(
                map("commenter", "Joe Blow", "email", "joeb@example.com",
                        "comment", "the godfather is the best movie ever"),
                map("commenter", "Some Dude", "email", "sd@example.com",
                        "comment", "be nice Joe Blow this isnt youtube"),
                map("commenter", "Joe Blow", "email", "joeb@example.com",
                        "comment", "fine. scream is ok.")));
        comments.put(posts.get(0).get("slug"), List.of(
                map("commenter", "Johnny Guitar", "email", "guitardude@example.com",
                        "comment", "nice axe dawg...")));

        System.out.printf("run %s: writing %d authors, %d posts, %d comments%n", runId,
                authors.size(), posts.size(), 4);
        for (Map.Entry<String, Map<String, String>> a : authors.entrySet()) {
            blog.saveAuthor(a.getKey(), a.getValue(), ts);
        }
        List<Blog.Posted> published = new ArrayList<>();
        for (int i = 0; i < posts.size(); i++) {
            Map<String, String> post = posts.get(i);
            post.put("pubDate", Long.toString(t0 / 1_000_000 + i));
            UUID when = timeUuid(t0 + i * 1_000L, i);
            blog.publish(post, when, ts);
            published.add(new Blog.Posted(when, post.get("slug")));
        }
        Map<String, List<Blog.Comment>> written = new LinkedHashMap<>();
        for (Map.Entry<String, List<Map<String, String>>> e : comments.entrySet()) {
            List<Blog.Comment> list = new ArrayList<>();
            for (int i = 0; i < e.getValue().size(); i++) {
                Map<String, String> fields = new TreeMap<>(e.getValue().get(i));
                fields.put("commentTime", Long.toString(t0 / 1_000_000 + 10 + i));
                UUID when = timeUuid(t0 + (10 + i) * 1_000L, i);
                blog.comment(e.getKey(), when, fields, ts);
                list.add(new Blog.Comment(when, fields));
            }
            written.put(e.getKey(), list);
        }
        System.out.println("server speaks API " + blog.describeVersion());

        // 1. The front page: the 10 newest posts of any tag, newest first; only this run's
        //    posts (their slugs end with the run id) are checked.
        System.out.println("\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):");
        List<Blog.Posted> latest = new ArrayList<>();
        for (Blog.Posted p : blog.latest(NOTAG, 10)) {
            System.out.println("  " + p);
            if (p.slug().endsWith(runId)) {
                latest.add(p);
            }
        }
        List<Blog.Posted> newestFirst = new ArrayList<>(published);
        Collections.reverse(newestFirst);
        same("latest posts", latest, newestFirst);
        List<String> slugs = new ArrayList<>();
        latest.forEach(p -> slugs.add(p.slug()));
        Map<String, Map<String, String>> bodies = blog.posts(slugs);
        for (String slug : slugs) {
            Map<String, String> post = bodies.getOrDefault(slug, Map.of());
            System.out.printf("  -> '%s' by '%s', tags '%s'%n", post.get("title"), post.get("author"),
                    post.get("tags"));
        }
        for (Map<String, String> post : posts) {
            same("BlogEntries[" + post.get("slug") + "]", new TreeMap<>(bodies.get(post.get("slug"))),
                    new TreeMap<>(post));
        }

        // 2. Posts for one tag, newest first.
        for (String tag : List.of("guitar", "movie")) {
            List<Blog.Posted> want = new ArrayList<>();
            for (int i = posts.size() - 1; i >= 0; i--) {
                if (Arrays.asList(posts.get(i).get("tags").split(",")).contains(tag)) {
                    want.add(published.get(i));
                }
            }
            List<Blog.Posted> got = new ArrayList<>();
            System.out.println("\nposts tagged '" + tag + "':");
            for (Blog.Posted p : blog.latest(tag, 10)) {
                if (p.slug().endsWith(runId)) {
                    System.out.println("  " + p);
                    got.add(p);
                }
            }
            same("posts tagged " + tag, got, want);
        }

        // 3. A post's comments, oldest first, each a super column.
        for (Map.Entry<String, List<Blog.Comment>> e : written.entrySet()) {
            String slug = e.getKey();
            List<Blog.Comment> got = blog.comments(slug);
            int count = blog.commentCount(slug);
            System.out.printf("%ncomments on %s (%d):%n", slug, count);
            for (Blog.Comment c : got) {
                System.out.printf("  %s  %s <%s>: %s%n", c.when(), c.fields().get("commenter"),
                        c.fields().get("email"), c.fields().get("comment"));
            }
            same("comments on " + slug, got, e.getValue());
            same("comment count on " + slug, count, e.getValue().size());
            // Sub-columns come back sorted by name (BytesType).
            Blog.Comment first = e.getValue().get(0);
            same("sub-column order of first comment on " + slug,
                    blog.commentFieldNames(slug, first.when()), new ArrayList<>(first.fields().keySet()));
        }

        // 4. An author's profile, and a single field of it.
        for (Map.Entry<String, Map<String, String>> a : authors.entrySet()) {
            Map<String, String> got = blog.author(a.getKey());
            System.out.printf("%nauthor %s: %s%n", a.getKey(), got);
            same("Authors[" + a.getKey() + "]", new TreeMap<>(got), new TreeMap<>(a.getValue()));
            same("Authors[" + a.getKey() + "].email", blog.authorField(a.getKey(), "email"),
                    a.getValue().get("email"));
        }

        // 5. Absent data is reported as absent.
        same("get of a missing author", blog.authorField("Nobody " + runId, "email"), null);
        same("comments on a post without comments", blog.comments(posts.get(1).get("slug")), List.of());
        return failures;
    }

    /** Command line: [--host H] [--port P] [--framed] [--non-strict] [--keyspace K]. */
    static final class Options {
        String host = "127.0.0.1";
        int port = 9160;
        boolean framed = false;
        /** Non-strict binary protocol: messages without the version word, as pre-0.x clients sent. */
        boolean strict = true;
        String keyspace = "BloggyAppy";

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--host" -> o.host = args[++i];
                    case "--port" -> o.port = Integer.parseInt(args[++i]);
                    case "--framed" -> o.framed = true;
                    case "--non-strict" -> o.strict = false;
                    case "--keyspace" -> o.keyspace = args[++i];
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]
                            + " (usage: [--host H] [--port P] [--framed] [--non-strict] [--keyspace K])");
                }
            }
            return o;
        }

        /** The transport apps used: a socket, framed for 0.7+ servers, raw for 0.6 ones. */
        TTransport open() throws TTransportException {
            TSocket socket = new TSocket(host, port, 10_000);
            TTransport t = framed ? new TFramedTransport(socket) : socket;
            t.open();
            return t;
        }
    }

    /** Makes the blog of one API generation over a connected protocol. */
    interface Connect {
        Blog open(TProtocol protocol, String keyspace) throws TException;
    }

    /** Connects, runs and reports: the exit status of the example. */
    static int main(String[] args, Connect connect) {
        Options o = Options.parse(args);
        TTransport transport;
        try {
            transport = o.open();
        } catch (TTransportException e) {
            System.err.println("cannot connect to " + o.host + ":" + o.port + ": " + e.getMessage());
            return 2;
        }
        List<String> failures;
        try {
            TProtocol protocol = new TBinaryProtocol(transport, o.strict, o.strict);
            failures = new BlogFlow().run(connect.open(protocol, o.keyspace),
                    UUID.randomUUID().toString().substring(0, 8));
        } catch (Exception e) {
            System.err.println("\ncall failed: " + e);
            return 2;
        } finally {
            transport.close();
        }
        if (!failures.isEmpty()) {
            System.err.println("\nFAILED: " + failures.size() + " read(s) differ from what was written:");
            failures.forEach(f -> System.err.println("  " + f));
            return 1;
        }
        System.out.println("\nOK: every read returned what was written");
        return 0;
    }
}
