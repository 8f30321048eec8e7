// BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the C++ port of
// clients/python/examples/bloggyappy.py, over API 19.x (Cassandra 0.7 to 2.x) through the
// generated clients/cpp/cassandra19 (namespace org::apache::cassandra) and Debian's libthrift.
//
// It writes authors, posts (with their TaggedPosts index entries, __notag__ included) and
// comments (one super column each, written with batch_mutate), reads them back the ways the
// article describes (latest posts newest first, posts by tag, a post's comments in order, an
// author's profile), and exits 1 if any read differs from what was written, 2 if the server
// cannot be reached or refuses a call. Row keys carry a run id, so runs can repeat on one server.
//
// usage: bloggyappy19 [--host H] [--port P] [--framed] [--keyspace BloggyAppy]

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include "Cassandra.h"

using namespace org::apache::cassandra;
using apache::thrift::TException;
using apache::thrift::protocol::TBinaryProtocol;
using apache::thrift::transport::TBufferedTransport;
using apache::thrift::transport::TFramedTransport;
using apache::thrift::transport::TSocket;
using apache::thrift::transport::TTransport;
using apache::thrift::transport::TTransportException;

namespace {

const std::string NOTAG = "__notag__";
const ConsistencyLevel::type CL = ConsistencyLevel::ONE;
// 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
const uint64_t UUID_EPOCH_OFFSET = 0x01B21DD213814000ULL;

using Fields = std::map<std::string, std::string>;  // sorted by name, as BytesType sorts
using Posted = std::pair<std::string, std::string>;  // (TimeUUID bytes, slug)
using Comment = std::pair<std::string, Fields>;      // (TimeUUID bytes, sub-columns)

// A version-1 UUID (16 bytes) for the instant; `seq` keeps the UUIDs of one instant distinct.
std::string time_uuid(int64_t unix_micros, int seq) {
    uint64_t ticks = uint64_t(unix_micros) * 10 + UUID_EPOCH_OFFSET + uint64_t(seq);
    uint64_t msb = (ticks & 0xFFFFFFFFULL) << 32 | ((ticks >> 32) & 0xFFFF) << 16 | 0x1000 | ((ticks >> 48) & 0x0FFF);
    uint64_t clock_seq = 0x1234;
    uint64_t node = 0x0123456789ABULL | 0x010000000000ULL;  // multicast bit set: not a real MAC
    uint64_t lsb = (0x80 | ((clock_seq >> 8) & 0x3F)) << 56 | (clock_seq & 0xFF) << 48 | node;
    std::string out(16, '\0');
    for (int i = 0; i < 8; i++) {
        out[i] = char(msb >> (56 - 8 * i));
        out[8 + i] = char(lsb >> (56 - 8 * i));
    }
    return out;
}

std::string uuid_string(const std::string& b) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < b.size(); i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
        out += hex[(unsigned char)b[i] >> 4];
        out += hex[(unsigned char)b[i] & 15];
    }
    return out;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Printable forms for the mismatch report.
std::string show(const std::string& s) { return "'" + s + "'"; }
std::string show(int v) { return std::to_string(v); }
std::string show(const Fields& f) {
    std::string out = "{";
    for (const auto& kv : f) out += (out.size() > 1 ? ", " : "") + kv.first + ": " + show(kv.second);
    return out + "}";
}
template <class A, class B>
std::string show(const std::pair<A, B>& p) {
    return "(" + uuid_string(p.first) + " " + show(p.second) + ")";
}
template <class T>
std::string show(const std::vector<T>& v) {
    std::string out = "[";
    for (const auto& x : v) out += (out.size() > 1 ? ", " : "") + show(x);
    return out + "]";
}

std::vector<std::string> failures;

template <class T>
void same(const std::string& what, const T& got, const T& want) {
    if (got == want) return;
    failures.push_back(what + ": got " + show(got) + ", want " + show(want));
    std::cout << "  MISMATCH " << what << "\n";
}

// --- the blog's data access ------------------------------------------------------------------

class Blog {
public:
    explicit Blog(CassandraClient& client) : c_(client) {}

    void save_author(const std::string& name, const Fields& profile, int64_t ts) {
        for (const auto& f : profile) c_.insert(name, parent("Authors"), column(f.first, f.second, ts), CL);
    }

    // The BlogEntries row and one TaggedPosts column per tag plus __notag__, in one batch_mutate.
    void publish(const Fields& post, const std::string& when, int64_t ts) {
        std::map<std::string, std::map<std::string, std::vector<Mutation>>> mutations;
        auto& entry = mutations[post.at("slug")]["BlogEntries"];
        for (const auto& f : post) entry.push_back(column_mutation(column(f.first, f.second, ts)));
        std::vector<Mutation> index{column_mutation(column(when, post.at("slug"), ts))};
        std::stringstream tags(post.at("tags") + "," + NOTAG);
        for (std::string tag; std::getline(tags, tag, ',');) mutations[tag]["TaggedPosts"] = index;
        c_.batch_mutate(mutations, CL);
    }

    void comment(const std::string& slug, const std::string& when, const Fields& fields, int64_t ts) {
        SuperColumn sc;
        sc.__set_name(when);
        for (const auto& f : fields) sc.columns.push_back(column(f.first, f.second, ts));
        ColumnOrSuperColumn cosc;
        cosc.__set_super_column(sc);
        Mutation m;
        m.__set_column_or_supercolumn(cosc);
        c_.batch_mutate({{slug, {{"Comments", {m}}}}}, CL);
    }

    Fields author(const std::string& name) {
        std::vector<ColumnOrSuperColumn> cols;
        c_.get_slice(cols, name, parent("Authors"), full_row(1000, false), CL);
        return fields(cols);
    }

    // One profile field; `found` is false when the server answers NotFoundException.
    std::string author_field(const std::string& name, const std::string& field, bool* found = nullptr) {
        ColumnPath path;
        path.__set_column_family("Authors");
        path.__set_column(field);
        ColumnOrSuperColumn cosc;
        try {
            c_.get(cosc, name, path, CL);
        } catch (const NotFoundException&) {
            if (found) *found = false;
            return "";
        }
        if (found) *found = true;
        return cosc.column.value;
    }

    // The newest `count` posts with the tag, newest first (a reversed slice).
    std::vector<Posted> latest(const std::string& tag, int count) {
        std::vector<ColumnOrSuperColumn> cols;
        c_.get_slice(cols, tag, parent("TaggedPosts"), full_row(count, true), CL);
        std::vector<Posted> out;
        for (const auto& c : cols) out.emplace_back(c.column.name, c.column.value);
        return out;
    }

    std::map<std::string, Fields> posts(const std::vector<std::string>& slugs) {
        std::map<std::string, std::vector<ColumnOrSuperColumn>> rows;
        c_.multiget_slice(rows, slugs, parent("BlogEntries"), full_row(1000, false), CL);
        std::map<std::string, Fields> out;
        for (const auto& r : rows) out[r.first] = fields(r.second);
        return out;
    }

    // A post's comments, oldest first.
    std::vector<Comment> comments(const std::string& slug) {
        std::vector<ColumnOrSuperColumn> cols;
        c_.get_slice(cols, slug, parent("Comments"), full_row(1000, false), CL);
        std::vector<Comment> out;
        for (const auto& c : cols) {
            Fields f;
            for (const auto& s : c.super_column.columns) f[s.name] = s.value;
            out.emplace_back(c.super_column.name, f);
        }
        return out;
    }

    // The sub-column names of one comment, in the order the server returns them.
    std::vector<std::string> comment_field_names(const std::string& slug, const std::string& when) {
        ColumnPath path;
        path.__set_column_family("Comments");
        path.__set_super_column(when);
        ColumnOrSuperColumn cosc;
        c_.get(cosc, slug, path, CL);
        std::vector<std::string> names;
        for (const auto& s : cosc.super_column.columns) names.push_back(s.name);
        return names;
    }

    int comment_count(const std::string& slug) {
        return c_.get_count(slug, parent("Comments"), full_row(INT32_MAX, false), CL);
    }

private:
    static ColumnParent parent(const std::string& cf) {
        ColumnParent p;
        p.__set_column_family(cf);
        return p;
    }

    static SlicePredicate full_row(int32_t count, bool reversed) {
        SliceRange range;
        range.__set_start("");
        range.__set_finish("");
        range.__set_reversed(reversed);
        range.__set_count(count);
        SlicePredicate p;
        p.__set_slice_range(range);
        return p;
    }

    static Column column(const std::string& name, const std::string& value, int64_t ts) {
        Column c;
        c.__set_name(name);
        c.__set_value(value);
        c.__set_timestamp(ts);
        return c;
    }

    static Mutation column_mutation(const Column& col) {
        ColumnOrSuperColumn cosc;
        cosc.__set_column(col);
        Mutation m;
        m.__set_column_or_supercolumn(cosc);
        return m;
    }

    static Fields fields(const std::vector<ColumnOrSuperColumn>& cols) {
        Fields f;
        for (const auto& c : cols) f[c.column.name] = c.column.value;
        return f;
    }

    CassandraClient& c_;
};

// --- the scenario ----------------------------------------------------------------------------

void run(Blog& blog, CassandraClient& client, const std::string& run_id) {
    int64_t ts = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::system_clock::now().time_since_epoch()).count();
    // Publication instants are t0 + n milliseconds: the posts have a known order, and they are
    // newer than every post of an earlier run against the same server (a run takes longer than
    // a few milliseconds), so the front page's 10 newest hold this run's three.
    int64_t t0 = ts;
    int64_t t0s = t0 / 1000000;

    std::string arin = "Arin Sarkissian " + run_id, ian = "Ian Eure " + run_id;
    std::vector<std::pair<std::string, Fields>> authors{
        {arin, {{"numPosts", "2"}, {"twitter", "phatduckk"}, {"email", "arin@example.com"}, {"bio", "bla bla bla"}}},
        {ian, {{"numPosts", "1"}, {"twitter", "ieure"}, {"email", "ieure@example.com"}, {"bio", "digg engineer"}}},
    };
    std::vector<Fields> posts{
        {{"slug", "i-got-a-new-guitar-" + run_id}, {"title", "This is a blog entry about my new, awesome guitar"},
         {"body", "this is a cool entry. etc etc yada yada"}, {"author", arin}, {"tags", "life,guitar,music"}},
        {{"slug", "another-cool-guitar-" + run_id}, {"title", "Another cool guitar"},
         {"body", "I could not stop at one."}, {"author", arin}, {"tags", "guitar"}},
        {{"slug", "scream-is-the-best-movie-ever-" + run_id}, {"title", "Scream is the best movie ever"},
         {"body", "Do you like scary movies?"}, {"author", ian}, {"tags", "movie,horror"}},
    };
    std::vector<std::pair<std::string, std::vector<Fields>>> comments{
        {posts[2]["slug"],
         {{{"commenter", "Joe Blow"}, {"email", "joeb@example.com"}, {"comment", "the godfather is the best movie ever"}},
          {{"commenter", "Some Dude"}, {"email", "sd@example.com"}, {"comment", "be nice Joe Blow this isnt youtube"}},
          {{"commenter", "Joe Blow"}, {"email", "joeb@example.com"}, {"comment", "fine. scream is ok."}}}},
        {posts[0]["slug"],
         {{{"commenter", "Johnny Guitar"}, {"email", "guitardude@example.com"}, {"comment", "nice axe dawg..."}}}},
    };

    std::cout << "run " << run_id << ": writing 2 authors, 3 posts, 4 comments\n";
    for (const auto& a : authors) blog.save_author(a.first, a.second, ts);
    std::vector<Posted> published;  // oldest first
    for (size_t i = 0; i < posts.size(); i++) {
        posts[i]["pubDate"] = std::to_string(t0s + int64_t(i));
        std::string when = time_uuid(t0 + int64_t(i) * 1000, int(i));
        blog.publish(posts[i], when, ts);
        published.emplace_back(when, posts[i]["slug"]);
    }
    std::vector<std::pair<std::string, std::vector<Comment>>> written;
    for (const auto& entry : comments) {
        std::vector<Comment> list;
        for (size_t i = 0; i < entry.second.size(); i++) {
            Fields f = entry.second[i];
            f["commentTime"] = std::to_string(t0s + 10 + int64_t(i));
            std::string when = time_uuid(t0 + (10 + int64_t(i)) * 1000, int(i));
            blog.comment(entry.first, when, f, ts);
            list.emplace_back(when, f);
        }
        written.emplace_back(entry.first, list);
    }
    std::string version;
    client.describe_version(version);
    std::cout << "server speaks API " << version << "\n";

    auto mine = [&](std::vector<Posted> all) {
        all.erase(std::remove_if(all.begin(), all.end(), [&](const Posted& p) { return !ends_with(p.second, run_id); }),
                  all.end());
        return all;
    };

    // 1. The front page: the 10 newest posts of any tag, newest first; only this run's posts
    //    (their slugs end with the run id) are checked.
    std::cout << "\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):\n";
    std::vector<Posted> latest = blog.latest(NOTAG, 10);
    for (const auto& p : latest) std::cout << "  " << uuid_string(p.first) << "  " << p.second << "\n";
    latest = mine(latest);
    same("latest posts", latest, std::vector<Posted>(published.rbegin(), published.rend()));
    std::vector<std::string> slugs;
    for (const auto& p : latest) slugs.push_back(p.second);
    auto bodies = blog.posts(slugs);
    for (const auto& slug : slugs) {
        Fields& p = bodies[slug];
        std::cout << "  -> '" << p["title"] << "' by '" << p["author"] << "', tags '" << p["tags"] << "'\n";
    }
    for (const auto& post : posts) same("BlogEntries[" + post.at("slug") + "]", bodies[post.at("slug")], post);

    // 2. Posts for one tag, newest first.
    for (std::string tag : {"guitar", "movie"}) {
        std::vector<Posted> want;
        for (size_t i = posts.size(); i-- > 0;) {
            if (("," + posts[i]["tags"] + ",").find("," + tag + ",") != std::string::npos) want.push_back(published[i]);
        }
        std::vector<Posted> got = mine(blog.latest(tag, 10));
        std::cout << "\nposts tagged '" << tag << "':\n";
        for (const auto& p : got) std::cout << "  " << uuid_string(p.first) << "  " << p.second << "\n";
        same("posts tagged " + tag, got, want);
    }

    // 3. A post's comments, oldest first, each a super column.
    for (const auto& entry : written) {
        const std::string& slug = entry.first;
        const std::vector<Comment>& want = entry.second;
        std::vector<Comment> got = blog.comments(slug);
        int count = blog.comment_count(slug);
        std::cout << "\ncomments on " << slug << " (" << count << "):\n";
        for (auto& c : got) {
            std::cout << "  " << uuid_string(c.first) << "  " << c.second["commenter"] << " <" << c.second["email"]
                      << ">: " << c.second["comment"] << "\n";
        }
        same("comments on " + slug, got, want);
        same("comment count on " + slug, count, int(want.size()));
        // Sub-columns come back sorted by name (BytesType).
        std::vector<std::string> names;
        for (const auto& f : want[0].second) names.push_back(f.first);
        same("sub-column order of first comment on " + slug, blog.comment_field_names(slug, want[0].first), names);
    }

    // 4. An author's profile, and a single field of it.
    for (const auto& a : authors) {
        Fields got = blog.author(a.first);
        std::cout << "\nauthor " << a.first << ": " << show(got) << "\n";
        same("Authors[" + a.first + "]", got, a.second);
        same("Authors[" + a.first + "].email", blog.author_field(a.first, "email"), a.second.at("email"));
    }

    // 5. Absent data is reported as absent.
    bool found = true;
    blog.author_field("Nobody " + run_id, "email", &found);
    same("get of a missing author (found)", int(found), 0);
    same("comments on a post without comments", blog.comments(posts[1]["slug"]), std::vector<Comment>{});
}

}  // namespace

int main(int argc, char** argv) {
    std::string host = "127.0.0.1", keyspace = "BloggyAppy";
    int port = 9160;
    bool framed = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--host" && i + 1 < argc) host = argv[++i];
        else if (a == "--port" && i + 1 < argc) port = std::stoi(argv[++i]);
        else if (a == "--keyspace" && i + 1 < argc) keyspace = argv[++i];
        else if (a == "--framed") framed = true;
        else {
            std::cerr << "usage: " << argv[0] << " [--host H] [--port P] [--framed] [--keyspace K]\n";
            return 2;
        }
    }

    auto socket = std::make_shared<TSocket>(host, port);
    socket->setConnTimeout(10000);
    socket->setRecvTimeout(10000);
    socket->setSendTimeout(10000);
    std::shared_ptr<TTransport> transport;
    if (framed) transport = std::make_shared<TFramedTransport>(socket);
    else transport = std::make_shared<TBufferedTransport>(socket);
    CassandraClient client(std::make_shared<TBinaryProtocol>(transport));
    try {
        transport->open();
    } catch (const TTransportException& e) {
        std::cerr << "cannot connect to " << host << ":" << port << ": " << e.what() << "\n";
        return 2;
    }
    try {
        client.set_keyspace(keyspace);
        Blog blog(client);
        std::mt19937 rng(std::random_device{}());
        char run_id[9];
        std::snprintf(run_id, sizeof run_id, "%08x", unsigned(rng()));
        run(blog, client, run_id);
    } catch (const InvalidRequestException& e) {
        std::cerr << "\ncall failed: InvalidRequestException: " << e.why << "\n";
        return 2;
    } catch (const TException& e) {
        std::cerr << "\ncall failed: " << e.what() << "\n";
        return 2;
    }
    transport->close();
    if (!failures.empty()) {
        std::cerr << "\nFAILED: " << failures.size() << " read(s) differ from what was written:\n";
        for (const auto& f : failures) std::cerr << "  " << f << "\n";
        return 1;
    }
    std::cout << "\nOK: every read returned what was written\n";
    return 0;
}
