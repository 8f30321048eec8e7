"""CQL 3 application sequences for difftest.py (`--cql3`): what an application of 1.2 to 2.2
sent as CQL 3 over Thrift (cqlsh, pycassa's `execute_cql3_query`, Hector's and Astyanax's CQL 3
paths), each statement only where the release answering had it.

A sequence connects as such a client did (describe_version, set_cql_version, the system tables
a driver read: system.local, system.peers, system.schema_keyspaces / schema_columnfamilies /
schema_columns), makes its keyspace with CREATE KEYSPACE (SimpleStrategy or
NetworkTopologyStrategy, durable_writes), USE, then tables of the shapes applications used:
a single key with collections (list, set, map), compound clustering keys with CLUSTERING ORDER
BY, a composite partition key, COMPACT STORAGE (dense and static), counters, static columns
(2.0 on), a table of every type the release had (tuples 2.1 on; date, time, smallint, tinyint
2.2), with options in the release's own syntax (comment, gc_grace_seconds, compaction,
compression, caching: a string before 2.1, a map from 2.1). Then ordinary statements:
INSERT (USING TTL / TIMESTAMP, IF NOT EXISTS from 2.0), UPDATE (collection append, prepend,
removal, put, `m['k'] = ...`, counters, IF conditions from 2.0), DELETE of a column, an
element, a row, BATCH (logged, UNLOGGED, COUNTER), SELECT (IN, clustering ranges, ORDER BY,
LIMIT, ALLOW FILTERING, token() ranges, COUNT(*), writetime()/ttl(), DISTINCT from 2.0,
secondary-index queries), ALTER TABLE (ADD, ALTER TYPE, DROP, WITH), CREATE / DROP INDEX,
TRUNCATE, DROP TABLE, prepared statements with bound values of every type, and the errors
applications met: unknown table or column, a missing partition key restriction, a non-EQ
partition key restriction, one needing ALLOW FILTERING, a value of the wrong type, a wrong
bind count, an undefined keyspace, a syntax error.

Values vary (empty strings, unicode, large and negative numbers, nulls where allowed) but
are deterministic for a (version, seed); a prepared statement's id is the one the release
answered (`prepared_from`: the index of its prepare step). Nothing server-assigned is read
back unmasked: writetime() only of a table written with USING TIMESTAMP alone, no now().
"""
import thriftwire as W
from difftest_cql3_values import literal, quote, types
from dsl import b
from difftest_values import SCHEMA, i32, step

ROWS_TS = "0/2/*/2/*/3"     # a CqlResult row's column timestamps (none in CQL 3; kept safe)


class Cql3Gen:
    """One CQL 3 application sequence for one release (1.2 on)."""

    def __init__(self, version, seed, nsteps, probes, rng):
        self.v = version
        self.r = tuple(int(x) for x in version.split(".")[:2])
        self.rng = rng
        self.nsteps, self.probes = nsteps, probes
        self.ks = "dq_%d" % seed
        self.keys = ["k%d" % i for i in range(5)]
        self.tables = {}       # name -> table dict
        self.indexes = {}      # index name -> (table, column)
        self.steps = []
        self.prepared = []     # (step index, table, query, [types])

    # ---------------------------------------------------------------- sending
    def cql(self, q, cl=1, *masks):
        self.steps.append(step("execute_cql3_query", {1: b(q), 2: i32(2), 3: i32(cl)}, *masks))

    def cl(self):
        return self.rng.choice([1, 1, 1, 1, 2, 5])

    # ---------------------------------------------------------------- types and values
    # ---------------------------------------------------------------- connect
    def sequence(self):
        s = self.steps
        s.append(step("describe_version", {}))
        if self.rng.random() < 0.8:
            s.append(step("set_cql_version", {1: b(self.rng.choice(
                ["3.0.0", "3.0.0", "3.0.5", "3.1.0", "3.2.0"]))}))
        self.system_reads(first=True)
        rep = self.rng.random()
        if rep < 0.6:
            repl = "{'class': 'SimpleStrategy', 'replication_factor': %d}" % self.rng.choice([1, 1, 2])
        elif rep < 0.8:
            repl = "{'class': 'NetworkTopologyStrategy', 'datacenter1': 1}"
        else:
            repl = "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '1'}"
        q = "CREATE KEYSPACE %s WITH replication = %s" % (self.ks, repl)
        if self.rng.random() < 0.3:
            q += " AND durable_writes = %s" % self.rng.choice(["false", "true"])
        self.cql(q, 1, SCHEMA)
        if self.rng.random() < 0.5:
            self.cql("USE %s" % self.ks)
        else:
            s.append(step("set_keyspace", {1: b(self.ks)}))
        for _ in range(self.rng.randint(2, 4)):
            self.op_create()
        ops = ([self.op_insert] * 6 + [self.op_update] * 4 + [self.op_select] * 7 +
               [self.op_delete] * 2 + [self.op_batch] * 2 + [self.op_prepared] * 4 +
               [self.op_error] * 3 + [self.op_alter, self.op_index, self.op_create,
                                     self.op_system, self.op_describe, self.op_truncate,
                                     self.op_counter, self.op_counter])
        if self.r >= (2, 0):
            ops += [self.op_lwt] * 2
        while len(s) < self.nsteps:
            self.rng.choice(ops)()
        s.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        s.append(step("system_drop_keyspace", {1: b(self.ks)}, SCHEMA))
        return s

    def system_reads(self, first=False):
        q = self.rng.choice([
            "SELECT cluster_name, release_version, cql_version, partitioner, data_center, rack"
            " FROM system.local WHERE key = 'local'",
            "SELECT peer, data_center, rack, rpc_address FROM system.peers",
            "SELECT * FROM system.schema_keyspaces",
            "SELECT keyspace_name, durable_writes, strategy_class, strategy_options"
            " FROM system.schema_keyspaces WHERE keyspace_name = '%s'" % self.ks,
        ] + ([] if first else [
            "SELECT columnfamily_name, comparator, key_validator, default_validator, comment,"
            " gc_grace_seconds, key_aliases, column_aliases, value_alias, type, caching,"
            " compaction_strategy_class, compaction_strategy_options, compression_parameters,"
            " read_repair_chance, local_read_repair_chance, bloom_filter_fp_chance,"
            " min_compaction_threshold, max_compaction_threshold"
            " FROM system.schema_columnfamilies WHERE keyspace_name = '%s'" % self.ks,
            "SELECT * FROM system.schema_columns WHERE keyspace_name = '%s'" % self.ks,
            "SELECT columnfamily_name FROM system.schema_columnfamilies"
            " WHERE keyspace_name = 'system'",
        ]))
        self.cql(q)

    # ---------------------------------------------------------------- schema
    def options(self, compact=False):
        o = []
        rng = self.rng
        if rng.random() < 0.4:
            o.append("comment = %s" % quote(rng.choice(["users", "it's a table", "\u00e9v\u00e9nements", ""])))
        if rng.random() < 0.3:
            o.append("gc_grace_seconds = %d" % rng.choice([0, 3600, 864000]))
        if rng.random() < 0.2:
            o.append("read_repair_chance = %s" % rng.choice(["0.0", "0.5", "1"]))
        if rng.random() < 0.2:
            if rng.random() < 0.5:
                o.append("compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': 6}")
            else:
                o.append("compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 160}")
        if rng.random() < 0.2:
            c = rng.choice(["SnappyCompressor", "DeflateCompressor", ""] +
                           (["LZ4Compressor"] if self.r >= (1, 2) else []))
            o.append("compression = {'sstable_compression': '%s'%s}" % (
                c, ", 'chunk_length_kb': 64" if c else ""))
        if rng.random() < 0.2:
            if self.r >= (2, 1):
                o.append("caching = {'keys': 'ALL', 'rows_per_partition': '%s'}" % rng.choice(
                    ["NONE", "ALL", "10"]))
            else:
                o.append("caching = '%s'" % rng.choice(["keys_only", "all", "none", "rows_only"]))
        if self.r >= (2, 0) and rng.random() < 0.1:
            o.append("default_time_to_live = 0")
        if rng.random() < 0.1:
            o.append("bloom_filter_fp_chance = 0.1")
        return o

    def op_create(self):
        if len(self.tables) >= 6:
            return self.op_drop_table()
        kinds = ["users", "timeline", "events", "compact", "static_compact", "counters", "types"]
        if self.r >= (2, 0):
            kinds.append("statics")
        kind = self.rng.choice(kinds)
        name = "%s%d" % (kind[:3], len(self.steps))
        t = {"name": name, "kind": kind, "pk": [], "ck": [], "cols": {}, "static": set(),
             "compact": False, "counter": False, "desc": set(), "ts_only": self.rng.random() < 0.3}
        t["stamped"] = t["ts_only"]   # every write so far with USING TIMESTAMP: writetime() is ours
        cols = t["cols"]
        if kind == "users":
            cols.update({"id": "text", "name": "text", "age": "int", "email": "text",
                         "score": "bigint", "active": "boolean", "tags": "set<text>",
                         "prefs": "map<text, int>", "visits": "list<timestamp>"})
            t["pk"] = ["id"]
        elif kind == "timeline":
            ct = self.rng.choice(["int", "timeuuid", "timestamp", "text", "bigint"])
            cols.update({"uid": "text", "at": ct, "body": "text", "n": "int"})
            t["pk"], t["ck"] = ["uid"], ["at"]
            if self.rng.random() < 0.5:
                t["desc"].add("at")
        elif kind == "events":
            cols.update({"tenant": "text", "day": "int", "hour": "int", "seq": "bigint",
                         "payload": "blob", "note": "text"})
            t["pk"], t["ck"] = ["tenant", "day"], ["hour", "seq"]
            if self.rng.random() < 0.4:
                t["desc"].add(self.rng.choice(["hour", "seq"]))
        elif kind == "compact":
            cols.update({"k": "text", "c": self.rng.choice(["int", "text"]), "v": "text"})
            t["pk"], t["ck"], t["compact"] = ["k"], ["c"], True
        elif kind == "static_compact":
            cols.update({"k": "text", "v1": "text", "v2": "int", "v3": "double"})
            t["pk"], t["compact"] = ["k"], True
        elif kind == "counters":
            cols.update({"page": "text", "day": "int", "hits": "counter", "views": "counter"})
            t["pk"], t["ck"], t["counter"] = ["page"], ["day"], True
        elif kind == "statics":
            cols.update({"k": "text", "c": "int", "s": "text", "v": "text", "si": "int"})
            t["pk"], t["ck"], t["static"] = ["k"], ["c"], {"s", "si"}
        else:
            cols["id"] = "int"
            for ty in types(self.r):
                cols["c_" + ty] = ty
            if self.r >= (2, 1):
                cols["c_tuple"] = "tuple<int, text>" if self.rng.random() < 0.5 else "frozen<tuple<int, text>>"
            cols["c_list"] = "list<int>"
            t["pk"] = ["id"]
        parts = []
        for c, ty in cols.items():
            parts.append("%s %s%s" % (c, ty, " static" if c in t["static"] else ""))
        if len(t["pk"]) == 1 and not t["ck"] and self.rng.random() < 0.5:
            parts[0] += " PRIMARY KEY"
        else:
            pk = t["pk"][0] if len(t["pk"]) == 1 else "(%s)" % ", ".join(t["pk"])
            parts.append("PRIMARY KEY (%s)" % ", ".join([pk] + t["ck"]))
        q = "CREATE TABLE %s%s (%s)" % ("IF NOT EXISTS " if self.r >= (2, 0) and
                                       self.rng.random() < 0.2 else "", name, ", ".join(parts))
        w = self.options()
        if t["compact"]:
            w.insert(0, "COMPACT STORAGE")
        if t["desc"]:
            w.append("CLUSTERING ORDER BY (%s)" % ", ".join(
                "%s %s" % (c, "DESC" if c in t["desc"] else "ASC") for c in t["ck"]))
        if w:
            q += " WITH " + " AND ".join(w)
        self.tables[name] = t
        self.cql(q, 1, SCHEMA)
        if self.rng.random() < 0.3:
            self.system_reads()

    def op_drop_table(self):
        if not self.tables:
            return
        name = self.rng.choice(sorted(self.tables))
        del self.tables[name]
        for i, (tn, _) in list(self.indexes.items()):
            if tn == name:
                del self.indexes[i]
        self.cql("DROP TABLE %s%s" % ("IF EXISTS " if self.r >= (2, 0) and self.rng.random() < 0.3
                                      else "", name), 1, SCHEMA)

    def table(self, counter=None):
        names = [n for n, t in sorted(self.tables.items())
                 if counter is None or t["counter"] == counter]
        if not names:
            return None
        return self.tables[self.rng.choice(names)]

    def regular(self, t):
        keyset = set(t["pk"]) | set(t["ck"])
        return [c for c in t["cols"] if c not in keyset]

    def op_alter(self):
        t = self.table()
        if t is None:
            return self.op_create()
        n, c = t["name"], self.rng.random()
        if c < 0.35 and not t["counter"]:
            col = "x%d" % len(self.steps)
            ty = self.rng.choice(["text", "int", "set<int>", "map<text, text>", "bigint"])
            if t["compact"]:
                ty = self.rng.choice(["text", "int"])
            t["cols"][col] = ty
            self.cql("ALTER TABLE %s ADD %s %s" % (n, col, ty), 1, SCHEMA)
        elif c < 0.55:
            cands = [x for x in t["cols"] if t["cols"][x] in ("int", "text", "varchar", "ascii",
                                                                 "timeuuid", "blob")]
            if not cands:
                return
            col = self.rng.choice(cands)
            old = t["cols"][col]
            new = {"int": "varint", "text": "blob", "varchar": "text", "ascii": "text",
                   "timeuuid": "uuid", "blob": "text"}[old]
            if self.rng.random() < 0.3:
                new = self.rng.choice(["int", "bigint", "text"])
            # what the release accepted is not known here: later statements keep the old type
            self.cql("ALTER TABLE %s ALTER %s TYPE %s" % (n, col, new), 1, SCHEMA)
            self.steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        elif c < 0.7:
            cands = self.regular(t)
            if not cands:
                return
            col = self.rng.choice(cands)
            if t["static"] and col in t["static"]:
                t["static"].discard(col)
            # 1.2 refused dropping a column; from 2.0 it goes (and later statements naming it
            # meet "Unknown identifier")
            if self.r >= (2, 0) and not t["compact"]:
                del t["cols"][col]
                for i, (tn, cc) in list(self.indexes.items()):
                    if tn == n and cc == col:
                        del self.indexes[i]
            self.cql("ALTER TABLE %s DROP %s" % (n, col), 1, SCHEMA)
        else:
            w = self.options() or ["comment = 'altered'"]
            self.cql("ALTER TABLE %s WITH %s" % (n, " AND ".join(w)), 1, SCHEMA)
            if self.rng.random() < 0.5:
                self.system_reads()

    def op_index(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        if self.indexes and self.rng.random() < 0.3:
            i = self.rng.choice(sorted(self.indexes))
            del self.indexes[i]
            ex = "IF EXISTS " if self.r >= (2, 0) and self.rng.random() < 0.3 else ""
            return self.cql("DROP INDEX %s%s" % (ex, i), 1, SCHEMA)
        cands = list(t["cols"])
        col = self.rng.choice(cands)
        named = self.rng.random() < 0.6
        iname = "%s_%s_idx" % (t["name"], col)
        target = col
        if t["cols"][col].startswith("map<") and self.r >= (2, 1) and self.rng.random() < 0.5:
            target = "KEYS(%s)" % col
        q = "CREATE INDEX %s%sON %s (%s)" % (
            "IF NOT EXISTS " if self.r >= (2, 0) and self.rng.random() < 0.2 else "",
            iname + " " if named else "", t["name"], target)
        self.indexes[iname if named else "%s_%s_idx" % (t["name"], col)] = (t["name"], col)
        self.cql(q, 1, SCHEMA)

    def op_truncate(self):
        t = self.table()
        if t is not None:
            self.cql("TRUNCATE %s" % t["name"])

    def op_describe(self):
        if self.rng.random() < 0.7:
            self.steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        else:
            self.steps.append(step("describe_keyspaces", {}, "0/*/5/*/16", "0/*/3"))

    def op_system(self):
        self.system_reads()

    # ---------------------------------------------------------------- writes
    def key_where(self, t, partial=False):
        """`a = x AND b = y` for the partition key (and, unless partial, the clustering key)."""
        conds = []
        for c in t["pk"]:
            conds.append("%s = %s" % (c, self.value(t, c)))
        for c in t["ck"]:
            if partial and self.rng.random() < 0.5:
                break
            conds.append("%s = %s" % (c, self.value(t, c)))
        return " AND ".join(conds)

    def value(self, t, c, i=None):
        ty = t["cols"][c]
        if c in t["pk"] and ty == "text":
            return quote(self.rng.choice(self.keys))
        if c in t["ck"] or c in t["pk"]:
            i = self.rng.randrange(5) if i is None else i
        return literal(self.rng, ty, i)[0]

    def using(self, t, ttl_ok=True):
        u = []
        if t["ts_only"] or self.rng.random() < 0.15:
            u.append("TIMESTAMP %d" % self.rng.randrange(1, 100000))
        if ttl_ok and not t["counter"] and self.rng.random() < 0.2:
            u.append("TTL %d" % self.rng.choice([1000, 86400, 0]))
        return (" USING " + " AND ".join(u)) if u else ""

    def insert_stmt(self, t, ifne=False):
        cols = list(t["pk"]) + list(t["ck"])
        others = [c for c in self.regular(t)]
        chosen = self.rng.sample(others, min(len(others), self.rng.randint(1, 3))) if others else []
        cols += chosen
        vals = []
        for c in cols:
            if c in chosen and self.rng.random() < 0.07:
                vals.append("null")
            else:
                vals.append(self.value(t, c))
        q = "INSERT INTO %s (%s) VALUES (%s)" % (t["name"], ", ".join(cols), ", ".join(vals))
        if ifne:
            q += " IF NOT EXISTS"
        return q + self.using(t)

    def op_insert(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        self.cql(self.insert_stmt(t), self.cl())

    def set_clause(self, t, c):
        ty = t["cols"][c]
        r = self.rng.random()
        if ty.startswith("list<") and r < 0.6:
            inner = ty[5:-1]
            v = "[%s]" % literal(self.rng, inner)[0]
            return self.rng.choice(["%s = %s + %s" % (c, c, v), "%s = %s + %s" % (c, v, c),
                                    "%s = %s - %s" % (c, c, v), "%s[0] = %s" % (c, literal(self.rng, inner)[0])])
        if ty.startswith("set<") and r < 0.6:
            v = "{%s}" % literal(self.rng, ty[4:-1])[0]
            return self.rng.choice(["%s = %s + %s" % (c, c, v), "%s = %s - %s" % (c, c, v)])
        if ty.startswith("map<") and r < 0.6:
            kt, vt = [x.strip() for x in ty[4:-1].split(",")]
            k, v = literal(self.rng, kt)[0], literal(self.rng, vt)[0]
            return self.rng.choice(["%s[%s] = %s" % (c, k, v), "%s = %s + {%s: %s}" % (c, c, k, v)])
        return "%s = %s" % (c, "null" if self.rng.random() < 0.05 else self.value(t, c))

    def update_stmt(self, t, cond=False):
        cands = self.regular(t)
        if not cands:
            return None
        chosen = self.rng.sample(cands, min(len(cands), self.rng.randint(1, 2)))
        # static columns alone are set by the partition key alone (an update naming the
        # clustering key too is refused: one in ten)
        only_static = all(c in t["static"] for c in chosen) and self.rng.random() < 0.9
        where = " AND ".join("%s = %s" % (p, self.value(t, p)) for p in t["pk"]) \
            if only_static else self.key_where(t)
        q = "UPDATE %s%s SET %s WHERE %s" % (t["name"], self.using(t),
                                              ", ".join(self.set_clause(t, c) for c in chosen),
                                              where)
        if cond:
            c = self.rng.choice(cands)
            if t["cols"][c].startswith(("map", "set", "list")) or self.rng.random() < 0.2:
                q += " IF %s = null" % c if self.rng.random() < 0.5 else " IF EXISTS"
                if self.r < (2, 1):
                    q = q.replace(" IF EXISTS", " IF %s = null" % c)
            else:
                q += " IF %s = %s" % (c, self.value(t, c))
        return q

    def op_update(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        q = self.update_stmt(t)
        if q:
            self.cql(q, self.cl())

    def counter_stmt(self, t):
        c = self.rng.choice([x for x in self.regular(t)] or ["hits"])
        n = self.rng.choice([1, 1, -1, 5, 9223372036854775807, 0])
        return "UPDATE %s SET %s = %s %s %d WHERE %s" % (
            t["name"], c, c, "+" if n >= 0 else "-", abs(n), self.key_where(t))

    def op_counter(self):
        t = self.table(True)
        if t is None:
            return self.op_create()
        r = self.rng.random()
        if r < 0.6:
            self.cql(self.counter_stmt(t), self.cl())
        elif r < 0.8:
            self.cql("SELECT * FROM %s WHERE %s" % (t["name"], self.key_where(t, True)), self.cl())
        elif r < 0.9:
            self.cql("BEGIN COUNTER BATCH %s; %s; APPLY BATCH" % (
                self.counter_stmt(t), self.counter_stmt(t)), self.cl())
        else:
            self.cql("DELETE FROM %s WHERE %s" % (t["name"], self.key_where(t)), self.cl())

    def op_delete(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        r = self.rng.random()
        regs = self.regular(t)
        if r < 0.4 and regs:
            c = self.rng.choice(regs)
            ty = t["cols"][c]
            what = c
            if ty.startswith("map<") and self.rng.random() < 0.6:
                what = "%s[%s]" % (c, literal(self.rng, ty[4:-1].split(",")[0].strip())[0])
            elif ty.startswith("list<") and self.rng.random() < 0.6:
                what = "%s[%d]" % (c, self.rng.randrange(3))
            q = "DELETE %s FROM %s%s WHERE %s" % (what, t["name"], self.using(t, False),
                                                  self.key_where(t))
        else:
            q = "DELETE FROM %s%s WHERE %s" % (t["name"], self.using(t, False),
                                               self.key_where(t, partial=self.r >= (2, 0)))
        self.cql(q, self.cl())

    def op_batch(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        for u in self.tables.values():
            u["stamped"] = False
        stmts = []
        for _ in range(self.rng.randint(1, 4)):
            u = self.rng.choice([t, self.table(False)])
            r = self.rng.random()
            if r < 0.5:
                stmts.append(self.insert_stmt(u))
            elif r < 0.8:
                stmts.append(self.update_stmt(u) or self.insert_stmt(u))
            else:
                stmts.append("DELETE FROM %s WHERE %s" % (u["name"], self.key_where(u)))
        head = self.rng.choice(["BEGIN BATCH", "BEGIN BATCH", "BEGIN UNLOGGED BATCH"])
        if self.rng.random() < 0.2:
            head += " USING TIMESTAMP %d" % self.rng.randrange(1, 100000)
            stmts = [s.split(" USING ")[0] if "INSERT" in s else s for s in stmts]
        self.cql("%s %s APPLY BATCH" % (head, " ".join(s + ";" for s in stmts)), self.cl())

    def op_lwt(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        r = self.rng.random()
        if r < 0.45:
            q = self.insert_stmt(t, ifne=True)
            q = q.split(" USING ")[0] if self.rng.random() < 0.7 else q
        elif r < 0.85:
            q = self.update_stmt(t, cond=True)
            if not q:
                return
        else:
            q = "DELETE FROM %s WHERE %s IF EXISTS" % (t["name"], self.key_where(t))
        t["stamped"] = False
        self.cql(q, self.rng.choice([1, 2]))

    # ---------------------------------------------------------------- reads
    def op_select(self):
        t = self.table()
        if t is None:
            return self.op_create()
        n = t["name"]
        rng = self.rng
        r = rng.random()
        pk0 = t["pk"][0]
        sel = "*"
        if rng.random() < 0.3:
            cols = rng.sample(list(t["cols"]), min(len(t["cols"]), rng.randint(1, 3)))
            sel = ", ".join(cols)
        if r < 0.25:
            q = "SELECT %s FROM %s WHERE %s" % (sel, n, self.key_where(t, partial=True))
        elif r < 0.35:
            q = "SELECT %s FROM %s" % (sel, n)
            if rng.random() < 0.5:
                q += " LIMIT %d" % rng.choice([1, 2, 10])
        elif r < 0.45 and len(t["pk"]) == 1:
            keys = ", ".join(self.value(t, pk0) for _ in range(rng.randint(1, 3)))
            q = "SELECT %s FROM %s WHERE %s IN (%s)" % (sel, n, pk0, keys)
        elif r < 0.6 and t["ck"]:
            c = t["ck"][0]
            op = rng.choice([">", ">=", "<", "<="])
            q = "SELECT %s FROM %s WHERE %s AND %s %s %s" % (
                sel, n, " AND ".join("%s = %s" % (p, self.value(t, p)) for p in t["pk"]),
                c, op, self.value(t, c))
            if rng.random() < 0.3:
                q += " AND %s %s %s" % (c, "<" if ">" in op else ">", self.value(t, c))
            if rng.random() < 0.5:
                q += " ORDER BY %s %s" % (c, rng.choice(["ASC", "DESC"]))
            if rng.random() < 0.5:
                q += " LIMIT %d" % rng.choice([1, 2, 3])
        elif r < 0.68:
            q = "SELECT %s FROM %s WHERE token(%s) > token(%s)" % (
                sel, n, ", ".join(t["pk"]), ", ".join(self.value(t, p) for p in t["pk"]))
            if rng.random() < 0.3:
                q = "SELECT token(%s), %s FROM %s WHERE token(%s) >= %d LIMIT 3" % (
                    ", ".join(t["pk"]), t["pk"][0], n, ", ".join(t["pk"]),
                    rng.choice([-9223372036854775808, 0, -4069959284402364209]))
        elif r < 0.75:
            q = "SELECT COUNT(*) FROM %s" % n
            if rng.random() < 0.5:
                q += " WHERE %s" % self.key_where(t, partial=True)
            if rng.random() < 0.3:
                q += " LIMIT 2"
        elif r < 0.82 and self.regular(t) and not t["counter"]:
            c = rng.choice([x for x in self.regular(t)
                            if not t["cols"][x].startswith(("map", "set", "list"))] or [None])
            if c is None:
                return
            q = "SELECT %s(%s) FROM %s WHERE %s" % (
                "writetime" if t["stamped"] else "ttl", c, n, self.key_where(t, partial=True))
            if not t["stamped"] and rng.random() < 0.5:
                q = "SELECT %s, ttl(%s) FROM %s WHERE %s" % (c, c, n, self.key_where(t, True))
        elif r < 0.88 and self.r >= (2, 0):
            q = "SELECT DISTINCT %s FROM %s" % (", ".join(t["pk"]), n)
            if rng.random() < 0.3:
                q += " LIMIT 2"
        elif r < 0.95:
            idx = [(tn, c) for tn, c in self.indexes.values() if tn == n and c in t["cols"]]
            if idx:
                c = rng.choice(idx)[1]
                q = "SELECT %s FROM %s WHERE %s = %s" % (sel, n, c, self.value(t, c))
                if rng.random() < 0.3 and self.regular(t):
                    other = rng.choice(self.regular(t))
                    q += " AND %s = %s" % (other, self.value(t, other))
                    if rng.random() < 0.6:
                        q += " ALLOW FILTERING"
            else:
                q = "SELECT %s FROM %s WHERE %s ALLOW FILTERING" % (
                    sel, n, self.key_where(t, partial=True))
        else:
            q = "SELECT * FROM %s.%s WHERE %s" % (self.ks, n, self.key_where(t))
        self.cql(q, self.cl())

    # ---------------------------------------------------------------- prepared
    def op_prepared(self):
        t = self.table(False)
        if t is None:
            return self.op_create()
        if self.prepared and self.rng.random() < 0.4:
            idx, tt, q, types = self.rng.choice(self.prepared)
            if tt in self.tables:
                return self.execute(idx, types)
        rng = self.rng
        r = rng.random()
        keys = list(t["pk"]) + list(t["ck"])
        if r < 0.45:
            cols = keys + rng.sample(self.regular(t), min(len(self.regular(t)), rng.randint(1, 3)))
            q = "INSERT INTO %s (%s) VALUES (%s)" % (t["name"], ", ".join(cols),
                                                    ", ".join("?" * len(cols)))
            types = [t["cols"][c] for c in cols]
            if rng.random() < 0.2:
                q += " USING TTL ?"
                types.append("int")
        elif r < 0.75:
            conds = list(t["pk"]) + (t["ck"][:1] if rng.random() < 0.5 else [])
            q = "SELECT * FROM %s WHERE %s" % (t["name"], " AND ".join("%s = ?" % c for c in conds))
            types = [t["cols"][c] for c in conds]
            if rng.random() < 0.2:
                q += " LIMIT ?"
                types.append("int")
        elif r < 0.9 and self.regular(t):
            c = rng.choice(self.regular(t))
            q = "UPDATE %s SET %s = ? WHERE %s" % (t["name"], c, " AND ".join(
                "%s = ?" % k for k in keys))
            types = [t["cols"][c]] + [t["cols"][k] for k in keys]
        else:
            q = "DELETE FROM %s WHERE %s" % (t["name"], " AND ".join("%s = ?" % k for k in keys))
            types = [t["cols"][k] for k in keys]
        if not q.startswith("SELECT"):
            t["stamped"] = False
        self.steps.append(step("prepare_cql3_query", {1: b(q), 2: i32(2)}, "0/1"))
        idx = len(self.steps) - 1
        self.prepared.append((idx, t["name"], q, types))
        self.execute(idx, types)

    def execute(self, idx, types):
        vals = [literal(self.rng, ty)[1] if ty != "text" or self.rng.random() < 0.5
                else self.rng.choice(self.keys).encode() for ty in types]
        if self.rng.random() < 0.1:
            # a wrong bind count (one too few or too many), or a value of the wrong size
            c = self.rng.random()
            if c < 0.4 and vals:
                vals = vals[:-1]
            elif c < 0.7:
                vals = vals + [b"\x00"]
            elif vals:
                vals[0] = b"\x01\x02\x03"
        ex = step("execute_prepared_cql3_query", {1: i32(0), 2: W.list_("bin", [
            W.bin_(v) for v in vals]), 3: i32(self.cl())})
        ex["prepared_from"] = idx
        self.steps.append(ex)

    # ---------------------------------------------------------------- errors
    def op_error(self):
        t = self.table()
        rng = self.rng
        errs = ["SELECT * FROM nosuch WHERE id = 'a'",
                "SELECT * FROM nosuchks.t",
                "USE nosuchks",
                "SELEC * FROM x",
                "INSERT INTO x (a) VALUE (1)",
                "SELECT * FROM %s WHERE" % (t["name"] if t else "x"),
                "CREATE TABLE bad (id text)",
                "UPDATE nosuch SET v = 1 WHERE k = 'a'"]
        if t:
            n, pk0 = t["name"], t["pk"][0]
            errs += ["SELECT nocol FROM %s" % n,
                     "SELECT * FROM %s WHERE nocol = 1" % n,
                     "INSERT INTO %s (%s, nocol) VALUES (%s, 1)" % (n, pk0, self.value(t, pk0)),
                     "SELECT * FROM %s WHERE %s > %s" % (n, pk0, self.value(t, pk0)),
                     "CREATE TABLE %s (id text PRIMARY KEY)" % n,
                     "DROP TABLE nosuch%d" % rng.randrange(3)]
            regs = [c for c in self.regular(t) if t["cols"][c] in ("int", "bigint", "boolean")]
            if regs:
                c = rng.choice(regs)
                errs.append("UPDATE %s SET %s = 'abc' WHERE %s" % (n, c, self.key_where(t)))
            if t["ck"]:
                c = t["ck"][0]
                errs += ["SELECT * FROM %s WHERE %s = %s" % (n, c, self.value(t, c)),
                         "SELECT * FROM %s WHERE %s = %s ALLOW FILTERING" % (n, c, self.value(t, c)),
                         "SELECT * FROM %s ORDER BY %s DESC" % (n, c),
                         "INSERT INTO %s (%s) VALUES (%s)" % (n, pk0, self.value(t, pk0))]
            if self.regular(t):
                c = rng.choice(self.regular(t))
                errs.append("SELECT * FROM %s WHERE %s = %s" % (n, c, self.value(t, c)))
                errs.append("UPDATE %s SET %s = %s WHERE %s = %s" % (
                    n, pk0, self.value(t, pk0), c, self.value(t, c)))
            if len(t["pk"]) > 1:
                errs.append("SELECT * FROM %s WHERE %s = %s" % (n, pk0, self.value(t, pk0)))
        self.cql(rng.choice(errs), self.cl())
