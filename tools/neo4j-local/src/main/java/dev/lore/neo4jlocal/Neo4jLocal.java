package dev.lore.neo4jlocal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.io.ByteUnit;
import org.neo4j.io.fs.DefaultFileSystemAbstraction;
import org.neo4j.kernel.impl.security.User;
import org.neo4j.logging.NullLogProvider;
import org.neo4j.memory.EmptyMemoryTracker;
import org.neo4j.server.security.SecureHasher;
import org.neo4j.server.security.SystemGraphCredential;
import org.neo4j.server.security.auth.CommunitySecurityModule;
import org.neo4j.server.security.auth.FileUserRepository;

/**
 * Starts a real embedded Neo4j Community 5.26 DBMS with Bolt on 127.0.0.1 for local development
 * on machines without Docker.
 *
 * <p>Usage: {@code java <jvm flags> -jar target/neo4j-local.jar [--port 7687] [--data .data/neo4j]
 * [--exit-on-stdin-close]}
 *
 * <p>Contract (relied on by launcher.js):
 * <ul>
 *   <li>exactly one line on stdout once Bolt accepts connections and the password is in place:
 *       {@code neo4j-local ready bolt://127.0.0.1:<port>}</li>
 *   <li>diagnostics on stderr; Neo4j's own logs go to {@code <data>/logs/}</li>
 *   <li>non-zero exit on any startup error; exit 0 after a clean shutdown on SIGTERM/SIGINT</li>
 * </ul>
 *
 * <p>Auth is always enabled. The password of the built-in {@code neo4j} user comes from
 * {@code NEO4J_PASSWORD} (default {@code lore-local-password}). On the very first start it is seeded
 * through Neo4j's initial-password file (what {@code neo4j-admin dbms set-initial-password} writes),
 * so there is no window where {@code neo4j/neo4j} is accepted; on every later start it is re-applied
 * with {@code ALTER USER ... CHANGE NOT REQUIRED} so the environment stays the source of truth.
 */
public final class Neo4jLocal {
    static final String READY_PREFIX = "neo4j-local ready bolt://127.0.0.1:";
    static final String DEFAULT_PASSWORD = "lore-local-password";
    static final String USER = "neo4j";

    private static final PrintStream ERR = System.err;

    private Neo4jLocal() {}

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (UsageException e) {
            ERR.println("neo4j-local: " + e.getMessage());
            ERR.println(usage());
            code = 2;
        } catch (StartupException e) {
            ERR.println("neo4j-local: " + e.getMessage());
            code = 1;
        } catch (Throwable t) {
            ERR.println("neo4j-local: failed: " + t);
            t.printStackTrace(ERR);
            code = 1;
        }
        ERR.flush();
        System.out.flush();
        System.exit(code);
    }

    static final class UsageException extends Exception {
        UsageException(String m) {
            super(m);
        }
    }

    /** An expected startup failure: reported without a stack trace. */
    static final class StartupException extends Exception {
        StartupException(String m) {
            super(m);
        }
    }

    static String usage() {
        return "usage: neo4j-local [--port <n>] [--data <dir>] [--setting <name>=<value>]... [--exit-on-stdin-close]\n"
                + "  --port <n>              Bolt port on 127.0.0.1 (default 7687)\n"
                + "  --data <dir>            Neo4j home/data directory (default .data/neo4j)\n"
                + "  --setting <name>=<value> a Neo4j setting, as in neo4j.conf (e.g. db.memory.transaction.max=8m)\n"
                + "  --exit-on-stdin-close   shut down cleanly when stdin reaches EOF (parent died)\n"
                + "env: NEO4J_PASSWORD       password of user 'neo4j' (default " + DEFAULT_PASSWORD + ")";
    }

    private static int run(String[] args) throws Exception {
        int port = 7687;
        String data = ".data/neo4j";
        boolean exitOnStdinClose = false;
        // Settings as neo4j.conf spells them, validated by Neo4j itself when it builds its config.
        Map<String, String> rawSettings = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                value = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "--port": {
                    String v = value != null ? value : next(args, ++i, a);
                    try {
                        port = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        throw new UsageException("--port must be a number, got '" + v + "'");
                    }
                    if (port < 1 || port > 65535) {
                        throw new UsageException("--port out of range: " + port);
                    }
                    break;
                }
                case "--data":
                    data = value != null ? value : next(args, ++i, a);
                    if (data.isEmpty()) {
                        throw new UsageException("--data must not be empty");
                    }
                    break;
                case "--setting": {
                    String v = value != null ? value : next(args, ++i, a);
                    int split = v.indexOf('=');
                    if (split <= 0) {
                        throw new UsageException("--setting takes <name>=<value>, got '" + v + "'");
                    }
                    rawSettings.put(v.substring(0, split), v.substring(split + 1));
                    break;
                }
                case "--exit-on-stdin-close":
                    exitOnStdinClose = true;
                    break;
                case "-h":
                case "--help":
                    System.out.println(usage());
                    return 0;
                default:
                    throw new UsageException("unknown argument '" + args[i] + "'");
            }
        }

        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.isEmpty()) {
            password = DEFAULT_PASSWORD;
            ERR.println("neo4j-local: NEO4J_PASSWORD is not set; using the default password '"
                    + DEFAULT_PASSWORD + "' for user '" + USER + "'");
        }

        Path home = Path.of(data).toAbsolutePath().normalize();
        Files.createDirectories(home);
        // Refuse early (with a clear message) instead of letting Netty fail deep inside startup.
        assertPortFree(port);

        Map<org.neo4j.graphdb.config.Setting<?>, Object> settings = settings(home, port);

        boolean firstStart = !Files.isDirectory(home.resolve("data").resolve("databases").resolve("system"));
        Path initialUserFile = firstStart ? seedInitialPassword(home, settings, password) : null;

        long t0 = System.nanoTime();
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home).setConfig(settings).setConfig(parsed(rawSettings)).build();
        long tBuilt = System.nanoTime();
        long tPassword;

        AtomicBoolean stopped = new AtomicBoolean(false);
        Runnable stop = () -> {
            if (stopped.compareAndSet(false, true)) {
                try {
                    dbms.shutdown();
                } catch (Throwable t) {
                    ERR.println("neo4j-local: error during shutdown: " + t);
                }
            }
        };
        // Fallback for exits that do not go through the signal handlers below (e.g. SIGHUP).
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "neo4j-local-shutdown"));

        try {
            GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
            if (!db.isAvailable(Duration.ofMinutes(2).toMillis())) {
                throw new IllegalStateException("default database did not become available within 2 minutes");
            }
            long tAvailable = System.nanoTime();
            if (syncPassword(dbms, password)) {
                ERR.println("neo4j-local: password of user '" + USER + "' was reset to the configured one");
            }
            tPassword = System.nanoTime() - tAvailable;
            if (initialUserFile != null) {
                // Consumed when the system database was created; don't leave a stale hash lying around.
                Files.deleteIfExists(initialUserFile);
            }
            waitForBolt(port, Duration.ofSeconds(60));
        } catch (Throwable t) {
            stop.run();
            throw t;
        }

        CountDownLatch shutdownRequested = new CountDownLatch(1);
        installSignalHandler("TERM", shutdownRequested);
        installSignalHandler("INT", shutdownRequested);
        if (exitOnStdinClose) {
            Thread watcher = new Thread(() -> {
                try (InputStream in = System.in) {
                    byte[] buf = new byte[256];
                    while (in.read(buf) >= 0) {
                        // discard
                    }
                } catch (IOException ignored) {
                    // treat as closed
                }
                ERR.println("neo4j-local: stdin closed, shutting down");
                shutdownRequested.countDown();
            }, "neo4j-local-stdin-watch");
            watcher.setDaemon(true);
            watcher.start();
        }

        ERR.printf("neo4j-local: Neo4j started in %d ms (%s start; DBMS %d ms, password sync %d ms; JVM uptime %d ms),"
                        + " home %s, logs in %s%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0), firstStart ? "first" : "warm",
                TimeUnit.NANOSECONDS.toMillis(tBuilt - t0), TimeUnit.NANOSECONDS.toMillis(tPassword),
                java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime(), home, home.resolve("logs"));
        ERR.flush();
        System.out.println(READY_PREFIX + port);
        System.out.flush();

        shutdownRequested.await();
        ERR.println("neo4j-local: shutting down");
        stop.run();
        ERR.println("neo4j-local: stopped");
        return 0;
    }

    private static String next(String[] args, int i, String flag) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(flag + " needs a value");
        }
        return args[i];
    }

    /** Settings given by name, parsed and validated by Neo4j's own config (an unknown name or bad value fails here). */
    static Map<org.neo4j.graphdb.config.Setting<?>, Object> parsed(Map<String, String> raw) throws UsageException {
        Config config = Config.newBuilder().setRaw(raw).build();
        Map<String, org.neo4j.graphdb.config.Setting<Object>> declared = config.getDeclaredSettings();
        Map<org.neo4j.graphdb.config.Setting<?>, Object> settings = new LinkedHashMap<>();
        for (String name : raw.keySet()) {
            org.neo4j.graphdb.config.Setting<Object> setting = declared.get(name);
            if (setting == null) {
                throw new UsageException("--setting: unknown Neo4j setting '" + name + "'");
            }
            settings.put(setting, config.get(setting));
        }
        return settings;
    }

    static Map<org.neo4j.graphdb.config.Setting<?>, Object> settings(Path home, int port) {
        SocketAddress bolt = new SocketAddress("127.0.0.1", port);
        // neo4j_home itself is set by DatabaseManagementServiceBuilder(home).
        return Map.ofEntries(
                Map.entry(GraphDatabaseSettings.logs_directory, home.resolve("logs")),
                // Bolt on loopback only, plain text (local development).
                Map.entry(BoltConnector.enabled, true),
                Map.entry(BoltConnector.listen_address, bolt),
                Map.entry(BoltConnector.advertised_address, bolt),
                Map.entry(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED),
                Map.entry(HttpConnector.enabled, false),
                Map.entry(HttpsConnector.enabled, false),
                // Auth on; any non-empty password accepted (it is a local dev database).
                Map.entry(GraphDatabaseSettings.auth_enabled, true),
                Map.entry(GraphDatabaseSettings.auth_minimum_password_length, 1),
                // Keep the footprint small.
                Map.entry(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256)),
                Map.entry(GraphDatabaseSettings.preallocate_logical_logs, false),
                Map.entry(GraphDatabaseSettings.logical_log_rotation_threshold, ByteUnit.mebiBytes(64)),
                Map.entry(GraphDatabaseSettings.keep_logical_logs, "2 files"),
                // Nothing phones home.
                Map.entry(GraphDatabaseSettings.udc_enabled, false),
                Map.entry(GraphDatabaseInternalSettings.udc_network_enabled, false),
                // Bolt's Netty event loops wait a 5 s "quiet period" twice on shutdown by default.
                Map.entry(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0),
                Map.entry(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5)));
    }

    /**
     * First start only: write the initial-user file ({@code data/dbms/auth.ini}) exactly like
     * {@code neo4j-admin dbms set-initial-password} does. Neo4j consumes it when it creates the
     * system database, so the default {@code neo4j/neo4j} credentials never exist.
     */
    private static Path seedInitialPassword(Path home, Map<org.neo4j.graphdb.config.Setting<?>, Object> settings,
            String password) throws Exception {
        Config config = Config.newBuilder().set(settings).set(GraphDatabaseSettings.neo4j_home, home).build();
        Path file = CommunitySecurityModule.getInitialUserRepositoryFile(config);
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        try (DefaultFileSystemAbstraction fs = new DefaultFileSystemAbstraction()) {
            FileUserRepository repo =
                    new FileUserRepository(fs, file, NullLogProvider.getInstance(), EmptyMemoryTracker.INSTANCE);
            repo.start();
            try {
                repo.create(new User(USER, null,
                        SystemGraphCredential.createCredentialForPassword(
                                password.getBytes(StandardCharsets.UTF_8), new SecureHasher()),
                        false, false));
            } finally {
                repo.shutdown();
            }
        }
        return file;
    }

    /**
     * Every start: make the stored password match NEO4J_PASSWORD. The stored credential is checked
     * directly (cheap); only when it differs is {@code ALTER USER} run, which costs a few seconds of
     * Cypher warm-up. Embedded transactions run with full privileges, so no current password is needed.
     *
     * @return true if the password had to be changed
     */
    private static boolean syncPassword(DatabaseManagementService dbms, String password) {
        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        if (storedPasswordMatches(system, password)) {
            return false;
        }
        try {
            system.executeTransactionally(
                    "ALTER USER " + USER + " SET PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", password));
        } catch (RuntimeException e) {
            if (!messageChain(e).contains("Old password and new password cannot be the same")) {
                throw e;
            }
            // Same password already stored: just make sure no change is demanded.
            system.executeTransactionally("ALTER USER " + USER + " SET PASSWORD CHANGE NOT REQUIRED");
        }
        return true;
    }

    /** Reads the user node of the system graph; any surprise (format change etc.) just means "no". */
    private static boolean storedPasswordMatches(GraphDatabaseService system, String password) {
        try (Transaction tx = system.beginTx()) {
            Node user = tx.findNode(Label.label("User"), "name", USER);
            if (user == null) {
                return false;
            }
            if (Boolean.TRUE.equals(user.getProperty("passwordChangeRequired", Boolean.FALSE))) {
                return false;
            }
            Object credentials = user.getProperty("credentials", null);
            if (!(credentials instanceof String)) {
                return false;
            }
            return SystemGraphCredential.deserialize((String) credentials, new SecureHasher())
                    .matchesPassword(password.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            ERR.println("neo4j-local: could not check the stored password (" + e + "); resetting it");
            return false;
        }
    }

    private static String messageChain(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null && c.getCause() != c; c = c.getCause()) {
            sb.append(c.getMessage()).append(" | ");
        }
        return sb.toString();
    }

    private static void assertPortFree(int port) throws IOException, StartupException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 300);
            throw new StartupException("port " + port + " on 127.0.0.1 is already in use");
        } catch (java.net.ConnectException | java.net.SocketTimeoutException e) {
            // free
        }
    }

    private static void waitForBolt(int port, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException e) {
                last = e;
                Thread.sleep(50);
            }
        }
        throw new IOException("Bolt did not accept connections on 127.0.0.1:" + port + " within " + timeout, last);
    }

    @SuppressWarnings("removal")
    private static void installSignalHandler(String name, CountDownLatch latch) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> latch.countDown());
        } catch (IllegalArgumentException e) {
            // Signal not available on this platform; the shutdown hook still stops Neo4j.
        }
    }
}
