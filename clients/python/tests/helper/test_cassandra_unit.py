"""cassandra-unit's defaults (SUPERCOLUMN_CASSANDRA_UNIT): the server listens where cassandra-unit's
embedded one did, so a client hard-coded to localhost:9171 reaches it; a second server on those
ports fails, saying which port is taken. scripts/run-testing-helper.sh runs this suite while no
other suite holds the fixed ports (hold_fixed_ports in scripts/env.sh)."""

import pytest
from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from supercolumn_testing import Supercolumn, SupercolumnError

SUPERCOLUMN_CASSANDRA_UNIT = True


def hard_coded_client():
    # As a suite written for cassandra-unit connects: its address, not the fixture's.
    transport = TTransport.TFramedTransport(TSocket.TSocket("localhost", 9171))
    transport.open()
    return transport, Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))


def test_listens_on_cassandra_units_ports(supercolumn):
    assert (supercolumn.port, supercolumn.native_port) == (9171, 9142)
    transport, client = hard_coded_client()
    try:
        assert client.describe_cluster_name() == "Test Cluster"
        assert client.describe_partitioner() == "org.apache.cassandra.dht.Murmur3Partitioner"
    finally:
        transport.close()


def test_a_taken_port_fails_the_start_clearly(supercolumn):
    with pytest.raises(SupercolumnError, match="Failed to bind port 9171 on 127.0.0.1: address already in use"):
        Supercolumn(cassandra_unit=True).start()
