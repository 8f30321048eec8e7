package org.apache.cassandra.config;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The error-reporting exclusions of cassandra.yaml (client_error_reporting_exclusions,
 * internode_error_reporting_exclusions): a list of CIDR subnets ("10.0.0.0/8") or single
 * addresses. 4.1 parses them with the ipaddress library, which no Debian package carries; this
 * class does the same matching with java.net only, for the lists this build's clusters use.
 */
public class SubnetGroups
{
    /** One subnet: its address bytes and the number of leading bits that must match. */
    private static final class Subnet
    {
        final byte[] address;
        final int bits;

        Subnet(String text)
        {
            int slash = text.indexOf('/');
            String host = slash < 0 ? text : text.substring(0, slash);
            try
            {
                address = InetAddress.getByName(host.trim()).getAddress();
            }
            catch (UnknownHostException e)
            {
                throw new IllegalArgumentException("Invalid subnet: " + text, e);
            }
            bits = slash < 0 ? address.length * 8 : Integer.parseInt(text.substring(slash + 1).trim());
            if (bits < 0 || bits > address.length * 8)
                throw new IllegalArgumentException("Invalid subnet: " + text);
        }

        boolean matches(byte[] other)
        {
            if (other.length != address.length)
                return false;
            for (int i = 0; i < bits; i++)
            {
                int mask = 0x80 >>> (i % 8);
                if ((address[i / 8] & mask) != (other[i / 8] & mask))
                    return false;
            }
            return true;
        }

        @Override
        public String toString()
        {
            try
            {
                return InetAddress.getByAddress(address).getHostAddress() + '/' + bits;
            }
            catch (UnknownHostException e)
            {
                throw new AssertionError(e);
            }
        }
    }

    private final List<String> values;
    private final List<Subnet> subnets;

    public SubnetGroups()
    {
        this(Collections.emptyList());
    }

    public SubnetGroups(List<String> values)
    {
        this.values = List.copyOf(values);
        List<Subnet> parsed = new ArrayList<>();
        for (String v : values)
            parsed.add(new Subnet(v));
        this.subnets = parsed;
    }

    public boolean contains(SocketAddress address)
    {
        if (!(address instanceof InetSocketAddress))
            return false;
        return contains(((InetSocketAddress) address).getAddress());
    }

    public boolean contains(InetAddress address)
    {
        if (address == null)
            return false;
        byte[] bytes = address.getAddress();
        for (Subnet s : subnets)
            if (s.matches(bytes))
                return true;
        return false;
    }

    public boolean isEmpty()
    {
        return subnets.isEmpty();
    }

    @Override
    public boolean equals(Object o)
    {
        return o instanceof SubnetGroups && ((SubnetGroups) o).values.equals(values);
    }

    @Override
    public int hashCode()
    {
        return values.hashCode();
    }

    @Override
    public String toString()
    {
        return "SubnetGroups{subnets=" + subnets + '}';
    }
}
