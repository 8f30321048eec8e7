"""difftest.py's runner: which sequences run on which nodes, the real release's replies (and
their cache), the emulation's, and what differed. It owns scheduling, nodes, the cache and the
kept cases; it must not decide what a sequence sends (difftest.py's Gen and difftest_app.py's
AppGen do, from a release's facts), so a version and seed always send the same calls.

--per-node N runs N sequences in order on one real node and one emulation (each over a
connection of its own, each in its own keyspace, dropped at its end): a node's start, not its
calls, was most of a sequence's time. Two things carry from one sequence to the next there, on
both sides alike: the column family id counter of 0.7-1.1 (an update names its CF by the id, so
the runner adds to each such id what the node's counter had reached, read from the node's own
describe_keyspace of the sequence's keyspace) and whatever a sequence left behind. A sequence
that differs on a shared node is run again alone on fresh nodes; what --keep keeps is then that
sequence alone when it differs alone, else the node's sequences up to it as one case (replayed
over one connection, as replay.py does), when that differs too.
"""
import hashlib
import json
import os
import random
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.environ.get("CONFORMANCE_DIR",
                                  os.path.join(os.path.dirname(ROOT), "shared", "conformance")))
import corpus  # noqa: E402
import thriftwire as W  # noqa: E402

RELEASES_DIR = os.environ.get("RELEASES_DIR", "/work/scratch-versions")
SC_BIN = os.environ.get("SUPERCOLUMN_BIN", os.path.join(ROOT, "target/release/supercolumn"))
# start.sh's heap (1G), which 0.7 and 0.8 sized their memtable defaults from
SC_ARGS = os.environ.get("DIFFTEST_SC_ARGS", "--jvm-heap 1024").split()
FIRST_CF_ID = 1000  # what a fresh 0.7-1.1 node gives its first column family (Gen counts from it)


def free_port():
    lo, _, hi = os.environ.get("DIFFTEST_PORTS", "0-0").partition("-")
    for _ in range(200):
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", random.randint(int(lo), int(hi or lo))))
        except OSError:
            s.close()
            continue
        p = s.getsockname()[1]
        s.close()
        return p
    raise OSError("no free port in DIFFTEST_PORTS")


# ------------------------------------------------------------------------- nodes
class RealNode:
    def __init__(self, version, yaml=None):
        self.v, self.yaml = version, yaml

    def __enter__(self):
        cmd = [os.path.join(RELEASES_DIR, self.v, "start.sh")]
        for attempt in range(3):
            # a port picked free may be taken before the node binds it: try another
            self.port = free_port()
            out = subprocess.run(cmd + [str(self.port)] + ([self.yaml] if self.yaml else []),
                                 capture_output=True, text=True)
            if out.returncode == 0:
                self.pid = out.stdout.strip().splitlines()[-1]
                return self
            if attempt == 2 or "in use" not in out.stderr + out.stdout and \
                    "Address already in use" not in out.stderr:
                raise RuntimeError("start.sh failed: %s" % out.stderr[-2000:])
        raise RuntimeError("unreachable")

    def __exit__(self, *a):
        subprocess.run([os.path.join(RELEASES_DIR, self.v, "stop.sh"), self.pid],
                       capture_output=True)


class Supercolumn:
    def __init__(self, version, yaml):
        self.v, self.yaml = version, yaml

    def __enter__(self):
        self.port = free_port()
        cmd = [SC_BIN, "serve", "--in-memory", "--listen", "127.0.0.1:%d" % self.port,
               "--native-listen", "127.0.0.1:0", "--admin-listen", "off",
               "--cassandra-version", self.v] + SC_ARGS
        if self.yaml:
            cmd += ["--config", self.yaml]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        return self

    def __exit__(self, *a):
        self.proc.kill()
        self.proc.wait()


# ------------------------------------------------------------------------- sending
def prepared_args(args, prepare_reply):
    """execute_prepared_cql3_query's args with the item id the node's own prepare answered."""
    try:
        item = prepare_reply["body"]["f"]["0"]["f"]["1"]
    except (KeyError, TypeError):
        return args
    return W.struct(dict(args["f"], **{"1": item}))


def cf_id_offset(reply, ks):
    """How far the node's CF id counter was past a fresh node's when the sequence made its
    keyspace: its first column family's id (Gen's `Std`) minus the fresh node's, from a
    describe_keyspace reply of the sequence's keyspace; None when the reply is not one."""
    try:
        ksdef = reply["body"]["f"]["0"]
        if ksdef["f"]["1"].get("v") != ks:
            return None
        for cf in ksdef["f"]["5"]["v"]:
            if cf["f"]["2"].get("v") == "Std" and cf["f"]["16"]["t"] == "i32":
                return cf["f"]["16"]["v"] - FIRST_CF_ID
    except (KeyError, TypeError, AttributeError):
        return None
    return None


def listed_cf_id(reply, ks, args):
    """The id a describe_keyspace reply of ks gives the column family the update's CfDef
    names (an application reads it so before an update), None when it lists no such one."""
    try:
        name = args["f"]["1"]["f"]["2"].get("v")
        ksdef = reply["body"]["f"]["0"]
        if ksdef["f"]["1"].get("v") != ks:
            return None
        for cf in ksdef["f"]["5"]["v"]:
            if cf["f"]["2"].get("v") == name and cf["f"]["16"]["t"] == "i32":
                return cf["f"]["16"]["v"]
    except (KeyError, TypeError, AttributeError):
        return None
    return None


def with_described_cfdef(args, reply, ks):
    """system_update_column_family's args as pycassa's alter_column_family sent them: the
    CfDef a describe_keyspace reply of ks gave the column family, with the generated fields
    over it (as they are when the reply lists no such column family)."""
    try:
        cf = args["f"]["1"]
        name = cf["f"]["2"].get("v")
        ksdef = reply["body"]["f"]["0"]
        if ksdef["f"]["1"].get("v") != ks:
            return args
        for described in ksdef["f"]["5"]["v"]:
            if described["f"]["2"].get("v") == name:
                cfdef = W.struct(dict(described["f"], **cf["f"]))
                return W.struct(dict(args["f"], **{"1": cfdef}))
    except (KeyError, TypeError, AttributeError):
        return args
    return args


def with_cf_id(args, offset):
    """system_update_column_family's args with the CfDef's id moved by offset."""
    try:
        cf = args["f"]["1"]
        old = cf["f"]["16"]
    except (KeyError, TypeError):
        return args
    if not offset or old.get("t") != "i32":
        return args
    cfdef = W.struct(dict(cf["f"], **{"16": W.i32(old["v"] + offset)}))
    return W.struct(dict(args["f"], **{"1": cfdef}))


def sent_args(seq, i, own, real):
    """The args step i of seq is sent with: the generated ones, an update's CF id moved by the
    counter the real node had reached (from the real node's replies, `real`, on both sides), a
    prepared id from this side's own prepare (`own`)."""
    s = seq["steps"][i]
    args = s["args"]
    if "prepared_from" in s:
        args = prepared_args(args, own[s["prepared_from"]])
    if s.get("cfdef_from_previous") and i > 0:
        args = with_described_cfdef(args, real[i - 1], seq.get("ks"))
    if s.get("id_from_previous") and i > 0:
        cf_id = listed_cf_id(real[i - 1], seq.get("ks"), args)
        if cf_id is not None:
            cf = args["f"]["1"]
            return W.struct(dict(args["f"], **{"1": W.struct(dict(cf["f"], **{"16": W.i32(cf_id)}))}))
    if s["call"] == "system_update_column_family" and seq.get("ks"):
        offset = None
        for j in range(i):
            if seq["steps"][j]["call"] == "describe_keyspace":
                offset = cf_id_offset(real[j], seq["ks"])
                if offset is not None:
                    break
        args = with_cf_id(args, offset)
    return args


def play(port, seqs, base, framed, real=None, one_connection=False):
    """Sends each sequence in order to the node on port, each over a connection of its own
    (one for all with one_connection); returns each sequence's (replies, args as sent).
    `real` is the real node's replies of the same sequences (None: this is the real node)."""
    out = []
    r = corpus.Runner("127.0.0.1", port, framed, base, 20.0)
    for k, seq in enumerate(seqs):
        replies, sent = [], []
        for i, s in enumerate(seq["steps"]):
            args = sent_args(seq, i, replies, real[k] if real is not None else replies)
            sent.append(args)
            if s.get("sleep"):
                # real time passing (a TTL's expiry), on both sides alike
                time.sleep(s["sleep"])
            replies.append(r.call(s["call"], args))
        if not one_connection:
            r.close()
        out.append((replies, sent))
    r.close()
    return out


SERVER_CLOCK = 10 ** 12  # a timestamp from 2001 on in milliseconds, or microseconds
CLIENT_TS = 1000  # the generated sequences' relative timestamps lie in [1, 1000)


def server_clock(reply):
    """reply with every timestamp the server's clock gave masked: a CQL 2 write (before
    1.2) took the server's time, read back by any later call, where a client's timestamps
    are sent (and compared) relative to the run's base (`ts`). A server's clock within
    corpus.TS_SPAN of the base was read back rebased too (a real node's, in the first
    seconds of its run; the emulation, replayed later from a cache, answers absolute), so
    a rebased value at or past CLIENT_TS, which no generated call sent, is the server's
    clock as well."""
    if isinstance(reply, list):
        return [server_clock(r) for r in reply]
    if not isinstance(reply, dict):
        return reply
    if reply.get("t") == "i64":
        try:
            v = int(reply.get("v"))
        except (TypeError, ValueError):
            return reply
        if v >= (CLIENT_TS if reply.get("ts") else SERVER_CLOCK):
            return {"t": "i64", "v": "(server clock)"}
        return reply
    return {k: server_clock(v) for k, v in reply.items()}


def compare(steps, expected, actual):
    diffs = []
    for i, (s, exp, act) in enumerate(zip(steps, expected, actual)):
        if s.get("reset"):
            continue
        ok, d, msg = corpus.compare(server_clock(exp), server_clock(act), s["mask"])
        if not ok:
            diffs.append((i, s, exp, act, d))
        elif msg and msg[0] != msg[1]:
            diffs.append((i, s, exp, act, [("(message)", msg[0], msg[1])]))
    return diffs


def args_as_sent(seq, replies):
    """The args the real node was sent, from its replies (as play computed them)."""
    return [sent_args(seq, i, replies[:i], replies) for i in range(len(seq["steps"]))]


# ------------------------------------------------------------------------- sequences
def make_gen(o, seed, gen_class):
    if o.cql2:
        import difftest_cql2
        return difftest_cql2.Cql2Gen(o.version, seed, o.steps, o.probes,
                                     random.Random("cql2:%s:%d" % (o.version, seed)))
    if o.cql3:
        import difftest_cql3
        return difftest_cql3.Cql3Gen(o.version, seed, o.steps, o.probes,
                                     random.Random("cql3:%s:%d" % (o.version, seed)))
    if o.app:
        import difftest_app
        if o.client:
            return difftest_app.AppGen(o.version, seed, o.steps, o.probes, random.Random(
                "app:%s:%s:%d" % (o.version, o.client, seed)), o.client)
        return difftest_app.AppGen(o.version, seed, o.steps, o.probes,
                                   random.Random("app:%s:%d" % (o.version, seed)))
    return gen_class(o.version, seed, o.steps, o.probes)


def drop_step(ks):
    return {"call": "system_drop_keyspace", "args": W.struct({1: W.bin_(ks.encode())}),
            "mask": ["0"]}


def app_flags(o):
    return (" --app" if o.app else "") + (" --cql2" if o.cql2 else "") + \
        (" --cql3" if o.cql3 else "") + (" --client %s" % o.client if o.client else "")


def sequences(o, gen_class):
    """Each sequence to run ({name, steps, notes, ks}): generated, or the calls of cases.
    On a shared node (--per-node above 1) each generated one ends by dropping its keyspace,
    unless it did so itself."""
    if o.cases:
        for case in corpus.load_cases(o.cases):
            # a case's `sleep` (real time passing before the step: a TTL's expiry) and
            # `prepared_from` are sent as a generated sequence's are
            steps = [dict({"call": s["call"], "args": s["args"], "mask": s.get("mask", []),
                           "reset": s.get("reset", False)},
                          **{k: s[k] for k in ("sleep", "prepared_from") if k in s})
                     for s in case["steps"]]
            yield {"name": case["name"], "steps": steps, "ks": None,
                   "notes": "the calls of case %s" % case["name"]}
        return
    a, _, z = o.seeds.partition("-")
    for seed in range(int(a), int(z or a) + 1):
        gen = make_gen(o, seed, gen_class)
        steps = gen.sequence()
        cmd = "difftest.py %s%s --seeds %d --steps %d --probes %s" % (
            o.version, app_flags(o), seed, o.steps, o.probes)
        if o.per_node > 1:
            last = steps[-1]
            if last["call"] != "system_drop_keyspace" or \
                    last["args"]["f"]["1"].get("v") != gen.ks:
                steps.append(drop_step(gen.ks))
            cmd += " --per-node %d (alone: one sequence on a fresh node)" % o.per_node
        yield {"name": "seed %d" % seed, "seed": seed, "steps": steps, "ks": gen.ks,
               "notes": cmd}


# ------------------------------------------------------------------------- the real release
def cache_file(o, group, shared):
    """Where the real replies of these sequences are kept: one sequence on a fresh node by its
    calls (the key of earlier runs), sequences sharing a node by all of theirs, in order."""
    if not o.cache:
        return None
    if shared:
        what = [o.version, o.unframed, "per-node", [s["steps"] for s in group]]
        name = "%s-node-%s.json"
    else:
        what = [o.version, o.unframed, group[0]["steps"]]
        name = "%s-%s.json"
    key = hashlib.sha1(json.dumps(what, sort_keys=True).encode()).hexdigest()
    return os.path.join(o.cache, name % (o.version, key))


def real_replies(o, group, real_yaml, stats, shared=None, one_connection=False):
    """(timestamp base, each sequence's real replies): from the cache, or a fresh real node."""
    shared = len(group) > 1 if shared is None else shared
    cached = cache_file(o, group, shared)
    if cached and os.path.exists(cached):
        # the base its timestamps were sent at (messages quote them)
        base, expected = json.load(open(cached))
        return base, (expected if shared else [expected])
    base = corpus.timestamp_base()
    with RealNode(o.version, real_yaml) as node:
        stats["nodes"] += 1
        expected = [r for r, _ in play(node.port, group, base, not o.unframed,
                                       one_connection=one_connection)]
    if cached:
        os.makedirs(o.cache, exist_ok=True)
        with open(cached, "w") as fh:
            json.dump([base, expected if shared else expected[0]], fh)
    return base, expected


def real_token(group, expected):
    """The real node's token, from the first describe_ring it answered with one range (a
    node of 0.7-1.2's stock yaml picks it at random; 2.0 on own 256), else None."""
    for seq, replies in zip(group, expected):
        for s, r in zip(seq["steps"], replies):
            if s["call"] != "describe_ring":
                continue
            ring = ((r or {}).get("body") or {}).get("f", {}).get("0", {})
            if ring.get("t") == "list" and len(ring.get("v", [])) == 1:
                tok = ring["v"][0].get("f", {}).get("1", {})
                if tok.get("t") == "bin" and "v" in tok:
                    return tok["v"]
    return None


def with_token(sc_yaml, token):
    """A copy of sc_yaml whose initial_token is the real node's: 1.1's get_paged_slice cut
    the range at it, so the emulation answers for the same token (describe_ring's tokens
    are masked: a server-assigned value)."""
    if not sc_yaml or token is None:
        return sc_yaml
    path = "/tmp/difftest-token-%d.yaml" % os.getpid()
    with open(sc_yaml) as src, open(path, "w") as dst:
        for line in src:
            if line.startswith("initial_token:"):
                line = "initial_token: %s\n" % token
            dst.write(line)
    return path


def emulated(o, group, base, expected, sc_yaml, one_connection=False):
    with Supercolumn(o.version, with_token(sc_yaml, real_token(group, expected))) as sc:
        return [r for r, _ in play(sc.port, group, base, not o.unframed, real=expected,
                                   one_connection=one_connection)]


# ------------------------------------------------------------------------- kept cases
def write_case(o, name, notes, steps, sent, expected):
    os.makedirs(o.keep, exist_ok=True)
    case = {"name": name, "api": "19", "topic": "difftest", "framed": not o.unframed,
            "peer": "Apache Cassandra %s" % o.version, "config": None, "notes": notes,
            "steps": [dict({"call": s["call"], "args": a, "reply": exp, "mask": s["mask"]},
                           **({"reset": True} if s.get("reset") else {}))
                      for s, a, exp in zip(steps, sent, expected)]}
    path = os.path.join(o.keep, name + ".json")
    with open(path, "w") as fh:
        json.dump(case, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print("  kept %s (%d steps)" % (path, len(steps)))


def case_name(o, seq, suffix=""):
    return "%s_%s_%s%s" % ("dc" if o.client else "da" if o.app else "dq" if o.cql2 else
                           "d3" if o.cql3 else "dt",
                           o.version.replace(".", "_"),
                           seq["name"].replace("seed ", "").replace(" ", "_"), suffix)


def keep(o, group, k, yamls, stats):
    """Keeps sequence k of group as a case that replays alone: the sequence by itself when it
    differs alone on fresh nodes, else the group's sequences up to it over one connection."""
    seq = group[k]
    base, exp = real_replies(o, [seq], yamls[0], stats, shared=False)
    if len(group) == 1:
        write_case(o, case_name(o, seq), seq["notes"], seq["steps"],
                   args_as_sent(seq, exp[0]), exp[0])
        return
    act = emulated(o, [seq], base, exp, yamls[1])
    if compare(seq["steps"], exp[0], act[0]):
        write_case(o, case_name(o, seq), seq["notes"] + "; alone, it differs too",
                   seq["steps"], args_as_sent(seq, exp[0]), exp[0])
        return
    # only after the node's earlier sequences: all of them, as sent there, in one case
    shared_base, shared_exp = real_replies(o, group[:k + 1], yamls[0], stats)
    steps = []
    for s, r in zip(group[:k + 1], shared_exp):
        for st, a in zip(s["steps"], args_as_sent(s, r)):
            steps.append(dict(st, args=a))
    prefix = {"name": seq["name"], "steps": steps, "ks": None}
    base, exp = real_replies(o, [prefix], yamls[0], stats, shared=False, one_connection=True)
    act = emulated(o, [prefix], base, exp, yamls[1], one_connection=True)
    if not compare(steps, exp[0], act[0]):
        print("  (differs only on a shared node, over connections of their own: not kept)")
        return
    first = group[0]["name"].replace("seed ", "")
    write_case(o, case_name(o, seq, "_after_%s" % first),
               seq["notes"] + "; after seeds %s to its own on one node, over one connection"
               % first, steps, args_as_sent(prefix, exp[0]), exp[0])


# ------------------------------------------------------------------------- main
def main(gen_class):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--probes", type=float, default=0.15)
    ap.add_argument("--per-node", type=int, default=1,
                    help="sequences run in order on one real node and one emulation")
    ap.add_argument("--stock-yaml", action="store_true")
    ap.add_argument("--unframed", action="store_true")
    ap.add_argument("--cases", nargs="+")
    ap.add_argument("--keep")
    ap.add_argument("--app", action="store_true",
                    help="application-style sequences (difftest_app.py) instead of IDL probes")
    ap.add_argument("--client", help="with --app: the release whose IDL the application was "
                    "built against (e.g. 1.2), sending what it sent whatever the release")
    ap.add_argument("--cql2", action="store_true",
                    help="CQL 2 application sequences (difftest_cql2.py): execute_cql_query, "
                    "1.1's prepared statements, 1.2 after set_cql_version('2.0.0')")
    ap.add_argument("--cql3", action="store_true",
                    help="CQL 3 application sequences over Thrift (difftest_cql3.py), 1.2 on")
    ap.add_argument("--cache")
    ap.add_argument("--real-only", action="store_true")
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    if o.cql3 and (o.app or tuple(int(x) for x in o.version.split(".")[:2]) < (1, 2)):
        ap.error("--cql3 is for 1.2 on, without --app")
    if o.client and not o.app:
        ap.error("--client needs --app")
    if o.cql2 and (o.app or o.cases):
        ap.error("--cql2 is a generator of its own (not with --app or --cases)")
    if o.cases and o.per_node > 1:
        ap.error("--per-node is for generated sequences (cases are recorded on fresh nodes)")
    stock = os.path.join(RELEASES_DIR, o.version, "conf.orig", "cassandra.yaml")
    real_yaml, sc_yaml = None, stock if o.stock_yaml else None
    if o.unframed:
        real_yaml = sc_yaml = "/tmp/difftest-unframed-%s.yaml" % o.version
        with open(stock) as src, open(real_yaml, "w") as dst:
            for line in src:
                if line.startswith("thrift_framed_transport_size_in_mb:"):
                    line = "thrift_framed_transport_size_in_mb: 0\n"
                dst.write(line)
    started = time.time()
    stats = {"nodes": 0}
    total = differing = nseq = 0
    seqs = list(sequences(o, gen_class))
    n = max(1, o.per_node)
    for g in range(0, len(seqs), n):
        group = seqs[g:g + n]
        try:
            base, expected = real_replies(o, group, real_yaml, stats)
        except RuntimeError as e:
            # a node that would not start (a loaded machine): the run goes on without it
            print("%s to %s: not run (%s)" % (group[0]["name"], group[-1]["name"], e))
            stats["failed"] = stats.get("failed", 0) + len(group)
            continue
        if o.real_only:
            for seq in group:
                nseq += 1
                total += len(seq["steps"])
                print("%s: recorded" % seq["name"])
            continue
        actual = emulated(o, group, base, expected, sc_yaml)
        for k, (seq, exp, act) in enumerate(zip(group, expected, actual)):
            nseq += 1
            diffs = compare(seq["steps"], exp, act)
            total += len(seq["steps"])
            differing += len(diffs)
            print("%s: %d calls, %d differ" % (seq["name"], len(seq["steps"]), len(diffs)))
            for i, s, e, a, why in diffs if o.v else diffs[:5]:
                print("  step %d %s %s" % (i, s["call"], W.render(s["args"])[:400]))
                for path, ev, av in why[:3]:
                    print("    %s: release %s | supercolumn %s" % (path, str(ev)[:300],
                                                                 str(av)[:300]))
            sys.stdout.flush()
            if diffs and o.keep:
                keep(o, group, k, (real_yaml, sc_yaml), stats)
    mins = (time.time() - started) / 60
    print("%s: %d sequences, %d calls, %d differ (%d real nodes started, %.1f min, "
          "%.0f calls/min)" % (o.version, nseq, total, differing, stats["nodes"], mins,
                               total / mins if mins else 0))
    if stats.get("failed"):
        print("%d sequences not run: a real node did not start" % stats["failed"])
    return 1 if differing or stats.get("failed") else 0
