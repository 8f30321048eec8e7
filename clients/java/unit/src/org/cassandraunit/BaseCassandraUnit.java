package org.cassandraunit;

import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.rules.ExternalResource;
import org.supercolumn.testing.Supercolumn;

/**
 * The JUnit 4 rules' common part: before each test (a {@code @Rule}) or the class (a
 * {@code @ClassRule}), start the embedded server if it is not running, then load the dataset.
 */
public abstract class BaseCassandraUnit extends ExternalResource {
    protected String configurationFileName;
    protected long startupTimeoutMillis;
    /** Kept for the API: it set the driver's read time-out, and there is no driver here. */
    protected int readTimeoutMillis = 12000;

    public BaseCassandraUnit() {
        this(EmbeddedCassandraServerHelper.DEFAULT_STARTUP_TIMEOUT);
    }

    public BaseCassandraUnit(long startupTimeoutMillis) {
        this.startupTimeoutMillis = startupTimeoutMillis;
    }

    @Override
    protected void before() throws Exception {
        if (configurationFileName != null) {
            EmbeddedCassandraServerHelper.startEmbeddedCassandra(configurationFileName, startupTimeoutMillis);
        } else {
            EmbeddedCassandraServerHelper.startEmbeddedCassandra(startupTimeoutMillis);
        }
        load();
    }

    protected abstract void load();

    /** The server, for faults, the record of calls and reset (not in cassandra-unit). */
    public Supercolumn getSupercolumn() {
        return EmbeddedCassandraServerHelper.getSupercolumn();
    }

    /** The Thrift address, {@code "HOST:PORT"} (not in cassandra-unit). */
    protected static String thriftAddress() {
        return EmbeddedCassandraServerHelper.getHost() + ":" + EmbeddedCassandraServerHelper.getRpcPort();
    }
}
