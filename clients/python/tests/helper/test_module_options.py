"""The supercolumn_testing plugin's per-module options: a config file, the API default and
extra serve flags, each visible in what the server answers. Run by scripts/run-testing-helper.sh
from a directory outside the repository, with the helper installed as a package."""

import os

from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

SUPERCOLUMN_CONFIG = "helper-cassandra.yaml"  # relative to this file
SUPERCOLUMN_API_DEFAULT = "19"
SUPERCOLUMN_ARGS = ["--activity-log-size", "3"]


def _call(port, framed, method, *args):
    sock = TSocket.TSocket("127.0.0.1", port)
    transport = TTransport.TFramedTransport(sock) if framed else TTransport.TBufferedTransport(sock)
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    try:
        return getattr(client, method)(*args)
    finally:
        transport.close()


def test_serves_the_module_config(supercolumn):
    assert supercolumn.config == os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                              "helper-cassandra.yaml")
    names = {ks.name for ks in _call(supercolumn.port, True, "describe_keyspaces")}
    assert "HelperKs" in names and "BloggyAppy" not in names
    assert _call(supercolumn.port, True, "describe_cluster_name") == "Helper Cluster"


def test_api_default_decides_an_unframed_first_call(supercolumn):
    # With `auto`, an unframed connection's describe_version is 0.6's (API 2.2.0); the module
    # asked for 19, so the same bytes get 19.x's version.
    assert _call(supercolumn.port, False, "describe_version").startswith("19.")


def test_extra_flags_reach_the_server(supercolumn):
    for _ in range(5):
        _call(supercolumn.port, True, "describe_cluster_name")
    assert len(supercolumn.activity()) == 3  # --activity-log-size 3
