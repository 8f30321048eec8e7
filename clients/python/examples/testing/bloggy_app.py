"""The part of a BloggyAppy application that test_bloggy_app.py tests: reading an author's
profile at QUORUM, and retrying a read that timed out (as Cassandra clients of the Thrift era
did: a TimedOutException means the replicas did not answer in time, not that the data is gone).
"""

from cassandra19 import Cassandra
from cassandra19.ttypes import (
    ColumnParent,
    ConsistencyLevel,
    SlicePredicate,
    SliceRange,
    TimedOutException,
)
from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

READ_CL = ConsistencyLevel.QUORUM
ATTEMPTS = 3


class Blog:
    def __init__(self, host, port):
        self.transport = TTransport.TFramedTransport(TSocket.TSocket(host, port))
        self.client = Cassandra.Client(TBinaryProtocol.TBinaryProtocol(self.transport))
        self.transport.open()
        self.client.set_keyspace("BloggyAppy")

    def close(self):
        self.transport.close()

    def author(self, name):
        """The author's profile as a dict; retried up to ATTEMPTS times on a time-out."""
        predicate = SlicePredicate(slice_range=SliceRange(start=b"", finish=b"", reversed=False, count=100))
        for attempt in range(ATTEMPTS):
            try:
                cols = self.client.get_slice(name.encode(), ColumnParent("Authors"), predicate, READ_CL)
                return {c.column.name.decode(): c.column.value.decode() for c in cols}
            except TimedOutException:
                if attempt == ATTEMPTS - 1:
                    raise
