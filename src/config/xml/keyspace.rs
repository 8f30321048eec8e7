//! Reads `<Keyspaces>`: each `<Keyspace>` and its `<ColumnFamily>` entries,
//! with 0.6's defaults and checks. Comparator names stay strings here; the
//! schema resolves them.

use super::fields::leaf_text;
use super::tree::Element;
use crate::config::context::{check_file_name, Cx};
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values::{self, CacheSize};
use crate::config::{ColumnFamilyConfig, KeyspaceConfig};

/// The 0.6 placement strategies and snitch that ship in its core jar; a
/// single node ignores these settings, so other names only earn a warning.
const STRATEGIES: &[&str] = &[
    "org.apache.cassandra.locator.RackUnawareStrategy",
    "org.apache.cassandra.locator.RackAwareStrategy",
];
const DEFAULT_STRATEGY: &str = "org.apache.cassandra.locator.RackUnawareStrategy";
const SNITCHES: &[&str] = &[
    "org.apache.cassandra.locator.EndPointSnitch",
    "org.apache.cassandra.locator.PropertyFileEndPointSnitch",
];
const DEFAULT_SNITCH: &str = "org.apache.cassandra.locator.EndPointSnitch";

/// Attributes 0.6 read on `<ColumnFamily>`.
const CF_ATTRIBUTES: &[&str] = &[
    "Name",
    "ColumnType",
    "CompareWith",
    "CompareSubcolumnsWith",
    "KeysCached",
    "KeysCachedFraction",
    "RowsCached",
    "RowCacheSavePeriodInSeconds",
    "KeyCacheSavePeriodInSeconds",
    "Comment",
    "ColumnSort",
];

/// The elements a `<Keyspace>` holds.
const KEYSPACE_CHILDREN: &[&str] = &[
    "ColumnFamily",
    "ReplicaPlacementStrategy",
    "ReplicationFactor",
    "EndPointSnitch",
];

/// Per-CF settings that arrived with 0.7; a 0.6 file that has them probably
/// expects them to work, so the warning says where 0.6 keeps the setting.
const LATER_CF_ATTRIBUTES: &[&str] = &[
    "GCGraceSeconds",
    "ReadRepairChance",
    "MinCompactionThreshold",
    "MaxCompactionThreshold",
];

pub(super) fn keyspaces(
    cx: &mut Cx,
    container: &Element,
    ignored: &mut Vec<IgnoredSetting>,
) -> Result<Vec<KeyspaceConfig>, ConfigError> {
    let mut out: Vec<KeyspaceConfig> = Vec::new();
    for el in &container.children {
        if el.name != "Keyspace" {
            cx.unknown_element(el, Some("<Keyspaces>"), &["Keyspace"])?;
            continue;
        }
        let ks = keyspace(cx, el, ignored)?;
        if let Some(first) = out.iter().find(|k| k.name == ks.name) {
            return Err(cx.invalid(
                el.line,
                format!("<Keyspace Name=\"{}\">", ks.name),
                format!(
                    "keyspace {} is defined twice (first on line {})",
                    ks.name, first.line
                ),
            ));
        }
        out.push(ks);
    }
    Ok(out)
}

fn keyspace(
    cx: &mut Cx,
    el: &Element,
    ignored: &mut Vec<IgnoredSetting>,
) -> Result<KeyspaceConfig, ConfigError> {
    let (name, at) = keyspace_name(cx, el)?;
    let children = KeyspaceChildren::read(cx, el, &name, &at)?;
    let placement = Placement::check(cx, el.line, &name, &at, &children)?;
    placement.note_ignored(&name, ignored);
    Ok(KeyspaceConfig {
        name: name.clone(),
        line: el.line,
        replica_placement_strategy: placement.strategy.to_string(),
        replication_factor: placement.replication_factor,
        endpoint_snitch: placement.snitch.to_string(),
        strategy_options: None,
        column_families: children.column_families,
    })
}

/// The keyspace's `Name` (required, not `system`, usable as a file name)
/// and how messages name the keyspace; other attributes are unknown.
fn keyspace_name(cx: &mut Cx, el: &Element) -> Result<(String, String), ConfigError> {
    let Some(name_attr) = el.attr("Name") else {
        return Err(cx.invalid(el.line, "<Keyspace>", "Table name attribute is required"));
    };
    let name = name_attr.value.clone();
    let at = format!("<Keyspace Name=\"{name}\">");
    if name.eq_ignore_ascii_case("system") {
        return Err(cx.invalid(
            name_attr.line,
            &at,
            "'system' is a reserved table name for Cassandra internals",
        ));
    }
    check_file_name("keyspace", &name).map_err(|m| cx.invalid(name_attr.line, &at, m))?;
    for a in el.attrs.iter().filter(|a| a.name != "Name") {
        cx.unknown_attribute(a, &at, &["Name"], "")?;
    }
    Ok((name, at))
}

/// A `<Keyspace>`'s children: its column families and the value and line
/// of each placement element (each at most once).
struct KeyspaceChildren<'a> {
    strategy: Option<(&'a str, usize)>,
    factor: Option<(&'a str, usize)>,
    snitch: Option<(&'a str, usize)>,
    column_families: Vec<ColumnFamilyConfig>,
}

impl<'a> KeyspaceChildren<'a> {
    fn read(
        cx: &mut Cx,
        el: &'a Element,
        name: &str,
        at: &str,
    ) -> Result<KeyspaceChildren<'a>, ConfigError> {
        let mut strategy: Option<(&str, usize)> = None;
        let mut factor: Option<(&str, usize)> = None;
        let mut snitch: Option<(&str, usize)> = None;
        let mut cfs: Vec<ColumnFamilyConfig> = Vec::new();
        for child in &el.children {
            let slot = match child.name.as_str() {
                "ColumnFamily" => {
                    let cf = column_family(cx, name, child)?;
                    if let Some(first) = cfs.iter().find(|c| c.name == cf.name) {
                        return Err(cx.invalid(
                            child.line,
                            format!("<ColumnFamily Name=\"{}\">", cf.name),
                            format!("ColumnFamily {} is defined twice in keyspace {name} (first on line {})", cf.name, first.line),
                        ));
                    }
                    cfs.push(cf);
                    continue;
                }
                "ReplicaPlacementStrategy" => &mut strategy,
                "ReplicationFactor" => &mut factor,
                "EndPointSnitch" => &mut snitch,
                _ => {
                    cx.unknown_element(child, Some(at), KEYSPACE_CHILDREN)?;
                    continue;
                }
            };
            if let Some((_, first)) = slot {
                return Err(cx.invalid(
                    child.line,
                    format!("<{}>", child.name),
                    format!(
                        "<{}> appears more than once in keyspace {name} (first on line {first})",
                        child.name
                    ),
                ));
            }
            *slot = leaf_text(cx, child)?.map(|t| (t, child.line));
        }
        Ok(KeyspaceChildren {
            strategy,
            factor,
            snitch,
            column_families: cfs,
        })
    }
}

/// A keyspace's placement: strategy, replication factor and snitch, all
/// required by 0.6, with their lines.
struct Placement<'a> {
    strategy: &'a str,
    strategy_line: usize,
    replication_factor: i32,
    factor_line: usize,
    snitch: &'a str,
    snitch_line: usize,
}

impl<'a> Placement<'a> {
    /// Requires the three elements and a factor of at least 1; a strategy
    /// or snitch 0.6 did not ship is only warned about.
    fn check(
        cx: &mut Cx,
        line: usize,
        name: &str,
        at: &str,
        children: &KeyspaceChildren<'a>,
    ) -> Result<Placement<'a>, ConfigError> {
        let Some((strategy, strategy_line)) = children.strategy else {
            return Err(cx.invalid(
                line,
                at,
                format!("Missing replicaplacementstrategy directive for {name}"),
            ));
        };
        // "directory" is 0.6's own wording.
        let Some((factor_raw, factor_line)) = children.factor else {
            return Err(cx.invalid(
                line,
                at,
                format!("Missing replicationfactor directory for keyspace {name}"),
            ));
        };
        let Some((snitch, snitch_line)) = children.snitch else {
            return Err(cx.invalid(
                line,
                at,
                format!("Missing endpointsnitch directive for keyspace {name}"),
            ));
        };
        let replication_factor: i32 = values::integer(factor_raw)
            .map_err(|m| cx.invalid(factor_line, "<ReplicationFactor>", m))?;
        if replication_factor < 1 {
            return Err(cx.invalid(
                factor_line,
                "<ReplicationFactor>",
                format!("ReplicationFactor must be at least 1 (found {replication_factor})"),
            ));
        }
        if !STRATEGIES.contains(&strategy) {
            cx.warn(
                strategy_line,
                format!("unknown replica placement strategy {strategy} (ignored on a single node)"),
            );
        }
        if !SNITCHES.contains(&snitch) {
            cx.warn(
                snitch_line,
                format!("unknown endpoint snitch {snitch} (ignored on a single node)"),
            );
        }
        Ok(Placement {
            strategy,
            strategy_line,
            replication_factor,
            factor_line,
            snitch,
            snitch_line,
        })
    }

    /// What of the placement a single node does not use.
    fn note_ignored(&self, name: &str, ignored: &mut Vec<IgnoredSetting>) {
        let setting = |what: &str| format!("Keyspace[{name}]/{what}");
        if self.replication_factor > 1 {
            ignored.push(IgnoredSetting {
                setting: setting("ReplicationFactor"),
                value: self.replication_factor.to_string(),
                line: self.factor_line,
            });
        }
        if self.strategy != DEFAULT_STRATEGY {
            ignored.push(IgnoredSetting {
                setting: setting("ReplicaPlacementStrategy"),
                value: self.strategy.into(),
                line: self.strategy_line,
            });
        }
        if self.snitch != DEFAULT_SNITCH {
            ignored.push(IgnoredSetting {
                setting: setting("EndPointSnitch"),
                value: self.snitch.into(),
                line: self.snitch_line,
            });
        }
    }
}

fn column_family(
    cx: &mut Cx,
    keyspace: &str,
    el: &Element,
) -> Result<ColumnFamilyConfig, ConfigError> {
    let (name, at) = column_family_name(cx, el)?;
    let column_type = column_type(cx, el, &name, &at)?;
    let (compare_with, compare_subcolumns_with) = comparators(cx, el, &name, &column_type, &at)?;
    let (keys_cached, rows_cached) = cache_sizes(cx, el, &at)?;
    let row_cache_save_period_in_seconds = save_period(cx, el, &at, "RowCacheSavePeriodInSeconds")?;
    let key_cache_save_period_in_seconds = save_period(cx, el, &at, "KeyCacheSavePeriodInSeconds")?;
    let comment = comment(cx, el, &at, keyspace)?;
    check_attributes(cx, el, &at, keyspace)?;
    Ok(ColumnFamilyConfig {
        name,
        line: el.line,
        column_type,
        compare_with,
        compare_subcolumns_with,
        comment,
        keys_cached,
        rows_cached,
        row_cache_save_period_in_seconds,
        key_cache_save_period_in_seconds,
        extra: Default::default(),
    })
}

/// How a message names attribute `a` of the column family named by `at`.
fn attr_at(at: &str, a: &str) -> String {
    format!("{at} attribute {a}")
}

/// The column family's `Name` (required, without hyphens, usable as a file
/// name) and how messages name the column family.
fn column_family_name(cx: &Cx, el: &Element) -> Result<(String, String), ConfigError> {
    let Some(name_attr) = el.attr("Name") else {
        return Err(cx.invalid(
            el.line,
            "<ColumnFamily>",
            "ColumnFamily name attribute is required",
        ));
    };
    let name = name_attr.value.clone();
    let at = format!("<ColumnFamily Name=\"{name}\">");
    if name.contains('-') {
        return Err(cx.invalid(
            name_attr.line,
            &at,
            "ColumnFamily names cannot contain hyphens",
        ));
    }
    check_file_name("ColumnFamily", &name).map_err(|m| cx.invalid(name_attr.line, &at, m))?;
    Ok((name, at))
}

/// `ColumnType`: Standard (the default) or Super; 0.5's `ColumnSort` is
/// refused as 0.6 refused it.
fn column_type(cx: &Cx, el: &Element, name: &str, at: &str) -> Result<String, ConfigError> {
    let column_type = match el.attr("ColumnType") {
        None => "Standard".to_string(),
        Some(a) if a.value == "Standard" || a.value == "Super" => a.value.clone(),
        Some(a) => {
            return Err(cx.invalid(
                a.line,
                attr_at(at, "ColumnType"),
                format!("ColumnFamily {name} has invalid type {}", a.value),
            ))
        }
    };
    if let Some(a) = el.attr("ColumnSort") {
        return Err(cx.invalid(
            a.line,
            attr_at(at, "ColumnSort"),
            "ColumnSort is no longer an accepted attribute.  Use CompareWith instead.",
        ));
    }
    Ok(column_type)
}

/// `CompareWith`, and `CompareSubcolumnsWith` (only on a super column
/// family); each defaults to BytesType and stays a name for the schema.
fn comparators(
    cx: &Cx,
    el: &Element,
    name: &str,
    column_type: &str,
    at: &str,
) -> Result<(String, Option<String>), ConfigError> {
    let comparator = |attr: &str| -> Result<String, ConfigError> {
        match el.attr(attr) {
            None => Ok("BytesType".to_string()),
            Some(a) if a.value.trim().is_empty() => Err(cx.invalid(
                a.line,
                attr_at(at, attr),
                format!("{attr} may not be empty"),
            )),
            Some(a) => Ok(a.value.trim().to_string()),
        }
    };
    let compare_with = comparator("CompareWith")?;
    let compare_subcolumns_with = if column_type == "Super" {
        Some(comparator("CompareSubcolumnsWith")?)
    } else if let Some(a) = el.attr("CompareSubcolumnsWith") {
        return Err(cx.invalid(
            a.line,
            attr_at(at, "CompareSubcolumnsWith"),
            format!(
                "CompareSubcolumnsWith is only a valid attribute on super columnfamilies (not regular columnfamily {name})"
            ),
        ));
    } else {
        None
    };
    Ok((compare_with, compare_subcolumns_with))
}

/// The key cache (`KeysCached`, else the older `KeysCachedFraction`, else
/// 200000) and the row cache (`RowsCached`, else none).
fn cache_sizes(cx: &Cx, el: &Element, at: &str) -> Result<(CacheSize, CacheSize), ConfigError> {
    let cache = |attr: &str| -> Result<Option<CacheSize>, ConfigError> {
        el.attr(attr)
            .map(|a| {
                CacheSize::parse(&a.value).map_err(|m| cx.invalid(a.line, attr_at(at, attr), m))
            })
            .transpose()
    };
    let mut keys_cached = CacheSize {
        raw: "200000".into(),
        value: 200000.0,
    };
    if let Some(fraction) = cache("KeysCachedFraction")? {
        keys_cached = fraction;
    }
    if let Some(k) = cache("KeysCached")? {
        keys_cached = k;
    }
    let rows_cached = cache("RowsCached")?.unwrap_or(CacheSize {
        raw: "0".into(),
        value: 0.0,
    });
    Ok((keys_cached, rows_cached))
}

/// A cache save period in seconds (absent: 0, never saved).
fn save_period(cx: &Cx, el: &Element, at: &str, attr: &str) -> Result<u32, ConfigError> {
    match el.attr(attr) {
        None => Ok(0),
        Some(a) => values::integer::<u32>(&a.value).map_err(|m| {
            cx.invalid(
                a.line,
                attr_at(at, attr),
                format!("{m} (seconds, 0 or more)"),
            )
        }),
    }
}

/// The column family's comment.
///
/// 0.6 (every 0.6.x DatabaseDescriptor) read the comment with the XPath
/// `ColumnFamily[@Name='X']/Comment`: the string value of the first
/// `<Comment>` child, untrimmed, "" meaning none. The attribute form its
/// sample conf showed was never read, so describe_keyspace ignored it.
fn comment(
    cx: &mut Cx,
    el: &Element,
    at: &str,
    keyspace: &str,
) -> Result<Option<String>, ConfigError> {
    if let Some(a) = el.attr("Comment") {
        cx.warn(
            a.line,
            format!(
                "attribute Comment on {at} in keyspace {keyspace} ignored, as Cassandra 0.6 \
                 ignored it: 0.6 reads a comment only from a <Comment> child element"
            ),
        );
    }
    let mut comment: Option<String> = None;
    let mut seen_comment = false;
    for child in &el.children {
        if child.name == "Comment" {
            if seen_comment {
                cx.warn(
                    child.line,
                    format!("a second <Comment> inside {at} ignored (0.6 read the first)"),
                );
                continue;
            }
            seen_comment = true;
            if let Some(inner) = child.children.first() {
                cx.warn(
                    inner.line,
                    format!("element <{}> inside <Comment> ignored", inner.name),
                );
            }
            comment = (!child.text.is_empty()).then(|| child.text.clone());
        } else {
            cx.unknown_element(child, Some(at), &["Comment"])?;
        }
    }
    Ok(comment)
}

/// Warns about the deprecated `KeysCachedFraction` and about attributes
/// 0.6 did not read (refusing likely typos).
fn check_attributes(
    cx: &mut Cx,
    el: &Element,
    at: &str,
    keyspace: &str,
) -> Result<(), ConfigError> {
    if let Some(a) = el.attr("KeysCachedFraction") {
        cx.warn(
            a.line,
            "KeysCachedFraction is deprecated: use KeysCached instead.",
        );
    }
    for a in el
        .attrs
        .iter()
        .filter(|a| !CF_ATTRIBUTES.contains(&a.name.as_str()))
    {
        let why = if LATER_CF_ATTRIBUTES.contains(&a.name.as_str()) {
            " (a per-ColumnFamily setting only from Cassandra 0.7; 0.6 has global settings)"
        } else {
            ""
        };
        let known: Vec<&str> = CF_ATTRIBUTES
            .iter()
            .chain(LATER_CF_ATTRIBUTES)
            .copied()
            .collect();
        cx.unknown_attribute(a, &format!("{at} in keyspace {keyspace}"), &known, why)?;
    }
    Ok(())
}
