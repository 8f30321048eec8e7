# BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the Ruby port of
# clients/python/examples/bloggyappy.py: the scenario and its checks, shared by
# bloggyappy06.rb (API 2.2.0, Cassandra 0.6) and bloggyappy19.rb (API 19.x), which supply the
# data access (a Blog class with the same methods) and the connection.
#
# It writes authors, posts (with their TaggedPosts index entries, __notag__ included) and
# comments (one super column each), reads them back the ways the article describes, and exits
# 1 if any read differs from what was written, 2 if the server cannot be reached or refuses a
# call. Row keys carry a run id, so runs can repeat against one server.

require 'optparse'
require 'securerandom'

module BlogFlow
  NOTAG = '__notag__'
  # 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
  UUID_EPOCH_OFFSET = 0x01B21DD213814000

  # A version-1 UUID (16 bytes) for the instant; `seq` keeps the UUIDs of one instant distinct.
  def self.time_uuid(unix_micros, seq)
    ticks = unix_micros * 10 + UUID_EPOCH_OFFSET + seq
    clock_seq = 0x1234
    node = 0x0123456789AB | 0x010000000000 # multicast bit set: not a real MAC address
    [ticks & 0xFFFFFFFF, (ticks >> 32) & 0xFFFF, ((ticks >> 48) & 0x0FFF) | 0x1000,
     ((clock_seq >> 8) & 0x3F) | 0x80, clock_seq & 0xFF, node >> 32, node & 0xFFFFFFFF]
      .pack('NnnCCnN')
  end

  def self.uuid_s(bytes)
    h = bytes.unpack1('H*')
    "#{h[0, 8]}-#{h[8, 4]}-#{h[12, 4]}-#{h[16, 4]}-#{h[20, 12]}"
  end

  class Checker
    attr_reader :failures

    def initialize
      @failures = []
    end

    def same(what, got, want)
      return if got == want

      @failures << "#{what}: got #{got.inspect}, want #{want.inspect}"
      puts "  MISMATCH #{what}"
    end
  end

  def self.run(blog, run_id)
    check = Checker.new
    ts = (Time.now.to_r * 1_000_000).to_i
    # Publication instants are t0 + n milliseconds: the posts have a known order, and they are
    # newer than every post of an earlier run against the same server (a run takes longer than
    # a few milliseconds), so the front page's 10 newest hold this run's three.
    t0 = ts

    arin = "Arin Sarkissian #{run_id}"
    ian = "Ian Eure #{run_id}"
    authors = {
      arin => { 'numPosts' => '2', 'twitter' => 'phatduckk', 'email' => 'arin@example.com', 'bio' => 'bla bla bla' },
      ian => { 'numPosts' => '1', 'twitter' => 'ieure', 'email' => 'ieure@example.com', 'bio' => 'digg engineer' }
    }
    posts = [
      { 'slug' => "i-got-a-new-guitar-#{run_id}", 'title' => 'This is a blog entry about my new, awesome guitar',
        'body' => 'this is a cool entry. etc etc yada yada', 'author' => arin, 'tags' => 'life,guitar,music' },
      { 'slug' => "another-cool-guitar-#{run_id}", 'title' => 'Another cool guitar',
        'body' => 'I could not stop at one.', 'author' => arin, 'tags' => 'guitar' },
      { 'slug' => "scream-is-the-best-movie-ever-#{run_id}", 'title' => 'Scream is the best movie ever',
        'body' => 'Do you like scary movies?', 'author' => ian, 'tags' => 'movie,horror' }
    ]
    comments = {
      posts[2]['slug'] => [
        { 'commenter' => 'Joe Blow', 'email' => 'joeb@example.com', 'comment' => 'the godfather is the best movie ever' },
        { 'commenter' => 'Some Dude', 'email' => 'sd@example.com', 'comment' => 'be nice Joe Blow this isnt youtube' },
        { 'commenter' => 'Joe Blow', 'email' => 'joeb@example.com', 'comment' => 'fine. scream is ok.' }
      ],
      posts[0]['slug'] => [
        { 'commenter' => 'Johnny Guitar', 'email' => 'guitardude@example.com', 'comment' => 'nice axe dawg...' }
      ]
    }

    puts "run #{run_id}: writing #{authors.size} authors, #{posts.size} posts, " \
         "#{comments.values.map(&:size).sum} comments"
    authors.each { |name, profile| blog.save_author(name, profile, ts) }
    published = posts.each_with_index.map do |post, i|
      post['pubDate'] = (t0 / 1_000_000 + i).to_s
      when_ = time_uuid(t0 + i * 1_000, i)
      blog.publish(post, when_, ts)
      [when_, post['slug']]
    end
    written = comments.to_h do |slug, items|
      [slug, items.each_with_index.map do |item, i|
        fields = item.merge('commentTime' => (t0 / 1_000_000 + 10 + i).to_s).sort.to_h
        when_ = time_uuid(t0 + (10 + i) * 1_000, i)
        blog.comment(slug, when_, fields, ts)
        [when_, fields]
      end]
    end
    puts "server speaks API #{blog.describe_version}"

    # 1. The front page: the 10 newest posts of any tag, newest first; only this run's posts
    #    (their slugs end with the run id) are checked.
    puts "\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):"
    latest = blog.latest(NOTAG, 10)
    latest.each { |w, slug| puts "  #{uuid_s(w)}  #{slug}" }
    latest = latest.select { |_, slug| slug.end_with?(run_id) }
    check.same('latest posts', latest, published.reverse)
    bodies = blog.posts(latest.map(&:last))
    latest.each do |_, slug|
      post = bodies.fetch(slug, {})
      puts "  -> #{post['title'].inspect} by #{post['author'].inspect}, tags #{post['tags'].inspect}"
    end
    posts.each { |post| check.same("BlogEntries[#{post['slug']}]", bodies[post['slug']], post) }

    # 2. Posts for one tag, newest first.
    %w[guitar movie].each do |tag|
      want = published.zip(posts).select { |_, p| p['tags'].split(',').include?(tag) }.map(&:first).reverse
      got = blog.latest(tag, 10).select { |_, slug| slug.end_with?(run_id) }
      puts "\nposts tagged #{tag.inspect}:"
      got.each { |w, slug| puts "  #{uuid_s(w)}  #{slug}" }
      check.same("posts tagged #{tag}", got, want)
    end

    # 3. A post's comments, oldest first, each a super column.
    written.each do |slug, want|
      got = blog.comments(slug)
      count = blog.comment_count(slug)
      puts "\ncomments on #{slug} (#{count}):"
      got.each { |w, c| puts "  #{uuid_s(w)}  #{c['commenter']} <#{c['email']}>: #{c['comment']}" }
      check.same("comments on #{slug}", got, want)
      check.same("comment count on #{slug}", count, want.size)
      # Sub-columns come back sorted by name (BytesType).
      check.same("sub-column order of first comment on #{slug}",
                 blog.comment_field_names(slug, want[0][0]), want[0][1].keys.sort)
    end

    # 4. An author's profile, and a single field of it.
    authors.each do |name, profile|
      got = blog.author(name)
      puts "\nauthor #{name}: #{got}"
      check.same("Authors[#{name}]", got, profile)
      check.same("Authors[#{name}].email", blog.author_field(name, 'email'), profile['email'])
    end

    # 5. Absent data is reported as absent (author_field answers nil for NotFoundException).
    check.same('get of a missing author', blog.author_field("Nobody #{run_id}", 'email'), nil)
    check.same('comments on a post without comments', blog.comments(posts[1]['slug']), [])
    check.failures
  end

  # Parses the command line, connects, runs, reports; returns the exit status. The block gets
  # the protocol and the keyspace and returns the Blog.
  def self.main(argv)
    opts = { host: '127.0.0.1', port: 9160, framed: false, keyspace: 'BloggyAppy' }
    OptionParser.new do |o|
      o.banner = "usage: #{$PROGRAM_NAME} [--host H] [--port P] [--framed] [--keyspace K]"
      o.on('--host H') { |v| opts[:host] = v }
      o.on('--port P', Integer) { |v| opts[:port] = v }
      o.on('--framed') { opts[:framed] = true }
      o.on('--keyspace K') { |v| opts[:keyspace] = v }
    end.parse!(argv)

    socket = Thrift::Socket.new(opts[:host], opts[:port], 10)
    transport = opts[:framed] ? Thrift::FramedTransport.new(socket) : Thrift::BufferedTransport.new(socket)
    begin
      transport.open
    rescue Thrift::TransportException => e
      warn "cannot connect to #{opts[:host]}:#{opts[:port]}: #{e.message}"
      return 2
    end
    begin
      failures = run(yield(Thrift::BinaryProtocolAccelerated.new(transport), opts[:keyspace]),
                     SecureRandom.hex(4))
    rescue Thrift::Exception => e
      warn "\ncall failed: #{e.class}: #{e.message}"
      return 2
    ensure
      transport.close
    end
    unless failures.empty?
      warn "\nFAILED: #{failures.size} read(s) differ from what was written:"
      failures.each { |f| warn "  #{f}" }
      return 1
    end
    puts "\nOK: every read returned what was written"
    0
  end
end
