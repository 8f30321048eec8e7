package org.cassandraunit.dataset.xml;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** An XML dataset (cassandra-unit's XSD) read from a file. */
public class FileXmlDataSet extends AbstractDataSetFile implements DataSet {
    public FileXmlDataSet(String dataSetLocation) {
        super(dataSetLocation, "xml", false);
    }
}
