package org.cassandraunit.dataset.yaml;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** A YAML dataset read from a file. */
public class FileYamlDataSet extends AbstractDataSetFile implements DataSet {
    public FileYamlDataSet(String dataSetLocation) {
        super(dataSetLocation, "yaml", false);
    }
}
