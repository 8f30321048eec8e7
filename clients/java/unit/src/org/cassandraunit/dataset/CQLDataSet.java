package org.cassandraunit.dataset;

import java.nio.file.Path;

/**
 * A CQL script dataset, loaded into a keyspace the loader drops and creates first (unless told
 * not to). Unlike cassandra-unit's, it does not split the script into statements
 * ({@code getCQLStatements()}): the server does, when it runs it.
 */
public interface CQLDataSet {
    /** The keyspace (lower case), or null for cassandra-unit's default {@code cassandraunitkeyspace}. */
    String getKeyspaceName();

    boolean isKeyspaceCreation();

    boolean isKeyspaceDeletion();

    /** The script, as {@code supercolumn load} runs it. */
    Path getFile();
}
