//! cassandra-unit's value types: the type names a dataset may use, the
//! typed-value functions (`utf8(...)`, `long(...)`, `timeuuid(...)`,
//! `bytes(...)` ...), and how each type turns dataset text into bytes, as
//! cassandra-unit's serializer did (a `BytesType` value is hex, else
//! base64; an `IntegerType` value is a 4-byte int; a `DateType` value is
//! `yyyyMMdd HHmmss`, read here as UTC).
//!
//! It must not know the dataset formats or the schema; it maps text to
//! bytes and type names to the class names the schema takes.

/// One of cassandra-unit's value types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueType {
    Ascii,
    Boolean,
    Bytes,
    Counter,
    Date,
    Double,
    Float,
    Integer,
    LexicalUuid,
    Long,
    TimeUuid,
    Utf8,
    Uuid,
    /// A `CompositeType(...)` name or key: one type per component.
    Composite(Vec<ValueType>),
}

/// The simple types in cassandra-unit's order, with their class names.
const SIMPLE: [(ValueType, &str); 13] = [
    (ValueType::Ascii, "AsciiType"),
    (ValueType::Boolean, "BooleanType"),
    (ValueType::Bytes, "BytesType"),
    (ValueType::Counter, "CounterColumnType"),
    (ValueType::Date, "DateType"),
    (ValueType::Double, "DoubleType"),
    (ValueType::Float, "FloatType"),
    (ValueType::Integer, "IntegerType"),
    (ValueType::LexicalUuid, "LexicalUUIDType"),
    (ValueType::Long, "LongType"),
    (ValueType::TimeUuid, "TimeUUIDType"),
    (ValueType::Utf8, "UTF8Type"),
    (ValueType::Uuid, "UUIDType"),
];

/// The prefixes that make a value a typed-value function call; the type is
/// the prefix's name followed by `type` (matched without case).
const FUNCTIONS: [&str; 13] = [
    "bytes(",
    "integer(",
    "lexicaluuid(",
    "long(",
    "utf8(",
    "timeuuid(",
    "uuid(",
    "ascii(",
    "boolean(",
    "date(",
    "double(",
    "float(",
    "countercolumn(",
];

impl ValueType {
    /// A data type name exactly as the XSD's `DataType` lists it (sub
    /// comparators, default value types, validation classes).
    pub fn data_type(name: &str) -> Option<ValueType> {
        SIMPLE
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(t, _)| t.clone())
    }

    /// The class name the schema takes (`CompositeType(A,B)` for composites).
    pub fn class_name(&self) -> String {
        match self {
            ValueType::Composite(parts) => {
                let names: Vec<String> = parts.iter().map(ValueType::class_name).collect();
                format!("CompositeType({})", names.join(","))
            }
            simple => SIMPLE
                .iter()
                .find(|(t, _)| t == simple)
                .map(|(_, n)| n.to_string())
                .unwrap_or_default(),
        }
    }

    /// Dataset text as bytes of this type.
    pub fn encode(&self, text: &str) -> Result<Vec<u8>, String> {
        let number = |kind: &str| format!("cannot read \"{text}\" as {kind}");
        Ok(match self {
            ValueType::Ascii | ValueType::Utf8 => text.as_bytes().to_vec(),
            // Java's Boolean.parseBoolean: anything but "true" is false.
            ValueType::Boolean => vec![u8::from(text.eq_ignore_ascii_case("true"))],
            ValueType::Bytes => decode_bytes(text)?,
            ValueType::Counter | ValueType::Long => text
                .trim()
                .parse::<i64>()
                .map_err(|_| number("a long"))?
                .to_be_bytes()
                .to_vec(),
            ValueType::Integer => text
                .trim()
                .parse::<i32>()
                .map_err(|_| number("an integer"))?
                .to_be_bytes()
                .to_vec(),
            ValueType::Double => java_float(text)
                .ok_or_else(|| number("a double"))?
                .to_be_bytes()
                .to_vec(),
            ValueType::Float => (java_float(text).ok_or_else(|| number("a float"))? as f32)
                .to_be_bytes()
                .to_vec(),
            ValueType::Date => date_millis(text)?.to_be_bytes().to_vec(),
            ValueType::LexicalUuid | ValueType::TimeUuid | ValueType::Uuid => {
                uuid::Uuid::parse_str(text.trim())
                    .map_err(|_| number("a UUID"))?
                    .as_bytes()
                    .to_vec()
            }
            ValueType::Composite(parts) => {
                // cassandra-unit split on ':' dropping empty pieces.
                let pieces: Vec<&str> = text.split(':').filter(|p| !p.is_empty()).collect();
                if pieces.len() != parts.len() {
                    return Err(format!(
                        "{text} doesn't fit with the schema declaration of your composite type \
                         ({} components declared, {} given)",
                        parts.len(),
                        pieces.len()
                    ));
                }
                let mut builder = crate::marshal::CompositeBuilder::new();
                for (piece, ty) in pieces.iter().zip(parts) {
                    builder = builder
                        .push(&ty.encode(piece)?)
                        .map_err(|e| e.to_string())?;
                }
                builder.build(crate::marshal::Eoc::None)
            }
        })
    }
}

/// A comparator or key type as cassandra-unit accepted it: a data type
/// name, maybe with `(reversed=true|false)`, or `CompositeType(...)` of
/// them. Returns the value type and the class name for the schema.
pub fn comparator(text: &str) -> Result<(ValueType, String), String> {
    if let Some(rest) = text.strip_prefix("CompositeType") {
        let inner = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(|| {
                format!(
                    "[{text}] must contain types wrapped within parenthesis, like: \
                     CompositeType(<type>,...,<type>)."
                )
            })?;
        let mut types = Vec::new();
        let mut classes = Vec::new();
        for part in inner.split(',').filter(|p| !p.is_empty()) {
            let (ty, class) = simple_comparator(part.trim()).ok_or_else(|| {
                format!("[{text}] contains an invalid 'component' type: [{part}].")
            })?;
            types.push(ty);
            classes.push(class);
        }
        if types.is_empty() {
            return Err(format!(
                "[{text}] must contain non-empty types, like: CompositeType(<type>,...,<type>)."
            ));
        }
        return Ok((
            ValueType::Composite(types),
            format!("CompositeType({})", classes.join(",")),
        ));
    }
    simple_comparator(text).ok_or_else(|| format!("ComparatorType [{text}] is invalid."))
}

/// `UTF8Type` or `UTF8Type(reversed=true)` (Cassandra's parameter form of
/// `ReversedType(UTF8Type)`).
fn simple_comparator(text: &str) -> Option<(ValueType, String)> {
    let lower = text.to_ascii_lowercase();
    let (base, reversed) = if lower.ends_with("(reversed=true)") {
        (&text[..text.len() - "(reversed=true)".len()], true)
    } else if lower.ends_with("(reversed=false)") {
        (&text[..text.len() - "(reversed=false)".len()], false)
    } else {
        (text, false)
    };
    let ty = ValueType::data_type(base)?;
    let class = if reversed {
        format!("ReversedType({base})")
    } else {
        base.to_string()
    };
    Some((ty, class))
}

/// A column value: a typed-value function call (`long(2)`) gives its own
/// type, else `default` (the column's validation class or the column
/// family's default value type). Returns the type used and the bytes.
pub fn value(text: &str, default: &ValueType) -> Result<(ValueType, Vec<u8>), String> {
    match function(text) {
        Some((ty, inner)) => Ok((ty.clone(), ty.encode(inner)?)),
        None => Ok((default.clone(), default.encode(text)?)),
    }
}

/// The type and argument of a typed-value function call, when `text` is one.
pub fn function(text: &str) -> Option<(ValueType, &str)> {
    let prefix = FUNCTIONS.iter().find(|p| text.starts_with(*p))?;
    let inner = text[prefix.len()..].strip_suffix(')')?;
    let name = format!("{}type", &prefix[..prefix.len() - 1]);
    let ty = SIMPLE
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(&name))
        .map(|(t, _)| t.clone())?;
    Some((ty, inner))
}

/// cassandra-unit's bytes: empty, else hex digits, else base64.
fn decode_bytes(text: &str) -> Result<Vec<u8>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if text.chars().all(|c| c.is_ascii_hexdigit()) {
        if !text.len().is_multiple_of(2) {
            return Err(format!(
                "Failed to parse \"{text}\" as bytes: odd number of hex digits"
            ));
        }
        return crate::marshal::hex_to_bytes(text)
            .ok_or_else(|| format!("Failed to parse \"{text}\" as bytes"));
    }
    base64(text).ok_or_else(|| {
        format!(
            "Failed to parse \"{text}\" as bytes: unknown binary encoding (hex or base64 expected)"
        )
    })
}

/// Standard base64 with padding, as cassandra-unit recognised it.
fn base64(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let body = text.trim_end_matches('=');
    if text.len() - body.len() > 2 {
        return None;
    }
    let sextet = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &c in body.as_bytes() {
        acc = (acc << 6) | sextet(c)?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// Java's `Double.parseDouble` for the forms datasets use (with an
/// optional `d`/`f` suffix, which Java allows).
fn java_float(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = t
        .strip_suffix(['d', 'D', 'f', 'F'])
        .filter(|s| !s.is_empty())
        .unwrap_or(t);
    match t {
        "NaN" => Some(f64::NAN),
        "Infinity" | "+Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ if t
            .chars()
            .any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E') =>
        {
            None
        }
        _ => t.parse().ok(),
    }
}

/// `yyyyMMdd HHmmss` as milliseconds since the epoch (UTC).
fn date_millis(text: &str) -> Result<i64, String> {
    let bad = || format!("cannot parse \"{text}\" as date (yyyyMMdd HHmmss expected)");
    let t = text.trim();
    let (day, time) = t.split_once(' ').ok_or_else(bad)?;
    if day.len() != 8
        || time.len() != 6
        || !(day.bytes().chain(time.bytes())).all(|b| b.is_ascii_digit())
    {
        return Err(bad());
    }
    let n = |s: &str| s.parse::<i64>().map_err(|_| bad());
    let (y, mo, d) = (n(&day[..4])?, n(&day[4..6])?, n(&day[6..])?);
    let (h, mi, s) = (n(&time[..2])?, n(&time[2..4])?, n(&time[4..])?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 59 {
        return Err(bad());
    }
    Ok((crate::marshal::days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s) * 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_give_their_type() {
        let (ty, bytes) = value("long(2)", &ValueType::Utf8).unwrap();
        assert_eq!(ty, ValueType::Long);
        assert_eq!(bytes, 2i64.to_be_bytes());
        assert_eq!(value("utf8(a(b))", &ValueType::Bytes).unwrap().1, b"a(b)");
        assert_eq!(
            value("integer(7)", &ValueType::Bytes).unwrap().1,
            7i32.to_be_bytes()
        );
        assert_eq!(value("boolean(TRUE)", &ValueType::Bytes).unwrap().1, [1]);
        let id = "13816710-1dd2-11b2-879a-782bcb80ff6a";
        let (ty, bytes) = value(&format!("timeuuid({id})"), &ValueType::Bytes).unwrap();
        assert_eq!(ty, ValueType::TimeUuid);
        assert_eq!(bytes, uuid::Uuid::parse_str(id).unwrap().as_bytes());
        // Not a call: no closing parenthesis, or an unknown function.
        assert_eq!(value("long(2", &ValueType::Utf8).unwrap().1, b"long(2");
        assert_eq!(value("LONG(2)", &ValueType::Utf8).unwrap().1, b"LONG(2)");
        assert!(value("long(x)", &ValueType::Utf8).is_err());
    }

    #[test]
    fn bytes_are_hex_or_base64() {
        assert_eq!(ValueType::Bytes.encode("0aff").unwrap(), [0x0a, 0xff]);
        assert_eq!(ValueType::Bytes.encode("").unwrap(), Vec::<u8>::new());
        assert_eq!(ValueType::Bytes.encode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(ValueType::Bytes.encode("aGk+").unwrap(), b"hi>");
        let e = ValueType::Bytes.encode("key01").unwrap_err();
        assert!(e.contains("unknown binary encoding"), "{e}");
    }

    #[test]
    fn numbers_dates_and_floats() {
        assert_eq!(
            ValueType::Double.encode("1.5").unwrap(),
            1.5f64.to_be_bytes()
        );
        assert_eq!(
            ValueType::Float.encode("2.25").unwrap(),
            2.25f32.to_be_bytes()
        );
        assert!(ValueType::Integer.encode("3000000000").is_err());
        assert_eq!(
            ValueType::Date.encode("20110901 120000").unwrap(),
            1_314_878_400_000i64.to_be_bytes()
        );
        assert!(ValueType::Date.encode("2011-09-01").is_err());
    }

    #[test]
    fn comparators_with_reversal_and_composites() {
        assert_eq!(comparator("UTF8Type").unwrap().1, "UTF8Type");
        assert_eq!(
            comparator("LongType(reversed=true)").unwrap().1,
            "ReversedType(LongType)"
        );
        let (ty, class) = comparator("CompositeType(LongType,UTF8Type(reversed=true))").unwrap();
        assert_eq!(class, "CompositeType(LongType,ReversedType(UTF8Type))");
        let name = ty.encode("5:ab").unwrap();
        assert_eq!(name, [0, 8, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 2, b'a', b'b', 0]);
        assert!(ty.encode("5").unwrap_err().contains("composite"));
        assert!(comparator("CompositeType").is_err());
        assert!(comparator("Utf8Type").is_err());
        assert!(comparator("CompositeType(LongType,Nope)").is_err());
    }
}
