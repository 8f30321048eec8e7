// Build stand-in for org.apache.cassandra.utils.concurrent.Locks (Cassandra 2.2 to 3.11) on JDK 17, whose
// sun.misc.Unsafe no longer has monitorEnter/monitorExit. The original already treats a missing
// Unsafe as "do nothing" (the monitor only eases contention between memtable writers), so this
// is that documented fallback, always.
package org.apache.cassandra.utils.concurrent;

public class Locks
{
    public static void monitorEnterUnsafe(Object object)
    {
    }

    public static void monitorExitUnsafe(Object object)
    {
    }
}
