package bloggyappy;

import static bloggyappy.BlogFlow.bytes;
import static bloggyappy.BlogFlow.str;
import static bloggyappy.BlogFlow.utf8;
import static bloggyappy.BlogFlow.uuid;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.cassandra.thrift.Cassandra;
import org.apache.cassandra.thrift.Column;
import org.apache.cassandra.thrift.ColumnOrSuperColumn;
import org.apache.cassandra.thrift.ColumnParent;
import org.apache.cassandra.thrift.ColumnPath;
import org.apache.cassandra.thrift.ConsistencyLevel;
import org.apache.cassandra.thrift.Mutation;
import org.apache.cassandra.thrift.NotFoundException;
import org.apache.cassandra.thrift.SlicePredicate;
import org.apache.cassandra.thrift.SliceRange;
import org.apache.cassandra.thrift.SuperColumn;

/**
 * BloggyAppy over API 19.x (Cassandra 0.7 to 2.x; clients/java/cassandra19): the keyspace is
 * chosen once with set_keyspace, row keys are binary (ByteBuffer), insert takes a ColumnParent
 * and a whole Column, and batch_insert is gone (a comment is a one-row batch_mutate).
 */
public final class BloggyAppy19 implements Blog {
    private static final ConsistencyLevel CL = ConsistencyLevel.ONE;
    private final Cassandra.Client client;

    BloggyAppy19(Cassandra.Client client) {
        this.client = client;
    }

    private static ByteBuffer key(String s) {
        return ByteBuffer.wrap(utf8(s));
    }

    private static SlicePredicate fullRow(int count, boolean reversed) {
        return new SlicePredicate().setSlice_range(new SliceRange(ByteBuffer.wrap(new byte[0]),
                ByteBuffer.wrap(new byte[0]), reversed, count));
    }

    private static Column column(byte[] name, String value, long ts) {
        return new Column(ByteBuffer.wrap(name)).setValue(utf8(value)).setTimestamp(ts);
    }

    private static Mutation mutation(ColumnOrSuperColumn cosc) {
        return new Mutation().setColumn_or_supercolumn(cosc);
    }

    private static Map<String, String> fields(List<ColumnOrSuperColumn> cols) {
        Map<String, String> m = new TreeMap<>();
        for (ColumnOrSuperColumn c : cols) {
            m.put(str(c.getColumn().getName()), str(c.getColumn().getValue()));
        }
        return m;
    }

    @Override
    public void saveAuthor(String name, Map<String, String> profile, long ts) throws Exception {
        for (Map.Entry<String, String> f : profile.entrySet()) {
            client.insert(key(name), new ColumnParent("Authors"), column(utf8(f.getKey()), f.getValue(), ts), CL);
        }
    }

    @Override
    public void publish(Map<String, String> post, UUID when, long ts) throws Exception {
        List<Mutation> entry = new ArrayList<>();
        for (Map.Entry<String, String> f : post.entrySet()) {
            entry.add(mutation(new ColumnOrSuperColumn().setColumn(column(utf8(f.getKey()), f.getValue(), ts))));
        }
        List<Mutation> index = List.of(mutation(
                new ColumnOrSuperColumn().setColumn(column(bytes(when), post.get("slug"), ts))));
        Map<ByteBuffer, Map<String, List<Mutation>>> mutations = new HashMap<>();
        mutations.put(key(post.get("slug")), Map.of("BlogEntries", entry));
        for (String tag : (post.get("tags") + "," + BlogFlow.NOTAG).split(",")) {
            mutations.computeIfAbsent(key(tag), k -> new HashMap<>()).put("TaggedPosts", index);
        }
        client.batch_mutate(mutations, CL);
    }

    @Override
    public void comment(String slug, UUID when, Map<String, String> fields, long ts) throws Exception {
        List<Column> sub = new ArrayList<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            sub.add(column(utf8(f.getKey()), f.getValue(), ts));
        }
        Mutation m = mutation(new ColumnOrSuperColumn()
                .setSuper_column(new SuperColumn(ByteBuffer.wrap(bytes(when)), sub)));
        client.batch_mutate(Map.of(key(slug), Map.of("Comments", List.of(m))), CL);
    }

    @Override
    public Map<String, String> author(String name) throws Exception {
        return fields(client.get_slice(key(name), new ColumnParent("Authors"), fullRow(1000, false), CL));
    }

    @Override
    public String authorField(String name, String field) throws Exception {
        try {
            ColumnPath path = new ColumnPath("Authors").setColumn(utf8(field));
            return str(client.get(key(name), path, CL).getColumn().getValue());
        } catch (NotFoundException e) {
            return null;
        }
    }

    @Override
    public List<Posted> latest(String tag, int count) throws Exception {
        List<Posted> out = new ArrayList<>();
        for (ColumnOrSuperColumn c : client.get_slice(key(tag), new ColumnParent("TaggedPosts"),
                fullRow(count, true), CL)) {
            out.add(new Posted(uuid(c.getColumn().getName()), str(c.getColumn().getValue())));
        }
        return out;
    }

    @Override
    public Map<String, Map<String, String>> posts(List<String> slugs) throws Exception {
        List<ByteBuffer> keys = new ArrayList<>();
        slugs.forEach(s -> keys.add(key(s)));
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        client.multiget_slice(keys, new ColumnParent("BlogEntries"), fullRow(1000, false), CL)
                .forEach((k, cols) -> {
                    byte[] b = new byte[k.remaining()];
                    k.duplicate().get(b);
                    out.put(str(b), fields(cols));
                });
        return out;
    }

    @Override
    public List<Comment> comments(String slug) throws Exception {
        List<Comment> out = new ArrayList<>();
        for (ColumnOrSuperColumn c : client.get_slice(key(slug), new ColumnParent("Comments"),
                fullRow(1000, false), CL)) {
            Map<String, String> f = new TreeMap<>();
            for (Column s : c.getSuper_column().getColumns()) {
                f.put(str(s.getName()), str(s.getValue()));
            }
            out.add(new Comment(uuid(c.getSuper_column().getName()), f));
        }
        return out;
    }

    @Override
    public List<String> commentFieldNames(String slug, UUID when) throws Exception {
        ColumnPath path = new ColumnPath("Comments").setSuper_column(bytes(when));
        List<String> names = new ArrayList<>();
        for (Column s : client.get(key(slug), path, CL).getSuper_column().getColumns()) {
            names.add(str(s.getName()));
        }
        return names;
    }

    @Override
    public int commentCount(String slug) throws Exception {
        return client.get_count(key(slug), new ColumnParent("Comments"), fullRow(Integer.MAX_VALUE, false), CL);
    }

    @Override
    public String describeVersion() throws Exception {
        return client.describe_version();
    }

    public static void main(String[] args) {
        System.exit(BlogFlow.main(args, (protocol, keyspace) -> {
            Cassandra.Client client = new Cassandra.Client(protocol);
            client.set_keyspace(keyspace);
            return new BloggyAppy19(client);
        }));
    }
}
