# Post-processing for `thrift --gen rs` 0.17 output, used by scripts/gen-thrift.sh.
# Run as `awk -f gen-thrift-post.awk FILE FILE` (two passes over the same file).
#
# 1. Public per-method structs. The compiler keeps each method's `<Service><Method>Args` and
#    `...Result` structs private; this makes the structs, their fields and their inherent methods
#    (read_from_in_protocol, write_to_out_protocol, ok_or) public, so a server can decode a
#    call's arguments or encode a reply without the generated processor. Trait impls are untouched.
#
# 2. Field types are checked on read. The generated readers pick the decoder by field id alone,
#    so a field sent with the wrong wire type (say an i32 where the IDL says i64) desynchronises
#    the stream. Java's generated code -- what Cassandra ran -- skips such a field instead, after
#    which a required field is reported missing. Each `N => {` arm of a field match becomes
#    `N if field_ident.field_type == TType::X => {`, so mismatched fields fall through to the
#    existing `_ => skip` arm. X is derived from the decoder the arm calls; an arm this script
#    does not recognise aborts generation rather than being left unchecked.
#
# 3. Decoding is bounded. The generated readers reserve a container's whole wire count up front
#    (`Vec::with_capacity(list_ident.size as usize)`), trusting a count a client chose; each becomes
#    `Vec::new()`, so a container grows only as its elements actually arrive. And before every
#    element is added to a container (`x.push(e)`, `x.insert(e)`, `x.insert(k, v)`), its in-memory
#    size is charged to the decoding budget of the message (`crate::thrift::wire::bounded::charge`), so
#    no message can decode into more than a fixed multiple of its size. A use of a wire count or an
#    add to a container in a form this script does not recognise aborts generation.

#
# 4. Writing allocates nothing for names. The generated writers build each struct's and each
#    field's identifier from its name (`TFieldIdentifier::new("name", ..)` allocates a String
#    per field written), which the binary protocol never writes. The names become comments:
#    `TFieldIdentifier::new::<Option<String>, String, i16>(None /* name */, ..)`, `TStructIdentifier::new(String::new()
#    /* Name */)`. A reply of five columns made about thirty such allocations.

# Pass 1: the enums (generated as `pub struct Name(pub i32);`), which travel as i32.
FNR == NR {
  if (match($0, /^pub struct [A-Za-z0-9_]+\(pub i32\);$/)) {
    name = $3; sub(/\(.*/, "", name); enums[name] = 1
  }
  next
}

function wire_type(body,    callee) {
  if (body ~ /i_prot\.read_list_begin\(/)  return "List"
  if (body ~ /i_prot\.read_set_begin\(/)   return "Set"
  if (body ~ /i_prot\.read_map_begin\(/)   return "Map"
  if (body ~ /i_prot\.read_bool\(/)        return "Bool"
  if (body ~ /i_prot\.read_i8\(/)          return "I08"
  if (body ~ /i_prot\.read_i16\(/)         return "I16"
  if (body ~ /i_prot\.read_i32\(/)         return "I32"
  if (body ~ /i_prot\.read_i64\(/)         return "I64"
  if (body ~ /i_prot\.read_double\(/)      return "Double"
  if (body ~ /OrderedFloat::from\(i_prot\.read_double\(/) return "Double"
  if (body ~ /i_prot\.read_(string|bytes)\(/) return "String"
  if (match(body, /[A-Za-z0-9_]+::read_from_in_protocol\(/)) {
    callee = substr(body, RSTART, RLENGTH); sub(/::.*/, "", callee)
    return (callee in enums) ? "I32" : "Struct"
  }
  return ""
}

# Pass 2.
pending != "" {
  t = wire_type($0)
  if (t == "") {
    printf("gen-thrift-post.awk: %s:%d: cannot tell the wire type of: %s\n", FILENAME, FNR, $0) > "/dev/stderr"
    failed = 1; exit 1
  }
  arm = pending; sub(/ => \{$/, " if field_ident.field_type == TType::" t " => {", arm)
  print arm; pending = ""
}
/^        -?[0-9]+ => \{$/                 { pending = $0; next }
/_ident\.size as usize/ {
  if (!sub(/Vec::with_capacity\([a-z]+_ident\.size as usize\)/, "Vec::new()") || $0 ~ /_ident\.size as usize/) {
    printf("gen-thrift-post.awk: %s:%d: unbounded use of a wire count: %s\n", FILENAME, FNR, $0) > "/dev/stderr"
    failed = 1; exit 1
  }
}
/\.(push|insert)\(/ {
  indent = $0; sub(/[^ ].*$/, "", indent)
  body = substr($0, length(indent) + 1)
  if (body ~ /^[a-z_0-9]+\.(push|insert)\([a-z_0-9]+\);$/) {
    arg = body; sub(/^[^(]*\(/, "", arg); sub(/\);$/, "", arg)
    cost = "std::mem::size_of_val(&" arg ")"
  } else if (body ~ /^[a-z_0-9]+\.insert\([a-z_0-9]+, [a-z_0-9]+\);$/) {
    args = body; sub(/^[^(]*\(/, "", args); sub(/\);$/, "", args)
    split(args, kv, ", ")
    cost = "std::mem::size_of_val(&" kv[1] ") + std::mem::size_of_val(&" kv[2] ")"
  } else {
    printf("gen-thrift-post.awk: %s:%d: cannot charge this container add: %s\n", FILENAME, FNR, $0) > "/dev/stderr"
    failed = 1; exit 1
  }
  print indent "crate::thrift::wire::bounded::charge(" cost ")?;"
}
/o_prot\.write_field_begin\(&TFieldIdentifier::new\("[A-Za-z0-9_]+", / {
  name = $0; sub(/^[^"]*"/, "", name); sub(/".*$/, "", name)
  sub(/TFieldIdentifier::new\("[A-Za-z0-9_]+", /, "TFieldIdentifier::new::<Option<String>, String, i16>(None /* " name " */, ")
}
/^ *let struct_ident = TStructIdentifier::new\("[A-Za-z0-9_]+"\);$/ {
  name = $0; sub(/^[^"]*"/, "", name); sub(/".*$/, "", name)
  sub(/TStructIdentifier::new\("[A-Za-z0-9_]+"\)/, "TStructIdentifier::new(String::new() /* " name " */)")
}
/^struct [A-Za-z0-9_]+(Args|Result) \{$/ { print "pub " $0; in_struct = 1; next }
/^impl [A-Za-z0-9_]+(Args|Result) \{$/   { print; in_impl = 1; next }
/^}$/                                     { in_struct = 0; in_impl = 0; print; next }
in_struct && /^  [a-z_0-9]+: /           { sub(/^  /, "  pub "); print; next }
in_impl && /^  fn /                      { sub(/^  fn /, "  pub fn "); print; next }
{ print }
END { if (failed) exit 1 }
