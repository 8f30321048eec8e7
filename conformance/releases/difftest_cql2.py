"""CQL 2 application sequences for difftest.py (`--cql2`): what an application of 0.8 to 1.1
sent through `execute_cql_query` (the Node clients helenus and cassandra-client, the CQL JDBC
driver, Python's `cql`), and a 1.2 application still on CQL 2 (`set_cql_version('2.0.0')`).

Every statement is written in the grammar of the release answering (its `Cql.g`): 0.8 has no
`keyspace.` qualifier, its type words are `bytea` and `date` (and `int` is a LongType), it has
no `decimal`, no `COMPIDENT` property names in CREATE COLUMNFAMILY and no markers; 1.0 adds the
qualifier, `blob`, `timestamp`, `decimal` and `compaction_strategy_options:`; 1.1 adds `?`
markers (`prepare_cql_query` + `execute_prepared_cql_query`), `ALTER ... WITH`, the levels TWO
and THREE and named key aliases read back as the key's name.

A sequence makes its keyspace with CREATE KEYSPACE (`strategy_class`,
`strategy_options:replication_factor`), USEs it, makes column families with a typed KEY (or a
named key alias), typed columns, a comparator and default validation and the other options of
the release, a secondary index, a counter column family, then ordinary statements: INSERT and
UPDATE with `USING CONSISTENCY / TTL / TIMESTAMP`, counter `SET c = c + n`, DELETE of columns
and rows, BEGIN BATCH ... APPLY BATCH, SELECT by KEY =, KEY IN, key ranges, FIRST, REVERSED,
column ranges, `*`, COUNT(*), indexed WHERE, LIMIT; TRUNCATE; ALTER; DROP INDEX / COLUMNFAMILY;
values of every type the release had; the errors an application met (an unknown column family
or keyspace, a value its validator refuses, a bad comparator, a missing KEY, a syntax error).
A fraction of the statements is sent GZIP-compressed (a zlib stream, as the clients sent it).

The values are deterministic for a (version, seed); the release's own replies decide nothing
in what is sent but the prepared statement's id (`"prepared_from"`).
"""
import struct as st
import uuid
import zlib

import thriftwire as W
from dsl import b
from difftest_values import i32, quote, step, struct

TS = "0/2/*/2/*/3"   # a CQL 2 cell's timestamp: the server's clock


class Cql2Gen:
    """One CQL 2 application sequence for one release."""

    def __init__(self, version, seed, nsteps, probes, rng):
        self.v = version
        self.r = tuple(int(x) for x in version.split(".")[:2])
        self.rng = rng
        self.nsteps, self.probes = nsteps, probes
        self.ks = "dq_%d" % seed
        self.keys = ["k%d" % i for i in range(6)]
        self.cfs = {}            # name -> dict(key=alias, key_type, comparator, cols, counter)
        self.indexes = []        # (cf, column, name or None)
        self.extra = 0
        self.gzip_share = 0.15

    # ------------------------------------------------------------------ the release's words
    def t(self, word):
        """A type word as the release's grammar spelt it."""
        if self.r < (1, 0):
            return {"blob": "bytea", "timestamp": "date"}.get(word, word)
        return word

    def types(self):
        words = ["text", "varchar", "ascii", "bigint", "int", "varint", "uuid", "boolean",
                 "float", "double", "blob", "timestamp"]
        if self.r >= (1, 0):
            words.append("decimal")
        return words

    def level(self):
        levels = ["ONE", "ONE", "QUORUM", "ALL", "ANY", "LOCAL_QUORUM"]
        if self.r >= (1, 1):
            levels += ["TWO"]
        return self.rng.choice(levels)

    def probe(self):
        return self.rng.random() < self.probes

    # ------------------------------------------------------------------ values
    def value(self, word, i=None):
        """A literal of type `word` as an application wrote it."""
        i = self.rng.randrange(20) if i is None else i
        r = self.rng.random()
        if word in ("text", "varchar"):
            return quote("t%d %s" % (i, "é" if r < 0.2 else "x"))
        if word == "ascii":
            return quote("a%d" % i)
        if word == "bigint":
            return str(i * 1000 - 3) if r < 0.7 else quote(str(i))
        if word == "int":
            return str(i - 5) if r < 0.8 else quote(str(i))
        if word == "varint":
            return str((i - 9) * 10 ** (i % 25)) if r < 0.8 else quote(str(i))
        if word == "uuid":
            if r < 0.5:
                return str(uuid.UUID(int=(i * 0x9e3779b97f4a7c15) & ((1 << 128) - 1),
                                     version=4))
            return "%08x-1dd2-11e0-8000-0123456789ab" % (0x10000 + i)
        if word == "timeuuid":
            return "%08x-1dd2-11e0-8000-0123456789ab" % (0x20000 + i)
        if word == "boolean":
            return quote(self.rng.choice(["true", "false", "True"]))
        if word == "float":
            return "%d.%d" % (i, i % 7) if r < 0.8 else str(i)
        if word == "double":
            return "%d.%d" % (i - 10, i * 3 % 10)
        if word == "blob":
            return quote("%02x%02x" % (i, 255 - i)) if r < 0.8 else quote("c%02d" % i)
        if word == "timestamp":
            if r < 0.5:
                return str(1300000000000 + i * 1000)
            return quote("2011-%02d-%02d" % (1 + i % 12, 1 + i % 28))
        if word == "decimal":
            return quote("%d.%02d" % (i - 7, i))
        return quote("v%d" % i)

    def bad_value(self, word):
        """A literal the type refuses."""
        return {"bigint": "'x1'", "int": "'twelve'", "varint": "'1.5'", "uuid": "'not-a-uuid'",
                "timeuuid": "'nope'", "boolean": "'maybe'", "float": "'f'", "double": "'d'",
                "blob": "'zz'", "timestamp": "'31/31/2011'", "decimal": "'dec'"}.get(
                    word, None)

    def cname(self, comparator, i=None):
        i = self.rng.randrange(12) if i is None else i
        if comparator in ("bigint", "int", "varint"):
            return str(i * 10)
        if comparator == "uuid":
            return "%08x-1dd2-11e0-8000-0123456789ab" % (0x30000 + i)
        if comparator == "timeuuid":
            return "%08x-1dd2-11e0-8000-0123456789ab" % (0x40000 + i)
        if comparator == "blob":
            return quote("%02x" % (i + 16))
        if comparator == "timestamp":
            return str(1300000000000 + i)
        return quote("c%02d" % i)

    def key(self, cf=None):
        k = self.rng.choice(self.keys)
        kt = self.cfs[cf]["key_type"] if cf else "text"
        if kt in ("bigint", "int", "varint"):
            return str(self.keys.index(k) + 1)
        if kt == "blob":
            return quote("%02x" % (self.keys.index(k) + 160))
        if kt == "uuid":
            return "%08x-1dd2-11e0-8000-0123456789ab" % (0x50000 + self.keys.index(k))
        return quote(k)

    # ------------------------------------------------------------------ calls
    def cql(self, q, gzip=None):
        if gzip is None:
            gzip = self.rng.random() < self.gzip_share
        if gzip:
            return step("execute_cql_query", {1: W.bin_(zlib.compress(q.encode())), 2: i32(1)},
                        TS)
        return step("execute_cql_query", {1: b(q), 2: i32(2)}, TS)

    def cf_name(self, cf, qualify=None):
        if qualify is None:
            qualify = self.r >= (1, 0) and self.rng.random() < 0.15
        return "%s.%s" % (self.ks, cf) if qualify else cf

    def using(self, ttl=True, ts=True, level=True):
        parts = []
        if level and self.rng.random() < 0.3:
            parts.append("CONSISTENCY %s" % self.level())
        if ts and self.rng.random() < 0.2:
            parts.append("TIMESTAMP %d" % self.rng.randrange(1, 10 ** 6))
        if ttl and self.rng.random() < 0.2:
            parts.append("TTL %d" % self.rng.choice([3600, 86400, 1]))
        if not parts:
            return ""
        return " USING " + self.rng.choice([" AND ", " "]).join(parts)

    # ------------------------------------------------------------------ the sequence
    def sequence(self):
        steps = [step("describe_version", {})]
        if self.r >= (1, 2):
            steps.append(step("set_cql_version", {1: b("2.0.0")}))
        mk = "CREATE KEYSPACE %s WITH strategy_class = %s AND " \
             "strategy_options:replication_factor = 1" % (
                 self.ks, self.rng.choice(["SimpleStrategy", "'SimpleStrategy'",
                                           "'org.apache.cassandra.locator.SimpleStrategy'"]))
        steps.append(self.cql(mk, False))
        steps.append(self.cql("USE %s" % self.ks, False))
        for s in self.create_cfs():
            steps.append(s)
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        ops = [self.op_insert] * 4 + [self.op_update] * 3 + [self.op_select] * 7 + [
            self.op_delete, self.op_delete, self.op_batch, self.op_counter, self.op_counter,
            self.op_count, self.op_indexed, self.op_range, self.op_range, self.op_error,
            self.op_error, self.op_schema, self.op_truncate]
        if self.r >= (1, 1):
            ops += [self.op_prepared, self.op_prepared]
        for _ in range(self.nsteps):
            out = self.rng.choice(ops)()
            if isinstance(out, dict):
                out = [out]
            steps.extend(out or [])
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        if self.rng.random() < 0.5:
            steps.append(self.cql("DROP KEYSPACE %s" % self.ks, False))
        return steps

    def create_cfs(self):
        out = []
        # Users: a typed key (KEY or, from 1.1, a named alias), typed columns
        alias = "KEY"
        if self.r >= (1, 0) and self.rng.random() < 0.5:
            alias = self.rng.choice(["user_id", "id"])
        key_type = self.rng.choice(["text", "varchar", "ascii", "text"])
        cols = {"name": "text", "age": self.rng.choice(["bigint", "int", "varint"]),
                "email": "ascii"}
        q = "CREATE COLUMNFAMILY Users (%s %s PRIMARY KEY, name %s, age %s, email %s)" % (
            alias, self.t(key_type), self.t("text"), self.t(cols["age"]), self.t("ascii"))
        props = ["comparator = %s" % self.rng.choice(["text", "ascii", "varchar"])]
        props.append("default_validation = %s" % self.t(self.rng.choice(["text", "blob",
                                                                         "ascii"])))
        if self.rng.random() < 0.5:
            props.append("comment = 'users of %s'" % self.ks)
        if self.rng.random() < 0.3:
            props.append("gc_grace_seconds = %d" % self.rng.choice([0, 3600, 864000]))
        if self.rng.random() < 0.3:
            props.append("read_repair_chance = %s" % self.rng.choice(["0.1", "1.0", "0"]))
        if self.rng.random() < 0.2:
            props.append("replicate_on_write = %s" % self.rng.choice(["true", "false"]))
        if self.rng.random() < 0.2:
            props.append("min_compaction_threshold = 2 AND max_compaction_threshold = 16")
        if self.r < (1, 1) and self.rng.random() < 0.2:
            props.append("row_cache_size = 100 AND key_cache_size = 1000")
        if self.r >= (1, 1) and self.rng.random() < 0.2:
            props.append("caching = %s" % self.rng.choice(["keys_only", "all", "none"]))
        if self.r >= (1, 0) and self.rng.random() < 0.2:
            props.append("compaction_strategy_options:min_sstable_size = 1024")
        q += " WITH " + " AND ".join(props)
        self.cfs["Users"] = {"key": alias, "key_type": key_type, "comparator": "text",
                             "cols": cols, "counter": False}
        out.append(self.cql(q, False))
        # Line: a comparator of one type, values of another
        comp = self.rng.choice(["text", "ascii", "bigint", "int", "varint", "uuid", "timeuuid",
                                "blob", "timestamp"])
        if comp == "int" and self.r < (1, 0):
            comp = "bigint"
        valid = self.rng.choice(self.types())
        lkey = self.rng.choice(["text", "bigint", "blob", "uuid", "ascii"])
        comparator = "'TimeUUIDType'" if comp == "timeuuid" else self.t(comp)
        q = "CREATE COLUMNFAMILY Line (KEY %s PRIMARY KEY) WITH comparator = %s AND " \
            "default_validation = %s" % (self.t(lkey), comparator, self.t(valid))
        self.cfs["Line"] = {"key": "KEY", "key_type": lkey, "comparator": comp, "cols": {},
                            "counter": False, "valid": valid}
        out.append(self.cql(q, False))
        # Typed: one column per type the release had
        tcols = {("c_%s" % w): w for w in self.types()}
        body = ", ".join("%s %s" % (n, self.t(w)) for n, w in sorted(tcols.items()))
        tkey = self.rng.choice(["bigint", "text", "uuid", "varint"])
        q = "CREATE COLUMNFAMILY Typed (KEY %s PRIMARY KEY, %s) WITH comparator = ascii" % (
            self.t(tkey), body)
        self.cfs["Typed"] = {"key": "KEY", "key_type": tkey, "comparator": "ascii",
                             "cols": tcols, "counter": False}
        out.append(self.cql(q, False))
        # Cnt: counters
        q = "CREATE COLUMNFAMILY Cnt (KEY %s PRIMARY KEY) WITH default_validation = counter " \
            "AND comparator = %s" % (self.t("text"), self.rng.choice(["text", "ascii"]))
        if self.rng.random() < 0.3:
            q += " AND replicate_on_write = %s" % self.rng.choice(["true", "false"])
        self.cfs["Cnt"] = {"key": "KEY", "key_type": "text", "comparator": "text", "cols": {},
                           "counter": True}
        out.append(self.cql(q, False))
        # an index on Users.age, named or not
        name = "users_age" if self.rng.random() < 0.5 else None
        out.append(self.cql("CREATE INDEX %sON Users (age)" % (name + " " if name else ""),
                            False))
        self.indexes.append(("Users", "age", name))
        if self.rng.random() < 0.5:
            out.append(self.cql("CREATE INDEX ON Typed (c_bigint)", False))
            self.indexes.append(("Typed", "c_bigint", None))
        return out

    # ------------------------------------------------------------------ writes
    def data_cf(self):
        return self.rng.choice(["Users", "Users", "Line", "Typed"])

    def kname(self, cf):
        a = self.cfs[cf]["key"]
        if a == "KEY" and self.rng.random() < 0.2:
            return "key"
        return a

    def col_pairs(self, cf, n=None):
        c = self.cfs[cf]
        n = n or self.rng.randint(1, 3)
        pairs = []
        if c["cols"]:
            for name in self.rng.sample(sorted(c["cols"]), min(n, len(c["cols"]))):
                w = c["cols"][name]
                v = self.value(w)
                if self.probe():
                    v = self.bad_value(w) or v
                pairs.append((name if self.rng.random() < 0.7 else quote(name), v))
            if cf == "Users" and self.rng.random() < 0.2:
                pairs.append(("'nickname'", quote("nick")))
        else:
            for _ in range(n):
                v = self.value(c.get("valid", "text"))
                if self.probe():
                    v = self.bad_value(c.get("valid", "text")) or v
                pairs.append((self.cname(c["comparator"]), v))
        return pairs

    def op_insert(self):
        cf = self.data_cf()
        pairs = self.col_pairs(cf)
        q = "INSERT INTO %s (%s, %s) VALUES (%s, %s)%s" % (
            self.cf_name(cf), self.kname(cf), ", ".join(p[0] for p in pairs), self.key(cf),
            ", ".join(p[1] for p in pairs), self.using())
        return self.cql(q)

    def op_update(self):
        cf = self.data_cf()
        pairs = self.col_pairs(cf)
        where = "%s = %s" % (self.kname(cf), self.key(cf))
        if self.rng.random() < 0.2:
            where = "%s IN (%s, %s)" % (self.kname(cf), self.key(cf), self.key(cf))
        q = "UPDATE %s%s SET %s WHERE %s" % (
            self.cf_name(cf), self.using(), ", ".join("%s = %s" % p for p in pairs), where)
        return self.cql(q)

    def op_counter(self):
        name = self.rng.choice(["hits", "views", "'c1'"])
        n = self.rng.randint(1, 9)
        if self.rng.random() < 0.4:
            if self.rng.random() < 0.5:
                expr = "%s = %s - %d" % (name, name, n)
            else:
                expr = "%s = %s + %d" % (name, name, n)
            q = "UPDATE Cnt%s SET %s WHERE KEY = %s" % (
                self.using(ttl=False, ts=False), expr, self.key("Cnt"))
            return self.cql(q)
        if self.rng.random() < 0.5:
            return self.cql("UPDATE Cnt SET %s = %s + %d, total = total + 1 WHERE KEY = %s" % (
                name, name, n, self.key("Cnt")))
        sel = self.rng.choice(["*", "hits, views", "FIRST 2 *", "COUNT(*)"])
        if sel == "COUNT(*)":
            return self.cql("SELECT COUNT(*) FROM Cnt WHERE KEY = %s" % self.key("Cnt"))
        return self.cql("SELECT %s FROM Cnt WHERE KEY = %s" % (sel, self.key("Cnt")))

    def op_delete(self):
        cf = self.data_cf()
        c = self.cfs[cf]
        if self.rng.random() < 0.4:
            cols = ""
        elif c["cols"]:
            cols = ", ".join(self.rng.sample(sorted(c["cols"]), 1)) + " "
        else:
            cols = ", ".join(self.cname(c["comparator"]) for _ in range(2)) + " "
        where = "%s = %s" % (self.kname(cf), self.key(cf))
        if self.rng.random() < 0.2:
            where = "%s IN (%s, %s)" % (self.kname(cf), self.key(cf), self.key(cf))
        q = "DELETE %sFROM %s%s WHERE %s" % (cols, self.cf_name(cf),
                                            self.using(ttl=False), where)
        return self.cql(q)

    def op_batch(self):
        parts = []
        for _ in range(self.rng.randint(2, 4)):
            cf = self.rng.choice(["Users", "Line", "Typed"])
            t = self.rng.random()
            pairs = self.col_pairs(cf)
            if t < 0.4:
                parts.append("INSERT INTO %s (%s, %s) VALUES (%s, %s)" % (
                    cf, self.kname(cf), ", ".join(p[0] for p in pairs), self.key(cf),
                    ", ".join(p[1] for p in pairs)))
            elif t < 0.8:
                parts.append("UPDATE %s SET %s WHERE %s = %s" % (
                    cf, ", ".join("%s = %s" % p for p in pairs), self.kname(cf), self.key(cf)))
            else:
                parts.append("DELETE FROM %s WHERE %s = %s" % (cf, self.kname(cf),
                                                               self.key(cf)))
            if t < 0.4 and self.rng.random() < 0.3:
                parts[-1] += " USING TTL 60"      # a statement's own TTL in a batch
        using = self.using(ttl=False)
        sep = self.rng.choice([" ", "; ", "\n"])
        return self.cql("BEGIN BATCH%s %s APPLY BATCH" % (using, sep.join(parts)))

    # ------------------------------------------------------------------ reads
    def selection(self, cf):
        c = self.cfs[cf]
        t = self.rng.random()
        first = ""
        if self.rng.random() < 0.3:
            first = "FIRST %d " % self.rng.choice([1, 2, 3, 100])
        rev = "REVERSED " if self.rng.random() < 0.2 else ""
        if t < 0.4:
            return first + rev + "*"
        if t < 0.7:
            if c["cols"]:
                names = self.rng.sample(sorted(c["cols"]), min(2, len(c["cols"])))
                if self.rng.random() < 0.3:
                    names.insert(0, self.kname(cf))
                return ", ".join(names)
            return ", ".join(self.cname(c["comparator"]) for _ in range(2))
        a, z = sorted(self.rng.sample(range(12), 2))
        if c["cols"]:
            lo, hi = quote("a"), quote("z")
        else:
            lo, hi = self.cname(c["comparator"], a), self.cname(c["comparator"], z)
        if rev:
            lo, hi = hi, lo
        return "%s%s%s..%s" % (first, rev, lo, hi)

    def op_select(self):
        cf = self.data_cf()
        where = "%s = %s" % (self.kname(cf), self.key(cf))
        if self.rng.random() < 0.3:
            where = "%s IN (%s)" % (self.kname(cf), ", ".join(
                self.key(cf) for _ in range(self.rng.randint(1, 3))))
        using = ""
        if self.rng.random() < 0.2:
            using = " USING CONSISTENCY %s" % self.level()
        return self.cql("SELECT %s FROM %s%s WHERE %s" % (self.selection(cf), self.cf_name(cf),
                                                          using, where))

    def op_range(self):
        cf = self.data_cf()
        t = self.rng.random()
        limit = " LIMIT %d" % self.rng.choice([1, 2, 3, 10]) if self.rng.random() < 0.6 else ""
        if t < 0.35:
            where = ""
        elif t < 0.7:
            where = " WHERE %s %s %s" % (self.kname(cf), self.rng.choice([">", ">="]),
                                         self.key(cf))
        else:
            where = " WHERE %s %s %s AND %s %s %s" % (
                self.kname(cf), self.rng.choice([">", ">="]), self.key(cf), self.kname(cf),
                self.rng.choice(["<", "<="]), self.key(cf))
        return self.cql("SELECT %s FROM %s%s%s" % (self.selection(cf), self.cf_name(cf), where,
                                                   limit))

    def op_count(self):
        cf = self.data_cf()
        t = self.rng.random()
        if t < 0.5:
            where = " WHERE %s = %s" % (self.kname(cf), self.key(cf))
        elif t < 0.7:
            where = " WHERE %s IN (%s, %s)" % (self.kname(cf), self.key(cf), self.key(cf))
        else:
            where = ""
        what = self.rng.choice(["*", "*", "1"])
        lim = " LIMIT 2" if self.rng.random() < 0.2 else ""
        return self.cql("SELECT COUNT(%s) FROM %s%s%s" % (what, cf, where, lim))

    def op_indexed(self):
        cf, col, _ = self.rng.choice(self.indexes)
        w = self.cfs[cf]["cols"][col]
        q = "SELECT %s FROM %s WHERE %s = %s" % (self.selection(cf), cf, col, self.value(w,
                                                                                           3))
        if self.rng.random() < 0.3:
            q += " AND %s > %s" % (self.kname(cf), self.key(cf))
        if self.rng.random() < 0.3 and cf == "Users":
            q += " AND name = %s" % self.value("text", 2)
        if self.rng.random() < 0.4:
            q += " LIMIT %d" % self.rng.choice([1, 5])
        return self.cql(q)

    # ------------------------------------------------------------------ the rest
    def op_truncate(self):
        if self.rng.random() < 0.6:
            return None
        return self.cql("TRUNCATE %s" % self.cf_name(self.rng.choice(["Users", "Line", "Cnt"])))

    def op_schema(self):
        t = self.rng.random()
        if t < 0.3:
            n = "Extra%d" % self.rng.randrange(3)
            q = "CREATE COLUMNFAMILY %s (KEY %s PRIMARY KEY, v %s) WITH comparator = %s" % (
                n, self.t("text"), self.t(self.rng.choice(["text", "bigint"])),
                self.rng.choice(["text", "ascii", "bigint"]))
            return self.cql(q, False)
        if t < 0.45:
            return self.cql("DROP COLUMNFAMILY Extra%d" % self.rng.randrange(3), False)
        if t < 0.65:
            cf = self.rng.choice(["Users", "Typed"])
            op = self.rng.random()
            if op < 0.4:
                q = "ALTER COLUMNFAMILY %s ADD extra%d %s" % (cf, self.rng.randrange(3),
                                                              self.t("text"))
            elif op < 0.6:
                q = "ALTER COLUMNFAMILY %s DROP extra%d" % (cf, self.rng.randrange(3))
            elif op < 0.8 or self.r < (1, 1):
                q = "ALTER COLUMNFAMILY %s ALTER email TYPE %s" % (cf, self.t(
                    self.rng.choice(["text", "ascii", "blob"])))
            else:
                q = "ALTER COLUMNFAMILY %s WITH comment = 'altered' AND gc_grace_seconds = %d" % (
                    cf, self.rng.choice([0, 100]))
            return [self.cql(q, False), step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]
        if t < 0.8:
            if self.rng.random() < 0.5:
                return self.cql("DROP INDEX %s" % self.rng.choice(["users_age", "Users_age_idx",
                                                                   "nosuch"]), False)
            return self.cql("CREATE INDEX ON Users (%s)" % self.rng.choice(["age", "name"]),
                            False)
        q = self.rng.choice(["USE %s" % self.ks, "USE system", "CREATE KEYSPACE %s WITH "
                             "strategy_class = SimpleStrategy AND "
                             "strategy_options:replication_factor = 1" % self.ks])
        return self.and_back(self.cql(q, False))

    def and_back(self, s):
        """s, then the application's own keyspace again after a USE of another one."""
        q = s["args"]["f"]["1"].get("v", "")
        if q.startswith("USE ") and q != "USE %s" % self.ks:
            return [s, self.cql("USE %s" % self.ks, False)]
        return s

    def op_error(self):
        cf = self.data_cf()
        c = self.cfs[cf]
        errs = [
            "SELECT * FROM NoSuchCf WHERE KEY = 'k1'",
            "INSERT INTO NoSuchCf (KEY, a) VALUES ('k1', 'v')",
            "SELECT * FROM %s WHERE name = 'x'" % cf,
            "SELEC * FROM %s" % cf,
            "SELECT * FROM %s WHERE KEY = " % cf,
            "UPDATE %s SET 'a' = 'b'" % cf,
            "INSERT INTO %s ('a', 'b') VALUES ('k1', 'v')" % cf,
            "INSERT INTO %s (KEY, 'a', 'b') VALUES ('k1', 'v')" % cf,
            "DELETE FROM %s" % cf,
            "UPDATE Cnt SET hits = hits + 1.5 WHERE KEY = 'k1'",
            "UPDATE Cnt SET hits = 3 WHERE KEY = 'k1'",
            "UPDATE Users SET age = age + 1 WHERE KEY = 'k1'",
            "CREATE COLUMNFAMILY Bad (KEY text PRIMARY KEY) WITH comparator = NoSuchType",
            "CREATE COLUMNFAMILY Bad2 (a text, b text)",
            "CREATE COLUMNFAMILY Users (KEY text PRIMARY KEY)",
            "SELECT * FROM %s WHERE KEY = 'k1' AND KEY = 'k2'" % cf,
            "SELECT * FROM %s WHERE KEY < 'k3'" % cf,
            "USE no_such_ks",
            "DROP KEYSPACE no_such_ks",
            "DROP COLUMNFAMILY NoSuchCf",
            "TRUNCATE NoSuchCf",
            "SELECT * FROM Users USING CONSISTENCY EACH_QUORUM WHERE KEY = 'k1'",
            "INSERT INTO Users (KEY, name) VALUES ('k1', 'x') USING CONSISTENCY LOCAL_QUORUM",
            "SELECT 'a'..'b', 'c' FROM %s WHERE KEY = 'k1'" % cf,
            "BEGIN BATCH USING TTL 5 INSERT INTO Users (KEY, name) VALUES ('k1', 'x') "
            "APPLY BATCH",
            "BEGIN BATCH INSERT INTO Users (KEY, name) VALUES ('k1', 'x') USING CONSISTENCY "
            "QUORUM APPLY BATCH",
            "SELECT COUNT(name) FROM Users WHERE KEY = 'k1'",
        ]
        if self.r >= (1, 0):
            errs.append("SELECT * FROM no_such_ks.Users WHERE KEY = 'k1'")
        if self.cfs["Typed"]:
            w = self.rng.choice(sorted(set(self.cfs["Typed"]["cols"].values())))
            bad = self.bad_value(w)
            if bad:
                errs.append("UPDATE Typed SET c_%s = %s WHERE KEY = %s" % (w, bad,
                                                                           self.key("Typed")))
        if c["key_type"] in ("bigint", "uuid"):
            errs.append("SELECT * FROM %s WHERE KEY = 'not a key'" % cf)
        return self.and_back(self.cql(self.rng.choice(errs), False))

    def op_prepared(self):
        """1.1's prepare_cql_query + execute_prepared_cql_query, values as bytes of the
        receiving type (the JDBC driver's and cassandra-client's bound values)."""
        k = self.rng.choice(self.keys)
        t = self.rng.random()
        alias = self.cfs["Users"]["key"]
        age = self.cfs["Users"]["cols"]["age"]
        if t < 0.4:
            q = "UPDATE Users SET name = ?, age = ? WHERE %s = ?" % alias
            n = self.rng.randrange(18, 40)
            age_bytes = (st.pack(">q", n) if age == "bigint" else st.pack(">i", n)
                         if age == "int" else bytes([n]))
            vals = [W.bin_(("p%d" % n).encode()), W.bin_(age_bytes), b(k)]
        elif t < 0.8:
            q = self.rng.choice(["SELECT * FROM Users WHERE %s = ?" % alias,
                                 "SELECT name, age FROM Users WHERE %s = ?" % alias,
                                 "SELECT COUNT(*) FROM Users WHERE %s IN (?, ?)" % alias])
            vals = [b(k)] if "IN" not in q else [b(k), b(self.rng.choice(self.keys))]
        else:
            q = "INSERT INTO Line (KEY, %s) VALUES (?, ?)" % self.cname(
                self.cfs["Line"]["comparator"])
            kt = self.cfs["Line"]["key_type"]
            key = {"bigint": st.pack(">q", 7), "uuid": uuid.UUID(int=7).bytes}.get(kt, b"x")
            vals = [W.bin_(key), b("v1")]
            if self.probe():
                vals = vals[:1]
        gzip = self.rng.random() < self.gzip_share
        text = W.bin_(zlib.compress(q.encode())) if gzip else b(q)
        prep = step("prepare_cql_query", {1: text, 2: i32(1 if gzip else 2)})
        ex = step("execute_prepared_cql_query", {1: i32(0), 2: W.list_("bin", vals)}, TS)
        ex["prepared_from"] = -1
        return [prep, ex]
