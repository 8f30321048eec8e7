package org.cassandraunit.dataset.cql;

import java.nio.file.Path;
import org.cassandraunit.dataset.CQLDataSet;
import org.cassandraunit.dataset.ParseException;
import org.supercolumn.testing.DatasetFiles;

/**
 * A CQL script and what to do with its keyspace: by default it is dropped if it exists, created
 * (SimpleStrategy, replication factor 1) and used, as cassandra-unit did; the name is lower-cased
 * as cassandra-unit lower-cased it.
 */
public abstract class AbstractCQLDataSet implements CQLDataSet {
    private final String location;
    private final boolean classPath;
    private final boolean keyspaceCreation;
    private final boolean keyspaceDeletion;
    private final String keyspaceName;
    private Path file;

    protected AbstractCQLDataSet(String dataSetLocation, boolean keyspaceCreation, boolean keyspaceDeletion,
            String keyspaceName, boolean classPath) {
        boolean found = dataSetLocation != null && (classPath ? DatasetFiles.onClassPath(dataSetLocation)
                : new java.io.File(dataSetLocation).isFile());
        if (!found) {
            throw new ParseException("Dataset not found" + (classPath ? " on the classpath: " : ": ") + dataSetLocation);
        }
        this.location = dataSetLocation;
        this.classPath = classPath;
        this.keyspaceCreation = keyspaceCreation;
        this.keyspaceDeletion = keyspaceDeletion;
        this.keyspaceName = keyspaceName == null ? null : keyspaceName.toLowerCase();
    }

    @Override
    public String getKeyspaceName() {
        return keyspaceName;
    }

    @Override
    public boolean isKeyspaceCreation() {
        return keyspaceCreation;
    }

    @Override
    public boolean isKeyspaceDeletion() {
        return keyspaceDeletion;
    }

    @Override
    public synchronized Path getFile() {
        if (file == null) {
            try {
                file = classPath ? DatasetFiles.fromClassPath(location, "cql")
                        : DatasetFiles.fromFile(location, "cql", "");
            } catch (IllegalArgumentException e) {
                throw new ParseException(e.getMessage());
            }
        }
        return file;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + location + ", keyspace " + keyspaceName + ")";
    }
}
