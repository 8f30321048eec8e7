package org.cassandraunit;

import org.cassandraunit.dataset.CQLDataSet;
import org.cassandraunit.dataset.DataSet;
import org.cassandraunit.utils.EmbeddedCassandraServerHelper;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.supercolumn.testing.Supercolumn;

/**
 * The JUnit 5 form of the rules, registered with {@code @RegisterExtension}: the server starts
 * before the class's first test and the dataset loads before each test. A test, constructor or
 * lifecycle method parameter of type {@link Supercolumn} receives the server (faults, the record
 * of calls, reset). cassandra-unit's took CQL datasets and resolved a driver {@code CqlSession};
 * this one also takes Thrift-era datasets and has no driver session (see {@link CassandraCQLUnit}).
 */
public class CassandraUnitExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private final CQLDataSet cqlDataSet;
    private final DataSet dataSet;
    private final String configurationFileName;
    private final long startupTimeoutMillis;

    public CassandraUnitExtension(CQLDataSet dataSet) {
        this(dataSet, null, EmbeddedCassandraServerHelper.DEFAULT_STARTUP_TIMEOUT);
    }

    public CassandraUnitExtension(CQLDataSet dataSet, String configurationFileName) {
        this(dataSet, configurationFileName, EmbeddedCassandraServerHelper.DEFAULT_STARTUP_TIMEOUT);
    }

    public CassandraUnitExtension(CQLDataSet dataSet, String configurationFileName, long startupTimeoutMillis) {
        this(dataSet, null, configurationFileName, startupTimeoutMillis);
    }

    /** An XML, JSON or YAML dataset (not in cassandra-unit, whose extension took CQL only). */
    public CassandraUnitExtension(DataSet dataSet) {
        this(dataSet, null, EmbeddedCassandraServerHelper.DEFAULT_STARTUP_TIMEOUT);
    }

    public CassandraUnitExtension(DataSet dataSet, String configurationFileName, long startupTimeoutMillis) {
        this(null, dataSet, configurationFileName, startupTimeoutMillis);
    }

    private CassandraUnitExtension(CQLDataSet cqlDataSet, DataSet dataSet, String configurationFileName,
            long startupTimeoutMillis) {
        if (cqlDataSet == null && dataSet == null) {
            throw new IllegalArgumentException("dataSet must not be null");
        }
        this.cqlDataSet = cqlDataSet;
        this.dataSet = dataSet;
        this.configurationFileName = configurationFileName;
        this.startupTimeoutMillis = startupTimeoutMillis;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (configurationFileName != null) {
            EmbeddedCassandraServerHelper.startEmbeddedCassandra(configurationFileName, startupTimeoutMillis);
        } else {
            EmbeddedCassandraServerHelper.startEmbeddedCassandra(startupTimeoutMillis);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        String host = EmbeddedCassandraServerHelper.getHost() + ":" + EmbeddedCassandraServerHelper.getRpcPort();
        if (cqlDataSet != null) {
            new CQLDataLoader(host).load(cqlDataSet);
        } else {
            new DataLoader(EmbeddedCassandraServerHelper.getClusterName(), host).load(dataSet);
        }
    }

    /** The server (not in cassandra-unit, whose extension answered a driver session). */
    public Supercolumn getSupercolumn() {
        return EmbeddedCassandraServerHelper.getSupercolumn();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == Supercolumn.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return getSupercolumn();
    }
}
