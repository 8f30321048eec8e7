"""The supercolumn_testing plugin's choice of releases: which releases a module runs against
(its SUPERCOLUMN_RELEASES, its SUPERCOLUMN_RELEASE, else the environment's
SUPERCOLUMN_RELEASES), and a test that parametrizes the server itself."""

from types import SimpleNamespace

import pytest

from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from supercolumn_testing import releases_for_module


def test_which_releases_a_module_runs_against():
    env = {"SUPERCOLUMN_RELEASES": " 0.7.10, 2.2.19 ,"}
    assert releases_for_module(SimpleNamespace(), env) == ["0.7.10", "2.2.19"]
    assert releases_for_module(SimpleNamespace(), {}) == []
    # A module that names its release or releases is not run against the environment's.
    assert releases_for_module(SimpleNamespace(SUPERCOLUMN_RELEASE="1.0.12"), env) == []
    module = SimpleNamespace(SUPERCOLUMN_RELEASES=["1.2.9", "2.0.17"])
    assert releases_for_module(module, env) == ["1.2.9", "2.0.17"]


@pytest.mark.parametrize("supercolumn_server", ["1.1.12", "2.0.17"], indirect=True)
def test_a_test_can_parametrize_the_server(supercolumn):
    transport = TTransport.TFramedTransport(TSocket.TSocket("127.0.0.1", supercolumn.port))
    client = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    try:
        version = client.describe_version()
    finally:
        transport.close()
    assert (supercolumn.release, version) in [("1.1.12", "19.33.0"), ("2.0.17", "19.39.0")]
