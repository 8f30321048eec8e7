//! SSTables: immutable sorted files of partitions.
