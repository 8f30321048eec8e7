//! InetAddressType (1.2 CQL3 `inet`): a 4-byte IPv4 or 16-byte IPv6
//! address, compared as unsigned bytes. Unlike the other types, Cassandra
//! 1.2 rejects the empty value here (Java's `InetAddress.getByAddress`
//! refuses it), and so do we; 2.0's `InetAddressSerializer` took it
//! ([`Dialect::V20`]). Text is Java's
//! `getHostAddress` form (IPv6 uncompressed: `0:0:0:0:0:0:0:1`); only
//! address literals are parsed (Java would also resolve host names).

use crate::marshal::{bytes_to_hex, class_name_of, AbstractType, Dialect, MarshalError};
use std::cmp::Ordering;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

#[derive(Debug, Default, Clone, Copy)]
pub struct InetAddressType;

impl AbstractType for InetAddressType {
    fn class_name(&self) -> String {
        class_name_of("InetAddressType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        match value.len() {
            4 | 16 => Ok(()),
            _ => Err(MarshalError(format!(
                "Expected 4 or 16 byte inetaddress; got {}",
                bytes_to_hex(value)
            ))),
        }
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        match dialect {
            Dialect::V20 if value.is_empty() => Ok(()),
            _ => self.validate(value),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        if let Ok(b) = <[u8; 4]>::try_from(value) {
            return Ipv4Addr::from(b).to_string();
        }
        if let Ok(b) = <[u8; 16]>::try_from(value) {
            let groups: Vec<String> = Ipv6Addr::from(b)
                .segments()
                .iter()
                .map(|s| format!("{s:x}"))
                .collect();
            return groups.join(":");
        }
        bytes_to_hex(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        match text.parse::<IpAddr>() {
            Ok(IpAddr::V4(a)) => Ok(a.octets().to_vec()),
            Ok(IpAddr::V6(a)) => Ok(a.octets().to_vec()),
            Err(_) => Err(MarshalError(format!(
                "unable to make inetaddress from '{text}'"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaviour() {
        let t = InetAddressType;
        assert_eq!(t.from_string("127.0.0.1").unwrap(), vec![127, 0, 0, 1]);
        assert_eq!(
            t.get_string(&t.from_string("::1").unwrap()),
            "0:0:0:0:0:0:0:1"
        );
        assert_eq!(t.get_string(&[10, 0, 0, 2]), "10.0.0.2");
        assert_eq!(
            t.validate(&[1, 2, 3]).unwrap_err().0,
            "Expected 4 or 16 byte inetaddress; got 010203"
        );
        assert!(t.from_string("example.com").is_err());
        assert_eq!(
            t.validate(b"").unwrap_err().0,
            "Expected 4 or 16 byte inetaddress; got "
        );
        // 2.0's serializer took the empty value, and nothing else more.
        assert!(t.validate_for(b"", Dialect::V20).is_ok());
        assert!(t.validate_for(&[1, 2, 3], Dialect::V20).is_err());
        assert_eq!(t.compare(b"", &[0, 0, 0, 0]), Ordering::Less);
        assert_eq!(t.compare(&[10, 0, 0, 1], &[192, 168, 0, 1]), Ordering::Less);
    }
}
