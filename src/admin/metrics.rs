//! `GET /metrics`: the Prometheus (OpenMetrics) text of the request
//! counters and latencies, recorded as calls are answered (see
//! [`crate::node::calls::observe`]), and of the server and storage figures read at
//! each scrape (connections, memory in flight, memtables, SSTables, commit
//! log, compactions).
//!
//! Recording is the hot path: every handle is created at start for every
//! (generation, method) pair, and every native (opcode, statement kind)
//! pair, and a call finds its own by a binary search of the method name:
//! a few comparisons and atomic adds, no allocation.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::budget::Budget;
use crate::node::calls::observe::{CallObserver, CallSeen, BATCH_KINDS, STATEMENT_KINDS};
use crate::node::Node;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric, NoLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::metrics::MetricType;
use prometheus_client::registry::Registry;
use std::sync::Arc;

/// Every method of both API generations (`release::methods`), sorted;
/// any other name counts as "other".
fn method_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = crate::release::methods::all().map(|m| m.name).collect();
    names.sort_unstable();
    names.dedup();
    names
}
const OTHER: &str = "other";
const APIS: [&str; 2] = ["0.6", "19"];

type Labels = Vec<(&'static str, &'static str)>;

/// The handles one (generation, method) pair records into.
struct PerCall {
    requests: Counter,
    errors: Counter,
    latency: Histogram,
}

/// The native protocol's request opcodes; any other counts as "other".
const NATIVE_OPCODES: &[&str] = &[
    "AUTH_RESPONSE",
    "BATCH",
    "CREDENTIALS",
    "EXECUTE",
    "OPTIONS",
    "PREPARE",
    "QUERY",
    "REGISTER",
    "STARTUP",
];

/// The statement kinds an opcode's requests have.
fn native_kinds(opcode: &str) -> Vec<&'static str> {
    match opcode {
        "QUERY" | "PREPARE" | "EXECUTE" => {
            let mut kinds = STATEMENT_KINDS.to_vec();
            kinds.push("OTHER");
            kinds
        }
        "BATCH" => BATCH_KINDS.to_vec(),
        _ => vec!["none"],
    }
}

/// The request metrics: the call observer installed on the node.
pub struct RequestMetrics {
    /// The Thrift methods, sorted (see [`method_names`]).
    methods: Vec<&'static str>,
    /// Indexed by generation then method (`methods`, then OTHER).
    handles: Vec<Vec<PerCall>>,
    /// Native requests by (opcode, statement kind), sorted; the last one
    /// counts the rest.
    native: Vec<((&'static str, &'static str), PerCall)>,
}

impl std::fmt::Debug for RequestMetrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RequestMetrics")
    }
}

impl RequestMetrics {
    fn register(registry: &mut Registry) -> RequestMetrics {
        let requests = Family::<Labels, Counter>::default();
        let errors = Family::<Labels, Counter>::default();
        let latency = Family::<Labels, Histogram>::new_with_constructor(|| {
            // 50 µs to ~6.5 s.
            Histogram::new(exponential_buckets(0.00005, 2.0, 18))
        });
        registry.register(
            "supercolumn_requests",
            "Thrift calls answered, by API generation and method",
            requests.clone(),
        );
        registry.register(
            "supercolumn_request_errors",
            "Thrift calls answered with an exception or not at all, by API generation and method",
            errors.clone(),
        );
        registry.register(
            "supercolumn_request_duration_seconds",
            "Time from a Thrift request read whole to its reply ready, by API generation and method",
            latency.clone(),
        );
        let methods = method_names();
        let names = methods.iter().chain(std::iter::once(&OTHER));
        let handles = APIS
            .iter()
            .map(|&api| {
                names
                    .clone()
                    .map(|&method| {
                        let labels = vec![("api", api), ("method", method)];
                        PerCall {
                            requests: requests.get_or_create(&labels).clone(),
                            errors: errors.get_or_create(&labels).clone(),
                            latency: latency.get_or_create(&labels).clone(),
                        }
                    })
                    .collect()
            })
            .collect();
        RequestMetrics {
            methods,
            handles,
            native: Self::register_native(registry),
        }
    }

    fn register_native(registry: &mut Registry) -> Vec<((&'static str, &'static str), PerCall)> {
        let requests = Family::<Labels, Counter>::default();
        let errors = Family::<Labels, Counter>::default();
        let latency = Family::<Labels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.00005, 2.0, 18))
        });
        registry.register(
            "supercolumn_native_requests",
            "Native protocol requests answered, by opcode and statement kind",
            requests.clone(),
        );
        registry.register(
            "supercolumn_native_request_errors",
            "Native protocol requests answered with an ERROR or not at all, by opcode and statement kind",
            errors.clone(),
        );
        registry.register(
            "supercolumn_native_request_duration_seconds",
            "Time from a native request decoded to its answer ready, by opcode and statement kind",
            latency.clone(),
        );
        let mut pairs: Vec<(&str, &str)> = NATIVE_OPCODES
            .iter()
            .flat_map(|&op| native_kinds(op).into_iter().map(move |k| (op, k)))
            .collect();
        pairs.sort_unstable();
        pairs.push((OTHER, "none"));
        pairs
            .into_iter()
            .map(|(opcode, kind)| {
                let labels = vec![("opcode", opcode), ("kind", kind)];
                let handles = PerCall {
                    requests: requests.get_or_create(&labels).clone(),
                    errors: errors.get_or_create(&labels).clone(),
                    latency: latency.get_or_create(&labels).clone(),
                };
                ((opcode, kind), handles)
            })
            .collect()
    }

    fn native_handles(&self, opcode: &[u8], kind: &str) -> &PerCall {
        let pairs = &self.native[..self.native.len() - 1];
        let at = pairs
            .binary_search_by(|((op, k), _)| op.as_bytes().cmp(opcode).then_with(|| (*k).cmp(kind)))
            .unwrap_or(pairs.len());
        &self.native[at].1
    }
}

impl CallObserver for RequestMetrics {
    fn call(&self, call: &CallSeen<'_>) {
        let h = if let Some(kind) = call.kind {
            self.native_handles(call.method, kind)
        } else {
            let api = usize::from(call.api != APIS[0]);
            let methods = &self.methods;
            let method = methods
                .binary_search_by(|m| m.as_bytes().cmp(call.method))
                .unwrap_or(methods.len());
            &self.handles[api][method]
        };
        h.requests.inc();
        if call.failed {
            h.errors.inc();
        }
        h.latency.observe(call.took.as_secs_f64());
    }
}

/// What the server (not the node) knows: its connections and the memory
/// held by requests and replies in flight.
pub struct ServerGauges {
    pub open_connections: Box<dyn Fn() -> usize + Send + Sync>,
    pub budget: Arc<Budget>,
}

/// The metrics registry of one server.
pub struct Metrics {
    registry: Registry,
    requests: Arc<RequestMetrics>,
}

impl Metrics {
    /// Registers every metric and installs the request recorder on `node`.
    pub fn install(node: &Arc<Node>, server: ServerGauges) -> Arc<Metrics> {
        let mut registry = Registry::default();
        let requests = Arc::new(RequestMetrics::register(&mut registry));
        if !node.observe_calls(requests.clone()) {
            tracing::warn!("a call observer was already installed: request metrics are off");
        }
        registry.register_collector(Box::new(Scraped {
            node: node.clone(),
            server: Arc::new(server),
        }));
        Arc::new(Metrics { registry, requests })
    }

    /// Thrift calls answered so far, of both generations, whose method
    /// `wanted` picks (nodetool tpstats).
    pub fn answered(&self, wanted: impl Fn(&str) -> bool) -> u64 {
        let names = self.requests.methods.iter().chain(std::iter::once(&OTHER));
        let mut total = 0;
        for per_api in &self.requests.handles {
            for (name, h) in names.clone().zip(per_api) {
                if wanted(name) {
                    total += h.requests.get();
                }
            }
        }
        total
    }

    /// The whole exposition text.
    pub fn render(&self) -> Result<String, AdminError> {
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)
            .map_err(|_| AdminError::Internal("cannot encode the metrics".into()))?;
        Ok(out)
    }
}

/// The OpenMetrics text type, which Prometheus reads.
pub const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// `GET /metrics`.
pub fn scrape(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    let metrics = state
        .get::<Metrics>()
        .ok_or_else(|| AdminError::NotFound("metrics are not collected by this server".into()))?;
    Ok(Response::body(OPENMETRICS, metrics.render()?))
}

/// The figures read at each scrape.
struct Scraped {
    node: Arc<Node>,
    server: Arc<ServerGauges>,
}

impl std::fmt::Debug for Scraped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scraped")
    }
}

fn gauge(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    kind: MetricType,
    values: &[(Vec<(&str, String)>, f64)],
) -> Result<(), std::fmt::Error> {
    let mut metric = encoder.encode_descriptor(name, help, None, kind)?;
    // An unlabelled metric has one sample, written without braces.
    if let [(labels, value)] = values {
        if labels.is_empty() {
            return match kind {
                MetricType::Counter => {
                    metric.encode_counter::<NoLabelSet, _, u64>(&(*value as u64), None)
                }
                _ => ConstGauge::new(*value).encode(metric),
            };
        }
    }
    for (labels, value) in values {
        let mut family = metric.encode_family(labels)?;
        match kind {
            MetricType::Counter => {
                family.encode_counter::<NoLabelSet, _, u64>(&(*value as u64), None)?
            }
            _ => ConstGauge::new(*value).encode(family)?,
        }
    }
    Ok(())
}

/// Metrics without labels, in order: (name, help, type, value) each.
fn unlabelled(
    encoder: &mut DescriptorEncoder,
    metrics: &[(&str, &str, MetricType, f64)],
) -> Result<(), std::fmt::Error> {
    for (name, help, kind, value) in metrics {
        gauge(encoder, name, help, *kind, &[(Vec::new(), *value)])?;
    }
    Ok(())
}

impl Collector for Scraped {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        self.encode_server(&mut encoder)?;
        self.encode_caches(&mut encoder)?;
        self.encode_cluster_errors(&mut encoder)?;
        // The storage gauges are the embedded engine's; a cluster has its own.
        if self.node.engine().is_some() {
            self.encode_tables(&mut encoder)?;
            self.encode_engine(&mut encoder)?;
        }
        Ok(())
    }
}

impl Scraped {
    /// The server's connections and the memory its requests hold.
    fn encode_server(&self, e: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let s = &self.server;
        unlabelled(
            e,
            &[
                (
                    "supercolumn_open_connections",
                    "Open client connections (Thrift, native and admin)",
                    MetricType::Gauge,
                    (s.open_connections)() as f64,
                ),
                (
                    "supercolumn_inflight_bytes",
                    "Bytes held by Thrift requests being read or run and replies not yet sent",
                    MetricType::Gauge,
                    s.budget.in_use_bytes() as f64,
                ),
            ],
        )
    }

    /// The prepared-statement caches, labelled by cache.
    fn encode_caches(&self, e: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let caches = [
            ("cql3", self.node.prepared.stats()),
            ("cql2", self.node.prepared_cql2.stats()),
        ];
        let per_cache = |f: fn(&crate::cql::lru::LruStats) -> f64| -> Vec<_> {
            caches
                .iter()
                .map(|(name, st)| (vec![("cache", name.to_string())], f(st)))
                .collect()
        };
        type Stat = fn(&crate::cql::lru::LruStats) -> f64;
        let cache_metrics: [(&str, &str, MetricType, Stat); 4] = [
            (
                "supercolumn_prepared_statements",
                "Prepared statements cached, per cache (cql3: native and Thrift CQL 3; cql2)",
                MetricType::Gauge,
                |st| st.entries as f64,
            ),
            (
                "supercolumn_prepared_statement_bytes",
                "Bytes the cached prepared statements are counted as, per cache",
                MetricType::Gauge,
                |st| st.bytes as f64,
            ),
            (
                "supercolumn_prepared_statement_max_bytes",
                "The byte bound of each prepared-statement cache",
                MetricType::Gauge,
                |st| st.max_bytes as f64,
            ),
            (
                "supercolumn_prepared_statement_evictions",
                "Prepared statements evicted to stay within the byte bound, per cache",
                MetricType::Counter,
                |st| st.evictions as f64,
            ),
        ];
        for (name, help, kind, stat) in cache_metrics {
            gauge(e, name, help, kind, &per_cache(stat))?;
        }
        Ok(())
    }

    /// Calls to the cluster that failed, by kind (a gateway only).
    fn encode_cluster_errors(&self, e: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        if let Some(Ok(counts)) = self.node.on_cluster(|c| Ok(c.error_counts())) {
            let per_kind: Vec<_> = counts
                .into_iter()
                .map(|(kind, n)| (vec![("kind", kind.to_string())], n as f64))
                .collect();
            gauge(
                e,
                "supercolumn_cluster_errors",
                "Calls to the cluster that failed, by kind (unavailable, read_timeout, \
                 write_timeout, replica_failure, overloaded, client_timeout, connection_lost, \
                 unreachable, invalid, internal)",
                MetricType::Counter,
                &per_kind,
            )?;
        }
        Ok(())
    }

    /// The engine's gauges per column family.
    fn encode_tables(&self, e: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let Some(engine) = self.node.engine() else {
            return Ok(());
        };
        let schema = self.node.schema();
        let (mut mem, mut count, mut bytes) = (Vec::new(), Vec::new(), Vec::new());
        for ks in schema.keyspaces.values() {
            for cf in ks.cfs.values() {
                let Ok(st) = engine.stats(&ks.name, &cf.name) else {
                    continue;
                };
                let labels = vec![
                    ("keyspace", ks.name.clone()),
                    ("column_family", cf.name.clone()),
                ];
                mem.push((labels.clone(), st.memtable_bytes as f64));
                count.push((labels.clone(), st.sstable_count as f64));
                bytes.push((labels, st.live_bytes as f64));
            }
        }
        for (name, help, values) in [
            (
                "supercolumn_memtable_bytes",
                "Bytes of the live memtable, per column family",
                &mem,
            ),
            (
                "supercolumn_sstables",
                "Live SSTables, per column family",
                &count,
            ),
            (
                "supercolumn_sstable_bytes",
                "Bytes of live SSTables on disk, per column family",
                &bytes,
            ),
        ] {
            gauge(e, name, help, MetricType::Gauge, values)?;
        }
        Ok(())
    }

    /// The engine's own: commit log and compaction.
    fn encode_engine(&self, e: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let Some(engine) = self.node.engine() else {
            return Ok(());
        };
        let m = engine.metrics();
        unlabelled(
            e,
            &[
                (
                    "supercolumn_commitlog_segments",
                    "Commit-log segment files on disk",
                    MetricType::Gauge,
                    m.commitlog_segments as f64,
                ),
                (
                    "supercolumn_commitlog_bytes",
                    "Bytes of the commit-log segment files",
                    MetricType::Gauge,
                    m.commitlog_bytes as f64,
                ),
            ],
        )?;
        let mut sync = e.encode_descriptor(
            "supercolumn_commitlog_sync_duration_seconds",
            "Time of each commit-log fsync",
            None,
            MetricType::Histogram,
        )?;
        let snap = &m.commitlog_sync;
        sync.encode_histogram::<NoLabelSet>(snap.sum_seconds, snap.count, &snap.buckets, None)?;
        unlabelled(
            e,
            &[
                (
                    "supercolumn_compactions",
                    "Compactions completed since start",
                    MetricType::Counter,
                    m.compactions_completed as f64,
                ),
                (
                    "supercolumn_compacted_bytes",
                    "SSTable bytes read by completed compactions",
                    MetricType::Counter,
                    m.bytes_compacted as f64,
                ),
            ],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::method_names;

    #[test]
    fn methods_are_sorted_for_the_binary_search() {
        let names = method_names();
        assert!(names.windows(2).all(|w| w[0] < w[1]));
        // 45 of API 19.x, and the five only 0.6 had.
        assert_eq!(names.len(), 50);
    }
}
