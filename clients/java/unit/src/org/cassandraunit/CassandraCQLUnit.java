package org.cassandraunit;

import org.cassandraunit.dataset.CQLDataSet;

/**
 * The JUnit 4 rule for CQL datasets: starts the server and runs the script into its keyspace
 * ({@link CQLDataLoader}). cassandra-unit's also opened a DataStax driver {@code session} and
 * {@code cluster}; that driver is not part of this jar (Debian does not package it), so a test
 * connects its own client to {@code EmbeddedCassandraServerHelper.getHost()} and
 * {@code getNativeTransportPort()} (CQL) or {@code getRpcPort()} (Thrift).
 */
public class CassandraCQLUnit extends BaseCassandraUnit {
    private final CQLDataSet dataSet;

    public CassandraCQLUnit(CQLDataSet dataSet) {
        this.dataSet = dataSet;
    }

    public CassandraCQLUnit(CQLDataSet dataSet, int readTimeoutMillis) {
        this(dataSet);
        this.readTimeoutMillis = readTimeoutMillis;
    }

    public CassandraCQLUnit(CQLDataSet dataSet, String configurationFileName) {
        this(dataSet);
        this.configurationFileName = configurationFileName;
    }

    public CassandraCQLUnit(CQLDataSet dataSet, String configurationFileName, int readTimeoutMillis) {
        this(dataSet, configurationFileName);
        this.readTimeoutMillis = readTimeoutMillis;
    }

    public CassandraCQLUnit(CQLDataSet dataSet, String configurationFileName, long startUpTimeoutMillis) {
        super(startUpTimeoutMillis);
        this.dataSet = dataSet;
        this.configurationFileName = configurationFileName;
    }

    public CassandraCQLUnit(CQLDataSet dataSet, String configurationFileName, long startUpTimeoutMillis,
            int readTimeoutMillis) {
        this(dataSet, configurationFileName, startUpTimeoutMillis);
        this.readTimeoutMillis = readTimeoutMillis;
    }

    @Override
    protected void load() {
        new CQLDataLoader(thriftAddress()).load(dataSet);
    }

    /** The keyspace the script ran in (not in cassandra-unit). */
    public String getKeyspaceName() {
        return dataSet.getKeyspaceName() != null ? dataSet.getKeyspaceName() : CQLDataLoader.DEFAULT_KEYSPACE_NAME;
    }
}
