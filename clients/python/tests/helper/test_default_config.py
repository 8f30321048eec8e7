"""The supercolumn_testing plugin's defaults: the binary the wheel installed (scripts/run-testing-helper.sh
unsets SUPERCOLUMN_BIN and keeps the binary off the PATH) and the server's built-in configuration,
although the directory pytest runs in holds a storage-conf.xml that is not a valid config."""

import os
import shutil
import sysconfig

from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport


def test_binary_from_the_wheel(supercolumn):
    assert "SUPERCOLUMN_BIN" not in os.environ
    assert shutil.which("supercolumn") is None
    assert supercolumn.binary == os.path.join(sysconfig.get_path("scripts"), "supercolumn")


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
