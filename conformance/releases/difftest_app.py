"""Application-style sequences for difftest.py (`--app`): what a pycassa, Hector or Astyanax
application of the 19.x era sent, not what the IDL allows.

A sequence opens as a client library connects (describe_version, describe_keyspaces,
describe_cluster_name, describe_partitioner, describe_ring of its keyspace), makes its keyspace
with system_add_keyspace and column families the way those libraries wrote them: a users CF
with column metadata and a KEYS index, a time line whose comparator is one of LongType,
IntegerType, Int32Type, TimeUUIDType, ReversedType(...) or CompositeType(...) (where the
release had it), a super CF, a counter CF (standard or super); then ordinary calls: inserts
with and without TTL, reads by name and by slice (composite bounds with their end-of-component
byte, reversed, counted), multiget, range scans by key and by token, get_paged_slice,
indexed slices, batch_mutate over several rows and CFs (deletions by names, by slice range,
of a super column), counters (add, batch, remove_counter), schema changes (add/update/drop CF,
update keyspace), truncate, and from 1.2 CQL 3 over Thrift (set_cql_version, CREATE TABLE,
INSERT/UPDATE/DELETE/SELECT, prepare_cql3_query + execute_prepared_cql3_query where the
prepared id is the one the release answered).

With a client release (`--client 1.2`: an application built against 1.2's IDL, 19.36, as pycassa
1.9 or a late Hector were) the sequence is what that application sent whatever the node: its
counters, `row_filter`, `get_paged_slice`, `atomic_batch_mutate`, CQL 3 and KsDefs of
`strategy_options`, to a release that may not have them; what the node is (its partitioner's
tokens) still comes from the release answering.

The values are deterministic for a (version, client, seed); the release's own replies decide nothing
in what is sent, except the prepared statement id, which the runner takes from the reply of
the preceding prepare (the `"prepared_from"` key of a step).
"""
import struct as st

import thriftwire as W
from difftest_app_admin import AdminOps
from dsl import b, lexuuid, long_, timeuuid, ts
from difftest_values import M, SCHEMA, composite, i32, step, struct, varint


class AppGen(AdminOps):
    """One application-style sequence for one release (AdminOps: its schema, level,
    paging and error calls)."""

    def __init__(self, version, seed, nsteps, probes, rng, client=None):
        self.v = version
        # the release answering (self.r) and the one the application was built for (self.c)
        self.r = tuple(int(x) for x in version.split(".")[:2])
        self.c = tuple(int(x) for x in client.split(".")[:2]) if client else self.r
        # the application's IDL to the patch release (LOCAL_ONE came with 1.2.11)
        self.cfull = tuple(int(x) for x in (client or version).split("."))
        self.rng = rng
        self.nsteps, self.probes = nsteps, probes
        self.ks = "da_%d" % seed
        self.keys = ["u%d" % i for i in range(5)]
        self.line = None          # (comparator name, value maker)
        self.cfs = []
        self.cql_tables = []

    def probe(self):
        return self.rng.random() < self.probes

    def cl(self):
        return i32(self.rng.choice([1, 1, 1, 2, 5]))

    # ---------------------------------------------------------------- the time line's type
    def line_types(self):
        t = [("LongType", lambda i: long_(i - 3)),
             ("IntegerType", lambda i: varint((i - 4) * 1000)),
             ("TimeUUIDType", lambda i: timeuuid(i)),
             ("LexicalUUIDType", lambda i: lexuuid(i)),
             ("UTF8Type", lambda i: ("n%02d" % i).encode())]
        if self.r >= (1, 0):
            t.append(("Int32Type", lambda i: st.pack(">i", i - 5)))
        if self.r >= (0, 8):
            t.append(("ReversedType(org.apache.cassandra.db.marshal.LongType)",
                      lambda i: long_(i)))
            t.append(("CompositeType(org.apache.cassandra.db.marshal.UTF8Type,"
                      "org.apache.cassandra.db.marshal.LongType)",
                      lambda i: composite([("p%d" % (i % 3)).encode(), long_(i)])))
            t.append(("CompositeType(org.apache.cassandra.db.marshal.LongType,"
                      "org.apache.cassandra.db.marshal.ReversedType("
                      "org.apache.cassandra.db.marshal.UTF8Type))",
                      lambda i: composite([long_(i % 4), ("s%d" % i).encode()])))
        return t

    def line_bound(self, i, start):
        """A slice bound on the time line: for a composite, a prefix of one component whose
        end-of-component byte says before (-1) or after (1) its columns, as pycassa wrote."""
        name, make = self.line
        if name.startswith("CompositeType(org.apache.cassandra.db.marshal.UTF8Type"):
            return composite([("p%d" % (i % 3)).encode()], -1 if start else 1)
        if name.startswith("CompositeType"):
            return composite([long_(i % 4)], 0 if start else 1)
        return make(i)

    # ---------------------------------------------------------------- schema
    def cf(self, name, fields):
        f = {1: b(self.ks), 2: b(name)}
        f.update(fields)
        return struct(f)

    def users_cf(self):
        meta = [struct({1: b("name"), 2: b(M + "UTF8Type")}),
                struct({1: b("age"), 2: b(M + "LongType"), 3: i32(0),
                        4: b("users_age") if self.rng.random() < 0.5 else None})]
        kw = {3: b("Standard"), 5: b("UTF8Type"), 13: W.list_("struct", meta)}
        if self.r >= (0, 8):
            kw[26] = b("UTF8Type")            # key_validation_class
        kw[15] = b("UTF8Type") if self.rng.random() < 0.5 else None
        return self.cf("Users", kw)

    def sequence(self):
        # The schema (types, key validation, the keyspace) is the operator's, made for the
        # release answering (self.r); the calls after it are the application's (self.c).
        steps = [step("describe_version", {}), step("describe_cluster_name", {}),
                 step("describe_partitioner", {}), step("describe_snitch", {}),
                 step("describe_keyspaces", {}, "0/*/5/*/16", "0/*/3")]
        steps.append(step("describe_keyspace", {1: b(self.ks)}))
        self.line = self.rng.choice(self.line_types())
        # super column names as applications keyed them: text, a LongType time, a TimeUUID
        self.sup_type = self.rng.choice(["UTF8Type", "UTF8Type", "LongType", "TimeUUIDType"])
        cfs = [self.users_cf(),
               struct({1: b(self.ks), 2: b("Line"), 5: b(self.line[0]),
                       15: b(self.rng.choice(["BytesType", "UTF8Type"]))}),
               struct({1: b(self.ks), 2: b("Sup"), 3: b("Super"), 5: b(self.sup_type),
                       6: b(self.rng.choice(["LongType", "UTF8Type", "BytesType"]))})]
        self.sub = cfs[2]["f"]["6"]["v"]
        self.counters = None
        if self.c >= (0, 8):
            self.counters = self.rng.choice(["Standard", "Super"])
            c = {1: b(self.ks), 2: b("Cnt"), 3: b(self.counters), 5: b("UTF8Type"),
                 15: b("CounterColumnType")}
            if self.counters == "Super":
                c[6] = b("UTF8Type")
            if self.r >= (0, 8):
                cfs.append(struct(c))
        ks = {1: b(self.ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
              5: W.list_("struct", cfs)}
        if self.r < (0, 8):
            ks[4] = i32(1)
        else:
            ks[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
        steps.append(step("system_add_keyspace", {1: struct(ks)}, SCHEMA))
        steps.append(step("set_keyspace", {1: b(self.ks)}))
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        steps.append(step("describe_ring", {1: b(self.ks)}, "0/*/1", "0/*/2", "0/*/3",
                          "0/*/4", "0/*/5"))
        ops = [self.op_user_insert] * 3 + [self.op_line_insert] * 3 + [
            self.op_line_slice, self.op_line_slice, self.op_line_get, self.op_user_get,
            self.op_multiget, self.op_range, self.op_range, self.op_indexed, self.op_batch,
            self.op_batch, self.op_super, self.op_super, self.op_remove, self.op_schema,
            self.op_count]
        # what pycassa's SystemManager, Hector's cluster calls and their users sent besides
        ops += [self.op_admin_cf, self.op_admin_cf, self.op_nts, self.op_levels,
                self.op_remove_levels, self.op_page_keys, self.op_index_page, self.op_ring,
                self.op_errors, self.op_errors]
        if self.counters:
            ops += [self.op_counter, self.op_counter]
        if self.c >= (1, 1):
            ops += [self.op_paged]
        if self.c >= (1, 2):
            ops += [self.op_cql3] * 4
        ops += [self.op_alter, self.op_level, self.op_level, self.op_expiry]
        if self.c >= (1, 1):
            ops += [self.op_cluster]
        for _ in range(self.nsteps):
            for s in self.rng.choice(ops)() or []:
                steps.append(s)
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        steps.append(step("system_drop_keyspace", {1: b(self.ks)}, SCHEMA))
        return steps

    # ---------------------------------------------------------------- calls
    def pred_all(self, count=100, reversed_=False):
        return struct({2: struct({1: b(""), 2: b(""), 3: W.boolean(reversed_), 4: i32(count)})})

    def key(self):
        return self.rng.choice(self.keys)

    def col(self, name, value, ttl=None, tstamp=None):
        f = {1: W.bin_(name) if isinstance(name, bytes) else b(name),
             2: W.bin_(value) if isinstance(value, bytes) else b(value),
             3: ts(tstamp if tstamp is not None else self.rng.randrange(1, 1000))}
        if ttl:
            f[4] = i32(ttl)
        return struct(f)

    def op_user_insert(self):
        k = self.key()
        name = self.rng.choice(["name", "age", "email"])
        if name == "age":
            v = long_(self.rng.randrange(18, 22))
        else:
            v = ("%s of %s" % (name, k)).encode()
        ttl = self.rng.choice([None, None, 3600, 86400])
        return [step("insert", {1: b(k), 2: struct({3: b("Users")}), 3: self.col(name, v, ttl),
                                4: self.cl()})]

    def op_line_insert(self):
        i = self.rng.randrange(10)
        ttl = self.rng.choice([None, None, None, 600])
        return [step("insert", {1: b(self.key()), 2: struct({3: b("Line")}),
                                3: self.col(self.line[1](i), "e%d" % i, ttl), 4: self.cl()})]

    def op_line_get(self):
        path = struct({3: b("Line"), 5: W.bin_(self.line[1](self.rng.randrange(10)))})
        return [step("get", {1: b(self.key()), 2: path, 3: self.cl()})]

    def op_user_get(self):
        path = struct({3: b("Users"), 5: b(self.rng.choice(["name", "age", "email"]))})
        return [step("get", {1: b(self.key()), 2: path, 3: self.cl()})]

    def op_line_slice(self):
        rev = self.rng.random() < 0.4
        a, z = sorted(self.rng.sample(range(10), 2))
        lo, hi = self.line_bound(a, True), self.line_bound(z, False)
        if rev:
            lo, hi = self.line_bound(z, False), self.line_bound(a, True)
        if self.rng.random() < 0.3:
            lo = b"" if self.rng.random() < 0.5 else lo
            hi = b""
        count = self.rng.choice([2, 5, 100])
        p = struct({2: struct({1: W.bin_(lo), 2: W.bin_(hi), 3: W.boolean(rev), 4: i32(count)})})
        call = self.rng.choice(["get_slice", "get_slice", "get_count"])
        return [step(call, {1: b(self.key()), 2: struct({3: b("Line")}), 3: p, 4: self.cl()})]

    def op_count(self):
        cf = self.rng.choice(["Users", "Line", "Sup"])
        return [step("get_count", {1: b(self.key()), 2: struct({3: b(cf)}),
                                   3: self.pred_all(self.rng.choice([2, 100])), 4: self.cl()})]

    def op_multiget(self):
        cf = self.rng.choice(["Users", "Line", "Sup"])
        keys = W.list_("bin", [b(k) for k in self.rng.sample(self.keys, 3)])
        call = self.rng.choice(["multiget_slice", "multiget_count"])
        if cf == "Users" and self.rng.random() < 0.5:
            p = struct({1: W.list_("bin", [b("name"), b("age")])})
        else:
            p = self.pred_all(self.rng.choice([1, 100]), self.rng.random() < 0.2)
        return [step(call, {1: keys, 2: struct({3: b(cf)}), 3: p, 4: self.cl()})]

    def op_range(self):
        cf = self.rng.choice(["Users", "Line", "Sup"])
        kr = {5: i32(self.rng.choice([1, 3, 100]))}
        if self.rng.random() < 0.6:
            kr[1], kr[2] = b(""), b("")
        else:
            # Murmur3 / Random tokens, as Hector's and Astyanax's token-range iteration sent them
            if self.r >= (1, 2):
                kr[3], kr[4] = b("-9223372036854775808"), b(self.rng.choice(
                    ["0", "-9223372036854775808", "9223372036854775807"]))
            else:
                kr[3], kr[4] = b("0"), b(self.rng.choice(["0", "85070591730234615865843651857942052864"]))
        p = self.pred_all(self.rng.choice([1, 100]))
        return [step("get_range_slices", {1: struct({3: b(cf)}), 2: p, 3: struct(kr),
                                          4: self.cl()})]

    def op_paged(self):
        cf = self.rng.choice(["Users", "Line"])
        kr = struct({1: b(""), 2: b(""), 5: i32(self.rng.choice([2, 3, 100]))})
        start = b"" if cf == "Line" or self.rng.random() < 0.5 else b"email"
        return [step("get_paged_slice", {1: b(cf), 2: kr, 3: W.bin_(start), 4: self.cl()})]

    def op_indexed(self):
        e = struct({1: b("age"), 2: i32(self.rng.choice([0, 0, 3, 4])),
                    3: W.bin_(long_(self.rng.randrange(18, 22)))})
        clause = struct({1: W.list_("struct", [e]), 2: b(""), 3: i32(self.rng.choice([2, 100]))})
        out = [step("get_indexed_slices", {1: struct({3: b("Users")}), 2: clause,
                                           3: self.pred_all(), 4: self.cl()})]
        if self.c >= (1, 1) and self.rng.random() < 0.5:
            kr = struct({1: b(""), 2: b(""), 5: i32(100), 6: W.list_("struct", [e])})
            out.append(step("get_range_slices", {1: struct({3: b("Users")}), 2: self.pred_all(),
                                                 3: kr, 4: self.cl()}))
        return out

    def op_batch(self):
        rows = []
        for k in self.rng.sample(self.keys, self.rng.randint(1, 3)):
            per_cf = []
            for cf in self.rng.sample(["Users", "Line", "Sup"], self.rng.randint(1, 2)):
                muts = []
                for _ in range(self.rng.randint(1, 3)):
                    muts.append(self.mutation(cf))
                per_cf.append((b(cf), W.list_("struct", muts)))
            rows.append((b(k), W.map_("bin", "list", per_cf)))
        call = "atomic_batch_mutate" if self.c >= (1, 2) and self.rng.random() < 0.3 \
            else "batch_mutate"
        return [step(call, {1: W.map_("bin", "map", rows), 2: self.cl()})]

    def mutation(self, cf):
        t = self.rng.random()
        if cf == "Sup":
            if t < 0.7:
                sc = struct({1: W.bin_(self.sc_name(self.rng.randrange(3))),
                             2: W.list_("struct", [self.col(self.sub_name(), "v")])})
                return struct({1: struct({2: sc})})
            return struct({2: struct({1: ts(self.rng.randrange(1, 1000)),
                                      2: W.bin_(self.sc_name(self.rng.randrange(3)))})})
        if t < 0.7:
            if cf == "Users":
                c = self.col("name", "n", self.rng.choice([None, 60]))
            else:
                c = self.col(self.line[1](self.rng.randrange(10)), "b")
            return struct({1: struct({1: c})})
        if cf == "Users":
            names = W.list_("bin", [b("email")])
            p = struct({1: names})
        elif self.rng.random() < 0.5:
            p = struct({1: W.list_("bin", [W.bin_(self.line[1](self.rng.randrange(10)))])})
        else:
            # a slice-range deletion: refused before 2.0 (`Deletion does not yet support
            # SliceRange predicates.`), a range tombstone from 2.0
            a, z = sorted(self.rng.sample(range(10), 2))
            p = struct({2: struct({1: W.bin_(self.line_bound(a, True)),
                                   2: W.bin_(self.line_bound(z, False)), 3: W.boolean(False),
                                   4: i32(100)})})
        return struct({2: struct({1: ts(self.rng.randrange(1, 1000)), 3: p})})

    def sub_name(self):
        i = self.rng.randrange(6)
        if self.sub == "LongType":
            return long_(i)
        return ("sub%d" % i).encode()

    def op_super(self):
        k = self.key()
        sc = W.bin_(self.sc_name(self.rng.randrange(3)))
        t = self.rng.random()
        if t < 0.4:
            return [step("insert", {1: b(k), 2: struct({3: b("Sup"), 4: sc}),
                                    3: self.col(self.sub_name(), "sv"), 4: self.cl()})]
        if t < 0.6:
            return [step("get", {1: b(k), 2: struct({3: b("Sup"), 4: sc}), 3: self.cl()})]
        if t < 0.8:
            return [step("get_slice", {1: b(k), 2: struct({3: b("Sup"), 4: sc}),
                                       3: self.pred_all(self.rng.choice([2, 100])),
                                       4: self.cl()})]
        return [step("get_slice", {1: b(k), 2: struct({3: b("Sup")}), 3: self.pred_all(),
                                   4: self.cl()})]

    def op_remove(self):
        cf = self.rng.choice(["Users", "Line", "Sup"])
        path = {3: b(cf)}
        if cf == "Users":
            path[5] = b(self.rng.choice(["email", "name"]))
        elif cf == "Sup":
            path[4] = W.bin_(self.sc_name(self.rng.randrange(3)))
        return [step("remove", {1: b(self.key()), 2: struct(path),
                                3: ts(self.rng.randrange(1, 1000)), 4: self.cl()})]

    def op_counter(self):
        k = self.key()
        parent = {3: b("Cnt")}
        if self.counters == "Super":
            parent[4] = b("sc%d" % self.rng.randrange(2))
        t = self.rng.random()
        name = "hits%d" % self.rng.randrange(3)
        if t < 0.4:
            ccol = struct({1: b(name), 2: W.i64(self.rng.randint(-3, 10))})
            return [step("add", {1: b(k), 2: struct(parent), 3: ccol, 4: self.cl()})]
        if t < 0.6:
            ccol = struct({1: b(name), 2: W.i64(self.rng.randint(1, 5))})
            if self.counters == "Super":
                m = struct({1: struct({4: struct({1: parent[4], 2: W.list_("struct", [ccol])})})})
            else:
                m = struct({1: struct({3: ccol})})
            mm = W.map_("bin", "map", [(b(k), W.map_("bin", "list", [
                (b("Cnt"), W.list_("struct", [m]))]))])
            return [step("batch_mutate", {1: mm, 2: self.cl()})]
        if t < 0.7:
            path = dict(parent)
            path[5] = b(name)
            return [step("remove_counter", {1: b(k), 2: struct(path), 3: self.cl()})]
        if t < 0.85:
            path = dict(parent)
            path[5] = b(name)
            return [step("get", {1: b(k), 2: struct(path), 3: self.cl()})]
        return [step("get_slice", {1: b(k), 2: struct({3: b("Cnt")}), 3: self.pred_all(),
                                   4: self.cl()})]

    def op_schema(self):
        t = self.rng.random()
        if t < 0.4:
            name = "Extra%d" % self.rng.randrange(3)
            return [step("system_add_column_family", {1: struct({
                1: b(self.ks), 2: b(name), 5: b(self.rng.choice(["UTF8Type", "LongType"])),
                8: b("extra")})}, SCHEMA)]
        if t < 0.6:
            return [step("system_drop_column_family", {1: b("Extra%d" % self.rng.randrange(3))},
                         SCHEMA)]
        if t < 0.8:
            ks = {1: b(self.ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                  5: W.list_("struct", [])}
            if self.c < (0, 8):
                ks[4] = i32(1)
            else:
                ks[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
                ks[6] = W.boolean(self.rng.random() < 0.7)
            return [step("system_update_keyspace", {1: struct(ks)}, SCHEMA),
                    step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]
        return [step("truncate", {1: b(self.rng.choice(["Users", "Line"]))})]

    def alterations(self, cf):
        """What an operator changed of a column family: each a CfDef's fields, of the
        application's IDL (`self.c`)."""
        m = lambda pairs: W.map_("bin", "bin", [(b(k), b(v)) for k, v in pairs])
        out = [{14: i32(self.rng.choice([0, 3600, 864000]))},
               {12: W.double(self.rng.choice([0.0, 0.1, 1.0]))},
               {17: i32(self.rng.choice([2, 4, 1])), 18: i32(self.rng.choice([16, 32]))},
               {8: b(self.rng.choice(["", "altered"]))}]
        if self.c >= (1, 0):
            out += [{29: b("LeveledCompactionStrategy"),
                     30: m([("sstable_size_in_mb", self.rng.choice(["10", "160"]))])},
                    {29: b(self.rng.choice(["SizeTieredCompactionStrategy",
                                            "org.apache.cassandra.db.compaction."
                                            "SizeTieredCompactionStrategy"])),
                     30: m([("min_sstable_size", "1")] if self.rng.random() < 0.5 else [])},
                    {32: m(self.rng.choice([
                        [("sstable_compression", "SnappyCompressor")],
                        [("sstable_compression", "DeflateCompressor"), ("chunk_length_kb", "64")],
                        [("sstable_compression", "")],
                        [("sstable_compression", "LZ4Compressor")]]))},
                    {33: W.double(self.rng.choice([0.01, 0.1]))}]
        if self.c >= (1, 1):
            out += [{34: b(self.rng.choice(["ALL", "KEYS_ONLY", "ROWS_ONLY", "NONE"]))},
                    {37: W.double(self.rng.choice([0.0, 0.2]))}]
        if self.c >= (2, 0):
            out += [{39: i32(self.rng.choice([0, 60000]))},
                    {40: i32(self.rng.choice([0, 86400]))},
                    {42: b(self.rng.choice(["NONE", "ALWAYS", "99.0PERCENTILE", "50ms"]))}]
        if self.c >= (2, 1):
            out += [{44: b(self.rng.choice(["ALL", "10"]))},
                    {45: i32(64), 46: i32(self.rng.choice([1024, 2048]))}]
        # column metadata: a column added, an index added or dropped
        if cf == "Users":
            name = struct({1: b("name"), 2: b(M + "UTF8Type")})
            age = {1: b("age"), 2: b(M + "LongType")}
            if self.rng.random() < 0.5:
                age.update({3: i32(0), 4: b("users_age")})
            meta = [name, struct(age)]
            if self.rng.random() < 0.5:
                meta.append(struct({1: b("email"), 2: b(M + "UTF8Type"), 3: i32(0),
                                    4: b("users_email")}))
            out.append({13: W.list_("struct", meta)})
        elif cf == "Line":
            name = self.line[1](self.rng.randrange(10))
            out.append({13: W.list_("struct", [struct({1: W.bin_(name),
                                                       2: b(M + "UTF8Type")})])})
        return out

    def op_alter(self):
        """pycassa's alter_column_family: the CfDef describe_keyspace gave, some attributes
        changed, sent back whole (the runner takes it from the real node's reply of the
        describe_keyspace before)."""
        cf = self.rng.choice(["Users", "Line", "Sup"])
        f = {1: b(self.ks), 2: b(cf)}
        f.update(self.rng.choice(self.alterations(cf)))
        update = step("system_update_column_family", {1: struct(f)}, SCHEMA)
        update["cfdef_from_previous"] = True
        return [step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"), update,
                step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]

    def levels(self):
        """Every consistency level of the application's IDL."""
        out = [1, 2, 3, 4, 5, 6, 7, 8]
        if self.cfull >= (1, 2, 11):
            out.append(11)
        if self.c >= (2, 0):
            out += [9, 10]
        return out

    def op_level(self):
        """An ordinary call at any level the application's IDL had."""
        cl = i32(self.rng.choice(self.levels()))
        k = self.key()
        c = self.rng.choice(["insert", "get", "get_slice", "multiget_slice", "get_count",
                             "get_range_slices", "batch_mutate", "remove", "get_indexed_slices"])
        if c == "insert":
            return [step(c, {1: b(k), 2: struct({3: b("Users")}),
                             3: self.col("name", "lv"), 4: cl})]
        if c == "get":
            return [step(c, {1: b(k), 2: struct({3: b("Users"), 5: b("name")}), 3: cl})]
        if c in ("get_slice", "get_count"):
            return [step(c, {1: b(k), 2: struct({3: b("Line")}), 3: self.pred_all(), 4: cl})]
        if c == "multiget_slice":
            keys = W.list_("bin", [b(x) for x in self.rng.sample(self.keys, 2)])
            return [step(c, {1: keys, 2: struct({3: b("Users")}), 3: self.pred_all(), 4: cl})]
        if c == "get_range_slices":
            kr = struct({1: b(""), 2: b(""), 5: i32(100)})
            return [step(c, {1: struct({3: b("Users")}), 2: self.pred_all(), 3: kr, 4: cl})]
        if c == "batch_mutate":
            mm = W.map_("bin", "map", [(b(k), W.map_("bin", "list", [
                (b("Line"), W.list_("struct", [self.mutation("Line")]))]))])
            return [step(c, {1: mm, 2: cl})]
        if c == "remove":
            return [step(c, {1: b(k), 2: struct({3: b("Users"), 5: b("email")}),
                             3: ts(self.rng.randrange(1, 1000)), 4: cl})]
        e = struct({1: b("age"), 2: i32(0), 3: W.bin_(long_(self.rng.randrange(18, 22)))})
        clause = struct({1: W.list_("struct", [e]), 2: b(""), 3: i32(100)})
        return [step(c, {1: struct({3: b("Users")}), 2: clause, 3: self.pred_all(), 4: cl})]

    def op_expiry(self):
        """A column written with a TTL of 2 seconds, read at once, and read again once real
        time passed its expiry (the runner sleeps before the step)."""
        if self.rng.random() >= 0.15:
            return []
        k = self.key()
        name = self.line[1](self.rng.randrange(10))
        parent = struct({3: b("Line")})
        later = self.rng.choice(["get", "get_slice", "get_count", "get_range_slices"])
        if later == "get":
            read = step(later, {1: b(k), 2: struct({3: b("Line"), 5: W.bin_(name)}),
                                3: self.cl()})
        elif later == "get_range_slices":
            kr = struct({1: b(""), 2: b(""), 5: i32(100)})
            read = step(later, {1: parent, 2: self.pred_all(), 3: kr, 4: self.cl()})
        else:
            read = step(later, {1: b(k), 2: parent, 3: self.pred_all(), 4: self.cl()})
        read["sleep"] = 3.1
        return [step("insert", {1: b(k), 2: parent, 3: self.col(name, "short", 2),
                                4: self.cl()}),
                step("get", {1: b(k), 2: struct({3: b("Line"), 5: W.bin_(name)}),
                             3: self.cl()}),
                read]

    def op_cluster(self):
        """What Hadoop's input formats and cluster-aware clients asked (1.1 on): splits of a
        token range, the token map, the local ring, a traced query."""
        t = self.rng.random()
        if self.r >= (1, 2):
            lo, hi = "-9223372036854775808", self.rng.choice(["0", "-9223372036854775808"])
        else:
            lo, hi = "0", self.rng.choice(["0", "85070591730234615865843651857942052864"])
        if t < 0.3:
            return [step("describe_splits_ex", {1: b(self.rng.choice(["Users", "Line"])),
                                                2: b(lo), 3: b(hi),
                                                4: i32(self.rng.choice([128, 65536]))}, "0")]
        if t < 0.5:
            return [step("describe_token_map", {}, "0")]
        if t < 0.7 and self.cfull >= (1, 2, 11):
            return [step("describe_local_ring", {1: b(self.ks)}, "0/*/1", "0/*/2", "0/*/3",
                         "0/*/4", "0/*/5")]
        if self.c >= (1, 2):
            path = struct({3: b("Users"), 5: b(self.rng.choice(["name", "age"]))})
            return [step("trace_next_query", {}, "0"),
                    step("get", {1: b(self.key()), 2: path, 3: self.cl()})]
        return []

    # ---------------------------------------------------------------- CQL 3 (1.2 on)
    def op_cql3(self):
        out = []
        if self.rng.random() < 0.2:
            out.append(step("set_cql_version", {1: b(self.rng.choice(["3.0.0", "3.0.5", "2.0.0"]))}))
        if not self.cql_tables or (len(self.cql_tables) < 2 and self.rng.random() < 0.2):
            n = "t%d" % len(self.cql_tables)
            kind = self.rng.choice(["simple", "clustered", "compact"])
            if kind == "simple":
                q = "CREATE TABLE %s (id text PRIMARY KEY, name text, n int)" % n
            elif kind == "clustered":
                q = ("CREATE TABLE %s (id text, seq int, body text, PRIMARY KEY (id, seq))"
                     " WITH CLUSTERING ORDER BY (seq DESC)" % n)
            else:
                q = ("CREATE TABLE %s (id text, seq int, body text, PRIMARY KEY (id, seq))"
                     " WITH COMPACT STORAGE" % n)
            self.cql_tables.append((n, kind))
            out.append(self.cql(q))
            return out
        n, kind = self.rng.choice(self.cql_tables)
        k = self.key()
        t = self.rng.random()
        if t < 0.35:
            if kind == "simple":
                q = "INSERT INTO %s (id, name, n) VALUES ('%s', 'x%d', %d)" % (
                    n, k, self.rng.randrange(9), self.rng.randrange(9))
            else:
                q = "INSERT INTO %s (id, seq, body) VALUES ('%s', %d, 'b%d')" % (
                    n, k, self.rng.randrange(6), self.rng.randrange(9))
            if self.rng.random() < 0.3:
                q += " USING TTL 3600"
            out.append(self.cql(q))
        elif t < 0.6:
            q = self.rng.choice(["SELECT * FROM %s WHERE id = '%s'" % (n, k),
                                 "SELECT * FROM %s" % n,
                                 "SELECT COUNT(*) FROM %s" % n,
                                 "SELECT * FROM %s LIMIT 2" % n])
            if kind != "simple" and self.rng.random() < 0.4:
                q = "SELECT seq, body FROM %s WHERE id = '%s' AND seq > 2" % (n, k)
            out.append(self.cql(q))
        elif t < 0.7:
            if kind == "simple":
                q = "UPDATE %s SET n = %d WHERE id = '%s'" % (n, self.rng.randrange(9), k)
            else:
                q = "UPDATE %s SET body = 'u' WHERE id = '%s' AND seq = 1" % (n, k)
            out.append(self.cql(q))
        elif t < 0.8:
            q = "DELETE FROM %s WHERE id = '%s'" % (n, k)
            out.append(self.cql(q))
        else:
            if kind == "simple":
                q = "SELECT name, n FROM %s WHERE id = ?" % n
            else:
                q = "INSERT INTO %s (id, seq, body) VALUES (?, ?, ?)" % n
            out.append(step("prepare_cql3_query", {1: b(q), 2: i32(2)}, "0/1"))
            vals = [b(k)] if kind == "simple" else [b(k), W.bin_(st.pack(">i", 3)), b("p")]
            ex = step("execute_prepared_cql3_query", {1: i32(0), 2: W.list_("bin", vals),
                                                      3: i32(1)})
            ex["prepared_from"] = -1
            out.append(ex)
        return out

    def cql(self, q):
        return step("execute_cql3_query", {1: b(q), 2: i32(2), 3: i32(1)})
