//! Reading `storage-conf.xml` (Cassandra 0.6 format) into a plain `Config`.
