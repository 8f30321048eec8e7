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
 * BloggyAppy over Cassandra 0.6's API 2.2.0 (clients/java/cassandra06): the keyspace is named in
 * every call and row keys are strings. Each write uses a different write call of that API:
 * insert (authors), batch_mutate (a post and its index entries), batch_insert (a comment).
 */
public final class BloggyAppy06 implements Blog {
    private static final ConsistencyLevel CL = ConsistencyLevel.ONE;
    private final Cassandra.Client client;
    private final String keyspace;

    BloggyAppy06(Cassandra.Client client, String keyspace) {
        this.client = client;
        this.keyspace = keyspace;
    }

    private static SlicePredicate fullRow(int count, boolean reversed) {
        return new SlicePredicate().setSlice_range(new SliceRange(ByteBuffer.wrap(new byte[0]),
                ByteBuffer.wrap(new byte[0]), reversed, count));
    }

    private static Column column(byte[] name, String value, long ts) {
        return new Column(ByteBuffer.wrap(name), ByteBuffer.wrap(utf8(value)), ts);
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
            ColumnPath path = new ColumnPath("Authors").setColumn(utf8(f.getKey()));
            client.insert(keyspace, name, path, ByteBuffer.wrap(utf8(f.getValue())), ts, CL);
        }
    }

    @Override
    public void publish(Map<String, String> post, UUID when, long ts) throws Exception {
        List<Mutation> entry = new ArrayList<>();
        for (Map.Entry<String, String> f : post.entrySet()) {
            entry.add(new Mutation().setColumn_or_supercolumn(
                    new ColumnOrSuperColumn().setColumn(column(utf8(f.getKey()), f.getValue(), ts))));
        }
        List<Mutation> index = List.of(new Mutation().setColumn_or_supercolumn(
                new ColumnOrSuperColumn().setColumn(column(bytes(when), post.get("slug"), ts))));
        Map<String, Map<String, List<Mutation>>> mutations = new HashMap<>();
        mutations.put(post.get("slug"), Map.of("BlogEntries", entry));
        for (String tag : (post.get("tags") + "," + BlogFlow.NOTAG).split(",")) {
            mutations.computeIfAbsent(tag, k -> new HashMap<>()).put("TaggedPosts", index);
        }
        client.batch_mutate(keyspace, mutations, CL);
    }

    @Override
    public void comment(String slug, UUID when, Map<String, String> fields, long ts) throws Exception {
        List<Column> sub = new ArrayList<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            sub.add(column(utf8(f.getKey()), f.getValue(), ts));
        }
        ColumnOrSuperColumn cosc = new ColumnOrSuperColumn()
                .setSuper_column(new SuperColumn(ByteBuffer.wrap(bytes(when)), sub));
        client.batch_insert(keyspace, slug, Map.of("Comments", List.of(cosc)), CL);
    }

    @Override
    public Map<String, String> author(String name) throws Exception {
        return fields(client.get_slice(keyspace, name, new ColumnParent("Authors"), fullRow(1000, false), CL));
    }

    @Override
    public String authorField(String name, String field) throws Exception {
        try {
            ColumnPath path = new ColumnPath("Authors").setColumn(utf8(field));
            return str(client.get(keyspace, name, path, CL).getColumn().getValue());
        } catch (NotFoundException e) {
            return null;
        }
    }

    @Override
    public List<Posted> latest(String tag, int count) throws Exception {
        List<Posted> out = new ArrayList<>();
        for (ColumnOrSuperColumn c : client.get_slice(keyspace, tag, new ColumnParent("TaggedPosts"),
                fullRow(count, true), CL)) {
            out.add(new Posted(uuid(c.getColumn().getName()), str(c.getColumn().getValue())));
        }
        return out;
    }

    @Override
    public Map<String, Map<String, String>> posts(List<String> slugs) throws Exception {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        client.multiget_slice(keyspace, slugs, new ColumnParent("BlogEntries"), fullRow(1000, false), CL)
                .forEach((k, cols) -> out.put(k, fields(cols)));
        return out;
    }

    @Override
    public List<Comment> comments(String slug) throws Exception {
        List<Comment> out = new ArrayList<>();
        for (ColumnOrSuperColumn c : client.get_slice(keyspace, slug, new ColumnParent("Comments"),
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
        for (Column s : client.get(keyspace, slug, path, CL).getSuper_column().getColumns()) {
            names.add(str(s.getName()));
        }
        return names;
    }

    @Override
    public int commentCount(String slug) throws Exception {
        return client.get_count(keyspace, slug, new ColumnParent("Comments"), CL);
    }

    @Override
    public String describeVersion() throws Exception {
        return client.describe_version();
    }

    public static void main(String[] args) {
        System.exit(BlogFlow.main(args,
                (protocol, keyspace) -> new BloggyAppy06(new Cassandra.Client(protocol), keyspace)));
    }
}
