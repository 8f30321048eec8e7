package org.cassandraunit.dataset.json;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** A JSON dataset read from the classpath. */
public class ClassPathJsonDataSet extends AbstractDataSetFile implements DataSet {
    public ClassPathJsonDataSet(String dataSetLocation) {
        super(dataSetLocation, "json", true);
    }
}
