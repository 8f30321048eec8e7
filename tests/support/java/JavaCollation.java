// The JDK side of supercolumn's CollatingOrderPreservingPartitioner checks.
//
// Cassandra 0.6's CollatingOrderPreservingPartitioner made a row's token from
// java.text.Collator.getInstance(new Locale("en", "US")): the bytes of
// getCollationKey(key).toByteArray(). This program asks a JDK for exactly
// that, in two modes:
//
//   java JavaCollation keys    reads one key per line, as the hex of its UTF-8
//                              bytes, and prints the hex of its collation key
//   java JavaCollation table   prints src/partitioner/collation_en_us.txt
//                              (scripts/gen-collation-table.sh), after checking
//                              that the table reproduces the JDK's keys
//   java JavaCollation vectors prints src/partitioner/collation_vectors.txt: a
//                              fixed set of keys with their collation keys, in
//                              the JDK's order (checked without a JDK by the
//                              partitioner's unit tests)
//
// It uses only public java.text API; the table is what the JDK answers,
// measured character by character.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.text.*;
import java.util.*;

public class JavaCollation {
    static final RuleBasedCollator COLLATOR =
        (RuleBasedCollator) Collator.getInstance(new Locale("en", "US"));

    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals("keys")) {
            keys();
        } else if (args.length == 1 && args[0].equals("table")) {
            table();
        } else if (args.length == 1 && args[0].equals("vectors")) {
            vectors();
        } else {
            System.err.println("usage: java JavaCollation keys|table|vectors");
            System.exit(2);
        }
    }

    static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(String.format("%02x", b & 0xff));
        return sb.toString();
    }

    static byte[] unhex(String s) {
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++)
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return out;
    }

    static void keys() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII)));
        String line;
        while ((line = in.readLine()) != null) {
            String key = new String(unhex(line.trim()), StandardCharsets.UTF_8);
            out.println(hex(COLLATOR.getCollationKey(key).toByteArray()));
        }
        out.flush();
    }

    // ---- table mode -------------------------------------------------------

    static List<Integer> orders(String s) {
        CollationElementIterator it = COLLATOR.getCollationElementIterator(s);
        List<Integer> out = new ArrayList<>();
        int o;
        while ((o = it.next()) != CollationElementIterator.NULLORDER) out.add(o);
        return out;
    }

    static String str(int cp) {
        return new String(Character.toChars(cp));
    }

    static boolean isSurrogate(int cp) {
        return cp >= 0xD800 && cp <= 0xDFFF;
    }

    /** What the iterator gives a character it has no rule for. */
    static List<Integer> unmapped(int cp) {
        List<Integer> out = new ArrayList<>();
        out.add(0x7FFF0000);
        for (char ch : Character.toChars(cp)) out.add(((int) ch) << 16);
        return out;
    }

    static Map<Integer, List<Integer>> entries = new TreeMap<>();
    static Map<List<Integer>, List<Integer>> contractions = new LinkedHashMap<>();
    static List<Integer> aliasPlanes = new ArrayList<>();
    static int maxSec, maxTer;

    static List<Integer> lookup(int cp) {
        List<Integer> e = entries.get(cp);
        if (e != null) return e;
        if (aliasPlanes.contains(cp >> 16)) {
            e = entries.get(cp & 0xFFFF);
            if (e != null) return e;
        }
        return unmapped(cp);
    }

    /** The collation key from the table, the way the JDK builds it. */
    static byte[] modelKey(String s) {
        int[] cps = s.codePoints().toArray();
        StringBuilder p = new StringBuilder(), sec = new StringBuilder(), ter = new StringBuilder();
        for (int i = 0; i < cps.length; ) {
            List<Integer> os = null;
            int used = 1;
            for (Map.Entry<List<Integer>, List<Integer>> c : contractions.entrySet()) {
                List<Integer> seq = c.getKey();
                if (seq.size() > used && i + seq.size() <= cps.length) {
                    boolean match = true;
                    for (int j = 0; j < seq.size(); j++) match &= cps[i + j] == seq.get(j);
                    if (match) { os = c.getValue(); used = seq.size(); }
                }
            }
            if (os == null) os = lookup(cps[i]);
            for (int o : os) {
                int pr = o >>> 16, se = (o >> 8) & 0xff, te = o & 0xff;
                if (pr != 0) {
                    p.append((char) (pr + 1));
                    sec.append((char) (se + 1));
                    ter.append((char) (te + 1));
                } else {
                    if (se != 0) sec.append((char) (se + maxSec + 1));
                    if (te != 0) ter.append((char) (te + maxTer + 1));
                }
            }
            i += used;
        }
        String k = p + "\0" + sec + "\0" + ter;
        byte[] out = new byte[k.length() * 2];
        for (int i = 0; i < k.length(); i++) {
            out[2 * i] = (byte) (k.charAt(i) >> 8);
            out[2 * i + 1] = (byte) k.charAt(i);
        }
        return out;
    }

    static void fail(String why) {
        System.err.println("JavaCollation table: " + why);
        System.exit(1);
    }

    static void table() {
        // 1. Every BMP character the rules (or their decompositions) map.
        for (int cp = 0; cp < 0x10000; cp++) {
            if (isSurrogate(cp)) continue;
            List<Integer> os = orders(str(cp));
            if (!os.equals(unmapped(cp))) entries.put(cp, os);
        }
        // 2. Supplementary characters: planes that alias the BMP table, and
        //    any other mapped one as an entry of its own.
        for (int plane = 1; plane <= 16; plane++) {
            boolean aliases = true, plain = true;
            for (int low = 0; low < 0x10000; low++) {
                int cp = (plane << 16) | low;
                List<Integer> os = orders(str(cp));
                List<Integer> bmp = isSurrogate(low) ? null : entries.get(low);
                aliases &= os.equals(bmp != null ? bmp : unmapped(cp));
                plain &= os.equals(unmapped(cp));
            }
            if (aliases && !plain) aliasPlanes.add(plane);
            else if (!plain) {
                for (int low = 0; low < 0x10000; low++) {
                    int cp = (plane << 16) | low;
                    List<Integer> os = orders(str(cp));
                    if (!os.equals(unmapped(cp))) entries.put(cp, os);
                }
            }
        }
        // 3. Contractions: sequences the iterator reads as one unit. Every
        //    pair of mapped BMP characters, and every canonical decomposition.
        List<Integer> bmpMapped = new ArrayList<>();
        for (int cp : entries.keySet()) if (cp < 0x10000) bmpMapped.add(cp);
        for (int a : bmpMapped)
            for (int b : bmpMapped) {
                List<Integer> os = orders(str(a) + str(b));
                List<Integer> cat = new ArrayList<>(entries.get(a));
                cat.addAll(entries.get(b));
                if (!os.equals(cat)) contractions.put(List.of(a, b), os);
            }
        for (int cp = 0; cp <= 0x10FFFF; cp++) {
            if (isSurrogate(cp)) continue;
            String d = Normalizer.normalize(str(cp), Normalizer.Form.NFD);
            int[] cps = d.codePoints().toArray();
            for (int len = 3; len <= cps.length; len++) {
                for (int from = 0; from + len <= cps.length; from++) {
                    List<Integer> seq = new ArrayList<>();
                    StringBuilder sb = new StringBuilder();
                    for (int j = from; j < from + len; j++) {
                        seq.add(cps[j]);
                        sb.appendCodePoint(cps[j]);
                    }
                    List<Integer> os = orders(sb.toString());
                    // Compare with what the shorter units give.
                    if (!Arrays.equals(modelKeyOrders(seq), os.stream().mapToInt(x -> x).toArray()))
                        contractions.put(seq, os);
                }
            }
        }
        // 4. The offsets the key adds to primary-ignorable secondaries and
        //    tertiaries, read back from the JDK's own keys.
        maxSec = -1;
        maxTer = -1;
        for (int cp : entries.keySet()) {
            List<Integer> os = entries.get(cp);
            if (os.size() != 1) continue;
            int o = os.get(0), pr = o >>> 16, se = (o >> 8) & 0xff, te = o & 0xff;
            if (pr != 0 || (se == 0 && te == 0)) continue;
            byte[] k = COLLATOR.getCollationKey(str(cp)).toByteArray();
            // key: 0000 | secondary chars | 0000 | tertiary chars
            int at = 2;
            if (se != 0) {
                int m = (((k[at] & 0xff) << 8) | (k[at + 1] & 0xff)) - se - 1;
                if (maxSec >= 0 && m != maxSec) fail("secondary offset differs at U+" + Integer.toHexString(cp));
                maxSec = m;
                at += 2;
            }
            at += 2;
            if (te != 0) {
                int m = (((k[at] & 0xff) << 8) | (k[at + 1] & 0xff)) - te - 1;
                if (maxTer >= 0 && m != maxTer) fail("tertiary offset differs at U+" + Integer.toHexString(cp));
                maxTer = m;
            }
        }
        if (maxSec < 0 || maxTer < 0) fail("no primary-ignorable character to measure the offsets with");
        // 5. The table must reproduce the JDK's keys.
        selfCheck();
        print();
    }

    static int[] modelKeyOrders(List<Integer> seq) {
        List<Integer> out = new ArrayList<>();
        int[] cps = seq.stream().mapToInt(x -> x).toArray();
        for (int i = 0; i < cps.length; ) {
            List<Integer> os = null;
            int used = 1;
            for (Map.Entry<List<Integer>, List<Integer>> c : contractions.entrySet()) {
                List<Integer> s = c.getKey();
                if (s.size() > used && i + s.size() <= cps.length) {
                    boolean match = true;
                    for (int j = 0; j < s.size(); j++) match &= cps[i + j] == s.get(j);
                    if (match) { os = c.getValue(); used = s.size(); }
                }
            }
            if (os == null) os = lookup(cps[i]);
            out.addAll(os);
            i += used;
        }
        return out.stream().mapToInt(x -> x).toArray();
    }

    static void selfCheck() {
        Random r = new Random(20100706);
        List<Integer> pool = new ArrayList<>(entries.keySet());
        for (List<Integer> c : contractions.keySet()) pool.addAll(c);
        for (int plane : aliasPlanes) for (int i = 0; i < 50; i++) pool.add((plane << 16) | pool.get(r.nextInt(pool.size())) & 0xFFFF);
        int checked = 0;
        for (int n = 0; n < 300000; n++) {
            StringBuilder sb = new StringBuilder();
            int len = r.nextInt(8);
            for (int i = 0; i < len; i++) {
                int cp;
                switch (r.nextInt(4)) {
                    case 0: cp = r.nextInt(0x110000); break;
                    case 1: cp = r.nextInt(0x3000); break;
                    default: cp = pool.get(r.nextInt(pool.size()));
                }
                if (isSurrogate(cp)) cp = 'x';
                sb.appendCodePoint(cp);
            }
            String s = sb.toString();
            byte[] want = COLLATOR.getCollationKey(s).toByteArray();
            if (!Arrays.equals(want, modelKey(s)))
                fail("the table does not reproduce the key of " + s.codePoints().mapToObj(Integer::toHexString).toList()
                     + ": JDK " + hex(want) + ", table " + hex(modelKey(s)));
            checked++;
        }
        System.err.println("JavaCollation table: " + entries.size() + " entries, " + contractions.size()
                           + " contractions, alias planes " + aliasPlanes + "; " + checked + " random keys reproduced");
    }

    static String orderList(List<Integer> os) {
        StringBuilder sb = new StringBuilder();
        for (int o : os) sb.append(' ').append(String.format("%08x", o));
        return sb.toString();
    }

    static void print() {
        PrintStream out = System.out;
        out.println("# Java's java.text.Collator for Locale(\"en\", \"US\") (a RuleBasedCollator,");
        out.println("# tertiary strength, no decomposition), as Cassandra 0.6's");
        out.println("# CollatingOrderPreservingPartitioner used it. Generated by");
        out.println("# scripts/gen-collation-table.sh from " + System.getProperty("java.vm.name") + " "
                    + System.getProperty("java.version") + "; do not edit.");
        out.println("#");
        out.println("# Each line after the header is one character: its code point (hex) and the");
        out.println("# collation element orders (primary << 16 | secondary << 8 | tertiary) the");
        out.println("# JDK's iterator returns for it. Characters not listed get 7fff0000 followed by");
        out.println("# (UTF-16 unit << 16) for each of their UTF-16 units. Characters of an alias");
        out.println("# plane take the entry of the BMP character with the same low 16 bits, if");
        out.println("# any. A contraction is a sequence read as one unit (longest match first).");
        out.println("# max_secondary / max_tertiary are added (plus one) to the secondary and");
        out.println("# tertiary of a primary-ignorable element in a key.");
        out.println("max_secondary " + Integer.toHexString(maxSec));
        out.println("max_tertiary " + Integer.toHexString(maxTer));
        StringBuilder planes = new StringBuilder("alias_planes");
        for (int p : aliasPlanes) planes.append(' ').append(p);
        out.println(planes);
        for (Map.Entry<List<Integer>, List<Integer>> c : contractions.entrySet()) {
            StringBuilder seq = new StringBuilder("contraction");
            for (int cp : c.getKey()) seq.append(' ').append(String.format("%04x", cp));
            out.println(seq + " =" + orderList(c.getValue()));
        }
        for (Map.Entry<Integer, List<Integer>> e : entries.entrySet())
            out.println(String.format("%04x", e.getKey()) + " =" + orderList(e.getValue()));
    }
    // ---- vectors mode -----------------------------------------------------

    static void vectors() {
        Set<String> keys = new LinkedHashSet<>();
        // Cassandra 0.6.13's test_range_collation keys.
        for (String k : new String[] {"-a", "-b", "a", "b"}) keys.add(k);
        for (int i = 0; i < 100; i++) keys.add(Integer.toString(i));
        // Every printable ASCII character alone, before and after a letter.
        for (char c = 0x20; c < 0x7f; c++) {
            keys.add("" + c);
            keys.add("a" + c);
            keys.add(c + "a");
        }
        // Case, accents, spaces, punctuation inside words, prefixes.
        String[] words = {"resume", "Resume", "RESUME", "r\u00e9sum\u00e9", "R\u00e9sum\u00e9", "re-sume", "re sume",
            "re_sume", "resum\u00e9", "re\u0301sume\u0301", "co-op", "coop", "co op", "Co-op", "cote", "cot\u00e9",
            "c\u00f4te", "c\u00f4t\u00e9", "stra\u00dfe", "strasse", "STRASSE", "\u00e6sir", "aesir", "AEsir",
            "\u00c6sir", "\u00fe", "th", "TH", "\u0153uvre", "oeuvre", "na\u00efve", "naive", "ni\u00f1o", "nino",
            "\u00e5", "\u00e4", "\u00e0", "a\u0308", "a\u0308\u0301", "a\u0344", "\u01d8", "u\u0308\u0301",
            "abc", "ab", "a", "abcd", "abcde", "abd", "ab c", "ab-c", "abc ", " abc", "a\tb", "a\nb", "a\u00a0b",
            "a\u3000b", "a\u200bb", "a\u00adb", "1", "01", "1.0", "1,0", "10", "2", "-1", "+1", "1e3", "\u00bd",
            "\u00b2", "\u2162", "\u2170", "\u00a9", "$5", "\u20ac5", "\u00a35", "#tag", "@user", "user@example.com",
            "http://example.com/a", "C:\\dir", "a/b", "a.b", "a,b", "a;b", "a:b", "a!b", "a?b", "(a)", "[a]", "{a}",
            "'a'", "\"a\"", "\u00aba\u00bb", "a~b", "a^b", "a`b", "a|b", "a<b", "a=b", "a>b", "a%b", "a&b", "a*b"};
        for (String w : words) keys.add(w);
        // Other scripts and code points past the rules (javac turns the
        // escapes into characters, surrogate pairs included).
        String[] scripts = {"\u03b1\u03b2\u03b3", "\u0391\u0392", "\u03ac", "\u0390", "\u043a\u043b\u044e\u0447",
            "\u041a\u043b\u044e\u0447", "\u0451\u0436", "\u05e9\u05dc\u05d5\u05dd", "\u0633\u0644\u0627\u0645",
            "\u4e2d\u6587", "\u4e00", "\u9fa5", "\ud55c\uae00", "\u3042\u3044", "\u30a2\u30a4", "\u0e40\u0e01",
            "\u0e01\u0e40", "\u0e3f", "\uff21\uff22", "\uff41", "\ufb01", "fi", "\u2126", "\u03a9", "\u212b",
            "\u00c5", "\ud83d\ude00", "\ud83d\ude00a", "a\ud83d\ude00", "\ud800\udc00", "\ud8c0\udc41",
            "\ud8c0\udce9", "\ud900\udf08\u0301", "\u0308\ud8c0\udf01", "\uffff", "\ufffd", "\u0000a", "a\u0000",
            "\u0001", "\u007f", "\u0085", "\u2028", "\ue000", "\u1e9e", "\u0127", "\u0131", "\u0130", "i", "I"};
        for (String w : scripts) keys.add(w);
        // Random strings from a pool weighted towards what the rules mention.
        Random r = new Random(6_13);
        int[] pool = {' ', '-', '_', ',', '.', '\'', '0', '1', '9', 'a', 'A', 'b', 'B', 'e', 'E', 'z', 'Z', 0xe9, 0xc9,
            0xdf, 0xe6, 0x301, 0x308, 0x300, 0xa0, 0xad, 0x2010, 0x3b1, 0x43a, 0x4e00, 0x1f600, 0x40041, 0xff41};
        while (keys.size() < 1400) {
            StringBuilder sb = new StringBuilder();
            int len = 1 + r.nextInt(5);
            for (int i = 0; i < len; i++) sb.appendCodePoint(pool[r.nextInt(pool.length)]);
            keys.add(sb.toString());
        }
        keys.remove("");
        List<String> sorted = new ArrayList<>(keys);
        Map<String, byte[]> ck = new HashMap<>();
        for (String k : sorted) ck.put(k, COLLATOR.getCollationKey(k).toByteArray());
        sorted.sort((a, b) -> {
            int c = Arrays.compareUnsigned(ck.get(a), ck.get(b));
            return c != 0 ? c : Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
        });
        PrintStream out = System.out;
        out.println("# Keys in Cassandra 0.6 CollatingOrderPreservingPartitioner order: the hex of");
        out.println("# each key's UTF-8 bytes and of its Java en_US collation key (its token),");
        out.println("# sorted by token (unsigned bytes), ties by key bytes. Generated by");
        out.println("# scripts/gen-collation-table.sh from " + System.getProperty("java.vm.name") + " "
                    + System.getProperty("java.version") + "; do not edit.");
        for (String k : sorted) out.println(hex(k.getBytes(StandardCharsets.UTF_8)) + " " + hex(ck.get(k)));
    }
}
