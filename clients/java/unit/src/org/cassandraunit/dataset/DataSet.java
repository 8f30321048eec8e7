package org.cassandraunit.dataset;

import java.nio.file.Path;

/**
 * A cassandra-unit dataset of the Thrift era (XML, JSON or YAML: a keyspace, its column
 * families and their rows). The server reads it; this side only finds the file. Unlike
 * cassandra-unit's, it has no parsed model ({@code getKeyspace()}, {@code getColumnFamilies()}).
 */
public interface DataSet {
    /** The dataset as a file whose extension names its format, as {@code supercolumn load} reads it. */
    Path getFile();
}
