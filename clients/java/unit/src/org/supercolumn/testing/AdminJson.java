package org.supercolumn.testing;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin surface's JSON (fault rules, the record of calls, reset figures) as plain Java
 * values: objects as {@code LinkedHashMap} in the server's key order, arrays as
 * {@code ArrayList}, whole numbers as {@code Long}, other numbers as {@code Double}. Jackson's
 * streaming parser and generator do the JSON; only the mapping onto these values is here.
 * Jackson's databind would do that too, but its first use costs a fresh JVM several times what
 * the streaming API's does (measured: docs/testing-kit.md), and a test JVM is fresh each run.
 */
final class AdminJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private AdminJson() {
    }

    /** The one value {@code text} holds; a {@code JsonParseException} says where it is not JSON. */
    static Object read(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw new JsonParseException(p, "no JSON value");
            }
            Object value = value(p);
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "text after the JSON value");
            }
            return value;
        }
    }

    private static Object value(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_OBJECT:
                Map<String, Object> object = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    object.put(key, value(p));
                }
                return object;
            case START_ARRAY:
                List<Object> array = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(p));
                }
                return array;
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? p.getBigIntegerValue() : p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new JsonParseException(p, "unexpected " + p.currentToken());
        }
    }

    /** Maps, iterables, strings, numbers, booleans and null as JSON text; anything else as its string. */
    static String write(Object value) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, value);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable) {
            g.writeStartArray();
            for (Object item : (Iterable<?>) v) {
                write(g, item);
            }
            g.writeEndArray();
        } else if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) {
            g.writeObject(v); // the generator's own forms for these, no object mapper needed
        } else {
            g.writeString(v.toString());
        }
    }
}
