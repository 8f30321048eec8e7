// The avro step of an old Cassandra build (0.7-1.1) without ant: reads an avro IDL (.genavro),
// writes its JSON protocol, then generates the Java classes, with the avro jar of the tree.
//   java -cp TOOLS:lib/* AvroCompile IN.genavro OUT.avpr GEN_JAVA_DIR
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.avro.Protocol;
import org.apache.avro.idl.Idl;
import org.apache.avro.specific.SpecificCompiler;

public class AvroCompile {
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: AvroCompile IN.genavro OUT.avpr GEN_JAVA_DIR");
            System.exit(2);
        }
        Protocol protocol = new Idl(new File(args[0])).CompilationUnit();
        File json = new File(args[1]);
        Files.write(json.toPath(), protocol.toString(true).getBytes(StandardCharsets.UTF_8));
        SpecificCompiler.compileProtocol(json, new File(args[2]));
    }
}
