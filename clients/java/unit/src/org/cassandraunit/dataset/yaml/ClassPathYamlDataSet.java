package org.cassandraunit.dataset.yaml;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** A YAML dataset read from the classpath. */
public class ClassPathYamlDataSet extends AbstractDataSetFile implements DataSet {
    public ClassPathYamlDataSet(String dataSetLocation) {
        super(dataSetLocation, "yaml", true);
    }
}
