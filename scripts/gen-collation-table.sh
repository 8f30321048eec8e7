#!/usr/bin/env bash
# Regenerates the data of supercolumn's CollatingOrderPreservingPartitioner
# from a JDK's java.text.Collator for Locale("en", "US"):
#   src/partitioner/collation_en_us.txt   the collation table (checked by the
#                                         generator to reproduce the JDK's keys)
#   src/partitioner/collation_vectors.txt keys and their collation keys, in the
#                                         JDK's order (the unit tests' vectors)
# Needs javac and java (Debian: apt-get install openjdk-17-jdk-headless). The
# committed files were made with OpenJDK 17; `git diff` shows whether another
# JDK answers differently.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" tests/support/java/JavaCollation.java
java -cp "$tmp" JavaCollation table >"$tmp/table.txt"
java -cp "$tmp" JavaCollation vectors >"$tmp/vectors.txt"
mv "$tmp/table.txt" src/partitioner/collation_en_us.txt
mv "$tmp/vectors.txt" src/partitioner/collation_vectors.txt
echo "wrote src/partitioner/collation_en_us.txt and src/partitioner/collation_vectors.txt"
