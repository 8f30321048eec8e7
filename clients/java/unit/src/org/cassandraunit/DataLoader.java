package org.cassandraunit;

import org.cassandraunit.dataset.DataSet;
import org.cassandraunit.exception.CassandraUnitException;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.supercolumn.testing.Supercolumn;
import org.supercolumn.testing.SupercolumnException;

/**
 * Loads an XML, JSON or YAML dataset into a server with {@code supercolumn load}: its keyspace is
 * dropped if it exists and created, then its rows are written, all by the server's own dataset
 * code. {@code host} is {@code "HOST:PORT"}, the Thrift port; while the embedded server runs, the
 * port its configuration named (9171 in cassandra-unit's default) means the embedded server, so
 * {@code new DataLoader("TestCluster", "localhost:9171")} keeps working on free ports.
 */
public class DataLoader {
    private final String clusterName;
    private final String host;

    public DataLoader(String clusterName, String host) {
        this.clusterName = clusterName;
        this.host = host;
    }

    public void load(DataSet dataSet) {
        Supercolumn running = EmbeddedCassandraServerHelper.runningServer();
        String binary = running != null ? running.binary() : Supercolumn.findBinary();
        try {
            Supercolumn.load(binary, EmbeddedCassandraServerHelper.resolve(host), dataSet.getFile());
        } catch (SupercolumnException e) {
            throw new CassandraUnitException(e.getMessage(), e);
        }
    }

    /** The cluster name given (the server answers with its configuration's). */
    public String getClusterName() {
        return clusterName;
    }

    public String getHost() {
        return host;
    }
}
