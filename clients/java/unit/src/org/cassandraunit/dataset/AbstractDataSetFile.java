package org.cassandraunit.dataset;

import java.nio.file.Path;
import org.supercolumn.testing.DatasetFiles;

/**
 * What the ClassPath* and File* datasets share: where the dataset is and in which format. The
 * file is found when the dataset is made (a missing one is a {@link ParseException} then, as
 * cassandra-unit's CQL datasets did) and copied out of the classpath once.
 */
public abstract class AbstractDataSetFile implements DataSet {
    private final String location;
    private final String extension;
    private final boolean classPath;
    private Path file;

    protected AbstractDataSetFile(String location, String extension, boolean classPath) {
        if (location == null) {
            throw new ParseException("Dataset not found: no location given");
        }
        if (classPath ? !DatasetFiles.onClassPath(location) : !new java.io.File(location).isFile()) {
            throw new ParseException("Dataset not found" + (classPath ? " on the classpath: " : ": ") + location);
        }
        this.location = location;
        this.extension = extension;
        this.classPath = classPath;
    }

    @Override
    public synchronized Path getFile() {
        if (file == null) {
            try {
                file = classPath ? DatasetFiles.fromClassPath(location, extension)
                        : DatasetFiles.fromFile(location, extension, "");
            } catch (IllegalArgumentException e) {
                throw new ParseException(e.getMessage());
            }
        }
        return file;
    }

    /** Where the dataset was named from: a classpath resource or a file path. */
    public String getLocation() {
        return location;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + location + ")";
    }

    /** The extension of a dataset named by its file, for ClassPathDataSet and FileDataSet. */
    protected static String extensionOf(String location) {
        String lower = location == null ? "" : location.toLowerCase();
        if (lower.endsWith(".xml")) {
            return "xml";
        }
        if (lower.endsWith(".json")) {
            return "json";
        }
        if (lower.endsWith(".yaml") || lower.endsWith(".yml")) {
            return "yaml";
        }
        throw new ParseException("dataSet file extension must be one of .xml, .json, .yaml: " + location);
    }
}
