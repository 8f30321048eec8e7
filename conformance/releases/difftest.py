#!/usr/bin/env python3
"""Differential tester: seeded call sequences, sent to a real release and to supercolumn
answering as it, every difference reported with the corpus comparer's masks.

usage: difftest.py VERSION [--seeds A-B] [--steps N] [--probes P] [--stock-yaml]
                   [--app [--client V]] [--per-node N] [--unframed] [--cases PATH...]
                   [--cache DIR] [--keep DIR] [-v]

For each seed, a sequence is generated from VERSION's own IDL (facts.json): a keyspace with
column families of random comparators and validators (super, indexed, counter where the
release had them), then N calls of ordinary use (insert, get, get_slice, multiget, counts,
range and indexed slices, batch_mutate, remove, counters, describe_*, truncate, schema
updates, CQL 2 where the release had it), a fraction P of them probes: struct fields the
release did not declare (a later IDL's: KeyRange.row_filter before 1.1, CfDef fields of
later releases, ColumnDef.index_options), required fields left out, a field of another
wire type, consistency levels and index types it lacked, boundary counts, keys and TTLs.
The sequence is recorded on a fresh node of the real release (RELEASES_DIR/VERSION/start.sh,
its stock cassandra.yaml, start.sh's 1G heap) as a case in the corpus format, then replayed
against a fresh `supercolumn serve --in-memory --cassandra-version VERSION --jvm-heap 1024`
(with --stock-yaml, on the release's stock cassandra.yaml as --config too), step by step.
The same VERSION and seed always generate the same calls.

--per-node N runs the seeds N at a time on one real node and one emulation, in order, each
sequence over a connection of its own and in its own keyspace, dropped at its end (a step
added to the sequence; an update's column family id moved by the ids earlier sequences took,
as the real node's describe_keyspace of the new keyspace shows): a node's start, not the
calls, was most of a sequence's time (difftest_run.py says what else carries over).

--cases PATH... sends, instead of generated sequences, the calls of recorded cases (files or
directories of the corpus format, e.g. ../shared/conformance/cases/v19: calls written for
another release, which is what an application's are) to both, each case on fresh nodes.
--unframed (0.7 only) runs both on the stock yaml with `thrift_framed_transport_size_in_mb: 0`.
--app sends what an application of the era sent (difftest_app.py); --client V with it, what an
application built against V's IDL sent to VERSION, whatever VERSION had (a 19.36 client: 1.2).
--cache DIR keeps the real release's replies of each sequence (by its calls; with --per-node,
of each node's sequences, by all their calls in order) and reuses them; --real-only only
records them there. The last line gives the sequences, calls, differing steps, real nodes
started and calls per minute.
DIFFTEST_PORTS=A-B picks the Thrift ports from that range (default: any free port).

--keep DIR writes each recorded case (DIR/dt_VERSION_SEED.json) that differed, for
`run.sh`-style replay once fixed (conformance/releases/VERSION/ holds the kept ones). With
--per-node, a sequence that differed is run again alone on fresh nodes and kept alone when it
differs there too; else the node's sequences up to it are kept as one case
(dt_VERSION_SEED_after_FIRST.json, over one connection), when that differs on fresh nodes.
Exit status 1 when any step differed. Env as run.sh: RELEASES_DIR, CONFORMANCE_DIR,
SUPERCOLUMN_BIN.
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import thriftwire as W  # noqa: E402
from dsl import b, lexuuid, long_, timeuuid, ts  # noqa: E402
from difftest_values import M, SCHEMA, i32, step, struct  # noqa: E402


class Gen:
    """One seeded sequence for one release."""

    def __init__(self, version, seed, nsteps, probes):
        self.v = version
        self.r = tuple(int(x) for x in version.split(".")[:2])
        self.rng = random.Random("%s:%d" % (version, seed))
        self.nsteps, self.probes = nsteps, probes
        facts = json.load(open(os.path.join(HERE, "facts.json")))["releases"]
        self.idl = facts[version]["idl"]
        self.latest = facts["2.2.19"]["idl"]
        self.ks = "dt_%d" % seed
        self.cfs = {}      # name -> dict(kind, comparator, sub, validator, id)
        self.next_id = 1000
        self.keys = ["k%d" % i for i in range(6)]

    # ------------------------------------------------------------------ the release
    def has(self, method):
        return method in self.idl["methods"]

    def cl(self):
        if self.probe():
            # a level the release may not have had (TWO, THREE, LOCAL_ONE, SERIAL, ...)
            return i32(self.rng.choice([7, 8, 9, 10, 11, 12, 0]))
        return i32(self.rng.choice([1, 1, 1, 2, 5]))

    def probe(self):
        return self.rng.random() < self.probes

    # ------------------------------------------------------------------ names and values
    def comparator(self, with_time=True):
        c = ["BytesType", "UTF8Type", "AsciiType", "LongType", "IntegerType"]
        if with_time:
            c += ["LexicalUUIDType", "TimeUUIDType"]
        return self.rng.choice(c)

    def value_of(self, type_, i):
        if type_ == "LongType":
            return W.bin_(long_(i))
        if type_ == "IntegerType":
            return W.bin_(bytes([i % 120]))
        if type_ == "LexicalUUIDType":
            return W.bin_(lexuuid(i))
        if type_ == "TimeUUIDType":
            return W.bin_(timeuuid(i))
        return b("c%02d" % i)

    def cname(self, cf, i=None):
        c = self.cfs[cf]
        return self.value_of(c["sub"] if c["kind"] == "Super" else c["comparator"],
                             self.rng.randrange(12) if i is None else i)

    def key(self):
        if self.probe() and self.rng.random() < 0.3:
            return self.rng.choice(["", "x" * 300])
        return self.rng.choice(self.keys)

    # ------------------------------------------------------------------ structs
    def later_cf_fields(self):
        """CfDef fields of the latest IDL that this release's IDL did not declare."""
        mine = self.idl["structs"]["CfDef"]
        out = {}
        for fid, spec in self.latest["structs"]["CfDef"].items():
            if fid in mine or self.rng.random() < 0.6:
                continue
            t, name = spec.split()[1:3] if spec.split()[0] in ("optional", "required") \
                else spec.split()[0:2]
            sample = {
                "compaction_strategy": b("org.apache.cassandra.db.compaction."
                                         "SizeTieredCompactionStrategy"),
                "caching": b("KEYS_ONLY"), "speculative_retry": b("NONE"),
                "cells_per_row_to_cache": b("100"), "row_cache_provider":
                    b("org.apache.cassandra.cache.SerializingCacheProvider"),
                "key_alias": b("id"), "value_alias": b("v"),
            }
            if name in sample:
                out[int(fid)] = sample[name]
            elif t == "i32":
                out[int(fid)] = i32(self.rng.choice([0, 60, 128, 1000]))
            elif t == "double":
                out[int(fid)] = W.double(self.rng.choice([0.0, 0.01, 0.5]))
            elif t == "bool":
                out[int(fid)] = W.boolean(self.rng.random() < 0.5)
            elif t == "map<string,string>":
                out[int(fid)] = W.map_("bin", "bin", [])
            elif t == "list<binary>":
                out[int(fid)] = W.list_("bin", [b("a")])
        return out

    def cf_def(self, name, kind="Standard", counter=False, indexed=False):
        comparator = self.comparator()
        sub = self.comparator() if kind == "Super" else None
        validator = "CounterColumnType" if counter else self.rng.choice(
            ["BytesType", "UTF8Type", "LongType"] if self.r >= (0, 8) else ["BytesType", "UTF8Type"])
        f = {1: b(self.ks), 2: b(name), 3: b(kind), 5: b(comparator)}
        if sub:
            f[6] = b(sub)
        if self.rng.random() < 0.5:
            f[8] = b("comment of %s" % name)
        f[15] = b(validator)
        if self.r >= (0, 8) and self.rng.random() < 0.5:
            f[26] = b(self.rng.choice(["BytesType", "UTF8Type", "LongType"]))
        if self.r < (1, 0) and self.rng.random() < 0.3:
            f[22] = i32(self.rng.choice([16, 64, 128]))      # memtable_throughput_in_mb
            f[23] = W.double(self.rng.choice([0.1, 0.3, 1.5]))
        if self.r < (1, 1) and self.rng.random() < 0.3:
            f[21] = i32(self.rng.choice([60, 1440]))         # memtable_flush_after_mins
        if indexed:
            comparator = "UTF8Type"
            f[5] = b(comparator)
            cd = {1: b("birth"), 2: b(M + "LongType"), 3: i32(0)}
            if self.probe():
                cd[5] = W.map_("bin", "bin", [])             # index_options (1.0 on)
                if self.rng.random() < 0.5:
                    cd[3] = i32(self.rng.choice([1, 2]))     # CUSTOM, COMPOSITES
            f[13] = W.list_("struct", [struct(cd)])
        if self.probe():
            f.update(self.later_cf_fields())
        self.cfs[name] = {"kind": kind, "comparator": comparator, "sub": sub,
                          "validator": validator, "id": self.next_id}
        self.next_id += 1
        return struct(f)

    def ks_def(self, cfs):
        f = {1: b(self.ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
             5: W.list_("struct", cfs)}
        if self.r < (0, 8):
            f[4] = i32(1)
            if self.probe():
                f[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
        else:
            f[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
            if self.probe():
                f[4] = i32(1)
        if self.probe():
            f[6] = W.boolean(self.rng.random() < 0.5)       # durable_writes (0.8 on)
        return struct(f)

    def column(self, cf, i=None):
        f = {1: self.cname(cf, i), 2: self.value_of(self.cfs[cf]["validator"],
                                                      self.rng.randrange(100)),
             3: ts(self.rng.randrange(1, 1000))}
        if self.rng.random() < 0.2:
            f[4] = i32(self.rng.choice([1000, 86400]) if not self.probe() else
                       self.rng.choice([0, -1]))
        if self.probe():
            del f[self.rng.choice([2, 3])]                   # required in 0.7
        return struct(f)

    def predicate(self, cf):
        if self.rng.random() < 0.4:
            return struct({1: W.list_("bin", [self.cname(cf) for _ in range(self.rng.randint(1, 3))])})
        count = self.rng.choice([1, 3, 100]) if not self.probe() else self.rng.choice([0, -1, 2 ** 31 - 1])
        return struct({2: struct({1: b(""), 2: b(""), 3: W.boolean(self.rng.random() < 0.3),
                                  4: i32(count)})})

    def parent(self, cf):
        return struct({3: b(cf)})

    def key_range(self):
        f = {1: b(""), 2: b(""), 5: i32(self.rng.choice([2, 100]))}
        if self.probe() and "Idx" in self.cfs:
            f[6] = W.list_("struct", [struct({1: b("birth"), 2: i32(0),
                                              3: self.value_of("LongType", 3)})])
        return struct(f)

    # ------------------------------------------------------------------ the sequence
    def sequence(self):
        steps = []
        cfs = [self.cf_def("Std"), self.cf_def("Sup", "Super")]
        if self.rng.random() < 0.7:
            cfs.append(self.cf_def("Idx", indexed=True))
        if self.r >= (0, 8) and self.rng.random() < 0.6:
            cfs.append(self.cf_def("Cnt", counter=True))
        steps.append(step("system_add_keyspace", {1: self.ks_def(cfs)}, SCHEMA))
        steps.append(step("set_keyspace", {1: b(self.ks)}))
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        ops = [self.op_insert] * 5 + [self.op_get, self.op_slice, self.op_slice, self.op_multiget,
                                      self.op_count, self.op_range, self.op_batch, self.op_batch,
                                      self.op_remove, self.op_describe, self.op_schema]
        if "Idx" in self.cfs:
            ops += [self.op_indexed, self.op_insert_idx]
        if "Cnt" in self.cfs:
            ops += [self.op_counter, self.op_counter]
        if self.has("execute_cql_query") and self.r < (1, 2):
            ops += [self.op_cql2]
        # what client libraries send besides (pycassa's and Hector's connect and
        # SystemManager calls, their range paging, super column paths)
        ops += [self.op_client, self.op_client, self.op_page, self.op_super, self.op_super,
                self.op_schema_more]
        ops += [self.op_truncate]
        for _ in range(self.nsteps):
            s = self.rng.choice(ops)()
            if isinstance(s, list):
                steps.extend(s)
            elif s:
                steps.append(s)
        steps.append(step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"))
        return steps

    def data_cf(self):
        return self.rng.choice([c for c in self.cfs if self.cfs[c]["validator"] != "CounterColumnType"])

    def op_insert(self):
        cf = self.data_cf()
        parent = {3: b(cf)}
        if self.cfs[cf]["kind"] == "Super":
            parent[4] = self.value_of(self.cfs[cf]["comparator"], self.rng.randrange(3))
        return step("insert", {1: b(self.key()), 2: struct(parent), 3: self.column(cf), 4: self.cl()})

    def op_insert_idx(self):
        col = struct({1: b("birth"), 2: self.value_of("LongType", self.rng.randrange(5)),
                      3: ts(self.rng.randrange(1, 1000))})
        return step("insert", {1: b(self.key()), 2: self.parent("Idx"), 3: col, 4: self.cl()})

    def op_get(self):
        cf = self.data_cf()
        path = {3: b(cf), 5: self.cname(cf)}
        if self.cfs[cf]["kind"] == "Super":
            path[4] = self.value_of(self.cfs[cf]["comparator"], self.rng.randrange(3))
            if self.rng.random() < 0.3:
                del path[5]
        return step("get", {1: b(self.key()), 2: struct(path), 3: self.cl()})

    def op_slice(self):
        cf = self.data_cf()
        return step("get_slice", {1: b(self.key()), 2: self.parent(cf), 3: self.predicate(cf),
                                  4: self.cl()})

    def op_multiget(self):
        cf = self.data_cf()
        keys = W.list_("bin", [b(k) for k in self.rng.sample(self.keys, 3)])
        call = self.rng.choice(["multiget_slice", "multiget_count"])
        return step(call, {1: keys, 2: self.parent(cf), 3: self.predicate(cf), 4: self.cl()})

    def op_count(self):
        cf = self.data_cf()
        return step("get_count", {1: b(self.key()), 2: self.parent(cf), 3: self.predicate(cf),
                                  4: self.cl()})

    def op_range(self):
        cf = self.data_cf()
        return step("get_range_slices", {1: self.parent(cf), 2: self.predicate(cf),
                                         3: self.key_range(), 4: self.cl()})

    def op_indexed(self):
        op = 0 if not self.probe() else self.rng.choice([1, 2, 5])
        clause = struct({1: W.list_("struct", [struct({1: b("birth"), 2: i32(op),
                                                       3: self.value_of("LongType", 2)})]),
                         2: b(""), 3: i32(100)})
        return step("get_indexed_slices", {1: self.parent("Idx"), 2: clause,
                                           3: self.predicate("Idx"), 4: self.cl()})

    def op_batch(self):
        cf = self.data_cf()
        muts = []
        for _ in range(self.rng.randint(1, 3)):
            if self.rng.random() < 0.7:
                if self.cfs[cf]["kind"] == "Super":
                    sc = struct({1: self.value_of(self.cfs[cf]["comparator"], 1),
                                 2: W.list_("struct", [self.column(cf)])})
                    muts.append(struct({1: struct({2: sc})}))
                else:
                    muts.append(struct({1: struct({1: self.column(cf)})}))
            else:
                d = {1: ts(self.rng.randrange(1, 1000)),
                     3: struct({1: W.list_("bin", [self.cname(cf)])})}
                if self.probe():
                    del d[1]
                muts.append(struct({2: struct(d)}))
        mm = W.map_("bin", "map", [(b(self.key()), W.map_("bin", "list", [
            (b(cf), W.list_("struct", muts))]))])
        return step("batch_mutate", {1: mm, 2: self.cl()})

    def op_remove(self):
        cf = self.data_cf()
        path = {3: b(cf)}
        if self.rng.random() < 0.5 and self.cfs[cf]["kind"] != "Super":
            path[5] = self.cname(cf)
        return step("remove", {1: b(self.key()), 2: struct(path),
                               3: ts(self.rng.randrange(1, 1000)), 4: self.cl()})

    def op_counter(self):
        if self.rng.random() < 0.6:
            col = struct({1: self.cname("Cnt"), 2: W.i64(self.rng.randint(-5, 5))})
            return step("add", {1: b(self.key()), 2: self.parent("Cnt"), 3: col, 4: self.cl()})
        return step("get_slice", {1: b(self.key()), 2: self.parent("Cnt"),
                                  3: self.predicate("Cnt"), 4: self.cl()})

    def op_describe(self):
        c = self.rng.choice(["describe_keyspace", "describe_version", "describe_cluster_name",
                             "describe_partitioner", "describe_snitch", "describe_keyspace_other"])
        if c == "describe_keyspace":
            return step(c, {1: b(self.ks)}, "0/5/*/16")
        if c == "describe_keyspace_other":
            return step("describe_keyspace", {1: b(self.rng.choice(["system", "nope"]))},
                        "0/5/*/16")
        return step(c, {})

    def op_schema(self):
        choice = self.rng.random()
        if choice < 0.4:
            name = "Add%d" % self.next_id
            return step("system_add_column_family", {1: self.cf_def(name)}, SCHEMA)
        cf = self.rng.choice(list(self.cfs))
        c = self.cfs[cf]
        if choice < 0.8 and c["kind"] == "Standard" and c["validator"] != "CounterColumnType" \
                and cf != "Idx":
            f = {1: b(self.ks), 2: b(cf), 3: b(c["kind"]), 5: b(c["comparator"]),
                 15: b(c["validator"]), 8: b("updated"),
                 14: i32(self.rng.choice([0, 3600, 864000]))}
            if self.r < (1, 2):
                f[16] = i32(c["id"])
            if self.probe():
                f.update(self.later_cf_fields())
            update = step("system_update_column_family", {1: struct(f)}, SCHEMA)
            if self.r != (1, 1):
                return update
            # 1.1 spent ids on CQL 2 CREATEs and on refused adds the generator cannot
            # foresee, and fails a wrong id on the server: read the id first, as pycassa's
            # alter_column_family did (the runner sends the id that describe_keyspace gave)
            update["id_from_previous"] = True
            return [step("describe_keyspace", {1: b(self.ks)}, "0/5/*/16"), update]
        return None

    def op_client(self):
        c = self.rng.choice(["keyspaces", "ring", "versions", "splits", "token_map", "login",
                             "set_keyspace"])
        if c == "keyspaces":
            return step("describe_keyspaces", {}, "0/*/5/*/16")
        if c == "ring":
            ks = self.ks if self.rng.random() < 0.8 else "system"
            return step("describe_ring", {1: b(ks)}, "0/*/1", "0/*/2", "0/*/3", "0/*/4", "0/*/5")
        if c == "versions":
            return step("describe_schema_versions", {}, "0")
        if c == "splits":
            return step("describe_splits", {1: b(self.data_cf()), 2: b("0"), 3: b("0"),
                                            4: i32(128)}, "0")
        if c == "token_map" and self.has("describe_token_map"):
            return step("describe_token_map", {}, "0")
        if c == "login":
            creds = struct({1: W.map_("bin", "bin", [(b("username"), b("u")),
                                                     (b("password"), b("p"))])})
            return step("login", {1: creds})
        return step("set_keyspace", {1: b(self.ks)})

    def op_page(self):
        """get_range_slices paged by key as pycassa's get_range does: from the last key seen."""
        cf = self.data_cf()
        f = {1: b(self.rng.choice(self.keys)), 2: b(""), 5: i32(self.rng.choice([1, 2, 3]))}
        if self.rng.random() < 0.3:
            f = {3: b("0"), 4: b("0"), 5: i32(self.rng.choice([2, 100]))}
        return step("get_range_slices", {1: self.parent(cf), 2: self.predicate(cf),
                                         3: struct(f), 4: self.cl()})

    def op_super(self):
        sup = self.value_of(self.cfs["Sup"]["comparator"], self.rng.randrange(3))
        parent = struct({3: b("Sup"), 4: sup})
        c = self.rng.choice(["slice", "multiget", "count", "get_sc", "remove_sub", "remove_sc",
                             "batch_del", "range"])
        if c == "slice":
            return step("get_slice", {1: b(self.key()), 2: parent, 3: self.predicate("Sup"),
                                      4: self.cl()})
        if c == "multiget":
            keys = W.list_("bin", [b(k) for k in self.rng.sample(self.keys, 3)])
            return step("multiget_slice", {1: keys, 2: parent, 3: self.predicate("Sup"),
                                           4: self.cl()})
        if c == "count":
            return step("get_count", {1: b(self.key()), 2: parent, 3: self.predicate("Sup"),
                                      4: self.cl()})
        if c == "get_sc":
            return step("get", {1: b(self.key()), 2: struct({3: b("Sup"), 4: sup}),
                                3: self.cl()})
        if c == "remove_sub":
            return step("remove", {1: b(self.key()), 2: struct({3: b("Sup"), 4: sup,
                                                                5: self.cname("Sup")}),
                                   3: ts(self.rng.randrange(1, 1000)), 4: self.cl()})
        if c == "remove_sc":
            return step("remove", {1: b(self.key()), 2: struct({3: b("Sup"), 4: sup}),
                                   3: ts(self.rng.randrange(1, 1000)), 4: self.cl()})
        if c == "range":
            return step("get_range_slices", {1: parent, 2: self.predicate("Sup"),
                                             3: self.key_range(), 4: self.cl()})
        d = {1: ts(self.rng.randrange(1, 1000)), 2: sup}
        if self.rng.random() < 0.5:
            d[3] = struct({1: W.list_("bin", [self.cname("Sup")])})
        mm = W.map_("bin", "map", [(b(self.key()), W.map_("bin", "list", [
            (b("Sup"), W.list_("struct", [struct({2: struct(d)})]))]))])
        return step("batch_mutate", {1: mm, 2: self.cl()})

    def op_schema_more(self):
        c = self.rng.choice(["drop_cf", "update_ks", "describe_other", "add_ks_drop"])
        added = [n for n in self.cfs if n.startswith("Add")]
        if c == "drop_cf" and added:
            name = self.rng.choice(added)
            del self.cfs[name]
            return step("system_drop_column_family", {1: b(name)}, SCHEMA)
        if c == "update_ks":
            f = {1: b(self.ks), 2: b("org.apache.cassandra.locator.SimpleStrategy"),
                 5: W.list_("struct", [])}
            if self.r < (0, 8):
                f[4] = i32(1)
            else:
                f[3] = W.map_("bin", "bin", [(b("replication_factor"), b("1"))])
                if self.rng.random() < 0.5:
                    f[6] = W.boolean(self.rng.random() < 0.5)
            return step("system_update_keyspace", {1: struct(f)}, SCHEMA)
        if c == "add_ks_drop":
            return step("system_drop_keyspace", {1: b("dt_nope")}, SCHEMA)
        return step("describe_keyspace", {1: b("system")}, "0/5/*/16")

    def op_truncate(self):
        if self.rng.random() < 0.5:
            return None
        return step("truncate", {1: b(self.data_cf())})

    def op_cql2(self):
        cf = "Std"
        n = self.rng.randrange(12)
        q = self.rng.choice([
            "SELECT * FROM %s" % cf, "SELECT COUNT(*) FROM %s" % cf,
            "SELECT FIRST 2 * FROM %s WHERE KEY = 'k1'" % cf,
            "SELECT * FROM %s WHERE KEY IN ('k1', 'k2')" % cf,
            "SELECT FIRST 3 REVERSED * FROM %s WHERE KEY = 'k2'" % cf,
            "SELECT * FROM %s WHERE KEY > 'k1' LIMIT 2" % cf,
            "INSERT INTO %s (KEY, '%s') VALUES ('k%d', '%d')" % (cf, "c%02d" % n, n % 6, n),
            "UPDATE %s SET '%s' = '%d' WHERE KEY = 'k%d'" % (cf, "c%02d" % n, n, n % 6),
            "UPDATE %s USING CONSISTENCY ONE AND TTL 300 SET '%s' = 'x' WHERE KEY = 'k1'"
            % (cf, "c%02d" % n),
            "DELETE '%s' FROM %s WHERE KEY = 'k%d'" % ("c%02d" % n, cf, n % 6),
            "DELETE FROM %s WHERE KEY = 'k%d'" % (cf, n % 6),
            "USE %s" % self.ks,
            "CREATE COLUMNFAMILY Cql%d (KEY text PRIMARY KEY, v text) WITH comment='c'" % n,
            "SELECT * FROM NoSuchCf", "SELEC nonsense",
        ])
        return step("execute_cql_query", {1: b(q), 2: i32(2)}, "0/2/*/2/*/3")


if __name__ == "__main__":
    import difftest_run
    sys.exit(difftest_run.main(Gen))
