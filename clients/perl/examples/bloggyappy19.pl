#!/usr/bin/env perl
# BloggyAppy, the blog of "WTF is a SuperColumn" (Digg, 2009), as the Perl port of
# clients/python/examples/bloggyappy.py, over API 19.x (Cassandra 0.7 to 2.x) through the
# generated clients/perl/cassandra19 (package Cassandra) and Debian's libthrift-perl.
#
# It writes authors, posts (with their TaggedPosts index entries, __notag__ included) and
# comments (one super column each, written with batch_mutate), reads them back the ways the
# article describes (latest posts newest first, posts by tag, a post's comments in order, an
# author's profile), and exits 1 if any read differs from what was written, 2 if the server
# cannot be reached or refuses a call. Row keys carry a run id, so runs can repeat on one server.
#
# usage: perl bloggyappy19.pl [--host H] [--port P] [--framed] [--keyspace BloggyAppy]
use strict;
use warnings;
no warnings 'portable';    # the 64-bit constants below: this perl has 64-bit integers
use FindBin;
use lib "$FindBin::Bin/../cassandra19";
use Data::Dumper;
use Getopt::Long;
use Time::HiRes qw(gettimeofday);
use Scalar::Util qw(blessed);

use Thrift;
use Thrift::BinaryProtocol;
use Thrift::BufferedTransport;
use Thrift::FramedTransport;
use Thrift::Socket;
use Cassandra::Cassandra;
use Cassandra::Types;

use constant NOTAG => '__notag__';
use constant CL => Cassandra::ConsistencyLevel::ONE;
# 100-ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
use constant UUID_EPOCH_OFFSET => 0x01B21DD213814000;

# A version-1 UUID (16 bytes) for the instant; $seq keeps the UUIDs of one instant distinct.
sub time_uuid {
    my ($unix_micros, $seq) = @_;
    use integer;
    my $ticks = $unix_micros * 10 + UUID_EPOCH_OFFSET + $seq;
    my $clock_seq = 0x1234;
    my $node = 0x0123456789AB | 0x010000000000;    # multicast bit set: not a real MAC address
    return pack('NnnCCnN', $ticks & 0xFFFFFFFF, ($ticks >> 32) & 0xFFFF, (($ticks >> 48) & 0x0FFF) | 0x1000,
        (($clock_seq >> 8) & 0x3F) | 0x80, $clock_seq & 0xFF, $node >> 32, $node & 0xFFFFFFFF);
}

sub uuid_string {
    my $h = unpack('H*', shift);
    return join('-', substr($h, 0, 8), substr($h, 8, 4), substr($h, 12, 4), substr($h, 16, 4), substr($h, 20));
}

sub now_micros {
    my ($s, $us) = gettimeofday();
    return $s * 1_000_000 + $us;
}

# --- the blog's data access ----------------------------------------------------------------

sub full_row {
    my ($count, $reversed) = @_;
    return Cassandra::SlicePredicate->new({ slice_range => Cassandra::SliceRange->new(
        { start => '', finish => '', reversed => $reversed ? 1 : 0, count => $count // 1000 }) });
}

sub column {
    my ($name, $value, $ts) = @_;
    return Cassandra::Column->new({ name => $name, value => $value, timestamp => $ts });
}

sub mutation {
    return Cassandra::Mutation->new({ column_or_supercolumn => Cassandra::ColumnOrSuperColumn->new(shift) });
}

sub parent { Cassandra::ColumnParent->new({ column_family => shift }) }

sub fields {
    my ($cols) = @_;
    return { map { ($_->column->name => $_->column->value) } @$cols };
}

sub save_author {
    my ($c, $name, $profile, $ts) = @_;
    $c->insert($name, parent('Authors'), column($_, $profile->{$_}, $ts), CL) for sort keys %$profile;
}

# The BlogEntries row and one TaggedPosts column per tag plus __notag__, in one batch_mutate.
sub publish {
    my ($c, $post, $when, $ts) = @_;
    my @entry = map { mutation({ column => column($_, $post->{$_}, $ts) }) } sort keys %$post;
    my $index = [ mutation({ column => column($when, $post->{slug}, $ts) }) ];
    my %mutations = ($post->{slug} => { BlogEntries => \@entry });
    $mutations{$_}{TaggedPosts} = $index for (split(/,/, $post->{tags}), NOTAG);
    $c->batch_mutate(\%mutations, CL);
}

sub comment {
    my ($c, $slug, $when, $fields, $ts) = @_;
    my @sub = map { column($_, $fields->{$_}, $ts) } sort keys %$fields;
    my $sc = Cassandra::SuperColumn->new({ name => $when, columns => \@sub });
    $c->batch_mutate({ $slug => { Comments => [ mutation({ super_column => $sc }) ] } }, CL);
}

sub author {
    my ($c, $name) = @_;
    return fields($c->get_slice($name, parent('Authors'), full_row(), CL));
}

# One profile field, or undef when the server answers NotFoundException.
sub author_field {
    my ($c, $name, $field) = @_;
    my $path = Cassandra::ColumnPath->new({ column_family => 'Authors', column => $field });
    my $value = eval { $c->get($name, $path, CL)->column->value };
    if (my $e = $@) {
        return undef if blessed($e) && $e->isa('Cassandra::NotFoundException');
        die $e;
    }
    return $value;
}

# [[TimeUUID bytes, slug], ...] of the newest $count posts with the tag, newest first.
sub latest {
    my ($c, $tag, $count) = @_;
    return [ map { [ $_->column->name, $_->column->value ] }
            @{ $c->get_slice($tag, parent('TaggedPosts'), full_row($count, 1), CL) } ];
}

sub posts {
    my ($c, $slugs) = @_;
    my $rows = $c->multiget_slice($slugs, parent('BlogEntries'), full_row(), CL);
    return { map { ($_ => fields($rows->{$_})) } keys %$rows };
}

# [[TimeUUID bytes, {field => value}], ...] oldest first.
sub comments {
    my ($c, $slug) = @_;
    return [ map {
        my $sc = $_->super_column;
        [ $sc->name, { map { ($_->name => $_->value) } @{ $sc->columns } } ]
    } @{ $c->get_slice($slug, parent('Comments'), full_row(), CL) } ];
}

sub comment_field_names {
    my ($c, $slug, $when) = @_;
    my $path = Cassandra::ColumnPath->new({ column_family => 'Comments', super_column => $when });
    return [ map { $_->name } @{ $c->get($slug, $path, CL)->super_column->columns } ];
}

sub comment_count {
    my ($c, $slug) = @_;
    return $c->get_count($slug, parent('Comments'), full_row(2**31 - 1), CL);
}

# --- the scenario ----------------------------------------------------------------------------

my @failures;

sub canonical {
    local $Data::Dumper::Sortkeys = 1;
    local $Data::Dumper::Indent = 0;
    local $Data::Dumper::Terse = 1;
    local $Data::Dumper::Useqq = 1;
    return Dumper(shift);
}

sub same {
    my ($what, $got, $want) = @_;
    my ($g, $w) = (canonical($got), canonical($want));
    return if $g eq $w;
    push @failures, "$what: got $g, want $w";
    print "  MISMATCH $what\n";
}

sub run_blog {
    my ($c, $run_id) = @_;
    my $ts = now_micros();
    # Publication instants are t0 + n milliseconds: the posts have a known order, and they are
    # newer than every post of an earlier run against the same server (a run takes longer than
    # a few milliseconds), so the front page's 10 newest hold this run's three.
    my $t0 = $ts;
    my $t0s = int($t0 / 1_000_000);

    my ($arin, $ian) = ("Arin Sarkissian $run_id", "Ian Eure $run_id");
    my @authors = (
        [ $arin => { numPosts => '2', twitter => 'phatduckk', email => 'arin@example.com', bio => 'bla bla bla' } ],
        [ $ian => { numPosts => '1', twitter => 'ieure', email => 'ieure@example.com', bio => 'digg engineer' } ],
    );
    my @posts = (
        { slug => "i-got-a-new-guitar-$run_id", title => 'This is a blog entry about my new, awesome guitar',
          body => 'this is a cool entry. etc etc yada yada', author => $arin, tags => 'life,guitar,music' },
        { slug => "another-cool-guitar-$run_id", title => 'Another cool guitar',
          body => 'I could not stop at one.', author => $arin, tags => 'guitar' },
        { slug => "scream-is-the-best-movie-ever-$run_id", title => 'Scream is the best movie ever',
          body => 'Do you like scary movies?', author => $ian, tags => 'movie,horror' },
    );
    my @comments = (
        [ $posts[2]{slug} => [
            { commenter => 'Joe Blow', email => 'joeb@example.com', comment => 'the godfather is the best movie ever' },
            { commenter => 'Some Dude', email => 'sd@example.com', comment => 'be nice Joe Blow this isnt youtube' },
            { commenter => 'Joe Blow', email => 'joeb@example.com', comment => 'fine. scream is ok.' } ] ],
        [ $posts[0]{slug} => [
            { commenter => 'Johnny Guitar', email => 'guitardude@example.com', comment => 'nice axe dawg...' } ] ],
    );

    print "run $run_id: writing 2 authors, 3 posts, 4 comments\n";
    save_author($c, @$_, $ts) for @authors;
    my @published;    # [TimeUUID, slug], oldest first
    for my $i (0 .. $#posts) {
        $posts[$i]{pubDate} = ($t0s + $i) . '';
        my $when = time_uuid($t0 + $i * 1000, $i);
        publish($c, $posts[$i], $when, $ts);
        push @published, [ $when, $posts[$i]{slug} ];
    }
    my @written;    # [slug, [[TimeUUID, fields], ...]]
    for my $entry (@comments) {
        my ($slug, $items) = @$entry;
        my @list;
        for my $i (0 .. $#$items) {
            my %fields = (%{ $items->[$i] }, commentTime => ($t0s + 10 + $i) . '');
            my $when = time_uuid($t0 + (10 + $i) * 1000, $i);
            comment($c, $slug, $when, \%fields, $ts);
            push @list, [ $when, \%fields ];
        }
        push @written, [ $slug, \@list ];
    }
    print 'server speaks API ', $c->describe_version(), "\n";

    # 1. The front page: the 10 newest posts of any tag, newest first; only this run's posts
    #    (their slugs end with the run id) are checked.
    print "\nlatest posts (TaggedPosts['__notag__'], reversed slice of 10):\n";
    my $latest = latest($c, NOTAG, 10);
    printf "  %s  %s\n", uuid_string($_->[0]), $_->[1] for @$latest;
    my @mine = grep { $_->[1] =~ /\Q$run_id\E$/ } @$latest;
    same('latest posts', \@mine, [ reverse @published ]);
    my $bodies = posts($c, [ map { $_->[1] } @mine ]);
    for (@mine) {
        my $p = $bodies->{ $_->[1] } // {};
        printf "  -> '%s' by '%s', tags '%s'\n", map { $_ // '' } @$p{qw(title author tags)};
    }
    same("BlogEntries[$_->{slug}]", $bodies->{ $_->{slug} }, $_) for @posts;

    # 2. Posts for one tag, newest first.
    for my $tag (qw(guitar movie)) {
        my @want = reverse map { $published[$_] } grep { grep { $_ eq $tag } split /,/, $posts[$_]{tags} } 0 .. $#posts;
        my @got = grep { $_->[1] =~ /\Q$run_id\E$/ } @{ latest($c, $tag, 10) };
        print "\nposts tagged '$tag':\n";
        printf "  %s  %s\n", uuid_string($_->[0]), $_->[1] for @got;
        same("posts tagged $tag", \@got, \@want);
    }

    # 3. A post's comments, oldest first, each a super column.
    for my $entry (@written) {
        my ($slug, $want) = @$entry;
        my $got = comments($c, $slug);
        my $count = comment_count($c, $slug);
        print "\ncomments on $slug ($count):\n";
        printf "  %s  %s <%s>: %s\n", uuid_string($_->[0]), @{ $_->[1] }{qw(commenter email comment)} for @$got;
        same("comments on $slug", $got, $want);
        same("comment count on $slug", $count + 0, scalar @$want);
        # Sub-columns come back sorted by name (BytesType).
        same("sub-column order of first comment on $slug", comment_field_names($c, $slug, $want->[0][0]),
            [ sort keys %{ $want->[0][1] } ]);
    }

    # 4. An author's profile, and a single field of it.
    for (@authors) {
        my ($name, $profile) = @$_;
        my $got = author($c, $name);
        print "\nauthor $name: ", canonical($got), "\n";
        same("Authors[$name]", $got, $profile);
        same("Authors[$name].email", author_field($c, $name, 'email'), $profile->{email});
    }

    # 5. Absent data is reported as absent.
    same('get of a missing author', author_field($c, "Nobody $run_id", 'email'), undef);
    same('comments on a post without comments', comments($c, $posts[1]{slug}), []);
}

# Thrift's own exceptions carry `message`; the generated ones (InvalidRequestException...) `why`.
sub describe_error {
    my $e = shift;
    return "$e" unless blessed($e);
    return ref($e) . ': ' . ($e->{why} // $e->{message} // '');
}

my %opt = (host => '127.0.0.1', port => 9160, framed => 0, keyspace => 'BloggyAppy');
GetOptions(\%opt, 'host=s', 'port=i', 'framed', 'keyspace=s')
    or die "usage: $0 [--host H] [--port P] [--framed] [--keyspace K]\n";

my $socket = Thrift::Socket->new($opt{host}, $opt{port});
$socket->setSendTimeout(10_000);
$socket->setRecvTimeout(10_000);
my $transport = $opt{framed} ? Thrift::FramedTransport->new($socket) : Thrift::BufferedTransport->new($socket);
my $client = Cassandra::CassandraClient->new(Thrift::BinaryProtocol->new($transport));
eval { $transport->open(); 1 } or do {
    print STDERR "cannot connect to $opt{host}:$opt{port}: ", describe_error($@), "\n";
    exit 2;
};
my $ok = eval {
    $client->set_keyspace($opt{keyspace});
    run_blog($client, sprintf('%08x', int(rand(2**32))));
    1;
};
my $error = $@;
$transport->close();
if (!$ok) {
    print STDERR "\ncall failed: ", describe_error($error), "\n";
    exit 2;
}
if (@failures) {
    print STDERR "\nFAILED: ", scalar(@failures), " read(s) differ from what was written:\n";
    print STDERR "  $_\n" for @failures;
    exit 1;
}
print "\nOK: every read returned what was written\n";
exit 0;
