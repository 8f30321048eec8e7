#!/usr/bin/env ruby
# BloggyAppy over API 19.x (Cassandra 0.7 to 2.x) through the generated clients/ruby/cassandra19:
# the keyspace is chosen once with set_keyspace, row keys are binary strings, insert takes a
# ColumnParent and a whole Column, get_count takes a predicate, and batch_insert is gone (a
# comment is a one-row batch_mutate). The scenario and checks are blog_flow.rb's.
#
# usage: ruby bloggyappy19.rb [--host H] [--port P] [--framed] [--keyspace BloggyAppy]

$LOAD_PATH.unshift(File.expand_path('../cassandra19', __dir__), __dir__)
require 'thrift'
require 'cassandra'
require 'blog_flow'

class Blog19
  include CassandraThrift
  CL = ConsistencyLevel::ONE

  def initialize(client)
    @c = client
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

  def mutation(cosc)
    Mutation.new(column_or_supercolumn: cosc)
  end

  def fields(cols)
    cols.to_h { |c| [Blog19.utf8(c.column.name), Blog19.utf8(c.column.value)] }
  end

  def save_author(name, profile, ts)
    profile.each do |field, value|
      @c.insert(name, ColumnParent.new(column_family: 'Authors'), column(field, value, ts), CL)
    end
  end

  def publish(post, when_, ts)
    entry = post.map { |k, v| mutation(ColumnOrSuperColumn.new(column: column(k, v, ts))) }
    index = [mutation(ColumnOrSuperColumn.new(column: column(when_, post['slug'], ts)))]
    mutations = { post['slug'] => { 'BlogEntries' => entry } }
    (post['tags'].split(',') + [BlogFlow::NOTAG]).each { |tag| (mutations[tag] ||= {})['TaggedPosts'] = index }
    @c.batch_mutate(mutations, CL)
  end

  def comment(slug, when_, fields, ts)
    sub = fields.map { |k, v| column(k, v, ts) }
    cosc = ColumnOrSuperColumn.new(super_column: SuperColumn.new(name: when_, columns: sub))
    @c.batch_mutate({ slug => { 'Comments' => [mutation(cosc)] } }, CL)
  end

  def author(name)
    fields(@c.get_slice(name, ColumnParent.new(column_family: 'Authors'), full_row, CL))
  end

  def author_field(name, field)
    Blog19.utf8(@c.get(name, ColumnPath.new(column_family: 'Authors', column: field), CL).column.value)
  rescue NotFoundException
    nil
  end

  def latest(tag, count)
    @c.get_slice(tag, ColumnParent.new(column_family: 'TaggedPosts'), full_row(count, true), CL)
      .map { |c| [c.column.name, Blog19.utf8(c.column.value)] }
  end

  def posts(slugs)
    @c.multiget_slice(slugs, ColumnParent.new(column_family: 'BlogEntries'), full_row, CL)
      .to_h { |k, cols| [Blog19.utf8(k), fields(cols)] }
  end

  def comments(slug)
    @c.get_slice(slug, ColumnParent.new(column_family: 'Comments'), full_row, CL).map do |c|
      [c.super_column.name, c.super_column.columns.to_h { |s| [Blog19.utf8(s.name), Blog19.utf8(s.value)] }]
    end
  end

  def comment_field_names(slug, when_)
    path = ColumnPath.new(column_family: 'Comments', super_column: when_)
    @c.get(slug, path, CL).super_column.columns.map { |s| Blog19.utf8(s.name) }
  end

  def comment_count(slug)
    @c.get_count(slug, ColumnParent.new(column_family: 'Comments'), full_row(2**31 - 1), CL)
  end

  def describe_version
    @c.describe_version
  end
end

exit(BlogFlow.main(ARGV) do |protocol, keyspace|
  client = CassandraThrift::Cassandra::Client.new(protocol)
  client.set_keyspace(keyspace)
  Blog19.new(client)
end)
