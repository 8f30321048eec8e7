package org.cassandraunit.dataset.cql;

import org.cassandraunit.dataset.CQLDataSet;

/** A CQL script dataset read from a file; the constructors are cassandra-unit's. */
public class FileCQLDataSet extends AbstractCQLDataSet implements CQLDataSet {
    public FileCQLDataSet(String dataSetLocation) {
        this(dataSetLocation, true, true, null);
    }

    public FileCQLDataSet(String dataSetLocation, boolean keyspaceCreation) {
        this(dataSetLocation, keyspaceCreation, true, null);
    }

    public FileCQLDataSet(String dataSetLocation, boolean keyspaceCreation, boolean keyspaceDeletion) {
        this(dataSetLocation, keyspaceCreation, keyspaceDeletion, null);
    }

    public FileCQLDataSet(String dataSetLocation, String keyspaceName) {
        this(dataSetLocation, true, true, keyspaceName);
    }

    public FileCQLDataSet(String dataSetLocation, boolean keyspaceCreation, String keyspaceName) {
        this(dataSetLocation, keyspaceCreation, true, keyspaceName);
    }

    public FileCQLDataSet(String dataSetLocation, boolean keyspaceCreation, boolean keyspaceDeletion,
            String keyspaceName) {
        super(dataSetLocation, keyspaceCreation, keyspaceDeletion, keyspaceName, false);
    }
}
