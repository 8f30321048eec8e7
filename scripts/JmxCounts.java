// The Count attribute of metric MBeans on Cassandra nodes' JMX ports, for
// scripts/gateway_route_check.py (no nodetool command prints these counts).
// Run as a single source file: java scripts/JmxCounts.java HOST:PORT[,HOST:PORT...] MBEAN...
// Prints one line per node and MBean: "HOST:PORT<TAB>MBEAN<TAB>COUNT" (-1 when the
// node has no such MBean, as for a table not yet made there). Reads only.
import java.util.ArrayList;
import java.util.List;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

public class JmxCounts {
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java JmxCounts.java HOST:PORT[,HOST:PORT...] MBEAN...");
            System.exit(2);
        }
        List<String> out = new ArrayList<>();
        for (String node : args[0].split(",")) {
            JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + node + "/jmxrmi");
            try (JMXConnector c = JMXConnectorFactory.connect(url)) {
                MBeanServerConnection s = c.getMBeanServerConnection();
                for (int i = 1; i < args.length; i++) {
                    long n;
                    try {
                        n = ((Number) s.getAttribute(new ObjectName(args[i]), "Count")).longValue();
                    } catch (InstanceNotFoundException e) {
                        n = -1;
                    }
                    out.add(node + "\t" + args[i] + "\t" + n);
                }
            }
        }
        out.forEach(System.out::println);
    }
}
