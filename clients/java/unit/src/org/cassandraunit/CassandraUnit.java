package org.cassandraunit;

import org.cassandraunit.dataset.DataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;

/**
 * The JUnit 4 rule for Thrift-era datasets (XML, JSON, YAML): starts the server, loads the
 * dataset and sets {@link #host} ({@code "HOST:PORT"}, Thrift) and {@link #clusterName} for the
 * test's own client. cassandra-unit's also opened Hector's {@code cluster} and
 * {@code keyspace}; the test opens its own client at {@link #host} instead.
 */
public class CassandraUnit extends BaseCassandraUnit {
    public static String clusterName;
    public static String host;
    private final DataSet dataSet;
    private String givenHost;

    public CassandraUnit(DataSet dataSet) {
        this.dataSet = dataSet;
    }

    public CassandraUnit(DataSet dataSet, String configurationFileName) {
        this(dataSet);
        this.configurationFileName = configurationFileName;
    }

    /** cassandra-unit 2.0's: load at {@code host} ({@code "HOST:PORT"}, mapped as {@link DataLoader} maps it). */
    public CassandraUnit(DataSet dataSet, String configurationFileName, String host) {
        this(dataSet, configurationFileName);
        this.givenHost = host;
    }

    @Override
    protected void load() {
        host = givenHost != null ? EmbeddedCassandraServerHelper.resolve(givenHost) : thriftAddress();
        clusterName = EmbeddedCassandraServerHelper.getClusterName();
        new DataLoader(clusterName, host).load(dataSet);
    }
}
