#!/usr/bin/env ruby
# BloggyAppy over Cassandra 0.6's API 2.2.0 through the generated clients/ruby/cassandra06:
# the keyspace is named in every call, row keys are strings, and each write uses a different
# write call of that API: insert (authors), batch_mutate (a post and its index entries),
# batch_insert (a comment). The scenario and checks are blog_flow.rb's.
#
# usage: ruby bloggyappy06.rb [--host H] [--port P] [--framed] [--keyspace BloggyAppy]

$LOAD_PATH.unshift(File.expand_path('../cassandra06', __dir__), __dir__)
require 'thrift'
require 'cassandra'
require 'blog_flow'

class Blog06
  include CassandraThrift
  CL = ConsistencyLevel::ONE

  def initialize(client, keyspace)
    @c = client
    @ks = keyspace
  end

  def self.utf8(bytes)
    bytes.dup.force_encoding(Encoding::UTF_8)
  end

  def full_row(count = 1000, reversed = false)
    SlicePredicate.new(slice_range: SliceRange.new(start: '', finish: '', reversed: reversed, count: count))
  end

  def column(name, value, ts)
    Column.new(name: name, value: value, timestamp: ts)
  end

  def fields(cols)
    cols.to_h { |c| [Blog06.utf8(c.column.name), Blog06.utf8(c.column.value)] }
  end

  def save_author(name, profile, ts)
    profile.each do |field, value|
      @c.insert(@ks, name, ColumnPath.new(column_family: 'Authors', column: field), value, ts, CL)
    end
  end

  def publish(post, when_, ts)
    entry = post.map { |k, v| Mutation.new(column_or_supercolumn: ColumnOrSuperColumn.new(column: column(k, v, ts))) }
    index = [Mutation.new(column_or_supercolumn: ColumnOrSuperColumn.new(column: column(when_, post['slug'], ts)))]
    mutations = { post['slug'] => { 'BlogEntries' => entry } }
    (post['tags'].split(',') + [BlogFlow::NOTAG]).each { |tag| (mutations[tag] ||= {})['TaggedPosts'] = index }
    @c.batch_mutate(@ks, mutations, CL)
  end

  def comment(slug, when_, fields, ts)
    sub = fields.map { |k, v| column(k, v, ts) }
    cosc = ColumnOrSuperColumn.new(super_column: SuperColumn.new(name: when_, columns: sub))
    @c.batch_insert(@ks, slug, { 'Comments' => [cosc] }, CL)
  end

  def author(name)
    fields(@c.get_slice(@ks, name, ColumnParent.new(column_family: 'Authors'), full_row, CL))
  end

  def author_field(name, field)
    Blog06.utf8(@c.get(@ks, name, ColumnPath.new(column_family: 'Authors', column: field), CL).column.value)
  rescue NotFoundException
    nil
  end

  def latest(tag, count)
    @c.get_slice(@ks, tag, ColumnParent.new(column_family: 'TaggedPosts'), full_row(count, true), CL)
      .map { |c| [c.column.name, Blog06.utf8(c.column.value)] }
  end

  def posts(slugs)
    @c.multiget_slice(@ks, slugs, ColumnParent.new(column_family: 'BlogEntries'), full_row, CL)
      .to_h { |k, cols| [k, fields(cols)] }
  end

  def comments(slug)
    @c.get_slice(@ks, slug, ColumnParent.new(column_family: 'Comments'), full_row, CL).map do |c|
      [c.super_column.name, c.super_column.columns.to_h { |s| [Blog06.utf8(s.name), Blog06.utf8(s.value)] }]
    end
  end

  def comment_field_names(slug, when_)
    path = ColumnPath.new(column_family: 'Comments', super_column: when_)
    @c.get(@ks, slug, path, CL).super_column.columns.map { |s| Blog06.utf8(s.name) }
  end

  def comment_count(slug)
    @c.get_count(@ks, slug, ColumnParent.new(column_family: 'Comments'), CL)
  end

  def describe_version
    @c.describe_version
  end
end

exit(BlogFlow.main(ARGV) { |protocol, keyspace| Blog06.new(CassandraThrift::Cassandra::Client.new(protocol), keyspace) })
