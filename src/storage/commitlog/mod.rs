//! The commit log: a durable, checksummed, segmented record log.
