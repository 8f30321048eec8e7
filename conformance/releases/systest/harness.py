
# --- harness: no server started here; SYSTEST_PORT names the server (a capture proxy), and
# SYSTEST_MODE=unframed makes the client unframed (0.7) ---
def get_thrift_client(host='127.0.0.1', port=int(os.environ.get('SYSTEST_PORT', '9170'))):
    socket = TSocket.TSocket(host, port)
    socket.setTimeout(20000)
    if os.environ.get('SYSTEST_MODE') == 'unframed':
        transport = TTransport.TBufferedTransport(socket)
    else:
        transport = TTransport.TFramedTransport(socket)
    protocol = TBinaryProtocol.TBinaryProtocol(transport)
    client = Cassandra.Client(protocol)
    client.transport = transport
    return client
thrift_client = get_thrift_client()
ThriftTester.client = thrift_client
BaseTester.runserver = False

def _fresh_setup(self):
    # each test starts against an empty db: drop what earlier tests made
    try:
        self.open_client()
    except Exception:
        pass
    for ks in self.client.describe_keyspaces():
        if not ks.name.startswith('system'):
            self.client.system_drop_keyspace(ks.name)
    self.define_schema()

def _fresh_teardown(self):
    self.close_client()

BaseTester.setUp = _fresh_setup
BaseTester.tearDown = _fresh_teardown
