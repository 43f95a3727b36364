//! Request bodies read with a struct only from a JSON object. serde's derived structs also
//! take an array, its items as the fields in order, so `{"data": []}` read as a document
//! whose every field has its default: a change of a user's roles with no roles in it (the
//! contract run found that, `PATCH jsonapi/user_permission/...`). The documents say object.
//!
//! [`Objects`] wraps a deserializer and hands every value under it a visitor that refuses a
//! sequence where a struct is asked for; everything else goes to the wrapped deserializer and
//! the caller's visitor unchanged.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use std::fmt;

/// A deserializer whose structs are read from objects only.
pub struct Objects<D>(pub D);

/// The caller's visitor; `object_only` when it reads a struct.
struct Visit<V> {
    inner: V,
    object_only: bool,
}

impl<V> Visit<V> {
    fn any(inner: V) -> Visit<V> {
        Visit {
            inner,
            object_only: false,
        }
    }

    fn object(inner: V) -> Visit<V> {
        Visit {
            inner,
            object_only: true,
        }
    }
}

/// Forwards `deserialize_*` methods that take only a visitor.
macro_rules! forward {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Visit::any(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Objects<D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Visit::any(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Visit::any(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Visit::any(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_tuple_struct(name, len, Visit::any(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_struct(name, fields, Visit::object(visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Visit::any(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// Forwards `visit_*` methods of plain values.
macro_rules! visit {
    ($($method:ident($type:ty))*) => {$(
        fn $method<E: de::Error>(self, value: $type) -> Result<V::Value, E> {
            self.inner.$method(value)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Visit<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(formatter)
    }

    visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64)
        visit_i128(i128) visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64)
        visit_u128(u128) visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str)
        visit_borrowed_str(&'de str) visit_string(String) visit_bytes(&[u8])
        visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(Objects(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.inner.visit_newtype_struct(Objects(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        if self.object_only {
            return Err(A::Error::invalid_type(Unexpected::Seq, &self));
        }
        self.inner.visit_seq(Objects(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(Objects(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(Objects(data))
    }
}

/// A seed whose value is read through [`Objects`].
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Objects(deserializer))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Objects<A> {
    type Error = A::Error;
    type Variant = Objects<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Objects<A::Variant>), A::Error> {
        let (value, variant) = self.0.variant_seed(Seed(seed))?;
        Ok((value, Objects(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Objects<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Visit::any(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Visit::object(visitor))
    }
}

/// `bytes` as JSON into `T`, every struct from an object; `None` when it is not that.
pub fn from_slice<T: de::DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(Objects(&mut json)).ok()?;
    json.end().ok()?;
    Some(value)
}

/// `value` into `T`, every struct from an object.
pub fn from_value<T: de::DeserializeOwned>(value: serde_json::Value) -> Option<T> {
    T::deserialize(Objects(value)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::value::RawValue;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        #[serde(default)]
        roles: Vec<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Document {
        data: Inner,
        #[serde(default)]
        list: Vec<Inner>,
        #[serde(default)]
        pair: Option<(u8, String)>,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Plain,
        Shaped { size: u8 },
    }

    /// serde's own reading takes a struct from an array; this one does not, at any depth,
    /// and reads everything else as serde does: arrays of structs, tuples, enums.
    #[test]
    fn a_struct_is_read_from_an_object_only() {
        let lenient: Document = serde_json::from_str(r#"{"data": []}"#).unwrap_or_else(|_| {
            panic!("serde reads a struct from an array, which is why this module exists")
        });
        assert_eq!(lenient.data, Inner { roles: vec![] });
        for refused in [
            r#"{"data": []}"#,
            r#"[{"roles": []}]"#,
            r#"{"data": {}, "list": [[]]}"#,
            r#"{"data": {}, "kind": {"shaped": [3]}}"#,
            r#"{"data": {}} trailing"#,
        ] {
            assert_eq!(
                from_slice::<Document>(refused.as_bytes()),
                None,
                "{refused}"
            );
            let value = serde_json::from_str(refused).ok();
            assert_eq!(value.and_then(from_value::<Document>), None, "{refused}");
        }
        let read: Option<Document> = from_slice(
            br#"{"data": {"roles": ["beheerder"]}, "list": [{}], "pair": [1, "a"], "kind": {"shaped": {"size": 3}}}"#,
        );
        assert_eq!(
            read,
            Some(Document {
                data: Inner {
                    roles: vec!["beheerder".into()]
                },
                list: vec![Inner { roles: vec![] }],
                pair: Some((1, "a".into())),
                kind: Some(Kind::Shaped { size: 3 }),
            })
        );
        let plain: Option<Document> = from_slice(br#"{"data": {}, "kind": "plain"}"#);
        assert_eq!(plain.and_then(|document| document.kind), Some(Kind::Plain));
    }

    /// serde_json's raw values (a send's schema and values are kept as text) come through the
    /// wrapper as they are.
    #[test]
    fn raw_values_are_kept_as_sent() {
        #[derive(Deserialize)]
        struct Send {
            values: Box<RawValue>,
        }
        let send: Option<Send> = from_slice(br#"{"values": {"a": [1, 2.50]}}"#);
        assert_eq!(
            send.map(|send| send.values.get().to_owned()),
            Some(r#"{"a": [1, 2.50]}"#.to_owned())
        );
    }
}
