//! The Thrift binary protocol's encoder: builds a message (strict header,
//! fields, containers) into a byte buffer, framed or not. Owns the encoding
//! of the value tree of [`super::Value`]; what a value means is the API
//! modules'.

use super::{ttype, Value, VERSION_1};

/// Builds an encoded message.
#[derive(Default)]
pub struct Writer {
    pub buf: Vec<u8>,
}

impl Writer {
    pub fn new() -> Self {
        Writer {
            buf: Vec::with_capacity(256),
        }
    }

    /// Reserves 4 bytes for a frame length, filled in by [`Writer::finish_frame`].
    pub fn framed() -> Self {
        Writer { buf: vec![0; 4] }
    }

    pub fn finish_frame(mut self) -> Vec<u8> {
        let n = (self.buf.len() - 4) as u32;
        self.buf[..4].copy_from_slice(&n.to_be_bytes());
        self.buf
    }

    /// A strict message header (replies are always strict, as Java's TBinaryProtocol writes them).
    pub fn message_header(&mut self, name: &str, mtype: u8, seqid: i32) {
        self.buf
            .extend_from_slice(&(VERSION_1 | mtype as u32).to_be_bytes());
        self.bytes(name.as_bytes());
        self.buf.extend_from_slice(&seqid.to_be_bytes());
    }

    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(&(b.len() as i32).to_be_bytes());
        self.buf.extend_from_slice(b);
    }

    pub fn field_header(&mut self, t: u8, id: i16) {
        self.buf.push(t);
        self.buf.extend_from_slice(&id.to_be_bytes());
    }

    pub fn stop(&mut self) {
        self.buf.push(ttype::STOP);
    }

    pub fn value(&mut self, v: &Value) {
        match v {
            Value::Bool(b) => self.buf.push(*b as u8),
            Value::Byte(b) => self.buf.push(*b as u8),
            Value::I16(n) => self.buf.extend_from_slice(&n.to_be_bytes()),
            Value::I32(n) => self.buf.extend_from_slice(&n.to_be_bytes()),
            Value::I64(n) => self.buf.extend_from_slice(&n.to_be_bytes()),
            Value::Double(d) => self.buf.extend_from_slice(&d.to_bits().to_be_bytes()),
            Value::Bin(b) => self.bytes(b),
            Value::Struct(fields) => {
                for (id, fv) in fields {
                    self.field_header(fv.ttype(), *id);
                    self.value(fv);
                }
                self.stop();
            }
            Value::List(et, items) | Value::Set(et, items) => {
                self.buf.push(*et);
                self.buf
                    .extend_from_slice(&(items.len() as i32).to_be_bytes());
                for i in items {
                    self.value(i);
                }
            }
            Value::Map(kt, vt, items) => {
                self.buf.push(*kt);
                self.buf.push(*vt);
                self.buf
                    .extend_from_slice(&(items.len() as i32).to_be_bytes());
                for (k, v) in items {
                    self.value(k);
                    self.value(v);
                }
            }
        }
    }
}
