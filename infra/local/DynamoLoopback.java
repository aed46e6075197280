import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local for the local cloud (infra/local/dynamodb.ts), with two things its own main() lacks:
 * it listens on 127.0.0.1 only (the jar has no host flag and binds every interface, which would put a
 * person's data on their network), and it exits as soon as its stdin closes, which happens when the
 * Node process that started it dies in any way, SIGKILL included, so it is never left orphaned.
 */
public class DynamoLoopback {
  public static void main(String[] args) throws Exception {
    Thread watch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // the parent never writes; only the end of the stream matters
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
    proxy.start();
  }
}
