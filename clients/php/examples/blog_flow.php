<?php
/**
 * BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the PHP port of
 * clients/python/examples/bloggyappy.py: the scenario and its checks, shared by
 * bloggyappy06.php (API 2.2.0, Cassandra 0.6, Digg's own generation) and bloggyappy19.php
 * (API 19.x), which supply the data access (a class with the methods of BlogStore) and the
 * connection.
 *
 * It writes authors, posts (with their TaggedPosts index entries, __notag__ included) and
 * comments (one super column each), reads them back the ways the article describes, and exits
 * 1 if any read differs from what was written, 2 if the server cannot be reached or refuses a
 * call. Row keys carry a run id, so runs can repeat against one server.
 *
 * The Thrift PHP library is found under THRIFT_PHP_LIB (default /usr/lib/php, where Debian's
 * php-thrift puts the classes of namespace Thrift); the generated code is autoloaded from
 * clients/php/cassandra06 or cassandra19 (namespace cassandra), as Composer's PSR-4 would.
 */

const NOTAG = '__notag__';
// 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
const UUID_EPOCH_OFFSET = 0x01B21DD213814000;

function register_autoload(string $generated_dir): void
{
    $roots = [
        'Thrift\\' => rtrim(getenv('THRIFT_PHP_LIB') ?: '/usr/lib/php', '/') . '/',
        'cassandra\\' => $generated_dir . '/cassandra/',
    ];
    spl_autoload_register(function ($class) use ($roots) {
        foreach ($roots as $prefix => $dir) {
            if (strncmp($class, $prefix, strlen($prefix)) === 0) {
                $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
                if (is_file($file)) {
                    require $file;
                }
                return;
            }
        }
    });
}

/** The blog's data access; one implementation per API generation. */
interface BlogStore
{
    public function saveAuthor(string $name, array $profile, int $ts): void;
    /** The BlogEntries row and one TaggedPosts column per tag plus __notag__, in one batch. */
    public function publish(array $post, string $when, int $ts): void;
    public function comment(string $slug, string $when, array $fields, int $ts): void;
    public function author(string $name): array;
    /** One profile field, or null if the server answers NotFoundException. */
    public function authorField(string $name, string $field): ?string;
    /** [[TimeUUID bytes, slug], ...] of the newest `count` posts with the tag, newest first. */
    public function latest(string $tag, int $count): array;
    public function posts(array $slugs): array;
    /** [[TimeUUID bytes, [field => value]], ...] oldest first. */
    public function comments(string $slug): array;
    public function commentFieldNames(string $slug, string $when): array;
    public function commentCount(string $slug): int;
    public function describeVersion(): string;
}

/** A version-1 UUID (16 bytes) for the instant; `seq` keeps the UUIDs of one instant distinct. */
function time_uuid(int $unix_micros, int $seq): string
{
    $ticks = $unix_micros * 10 + UUID_EPOCH_OFFSET + $seq;
    $clock_seq = 0x1234;
    $node = 0x0123456789AB | 0x010000000000; // multicast bit set: not a real MAC address
    return pack('NnnCCnN', $ticks & 0xFFFFFFFF, ($ticks >> 32) & 0xFFFF, (($ticks >> 48) & 0x0FFF) | 0x1000,
        (($clock_seq >> 8) & 0x3F) | 0x80, $clock_seq & 0xFF, $node >> 32, $node & 0xFFFFFFFF);
}

function uuid_string(string $bytes): string
{
    $h = bin2hex($bytes);
    return substr($h, 0, 8) . '-' . substr($h, 8, 4) . '-' . substr($h, 12, 4) . '-' . substr($h, 16, 4)
        . '-' . substr($h, 20);
}

final class Checker
{
    public array $failures = [];

    public function same(string $what, $got, $want): void
    {
        if ($got !== $want) {
            $this->failures[] = "$what: got " . json_encode($got, JSON_INVALID_UTF8_SUBSTITUTE)
                . ', want ' . json_encode($want, JSON_INVALID_UTF8_SUBSTITUTE);
            echo "  MISMATCH $what\n";
        }
    }
}

function ends_with_run(array $entry, string $run_id): bool
{
    return str_ends_with($entry[1], $run_id);
}

/** Runs the scenario; returns the mismatches found (empty when every read was right). */
function run_blog(BlogStore $blog, string $run_id): array
{
    $check = new Checker();
    $ts = (int) (microtime(true) * 1000000);
    // Publication instants are t0 + n milliseconds: the posts have a known order, and they are
    // newer than every post of an earlier run against the same server (a run takes longer than
    // a few milliseconds), so the front page's 10 newest hold this run's three.
    $t0 = $ts;

    $arin = "Arin Sarkissian $run_id";
    $ian = "Ian Eure $run_id";
    $authors = [
        $arin => ['numPosts' => '2', 'twitter' => 'phatduckk', 'email' => 'arin@example.com', 'bio' => 'bla bla bla'],
        $ian => ['numPosts' => '1', 'twitter' => 'ieure', 'email' => 'ieure@example.com', 'bio' => 'digg engineer'],
    ];
    $posts = [
        ['slug' => "i-got-a-new-guitar-$run_id", 'title' => 'This is a blog entry about my new, awesome guitar',
            'body' => 'this is a cool entry. etc etc yada yada', 'author' => $arin, 'tags' => 'life,guitar,music'],
        ['slug' => "another-cool-guitar-$run_id", 'title' => 'Another cool guitar',
            'body' => 'I could not stop at one.', 'author' => $arin, 'tags' => 'guitar'],
        ['slug' => "scream-is-the-best-movie-ever-$run_id", 'title' => 'Scream is the best movie ever',
            'body' => 'Do you like scary movies?', 'author' => $ian, 'tags' => 'movie,horror'],
    ];
    $comments = [
        $posts[2]['slug'] => [
            ['commenter' => 'Joe Blow', 'email' => 'joeb@example.com', 'comment' => 'the godfather is the best movie ever'],
            ['commenter' => 'Some Dude', 'email' => 'sd@example.com', 'comment' => 'be nice Joe Blow this isnt youtube'],
            ['commenter' => 'Joe Blow', 'email' => 'joeb@example.com', 'comment' => 'fine. scream is ok.'],
        ],
        $posts[0]['slug'] => [
            ['commenter' => 'Johnny Guitar', 'email' => 'guitardude@example.com', 'comment' => 'nice axe dawg...'],
        ],
    ];

    echo "run $run_id: writing " . count($authors) . ' authors, ' . count($posts) . ' posts, '
        . array_sum(array_map('count', $comments)) . " comments\n";
    foreach ($authors as $name => $profile) {
        $blog->saveAuthor($name, $profile, $ts);
    }
    $published = [];
    foreach ($posts as $i => &$post) {
        $post['pubDate'] = (string) (intdiv($t0, 1000000) + $i);
        $when = time_uuid($t0 + $i * 1000, $i);
        $blog->publish($post, $when, $ts);
        $published[] = [$when, $post['slug']];
    }
    unset($post);
    $written = [];
    foreach ($comments as $slug => $items) {
        foreach ($items as $i => $item) {
            $item['commentTime'] = (string) (intdiv($t0, 1000000) + 10 + $i);
            ksort($item, SORT_STRING);
            $when = time_uuid($t0 + (10 + $i) * 1000, $i);
            $blog->comment($slug, $when, $item, $ts);
            $written[$slug][] = [$when, $item];
        }
    }
    echo 'server speaks API ' . $blog->describeVersion() . "\n";

    // 1. The front page: the 10 newest posts of any tag, newest first; only this run's posts
    //    (their slugs end with the run id) are checked.
    echo "\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):\n";
    $latest = $blog->latest(NOTAG, 10);
    foreach ($latest as [$when, $slug]) {
        echo '  ' . uuid_string($when) . "  $slug\n";
    }
    $latest = array_values(array_filter($latest, fn ($e) => ends_with_run($e, $run_id)));
    $check->same('latest posts', $latest, array_reverse($published));
    $bodies = $blog->posts(array_column($latest, 1));
    foreach ($latest as [, $slug]) {
        $post = $bodies[$slug] ?? [];
        echo "  -> '" . ($post['title'] ?? '') . "' by '" . ($post['author'] ?? '') . "', tags '"
            . ($post['tags'] ?? '') . "'\n";
    }
    foreach ($posts as $post) {
        $got = $bodies[$post['slug']] ?? null;
        if ($got !== null) {
            ksort($got, SORT_STRING);
        }
        ksort($post, SORT_STRING);
        $check->same("BlogEntries[{$post['slug']}]", $got, $post);
    }

    // 2. Posts for one tag, newest first.
    foreach (['guitar', 'movie'] as $tag) {
        $want = [];
        foreach ($posts as $i => $post) {
            if (in_array($tag, explode(',', $post['tags']), true)) {
                $want[] = $published[$i];
            }
        }
        $want = array_reverse($want);
        $got = array_values(array_filter($blog->latest($tag, 10), fn ($e) => ends_with_run($e, $run_id)));
        echo "\nposts tagged '$tag':\n";
        foreach ($got as [$when, $slug]) {
            echo '  ' . uuid_string($when) . "  $slug\n";
        }
        $check->same("posts tagged $tag", $got, $want);
    }

    // 3. A post's comments, oldest first, each a super column.
    foreach ($written as $slug => $want) {
        $got = $blog->comments($slug);
        $count = $blog->commentCount($slug);
        echo "\ncomments on $slug ($count):\n";
        foreach ($got as [$when, $c]) {
            echo '  ' . uuid_string($when) . "  {$c['commenter']} <{$c['email']}>: {$c['comment']}\n";
        }
        $check->same("comments on $slug", $got, $want);
        $check->same("comment count on $slug", $count, count($want));
        // Sub-columns come back sorted by name (BytesType).
        $check->same("sub-column order of first comment on $slug",
            $blog->commentFieldNames($slug, $want[0][0]), array_keys($want[0][1]));
    }

    // 4. An author's profile, and a single field of it.
    foreach ($authors as $name => $profile) {
        $got = $blog->author($name);
        echo "\nauthor $name: " . json_encode($got) . "\n";
        ksort($got, SORT_STRING);
        ksort($profile, SORT_STRING);
        $check->same("Authors[$name]", $got, $profile);
        $check->same("Authors[$name].email", $blog->authorField($name, 'email'), $profile['email']);
    }

    // 5. Absent data is reported as absent.
    $check->same('get of a missing author', $blog->authorField("Nobody $run_id", 'email'), null);
    $check->same('comments on a post without comments', $blog->comments($posts[1]['slug']), []);
    return $check->failures;
}

/**
 * Parses [--host H] [--port P] [--framed] [--non-strict] [--keyspace K], connects, runs and reports; returns
 * the exit status. $open gets the protocol and the keyspace and returns the BlogStore.
 */
function blog_main(array $argv, callable $open): int
{
    $opts = getopt('', ['host:', 'port:', 'framed', 'non-strict', 'keyspace:']);
    $host = $opts['host'] ?? '127.0.0.1';
    $port = (int) ($opts['port'] ?? 9160);
    $framed = isset($opts['framed']);
    // Non-strict binary protocol: messages without the version word (TBinaryProtocol's
    // strict_write off), which the 0.6 server accepted as well.
    $strict = !isset($opts['non-strict']);
    $keyspace = $opts['keyspace'] ?? 'BloggyAppy';

    // phpcassa's way: a TSocket, buffered (0.6) or framed (0.7+), and the accelerated binary
    // protocol, which uses the thrift_protocol extension when it is loaded (pure PHP if not).
    $socket = new Thrift\Transport\TSocket($host, $port);
    $socket->setSendTimeout(10000);
    $socket->setRecvTimeout(10000);
    $transport = $framed ? new Thrift\Transport\TFramedTransport($socket, true, true)
        : new Thrift\Transport\TBufferedTransport($socket, 1024, 1024);
    try {
        $transport->open();
    } catch (Thrift\Exception\TException $e) {
        fwrite(STDERR, "cannot connect to $host:$port: {$e->getMessage()}\n");
        return 2;
    }
    echo 'thrift_protocol extension ' . (extension_loaded('thrift_protocol') ? 'loaded' : 'not loaded')
        . ', ' . ($framed ? 'framed' : 'buffered') . ' transport, ' . ($strict ? 'strict' : 'non-strict')
        . " binary protocol\n";
    try {
        $protocol = new Thrift\Protocol\TBinaryProtocolAccelerated($transport, $strict, $strict);
        $failures = run_blog($open($protocol, $keyspace),
            bin2hex(random_bytes(4)));
    } catch (Thrift\Exception\TException $e) {
        fwrite(STDERR, "\ncall failed: " . get_class($e) . ": {$e->getMessage()}\n");
        return 2;
    } finally {
        $transport->close();
    }
    if ($failures) {
        fwrite(STDERR, "\nFAILED: " . count($failures) . " read(s) differ from what was written:\n");
        foreach ($failures as $f) {
            fwrite(STDERR, "  $f\n");
        }
        return 1;
    }
    echo "\nOK: every read returned what was written\n";
    return 0;
}
