package org.cassandraunit.dataset.xml;

import org.cassandraunit.dataset.AbstractDataSetFile;
import org.cassandraunit.dataset.DataSet;

/** An XML dataset (cassandra-unit's XSD) read from the classpath, e.g. {@code "dataset/users.xml"}. */
public class ClassPathXmlDataSet extends AbstractDataSetFile implements DataSet {
    public ClassPathXmlDataSet(String dataSetLocation) {
        super(dataSetLocation, "xml", true);
    }
}
