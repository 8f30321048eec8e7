//! Cassandra type names as cqlsh 1.2.9 wrote them in DESCRIBE and COPY
//! (`Int32Type` -> `int`, `MapType(UTF8Type,Int32Type)` -> `map<text, int>`,
//! an unknown class -> its quoted class name), and the order Python 2
//! iterated a small string-keyed dict in, which is the order cqlsh printed
//! replication and compaction options in. Pure functions, no I/O.

/// A parsed type string: the class name as written and its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CassType {
    pub class: String,
    pub params: Vec<CassType>,
}

const PREFIX: &str = "org.apache.cassandra.db.marshal.";

/// The CQL names of the classes cqlsh's driver knew.
fn typename(short: &str) -> Option<&'static str> {
    Some(match short {
        "AsciiType" => "ascii",
        "BooleanType" => "boolean",
        "BytesType" => "blob",
        "CounterColumnType" => "counter",
        "DateType" => "timestamp",
        "DecimalType" => "decimal",
        "DoubleType" => "double",
        "FloatType" => "float",
        "InetAddressType" => "inet",
        "Int32Type" => "int",
        "IntegerType" => "varint",
        "ListType" => "list",
        "LongType" => "bigint",
        "MapType" => "map",
        "SetType" => "set",
        "TimeUUIDType" => "timeuuid",
        "UTF8Type" => "text",
        "UUIDType" => "uuid",
        _ => return None,
    })
}

/// The class for a CQL type name, as `ASSUME` looked it up.
pub fn class_of_cql_name(name: &str) -> Option<&'static str> {
    [
        "AsciiType",
        "BooleanType",
        "BytesType",
        "CounterColumnType",
        "DateType",
        "DecimalType",
        "DoubleType",
        "FloatType",
        "InetAddressType",
        "Int32Type",
        "IntegerType",
        "LongType",
        "TimeUUIDType",
        "UTF8Type",
        "UUIDType",
    ]
    .into_iter()
    .find(|c| typename(c) == Some(name))
}

/// The CQL name of a class (`cql_typename`), for SHOW ASSUMPTIONS.
pub fn cql_name_of_class(class: &str) -> String {
    parse(class).cql()
}

impl CassType {
    pub fn short(&self) -> &str {
        self.class.rsplit('.').next().unwrap_or(&self.class)
    }

    pub fn is(&self, short: &str) -> bool {
        self.short() == short
    }

    pub fn is_reversed(&self) -> bool {
        self.is("ReversedType")
    }

    pub fn is_composite(&self) -> bool {
        self.is("CompositeType")
    }

    /// `ReversedType(x)` unwrapped.
    pub fn unreversed(&self) -> &CassType {
        if self.is_reversed() {
            if let Some(inner) = self.params.first() {
                return inner;
            }
        }
        self
    }

    /// The parameters of a composite, or the type alone.
    pub fn components(&self) -> Vec<CassType> {
        if self.is_composite() {
            self.params.clone()
        } else {
            vec![self.clone()]
        }
    }

    /// `cql_parameterized_type()`: the CQL name, parameters in `<…>`.
    pub fn cql(&self) -> String {
        self.cql_with(false)
    }

    /// `cql()`, with `TimestampType` known as `timestamp` when
    /// `timestamp_type` (2.0's cqlshlib registered it; 1.2's driver wrote
    /// the quoted class name).
    pub fn cql_with(&self, timestamp_type: bool) -> String {
        let known = match self.short() {
            "TimestampType" if timestamp_type => Some("timestamp"),
            short => typename(short),
        };
        let head = match known {
            Some(t) => t.to_string(),
            None => {
                let full = if self.class.contains('.') {
                    self.class.clone()
                } else {
                    format!("{PREFIX}{}", self.class)
                };
                format!("'{full}'")
            }
        };
        if self.params.is_empty() {
            head
        } else {
            let inner: Vec<String> = self
                .params
                .iter()
                .map(|p| p.cql_with(timestamp_type))
                .collect();
            format!("{head}<{}>", inner.join(", "))
        }
    }

    /// Whether an empty value is a valid one (cqlsh's `empty_binary_ok`).
    pub fn empty_ok(&self) -> bool {
        matches!(self.short(), "AsciiType" | "BytesType" | "UTF8Type")
    }
}

/// Parses a type string; `ColumnToCollectionType(hex:Type,…)` keeps only the types.
pub fn parse(s: &str) -> CassType {
    fn go(s: &str, i: &mut usize) -> CassType {
        let b = s.as_bytes();
        let start = *i;
        while *i < b.len() && !matches!(b[*i], b'(' | b')' | b',') {
            *i += 1;
        }
        let mut name = s[start..*i].trim().to_string();
        if let Some((_, t)) = name.split_once(':') {
            name = t.to_string();
        }
        let mut params = Vec::new();
        if *i < b.len() && b[*i] == b'(' {
            *i += 1;
            loop {
                params.push(go(s, i));
                if *i < b.len() && b[*i] == b',' {
                    *i += 1;
                    continue;
                }
                if *i < b.len() && b[*i] == b')' {
                    *i += 1;
                }
                break;
            }
        }
        CassType {
            class: name,
            params,
        }
    }
    let mut i = 0;
    go(s, &mut i)
}

/// Python 2's hash of an ASCII string (64-bit build, no randomization).
fn py2_hash(s: &str) -> i64 {
    let b = s.as_bytes();
    if b.is_empty() {
        return 0;
    }
    let mut x: i64 = (b[0] as i64) << 7;
    for &c in b {
        x = x.wrapping_mul(1_000_003) ^ c as i64;
    }
    x ^= b.len() as i64;
    if x == -1 {
        -2
    } else {
        x
    }
}

/// The order Python 2.7 iterates a dict whose keys were inserted in this
/// order (open addressing with its perturbation probe; the table grows
/// fourfold when two thirds full).
pub fn py2_dict_order(keys: &[String]) -> Vec<String> {
    let mut size = 8usize;
    let mut slots: Vec<Option<usize>> = vec![None; size];
    let insert = |slots: &mut Vec<Option<usize>>, idx: usize, key: &str| {
        let mask = slots.len() - 1;
        let h = py2_hash(key) as u64;
        let mut i = h as usize & mask;
        let mut perturb = h;
        while slots[i].is_some() {
            i = (i << 2)
                .wrapping_add(i)
                .wrapping_add(perturb as usize)
                .wrapping_add(1)
                & mask;
            perturb >>= 5;
        }
        slots[i] = Some(idx);
    };
    let mut used = 0;
    let mut uniq: Vec<&String> = Vec::new();
    for k in keys {
        if uniq.contains(&k) {
            continue;
        }
        uniq.push(k);
        let idx = uniq.len() - 1;
        insert(&mut slots, idx, k);
        used += 1;
        if used * 3 >= size * 2 {
            let mut newsize = 8;
            while newsize <= used * 4 {
                newsize <<= 1;
            }
            let old: Vec<usize> = slots.iter().flatten().copied().collect();
            size = newsize;
            slots = vec![None; size];
            for o in old {
                insert(&mut slots, o, uniq[o]);
            }
        }
    }
    slots
        .into_iter()
        .flatten()
        .map(|i| uniq[i].clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cql_names() {
        let m = "org.apache.cassandra.db.marshal.";
        assert_eq!(parse(&format!("{m}Int32Type")).cql(), "int");
        assert_eq!(
            parse(&format!("{m}MapType({m}UTF8Type,{m}Int32Type)")).cql(),
            "map<text, int>"
        );
        let r = parse(&format!("{m}ReversedType({m}DateType)"));
        assert!(r.is_reversed());
        assert_eq!(r.unreversed().cql(), "timestamp");
        assert_eq!(
            parse(&format!("{m}LexicalUUIDType")).cql(),
            "'org.apache.cassandra.db.marshal.LexicalUUIDType'"
        );
        let c = parse(&format!(
            "{m}CompositeType({m}Int32Type,{m}UTF8Type,{m}ColumnToCollectionType(6c:{m}ListType({m}Int32Type)))"
        ));
        assert_eq!(c.params.len(), 3);
        assert_eq!(c.params[2].params[0].cql(), "list<int>");
    }

    #[test]
    fn python2_dict_order() {
        // Orders observed from Python 2.7.18 for these insertion orders.
        let k = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(py2_dict_order(&k(&["a"])), k(&["a"]));
        assert_eq!(
            py2_dict_order(&k(&["min_threshold", "max_threshold", "class"])),
            k(&["min_threshold", "class", "max_threshold"])
        );
        assert_eq!(py2_dict_order(&k(&["DC1", "DC2"])), k(&["DC2", "DC1"]));
        assert_eq!(
            py2_dict_order(&k(&[
                "sstable_compression",
                "chunk_length_kb",
                "crc_check_chance"
            ])),
            k(&["chunk_length_kb", "crc_check_chance", "sstable_compression"])
        );
        let nine = k(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
        assert_eq!(
            py2_dict_order(&nine),
            k(&["a", "c", "b", "e", "d", "g", "f", "i", "h"])
        );
    }
}
