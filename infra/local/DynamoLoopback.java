import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local for the local cloud (infra/local/dynamodb.ts), with three things its own main() lacks:
 * it listens on 127.0.0.1 only (the jar has no host flag and binds every interface, which would put a
 * person's data on their network); it answers only requests carrying the token the parent writes as the
 * first line of stdin (the header FRONT_HEADER, which only the signature-checking front in front of it
 * sends: DynamoDB Local takes any signature and answers CORS for every origin); and it exits as soon as its
 * stdin closes, which happens when the Node process that started it dies in any way, SIGKILL included, so
 * it is never left orphaned.
 */
public class DynamoLoopback {
  static final String FRONT_HEADER = "x-local-cloud-front";

  public static void main(String[] args) throws Exception {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = System.in.read(); b != -1 && b != '\n'; b = System.in.read()) line.write(b);
    byte[] token = line.toByteArray();
    if (token.length < 32) throw new IllegalStateException("no front token on stdin");

    Thread watch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // the parent writes nothing after the token; only the end of the stream matters
        }
      } catch (Exception ignored) {
        // a broken pipe means the parent is gone too
      }
      Runtime.getRuntime().halt(0);
    });
    watch.setDaemon(true);
    watch.start();

    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // Jetty is created inside the proxy's constructor with a port only; its connector is not bound until
    // start(), so setting the host here means no moment on every interface.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    server.setHandler(new Handler.Wrapper(server.getHandler()) {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String given = request.getHeaders().get(FRONT_HEADER);
        if (given == null || !MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token)) {
          Response.writeError(request, response, callback, 403);
          return true;
        }
        return super.handle(request, response, callback);
      }
    });
    proxy.start();
  }
}
