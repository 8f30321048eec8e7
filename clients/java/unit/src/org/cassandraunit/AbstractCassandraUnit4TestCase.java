package org.cassandraunit;

import org.cassandraunit.dataset.DataSet;
import org.junit.Before;

/**
 * cassandra-unit's base class for JUnit 4 tests of a Thrift-era dataset: the server starts and
 * {@link #getDataSet()} loads before the first test of the instance. Its Hector
 * {@code getCluster()} and {@code getKeyspace()} are not here ({@link CassandraUnit}).
 */
public abstract class AbstractCassandraUnit4TestCase {
    private final CassandraUnit cassandraUnit;
    private boolean initialized;

    public AbstractCassandraUnit4TestCase() {
        cassandraUnit = new CassandraUnit(getDataSet());
    }

    public AbstractCassandraUnit4TestCase(String configurationFileName) {
        cassandraUnit = new CassandraUnit(getDataSet(), configurationFileName);
    }

    @Before
    public void before() throws Exception {
        if (!initialized) {
            cassandraUnit.before();
            initialized = true;
        }
    }

    public abstract DataSet getDataSet();
}
