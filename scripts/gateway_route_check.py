"""Does a keyspace made through a gateway have each write sent to one of its
replicas from the first write on? (see scripts/gateway-hung-check.sh --jmx)

An RF 1 keyspace is made through the gateway's Thrift (system_add_keyspace)
and written to at once (inserts at ONE, distinct keys), then another through
its native port (CREATE KEYSPACE, CREATE TABLE, INSERTs). With RF 1 a write
coordinated by its replica is applied on the coordinator itself; one sent to
another node is coordinated there and applied on the replica. So, per node,
the writes it coordinated (ClientRequest Write's Count, read over JMX before
and after) must equal the writes it applied to the two tables (their
WriteLatency Count): PASS when every node's two numbers match.
"""

import argparse
import subprocess
import sys
import time
import uuid

from thrift.protocol import TBinaryProtocol
from thrift.transport import TSocket, TTransport

from cassandra19 import Cassandra
from cassandra19.ttypes import CfDef, Column, ColumnParent, ConsistencyLevel, KsDef

from cassandra import ConsistencyLevel as CL
from cassandra.cluster import Cluster

COORD = "org.apache.cassandra.metrics:type=ClientRequest,scope=Write,name=Latency"


def table_mbean(ks, cf):
    return "org.apache.cassandra.metrics:type=Table,keyspace=%s,scope=%s,name=WriteLatency" % (ks, cf)


def counts(tool, jmx, mbeans):
    out = subprocess.run(["java", tool, jmx] + mbeans, check=True, capture_output=True,
                         text=True).stdout
    got = {}
    for line in out.splitlines():
        node, mbean, n = line.split("\t")
        got[(node, mbean)] = max(int(n), 0)
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gateway-thrift", required=True)
    ap.add_argument("--gateway-native", required=True)
    ap.add_argument("--hosts", required=True, help="the cluster's hosts, in --jmx order")
    ap.add_argument("--jmx", required=True, help="HOST:PORT,... of the nodes' JMX")
    ap.add_argument("--jmx-tool", required=True)
    ap.add_argument("-n", type=int, default=300, help="writes per keyspace")
    args = ap.parse_args()
    tag = uuid.uuid4().hex[:8]
    ks_t, ks_n, cf = "Route_t_" + tag, "Route_n_" + tag, "Load"
    nodes = args.jmx.split(",")
    hosts = args.hosts.split(",")

    before = counts(args.jmx_tool, args.jmx, [COORD])

    host, port = args.gateway_thrift.rsplit(":", 1)
    transport = TTransport.TFramedTransport(TSocket.TSocket(host, int(port)))
    g = Cassandra.Client(TBinaryProtocol.TBinaryProtocolAccelerated(transport))
    transport.open()
    t = time.time()
    g.system_add_keyspace(KsDef(
        name=ks_t, strategy_class="org.apache.cassandra.locator.SimpleStrategy",
        strategy_options={"replication_factor": "1"}, durable_writes=True,
        cf_defs=[CfDef(keyspace=ks_t, name=cf, comparator_type="UTF8Type",
                       default_validation_class="BytesType", key_validation_class="BytesType")]))
    g.set_keyspace(ks_t)
    for i in range(args.n):
        g.insert(b"k%d" % i, ColumnParent(cf), Column(name=b"c", value=b"v", timestamp=1),
                 ConsistencyLevel.ONE)
    print("Thrift: keyspace %s made and %d writes in %.1f s" % (ks_t, args.n, time.time() - t))
    transport.close()

    nh, np_ = args.gateway_native.rsplit(":", 1)
    cluster = Cluster([nh], port=int(np_), protocol_version=4)
    s = cluster.connect()
    t = time.time()
    s.execute("CREATE KEYSPACE \"%s\" WITH replication = "
              "{'class': 'SimpleStrategy', 'replication_factor': 1}" % ks_n)
    s.execute('CREATE TABLE "%s"."%s" (key blob PRIMARY KEY, value blob)' % (ks_n, cf))
    ins = s.prepare('INSERT INTO "%s"."%s" (key, value) VALUES (?, ?)' % (ks_n, cf))
    ins.consistency_level = CL.ONE
    for i in range(args.n):
        s.execute(ins, (b"k%d" % i, b"v"))
    print("native: keyspace %s made and %d writes in %.1f s" % (ks_n, args.n, time.time() - t))
    cluster.shutdown()

    after = counts(args.jmx_tool, args.jmx, [COORD, table_mbean(ks_t, cf), table_mbean(ks_n, cf)])
    ok = True
    total = 0
    for node, h in zip(nodes, hosts):
        coord = after[(node, COORD)] - before[(node, COORD)]
        applied_t = after[(node, table_mbean(ks_t, cf))]
        applied_n = after[(node, table_mbean(ks_n, cf))]
        total += applied_t + applied_n
        match = coord == applied_t + applied_n
        ok &= match
        print("%s: coordinated %d writes, applied %d (Thrift's keyspace) + %d (native's)%s"
              % (h, coord, applied_t, applied_n, "" if match else "  <- differs"))
    ok &= total == 2 * args.n
    print("%s routing: every write coordinated by its replica (RF 1, %d writes applied of %d)"
          % ("PASS" if ok else "FAIL", total, 2 * args.n))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
