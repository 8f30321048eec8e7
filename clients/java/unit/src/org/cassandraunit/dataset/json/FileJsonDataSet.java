package org.cassandraunit.dataset.json;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** A JSON dataset read from a file. */
public class FileJsonDataSet extends AbstractDataSetFile implements DataSet {
    public FileJsonDataSet(String dataSetLocation) {
        super(dataSetLocation, "json", false);
    }
}
