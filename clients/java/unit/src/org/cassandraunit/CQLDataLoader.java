package org.cassandraunit;

import java.nio.file.Path;
import org.cassandraunit.dataset.CQLDataSet;
import org.cassandraunit.exception.CassandraUnitException;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.supercolumn.testing.DatasetFiles;
import org.supercolumn.testing.Supercolumn;
import org.supercolumn.testing.SupercolumnException;

/**
 * Runs a CQL dataset as cassandra-unit's CQL loader did: its keyspace (default
 * {@value #DEFAULT_KEYSPACE_NAME}) dropped if it exists and the dataset says so, created with
 * SimpleStrategy and replication factor 1 and used if the dataset says so, then the script,
 * statement by statement, by {@code supercolumn load} over Thrift. cassandra-unit's took a
 * driver {@code Session}; this one takes the server's {@code "HOST:PORT"} (Thrift), as
 * {@link DataLoader} does.
 */
public class CQLDataLoader {
    public static final String DEFAULT_KEYSPACE_NAME = "cassandraunitkeyspace";
    private final String host;

    public CQLDataLoader(String host) {
        this.host = host;
    }

    public void load(CQLDataSet dataSet) {
        String keyspace = dataSet.getKeyspaceName() != null ? dataSet.getKeyspaceName() : DEFAULT_KEYSPACE_NAME;
        // On the script's first line, so the server's line numbers are the script's own.
        StringBuilder before = new StringBuilder();
        if (dataSet.isKeyspaceDeletion()) {
            before.append("DROP KEYSPACE IF EXISTS ").append(keyspace).append("; ");
        }
        if (dataSet.isKeyspaceCreation()) {
            before.append("CREATE KEYSPACE ").append(keyspace)
                    .append(" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}; ")
                    .append("USE ").append(keyspace).append("; ");
        }
        Supercolumn running = EmbeddedCassandraServerHelper.runningServer();
        String binary = running != null ? running.binary() : Supercolumn.findBinary();
        try {
            Path script = DatasetFiles.fromFile(dataSet.getFile().toString(), "cql", before.toString());
            try {
                Supercolumn.load(binary, EmbeddedCassandraServerHelper.resolve(host), script);
            } finally {
                DatasetFiles.delete(script);
            }
        } catch (SupercolumnException | IllegalArgumentException e) {
            throw new CassandraUnitException(e.getMessage(), e);
        }
    }
}
