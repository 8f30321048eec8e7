<?php
/**
 * BloggyAppy over API 19.x (Cassandra 0.7 to 2.x) through the generated
 * clients/php/cassandra19: the keyspace is chosen once with set_keyspace, row keys are binary
 * strings, insert takes a ColumnParent and a whole Column, get_count takes a predicate, and
 * batch_insert is gone (a comment is a one-row batch_mutate). The scenario and checks are
 * blog_flow.php's.
 *
 * usage: php bloggyappy19.php [--host H] [--port P] [--framed] [--non-strict] [--keyspace BloggyAppy]
 */
require __DIR__ . '/blog_flow.php';
register_autoload(dirname(__DIR__) . '/cassandra19');

use cassandra\CassandraClient;
use cassandra\Column;
use cassandra\ColumnOrSuperColumn;
use cassandra\ColumnParent;
use cassandra\ColumnPath;
use cassandra\ConsistencyLevel;
use cassandra\Mutation;
use cassandra\NotFoundException;
use cassandra\SlicePredicate;
use cassandra\SliceRange;
use cassandra\SuperColumn;

final class Blog19 implements BlogStore
{
    private const CL = ConsistencyLevel::ONE;

    public function __construct(private CassandraClient $c)
    {
    }

    private static function fullRow(int $count = 1000, bool $reversed = false): SlicePredicate
    {
        return new SlicePredicate(['slice_range' => new SliceRange(
            ['start' => '', 'finish' => '', 'reversed' => $reversed, 'count' => $count])]);
    }

    private static function column(string $name, string $value, int $ts): Column
    {
        return new Column(['name' => $name, 'value' => $value, 'timestamp' => $ts]);
    }

    private static function fields(array $cols): array
    {
        $out = [];
        foreach ($cols as $c) {
            $out[$c->column->name] = $c->column->value;
        }
        return $out;
    }

    public function saveAuthor(string $name, array $profile, int $ts): void
    {
        foreach ($profile as $field => $value) {
            $this->c->insert($name, new ColumnParent(['column_family' => 'Authors']),
                self::column($field, $value, $ts), self::CL);
        }
    }

    public function publish(array $post, string $when, int $ts): void
    {
        $entry = [];
        foreach ($post as $k => $v) {
            $entry[] = new Mutation(['column_or_supercolumn' => new ColumnOrSuperColumn(
                ['column' => self::column($k, $v, $ts)])]);
        }
        $index = [new Mutation(['column_or_supercolumn' => new ColumnOrSuperColumn(
            ['column' => self::column($when, $post['slug'], $ts)])])];
        $mutations = [$post['slug'] => ['BlogEntries' => $entry]];
        foreach ([...explode(',', $post['tags']), NOTAG] as $tag) {
            $mutations[$tag]['TaggedPosts'] = $index;
        }
        $this->c->batch_mutate($mutations, self::CL);
    }

    public function comment(string $slug, string $when, array $fields, int $ts): void
    {
        $sub = [];
        foreach ($fields as $k => $v) {
            $sub[] = self::column($k, $v, $ts);
        }
        $cosc = new ColumnOrSuperColumn(['super_column' => new SuperColumn(['name' => $when, 'columns' => $sub])]);
        $mutation = new Mutation(['column_or_supercolumn' => $cosc]);
        $this->c->batch_mutate([$slug => ['Comments' => [$mutation]]], self::CL);
    }

    public function author(string $name): array
    {
        return self::fields($this->c->get_slice($name,
            new ColumnParent(['column_family' => 'Authors']), self::fullRow(), self::CL));
    }

    public function authorField(string $name, string $field): ?string
    {
        try {
            $path = new ColumnPath(['column_family' => 'Authors', 'column' => $field]);
            return $this->c->get($name, $path, self::CL)->column->value;
        } catch (NotFoundException $e) {
            return null;
        }
    }

    public function latest(string $tag, int $count): array
    {
        $cols = $this->c->get_slice($tag, new ColumnParent(['column_family' => 'TaggedPosts']),
            self::fullRow($count, true), self::CL);
        return array_map(fn ($c) => [$c->column->name, $c->column->value], $cols);
    }

    public function posts(array $slugs): array
    {
        $rows = $this->c->multiget_slice($slugs, new ColumnParent(['column_family' => 'BlogEntries']),
            self::fullRow(), self::CL);
        return array_map([self::class, 'fields'], $rows);
    }

    public function comments(string $slug): array
    {
        $cols = $this->c->get_slice($slug, new ColumnParent(['column_family' => 'Comments']),
            self::fullRow(), self::CL);
        $out = [];
        foreach ($cols as $c) {
            $f = [];
            foreach ($c->super_column->columns as $s) {
                $f[$s->name] = $s->value;
            }
            $out[] = [$c->super_column->name, $f];
        }
        return $out;
    }

    public function commentFieldNames(string $slug, string $when): array
    {
        $path = new ColumnPath(['column_family' => 'Comments', 'super_column' => $when]);
        return array_map(fn ($s) => $s->name, $this->c->get($slug, $path, self::CL)->super_column->columns);
    }

    public function commentCount(string $slug): int
    {
        return $this->c->get_count($slug, new ColumnParent(['column_family' => 'Comments']),
            self::fullRow(2 ** 31 - 1), self::CL);
    }

    public function describeVersion(): string
    {
        return $this->c->describe_version();
    }
}

exit(blog_main($argv, function ($protocol, $keyspace) {
    $client = new CassandraClient($protocol);
    $client->set_keyspace($keyspace);
    return new Blog19($client);
}));
