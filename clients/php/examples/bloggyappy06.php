<?php
/**
 * BloggyAppy over Cassandra 0.6's API 2.2.0 (Digg's generation) through the generated
 * clients/php/cassandra06: the keyspace is named in every call, row keys are strings, and each
 * write uses a different write call of that API: insert (authors), batch_mutate (a post and
 * its index entries), batch_insert (a comment). The scenario and checks are blog_flow.php's.
 *
 * usage: php bloggyappy06.php [--host H] [--port P] [--framed] [--non-strict] [--keyspace BloggyAppy]
 */
require __DIR__ . '/blog_flow.php';
register_autoload(dirname(__DIR__) . '/cassandra06');

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

final class Blog06 implements BlogStore
{
    private const CL = ConsistencyLevel::ONE;

    public function __construct(private CassandraClient $c, private string $ks)
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
            $path = new ColumnPath(['column_family' => 'Authors', 'column' => $field]);
            $this->c->insert($this->ks, $name, $path, $value, $ts, self::CL);
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
        $this->c->batch_mutate($this->ks, $mutations, self::CL);
    }

    public function comment(string $slug, string $when, array $fields, int $ts): void
    {
        $sub = [];
        foreach ($fields as $k => $v) {
            $sub[] = self::column($k, $v, $ts);
        }
        $cosc = new ColumnOrSuperColumn(['super_column' => new SuperColumn(['name' => $when, 'columns' => $sub])]);
        $this->c->batch_insert($this->ks, $slug, ['Comments' => [$cosc]], self::CL);
    }

    public function author(string $name): array
    {
        return self::fields($this->c->get_slice($this->ks, $name,
            new ColumnParent(['column_family' => 'Authors']), self::fullRow(), self::CL));
    }

    public function authorField(string $name, string $field): ?string
    {
        try {
            $path = new ColumnPath(['column_family' => 'Authors', 'column' => $field]);
            return $this->c->get($this->ks, $name, $path, self::CL)->column->value;
        } catch (NotFoundException $e) {
            return null;
        }
    }

    public function latest(string $tag, int $count): array
    {
        $cols = $this->c->get_slice($this->ks, $tag, new ColumnParent(['column_family' => 'TaggedPosts']),
            self::fullRow($count, true), self::CL);
        return array_map(fn ($c) => [$c->column->name, $c->column->value], $cols);
    }

    public function posts(array $slugs): array
    {
        $rows = $this->c->multiget_slice($this->ks, $slugs, new ColumnParent(['column_family' => 'BlogEntries']),
            self::fullRow(), self::CL);
        return array_map([self::class, 'fields'], $rows);
    }

    public function comments(string $slug): array
    {
        $cols = $this->c->get_slice($this->ks, $slug, new ColumnParent(['column_family' => 'Comments']),
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
        return array_map(fn ($s) => $s->name, $this->c->get($this->ks, $slug, $path, self::CL)->super_column->columns);
    }

    public function commentCount(string $slug): int
    {
        return $this->c->get_count($this->ks, $slug, new ColumnParent(['column_family' => 'Comments']), self::CL);
    }

    public function describeVersion(): string
    {
        return $this->c->describe_version();
    }
}

exit(blog_main($argv, fn ($protocol, $keyspace) => new Blog06(new CassandraClient($protocol), $keyspace)));
