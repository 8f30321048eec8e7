package org.cassandraunit.dataset;

/** An XML, JSON or YAML dataset read from a file, its format told by its extension. */
public class FileDataSet extends AbstractDataSetFile implements DataSet {
    public FileDataSet(String dataSetLocation) {
        super(dataSetLocation, extensionOf(dataSetLocation), false);
    }
}
