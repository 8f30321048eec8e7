package org.cassandraunit.dataset.cql;

import org.cassandraunit.dataset.CQLDataSet;

/** A CQL script dataset read from the classpath; the constructors are cassandra-unit's. */
public class ClassPathCQLDataSet extends AbstractCQLDataSet implements CQLDataSet {
    public ClassPathCQLDataSet(String dataSetLocation) {
        this(dataSetLocation, true, true, null);
    }

    public ClassPathCQLDataSet(String dataSetLocation, boolean keyspaceCreation) {
        this(dataSetLocation, keyspaceCreation, true, null);
    }

    public ClassPathCQLDataSet(String dataSetLocation, boolean keyspaceCreation, boolean keyspaceDeletion) {
        this(dataSetLocation, keyspaceCreation, keyspaceDeletion, null);
    }

    public ClassPathCQLDataSet(String dataSetLocation, String keyspaceName) {
        this(dataSetLocation, true, true, keyspaceName);
    }

    public ClassPathCQLDataSet(String dataSetLocation, boolean keyspaceCreation, String keyspaceName) {
        this(dataSetLocation, keyspaceCreation, true, keyspaceName);
    }

    public ClassPathCQLDataSet(String dataSetLocation, boolean keyspaceCreation, boolean keyspaceDeletion,
            String keyspaceName) {
        super(dataSetLocation, keyspaceCreation, keyspaceDeletion, keyspaceName, true);
    }
}
