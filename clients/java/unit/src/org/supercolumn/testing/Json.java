package org.supercolumn.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of the admin surface's bodies and answers (fault rules, the activity record, reset
 * figures), so that the jar needs no JSON library. Objects read as {@code LinkedHashMap} (keys in
 * the server's order), arrays as {@code ArrayList}, whole numbers as {@code Long}, others as
 * {@code Double}. Not a dataset reader: datasets go to the server as they are.
 */
public final class Json {
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** The value {@code text} holds; an {@code IllegalArgumentException} names the offset of a mistake. */
    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.at != text.length()) {
            throw p.error("unexpected text after the value");
        }
        return v;
    }

    /** {@code value} (maps, lists, strings, numbers, booleans, null) as JSON text. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value);
        return out.toString();
    }

    private static void write(StringBuilder out, Object v) {
        if (v == null || v instanceof Boolean || v instanceof Number) {
            out.append(v);
        } else if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            out.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : m.entrySet()) {
                out.append(sep);
                string(out, String.valueOf(e.getKey()));
                out.append(':');
                write(out, e.getValue());
                sep = ",";
            }
            out.append('}');
        } else if (v instanceof Iterable) {
            Iterable<?> list = (Iterable<?>) v;
            out.append('[');
            String sep = "";
            for (Object o : list) {
                out.append(sep);
                write(out, o);
                sep = ",";
            }
            out.append(']');
        } else {
            string(out, v.toString());
        }
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    private IllegalArgumentException error(String why) {
        return new IllegalArgumentException("JSON at offset " + at + ": " + why);
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw error("a value was expected");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            default:
                if (text.startsWith("true", at)) {
                    at += 4;
                    return Boolean.TRUE;
                }
                if (text.startsWith("false", at)) {
                    at += 5;
                    return Boolean.FALSE;
                }
                if (text.startsWith("null", at)) {
                    at += 4;
                    return null;
                }
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == '}') {
            at++;
            return m;
        }
        while (true) {
            space();
            if (at >= text.length() || text.charAt(at) != '"') {
                throw error("a key was expected");
            }
            String key = string();
            space();
            expect(':');
            m.put(key, value());
            space();
            if (at < text.length() && text.charAt(at) == ',') {
                at++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        at++;
        space();
        if (at < text.length() && text.charAt(at) == ']') {
            at++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (at < text.length() && text.charAt(at) == ',') {
                at++;
                continue;
            }
            expect(']');
            return list;
        }
    }

    private void expect(char c) {
        if (at >= text.length() || text.charAt(at) != c) {
            throw error("'" + c + "' was expected");
        }
        at++;
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                break;
            }
            char e = text.charAt(at++);
            int simple = "nrtbf".indexOf(e);
            if (simple >= 0) {
                out.append("\n\r\t\b\f".charAt(simple));
            } else if (e == 'u') {
                if (at + 4 > text.length()) {
                    throw error("a short \\u escape");
                }
                out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                at += 4;
            } else {
                out.append(e);
            }
        }
        throw error("an unterminated string");
    }

    private Number number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String n = text.substring(start, at);
        if (n.isEmpty()) {
            throw error("a value was expected");
        }
        try {
            if (n.indexOf('.') < 0 && n.indexOf('e') < 0 && n.indexOf('E') < 0) {
                return Long.parseLong(n);
            }
            return Double.parseDouble(n);
        } catch (NumberFormatException e) {
            throw error("a bad number '" + n + "'");
        }
    }
}
