# Post-processing for `thrift --gen rs` 0.17 output, used by scripts/gen-thrift.sh.
# The compiler keeps each method's `<Service><Method>Args` and `...Result` structs private;
# this makes the structs, their fields and their inherent methods (read_from_in_protocol,
# write_to_out_protocol, ok_or) public. Trait impls are left alone.
/^struct [A-Za-z0-9_]+(Args|Result) \{$/ { print "pub " $0; in_struct = 1; next }
/^impl [A-Za-z0-9_]+(Args|Result) \{$/   { print; in_impl = 1; next }
/^}$/                                     { in_struct = 0; in_impl = 0; print; next }
in_struct && /^  [a-z_0-9]+: /           { sub(/^  /, "  pub "); print; next }
in_impl && /^  fn /                      { sub(/^  fn /, "  pub fn "); print; next }
{ print }
