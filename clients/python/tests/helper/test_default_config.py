"""The supercolumn_testing plugin's defaults: the binary from the PATH (scripts/run-testing-helper.sh
unsets SUPERCOLUMN_BIN) and the server's built-in configuration, although the directory pytest
runs in holds a storage-conf.xml that is not a valid config."""

import os

from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport


def test_binary_from_the_path(supercolumn):
    assert "SUPERCOLUMN_BIN" not in os.environ
    assert os.path.basename(supercolumn.binary) == "supercolumn"


def test_built_in_config_whatever_the_current_directory(supercolumn):
    assert supercolumn.config is None
    assert os.path.exists("storage-conf.xml")  # the broken one the script put here
    transport = TTransport.TFramedTransport(TSocket.TSocket("127.0.0.1", supercolumn.port))
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    try:
        names = {ks.name for ks in client.describe_keyspaces()}
    finally:
        transport.close()
    assert {"Keyspace1", "BloggyAppy"} <= names
