"""What `--app` applications sent besides their data calls (difftest_app.py's AppGen mixes
this in): pycassa's SystemManager and Hector's cluster calls (column families made and
altered with the CfDef fields of the application's IDL set or left out, column metadata and
indexes added and dropped by an update, keyspaces of NetworkTopologyStrategy and the levels
made for them), the levels each release had (ANY, TWO, THREE, LOCAL_QUORUM on a simple
keyspace), removals at every level of a row, pycassa's range and index paging (from the last
key seen, count + 1) and the errors their users met (a missing column, a value or a name the
column family's types refuse, an unknown column family, a key too long or empty, a negative
count).

Each call is sent only where the application's IDL (`self.c`) had it; the release answering
(`self.r`) decides only what its node is (the partitioner's key order).
"""
import hashlib
import json
import os

import thriftwire as W
from dsl import b, long_, timeuuid, ts
from difftest_values import M, SCHEMA, i32, step, struct

HERE = os.path.dirname(os.path.abspath(__file__))
IDL_OF = {(0, 7): "0.7.10", (0, 8): "0.8.10", (1, 0): "1.0.12", (1, 1): "1.1.12",
          (1, 2): "1.2.9", (2, 0): "2.0.17", (2, 1): "2.1.22", (2, 2): "2.2.19"}
RING = ("0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")


def random_partitioner_order(keys):
    """Keys in RandomPartitioner's order (0.7-1.1's stock partitioner): the absolute value
    of the key's MD5 read as a signed big integer, as pycassa's pages came back."""
    def token(k):
        return abs(int.from_bytes(hashlib.md5(k.encode()).digest(), "big", signed=True))
    return sorted(keys, key=token)


class AdminOps:
    """Schema, level, paging and error calls of an application (needs AppGen's state)."""

    # ------------------------------------------------------------ the application's IDL
    def client_cfdef(self):
        """CfDef field name -> id of the application's IDL."""
        if not hasattr(self, "_cfdef_ids"):
            facts = json.load(open(os.path.join(HERE, "facts.json")))["releases"]
            spec = facts[IDL_OF.get(self.c, "2.2.19")]["idl"]["structs"]["CfDef"]
            self._cfdef_ids = {}
            for fid, s in spec.items():
                words = s.split()
                if words[0] in ("optional", "required"):
                    words = words[1:]
                self._cfdef_ids[words[1]] = int(fid)
        return self._cfdef_ids

    def write_cl(self):
        """A write's level: ANY, TWO, THREE and LOCAL_QUORUM besides the usual ones."""
        return i32(self.rng.choice([1, 1, 1, 2, 5, 6, 6, 7, 8, 3]))

    def read_cl(self):
        return i32(self.rng.choice([1, 1, 1, 2, 5, 6, 7, 8, 3, 4]))

    # ------------------------------------------------------------ a column family's fields
    def optional_cf_fields(self, update=False):
        """Some of the CfDef's optional fields of the application's IDL, each set or left
        out, with values pycassa's and Hector's users gave them."""
        ids = self.client_cfdef()
        r = self.rng
        samples = {
            "comment": lambda: b(r.choice(["", "made by the app", "updated"])),
            "row_cache_size": lambda: W.double(r.choice([0.0, 1000.0, 0.5])),
            "key_cache_size": lambda: W.double(r.choice([200000.0, 0.0, 0.1, 1000.0])),
            "read_repair_chance": lambda: W.double(r.choice([1.0, 0.1, 0.0])),
            "gc_grace_seconds": lambda: i32(r.choice([864000, 0, 3600])),
            "default_validation_class": lambda: b(r.choice(["BytesType", "UTF8Type",
                                                            M + "AsciiType", "LongType"])),
            "min_compaction_threshold": lambda: i32(r.choice([4, 2, 0, 8])),
            "max_compaction_threshold": lambda: i32(r.choice([32, 16, 0, 4])),
            "row_cache_save_period_in_seconds": lambda: i32(r.choice([0, 3600])),
            "key_cache_save_period_in_seconds": lambda: i32(r.choice([14400, 0, 3600])),
            "memtable_flush_after_mins": lambda: i32(r.choice([60, 1440])),
            "memtable_throughput_in_mb": lambda: i32(r.choice([64, 128, 16])),
            "memtable_operations_in_millions": lambda: W.double(r.choice([0.3, 1.5, 0.1])),
            "replicate_on_write": lambda: W.boolean(r.random() < 0.7),
            "merge_shards_chance": lambda: W.double(r.choice([0.1, 0.0, 0.5])),
            "key_validation_class": lambda: b(r.choice(["BytesType", "UTF8Type",
                                                        "AsciiType"])),
            "row_cache_provider": lambda: b(r.choice([
                "org.apache.cassandra.cache.SerializingCacheProvider",
                "org.apache.cassandra.cache.ConcurrentLinkedHashCacheProvider",
                "SerializingCacheProvider"])),
            "key_alias": lambda: b(r.choice(["KEY", "id", "user_id"])),
            "compaction_strategy": lambda: b(r.choice([
                "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy",
                "org.apache.cassandra.db.compaction.LeveledCompactionStrategy",
                "LeveledCompactionStrategy"])),
            "compaction_strategy_options": lambda: W.map_("bin", "bin", r.choice([
                [], [(b("sstable_size_in_mb"), b("10"))]])),
            "row_cache_keys_to_save": lambda: i32(r.choice([100, 2147483647])),
            "compression_options": lambda: W.map_("bin", "bin", r.choice([
                [], [(b("sstable_compression"),
                      b("org.apache.cassandra.io.compress.DeflateCompressor"))],
                [(b("sstable_compression"), b("DeflateCompressor")),
                 (b("chunk_length_kb"), b("64"))]])),
            "bloom_filter_fp_chance": lambda: W.double(r.choice([0.01, 0.1, 0.001])),
            "caching": lambda: b(r.choice(["keys_only", "all", "none", "rows_only",
                                           "KEYS_ONLY"])),
            "dclocal_read_repair_chance": lambda: W.double(r.choice([0.0, 0.1])),
        }
        out = {}
        for name, make in samples.items():
            if name in ids and r.random() < (0.35 if update else 0.25):
                out[ids[name]] = make()
        return out

    def index_column(self, name, indexed, index_name=None):
        f = {1: b(name), 2: b(M + ("LongType" if name in ("age", "rank") else "UTF8Type"))}
        if indexed:
            f[3] = i32(0)
            f[4] = b(index_name) if index_name else None
        return struct(f)

    # ------------------------------------------------------------ schema, as SystemManager
    def op_admin_cf(self):
        """create_column_family / alter_column_family / drop of an `App` column family:
        a CfDef with some of the IDL's fields, describe_keyspace(s) after each change, an
        update read by its id (as pycassa's alter did), column metadata and an index
        added or dropped by it, data written and read by the index."""
        self.admin_n = getattr(self, "admin_n", 0)
        if getattr(self, "app_cf", None) is None or self.rng.random() < 0.15:
            name = "App%d" % self.admin_n
            self.admin_n += 1
            kind = "Super" if self.rng.random() < 0.15 else "Standard"
            f = {1: b(self.ks), 2: b(name), 3: b(kind),
                 5: b(self.rng.choice(["UTF8Type", "AsciiType", "BytesType"]))}
            if kind == "Super":
                f[6] = b(self.rng.choice(["UTF8Type", "LongType"]))
            f.update(self.optional_cf_fields())
            if kind == "Standard" and self.rng.random() < 0.6:
                f[13] = W.list_("struct", [
                    self.index_column("rank", self.rng.random() < 0.6,
                                      self.rng.choice([None, "%s_rank" % name.lower()])),
                    self.index_column("city", False)])
            self.app_cf = (name, kind, dict(f))
            out = [step("system_add_column_family", {1: struct(f)}, SCHEMA),
                   step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]
            if self.rng.random() < 0.3:
                out.append(step("describe_keyspaces", {}, "0/*/5/*/16", "0/*/3"))
            return out
        name, kind, last = self.app_cf
        t = self.rng.random()
        if t < 0.45:
            return self.admin_update(name, kind, last)
        if t < 0.75 and kind == "Standard":
            return self.admin_data(name)
        if t < 0.85:
            self.app_cf = None
            return [step("system_drop_column_family", {1: b(name)}, SCHEMA),
                    step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]
        return [step("describe_schema_versions", {}, "0"),
                step("describe_keyspaces", {}, "0/*/5/*/16", "0/*/3")]

    def admin_update(self, name, kind, last):
        f = {1: b(self.ks), 2: b(name), 3: last[3], 5: last[5]}
        if 6 in last:
            f[6] = last[6]
        keep = self.rng.random() < 0.5
        if keep:
            # pycassa's alter_column_family sent the whole CfDef read back, changed
            f.update({k: v for k, v in last.items() if k not in (13, 16)})
        f.update(self.optional_cf_fields(update=True))
        if kind == "Standard":
            t = self.rng.random()
            if t < 0.35:
                # an index added (or kept), a column's validator changed
                f[13] = W.list_("struct", [
                    self.index_column("rank", True, self.rng.choice([None, name.lower() + "_r"])),
                    self.index_column("city", self.rng.random() < 0.3)])
            elif t < 0.6:
                # the index dropped: the column kept without an index type
                f[13] = W.list_("struct", [self.index_column("rank", False)])
            elif t < 0.7:
                f[13] = W.list_("struct", [])
            elif 13 in last:
                f[13] = last[13]
        if self.rng.random() < 0.08:
            # a comparator change, which every release refused
            f[5] = b("LongType")
        self.app_cf = (name, kind, {k: v for k, v in f.items() if k != 16})
        upd = step("system_update_column_family", {1: struct({**f, 16: i32(0)})}, SCHEMA)
        upd["id_from_previous"] = True
        return [step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"), upd,
                step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16")]

    def admin_data(self, name):
        out = []
        for _ in range(self.rng.randint(1, 3)):
            k = self.key()
            col = self.rng.choice(["rank", "city", "other"])
            v = long_(self.rng.randrange(3)) if col == "rank" else b"v%d" % self.rng.randrange(3)
            out.append(step("insert", {1: b(k), 2: struct({3: b(name)}),
                                       3: self.col(col, v), 4: self.cl()}))
        e = [struct({1: b("rank"), 2: i32(0), 3: W.bin_(long_(self.rng.randrange(3)))})]
        if self.rng.random() < 0.4:
            e.append(struct({1: b("city"), 2: i32(self.rng.choice([0, 2, 4])),
                             3: b("v%d" % self.rng.randrange(3))}))
        clause = struct({1: W.list_("struct", e), 2: b(""), 3: i32(100)})
        out.append(step("get_indexed_slices", {1: struct({3: b(name)}), 2: clause,
                                               3: self.pred_all(), 4: self.cl()}))
        out.append(step("get_range_slices", {1: struct({3: b(name)}), 2: self.pred_all(),
                                             3: struct({1: b(""), 2: b(""), 5: i32(100)}),
                                             4: self.cl()}))
        return out

    # ------------------------------------------------------------ replication
    def op_nts(self):
        """A keyspace of NetworkTopologyStrategy in the snitch's data center (SimpleSnitch:
        datacenter1), written and read at LOCAL_QUORUM and EACH_QUORUM, then dropped; or the
        session keyspace's replication changed (0.7's replication_factor, 0.8 on its
        strategy_options) and back."""
        if self.rng.random() < 0.4:
            rf = self.rng.choice(["2", "1", "3"])
            out = []
            for n in (rf, "1"):
                ks = {1: b(self.ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                      5: W.list_("struct", [])}
                if self.c < (0, 8):
                    ks[4] = i32(int(n))
                else:
                    ks[3] = W.map_("bin", "bin", [(b("replication_factor"), b(n))])
                out.append(step("system_update_keyspace", {1: struct(ks)}, SCHEMA))
                out.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
                if n != "1":
                    k = self.key()
                    out.append(step("insert", {1: b(k), 2: struct({3: b("Users")}),
                                               3: self.col("name", "n"), 4: self.write_cl()}))
                    out.append(step("get_slice", {1: b(k), 2: struct({3: b("Users")}),
                                                  3: self.pred_all(), 4: self.read_cl()}))
            return out
        nks = self.ks + "_dc"
        dc = self.rng.choice(["datacenter1", "datacenter1", "DC1"])
        cf = struct({1: b(nks), 2: b("Events"), 5: b("UTF8Type")})
        ks = {1: b(nks), 2: b(self.rng.choice([
            "org.apache.cassandra.locator.NetworkTopologyStrategy", "NetworkTopologyStrategy"])),
            3: W.map_("bin", "bin", [(b(dc), b(self.rng.choice(["1", "1", "2"])))]),
            5: W.list_("struct", [cf])}
        if self.c < (0, 8):
            ks[4] = i32(1)
        out = [step("system_add_keyspace", {1: struct(ks)}, SCHEMA),
               step("describe_keyspace", {1: b(nks)}, "0/5/*/16"),
               step("set_keyspace", {1: b(nks)})]
        for _ in range(self.rng.randint(2, 4)):
            k = self.key()
            level = i32(self.rng.choice([3, 4, 1, 6]))
            if self.rng.random() < 0.5:
                out.append(step("insert", {1: b(k), 2: struct({3: b("Events")}),
                                           3: self.col("e%d" % self.rng.randrange(3), "x"),
                                           4: level}))
            else:
                out.append(step("get_slice", {1: b(k), 2: struct({3: b("Events")}),
                                              3: self.pred_all(), 4: level}))
        if self.rng.random() < 0.5:
            out.append(step("describe_ring", {1: b(nks)}, *RING))
        out.append(step("set_keyspace", {1: b(self.ks)}))
        out.append(step("system_drop_keyspace", {1: b(nks)}, SCHEMA))
        return out

    def op_levels(self):
        """Writes at ANY, TWO, THREE, LOCAL_QUORUM; reads at each level."""
        k = self.key()
        cf = self.rng.choice(["Users", "Line", "Sup"])
        t = self.rng.random()
        if t < 0.5:
            if cf == "Sup":
                parent = struct({3: b("Sup"), 4: W.bin_(self.sc_name(self.rng.randrange(3)))})
                c = self.col(self.sub_name(), "l")
            elif cf == "Users":
                parent, c = struct({3: b("Users")}), self.col("email", "l")
            else:
                parent = struct({3: b("Line")})
                c = self.col(self.line[1](self.rng.randrange(10)), "l")
            return [step("insert", {1: b(k), 2: parent, 3: c, 4: self.write_cl()})]
        if t < 0.8:
            return [step("get_slice", {1: b(k), 2: struct({3: b(cf)}), 3: self.pred_all(),
                                       4: self.read_cl()})]
        keys = W.list_("bin", [b(x) for x in self.rng.sample(self.keys, 2)])
        return [step("multiget_slice", {1: keys, 2: struct({3: b(cf)}), 3: self.pred_all(),
                                        4: self.read_cl()})]

    # ------------------------------------------------------------ removals
    def op_remove_levels(self):
        """remove of a whole row, a super column or a sub-column, at every level."""
        cf = self.rng.choice(["Users", "Line", "Sup", "Sup"])
        path = {3: b(cf)}
        if cf == "Sup":
            t = self.rng.random()
            if t < 0.7:
                path[4] = W.bin_(self.sc_name(self.rng.randrange(3)))
            if t < 0.35:
                path[5] = W.bin_(self.sub_name())
        out = [step("remove", {1: b(self.key()), 2: struct(path),
                               3: ts(self.rng.randrange(1, 1000)), 4: self.write_cl()})]
        if self.rng.random() < 0.5:
            out.append(step("get_slice", {1: b(self.key()), 2: struct({3: b(cf)}),
                                          3: self.pred_all(), 4: self.cl()}))
        return out

    # ------------------------------------------------------------ paging, as pycassa
    def op_page_keys(self):
        """get_range pages: from the last key of the page before, count + 1 (the key read
        twice is dropped by the client); the first page from ''."""
        cf = self.rng.choice(["Users", "Line", "Sup"])
        order = random_partitioner_order(self.keys) if self.r < (1, 2) else self.keys
        size = self.rng.choice([1, 2, 3])
        out, start = [], ""
        for _ in range(self.rng.randint(1, 3)):
            kr = struct({1: b(start), 2: b(""), 5: i32(size + (1 if start else 0))})
            if cf == "Users" and self.rng.random() < 0.4:
                p = struct({1: W.list_("bin", [b("name"), b("age")])})
            else:
                p = self.pred_all(self.rng.choice([2, 100]))
            out.append(step("get_range_slices", {1: struct({3: b(cf)}), 2: p, 3: kr,
                                                 4: self.cl()}))
            pos = order.index(start) + size if start else size - 1
            if pos >= len(order):
                break
            start = order[pos]
        return out

    def op_index_page(self):
        """get_indexed_slices of the Users index: several expressions (EQ on the index,
        GT/GTE/LT/LTE on others), pages from the last key, count + 1."""
        exprs = [struct({1: b("age"), 2: i32(0), 3: W.bin_(long_(self.rng.randrange(18, 22)))})]
        t = self.rng.random()
        if t < 0.4:
            exprs.append(struct({1: b("name"), 2: i32(self.rng.choice([1, 2, 3, 4])),
                                 3: b("name of u%d" % self.rng.randrange(5))}))
        elif t < 0.6:
            exprs.append(struct({1: b("age"), 2: i32(self.rng.choice([1, 2, 3, 4])),
                                 3: W.bin_(long_(self.rng.randrange(18, 22)))}))
        elif t < 0.7:
            # no EQ on an indexed column: refused
            exprs = [struct({1: b("age"), 2: i32(2), 3: W.bin_(long_(18))})]
        start = self.rng.choice(["", ""] + self.keys)
        count = self.rng.choice([1, 2, 3, 100]) + (1 if start else 0)
        clause = struct({1: W.list_("struct", exprs), 2: b(start), 3: i32(count)})
        p = self.pred_all() if self.rng.random() < 0.6 else \
            struct({1: W.list_("bin", [b("name"), b("email")])})
        return [step("get_indexed_slices", {1: struct({3: b("Users")}), 2: clause, 3: p,
                                            4: self.cl()})]

    # ------------------------------------------------------------ the ring
    def op_ring(self):
        c = self.rng.choice(["splits", "ring", "versions", "token_map", "splits_ex"])
        if c == "splits":
            cf = self.rng.choice(["Users", "Line", "Sup"])
            tok = self.rng.choice([("0", "0"), ("0", "85070591730234615865843651857942052864")])
            return [step("describe_splits", {1: b(cf), 2: b(tok[0]), 3: b(tok[1]),
                                             4: i32(self.rng.choice([128, 65536]))}, "0")]
        if c == "token_map" and self.c >= (1, 1):
            return [step("describe_token_map", {}, "0")]
        if c == "splits_ex" and self.c >= (1, 1):
            return [step("describe_splits_ex", {1: b("Users"), 2: b("0"), 3: b("0"),
                                                4: i32(128)}, "0")]
        if c == "versions":
            return [step("describe_schema_versions", {}, "0")]
        return [step("describe_ring", {1: b(self.rng.choice([self.ks, self.ks, "system"]))},
                     *RING)]

    # ------------------------------------------------------------ what users got wrong
    def op_errors(self):
        """The errors pycassa users met."""
        k = self.key()
        c = self.rng.choice(["missing", "value", "unknown_cf", "name", "long_key", "empty_key",
                             "negative", "empty_name", "sc_on_standard", "no_sc", "exists",
                             "drop_unknown", "unknown_ks"])
        if c == "missing":
            path = struct({3: b("Users"), 5: b("nickname")})
            return [step("get", {1: b(k), 2: path, 3: self.cl()})]
        if c == "value":
            return [step("insert", {1: b(k), 2: struct({3: b("Users")}),
                                    3: self.col("age", "twenty"), 4: self.cl()})]
        if c == "unknown_cf":
            call = self.rng.choice(["get_slice", "insert", "get_count"])
            parent = struct({3: b("Nope")})
            if call == "insert":
                return [step("insert", {1: b(k), 2: parent, 3: self.col("a", "b"),
                                        4: self.cl()})]
            return [step(call, {1: b(k), 2: parent, 3: self.pred_all(), 4: self.cl()})]
        if c == "name":
            return [step("insert", {1: b(k), 2: struct({3: b("Line")}),
                                    3: self.col(b"abc", "bad name"), 4: self.cl()})]
        if c == "long_key":
            big = "k" * self.rng.choice([65535, 65536, 70000])
            call = self.rng.choice(["insert", "get"])
            if call == "insert":
                return [step("insert", {1: b(big), 2: struct({3: b("Users")}),
                                        3: self.col("name", "n"), 4: self.cl()})]
            return [step("get", {1: b(big), 2: struct({3: b("Users"), 5: b("name")}),
                                 3: self.cl()})]
        if c == "empty_key":
            call = self.rng.choice(["insert", "get_slice", "remove"])
            if call == "insert":
                return [step("insert", {1: b(""), 2: struct({3: b("Users")}),
                                        3: self.col("name", "n"), 4: self.cl()})]
            if call == "remove":
                return [step("remove", {1: b(""), 2: struct({3: b("Users")}),
                                        3: ts(5), 4: self.write_cl()})]
            return [step("get_slice", {1: b(""), 2: struct({3: b("Users")}),
                                       3: self.pred_all(), 4: self.cl()})]
        if c == "negative":
            call = self.rng.choice(["get_slice", "get_count", "multiget_slice",
                                    "get_range_slices"])
            p = self.pred_all(-1)
            if call == "multiget_slice":
                return [step(call, {1: W.list_("bin", [b(k)]), 2: struct({3: b("Line")}),
                                    3: p, 4: self.cl()})]
            if call == "get_range_slices":
                kr = struct({1: b(""), 2: b(""), 5: i32(self.rng.choice([-1, 0, 100]))})
                return [step(call, {1: struct({3: b("Line")}), 2: p, 3: kr, 4: self.cl()})]
            return [step(call, {1: b(k), 2: struct({3: b("Line")}), 3: p, 4: self.cl()})]
        if c == "empty_name":
            return [step("insert", {1: b(k), 2: struct({3: b("Users")}), 3: self.col(b"", "x"),
                                    4: self.cl()})]
        if c == "sc_on_standard":
            return [step("insert", {1: b(k), 2: struct({3: b("Users"), 4: b("sc")}),
                                    3: self.col("name", "x"), 4: self.cl()})]
        if c == "no_sc":
            return [step("insert", {1: b(k), 2: struct({3: b("Sup")}),
                                    3: self.col(self.sub_name(), "x"), 4: self.cl()})]
        if c == "exists":
            return [step("system_add_column_family", {1: struct({
                1: b(self.ks), 2: b("Users"), 5: b("UTF8Type")})}, SCHEMA)]
        if c == "drop_unknown":
            return [step("system_drop_column_family", {1: b("Nope")}, SCHEMA)]
        return [step("set_keyspace", {1: b("nope_ks")}),
                step("set_keyspace", {1: b(self.ks)})]

    # ------------------------------------------------------------ super column names
    def sc_name(self, i):
        """A super column name of the Sup CF's comparator (UTF8Type, LongType, TimeUUIDType)."""
        if self.sup_type == "LongType":
            return long_(i * 100 - 100)
        if self.sup_type == "TimeUUIDType":
            return timeuuid(i)
        return ("sc%d" % i).encode()
