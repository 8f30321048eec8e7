"""An example of one suite run against several Cassandra releases in one pytest run: the
module's SUPERCOLUMN_RELEASES starts one server per release (`serve --cassandra-version`), and
every test of the module runs once against each (test ids end in `[0.7.10]`, `[1.2.9]`, ...).
An application that picks its calls by the API version the cluster reports checks here that
each release answers as it did. The test command runs it with test_bloggy_app.py.
"""

import pytest

from cassandra19 import Cassandra
from thrift.protocol import TBinaryProtocol
from thrift.Thrift import TApplicationException
from thrift.transport import TSocket, TTransport

SUPERCOLUMN_RELEASES = ["0.7.10", "1.2.9", "2.2.19", "3.11.10"]

# What each release's describe_version answered (docs/compatibility.md, the releases table).
API_VERSION = {
    "0.7.10": "19.4.0",
    "0.8.10": "19.16.0",
    "1.0.12": "19.20.0",
    "1.1.12": "19.33.0",
    "1.2.9": "19.36.0",
    "2.0.17": "19.39.0",
    "2.1.22": "19.39.0",
    "2.2.19": "20.1.0",
    "3.0.24": "20.1.0",
    "3.11.10": "20.1.0",
}
BEFORE_1_1 = ["0.7.10", "0.8.10", "1.0.12"]


@pytest.fixture
def client(supercolumn):
    transport = TTransport.TFramedTransport(TSocket.TSocket("127.0.0.1", supercolumn.port))
    c = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(transport))
    transport.open()
    yield c
    transport.close()


def test_describe_version_is_the_releases(client, supercolumn):
    assert client.describe_version() == API_VERSION[supercolumn.release]


def test_describe_token_map_came_with_1_1(client, supercolumn):
    if supercolumn.release in BEFORE_1_1:
        # A method the release lacked: its answer to any unknown name.
        with pytest.raises(TApplicationException) as e:
            client.describe_token_map()
        assert e.value.type == TApplicationException.UNKNOWN_METHOD
        assert client.describe_version() == API_VERSION[supercolumn.release]  # goes on
    else:
        assert client.describe_token_map()
