package org.cassandraunit.dataset;

/** An XML, JSON or YAML dataset read from the classpath, its format told by its extension. */
public class ClassPathDataSet extends AbstractDataSetFile implements DataSet {
    public ClassPathDataSet(String dataSetLocation) {
        super(dataSetLocation, extensionOf(dataSetLocation), true);
    }
}
