package io.paygate.testsupport.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed TLS identity for a server on this machine, made by the JDK's {@code keytool}: a PKCS12 keystore
 * (EC P-256 key, certificate for {@code CN=localhost} with the SANs {@code DNS:localhost} and {@code IP:127.0.0.1},
 * so hostname verification passes for either address) and the certificate alone as a PEM file, which is what
 * clients trust ({@code ssl.truststore.type=PEM}, no password). The keystore password is random and never leaves
 * this process except through {@code keytool}'s environment.
 */
public record SelfSignedTls(Path keystore, String keystorePassword, Path certificate) {

    private static final String ALIAS = "server";

    /** Writes {@code server.p12} and {@code ca.crt} into {@code dir}. */
    public static SelfSignedTls create(Path dir) {
        try {
            Files.createDirectories(dir);
            Path keystore = dir.resolve("server.p12");
            Path certificate = dir.resolve("ca.crt");
            Files.deleteIfExists(keystore);
            Files.deleteIfExists(certificate);
            String password = randomSecret();
            keytool(password, "-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=localhost, O=paygate embedded Kafka", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
                    "-validity", "3650", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                    "-storepass:env", "PAYGATE_KEYTOOL_PASSWORD", "-keypass:env", "PAYGATE_KEYTOOL_PASSWORD");
            keytool(password, "-exportcert", "-rfc", "-alias", ALIAS, "-keystore", keystore.toString(),
                    "-storetype", "PKCS12", "-storepass:env", "PAYGATE_KEYTOOL_PASSWORD", "-file", certificate.toString());
            return new SelfSignedTls(keystore, password, certificate);
        } catch (IOException e) {
            throw new IllegalStateException("Could not create a TLS certificate in " + dir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating a TLS certificate", e);
        }
    }

    /** 24 random bytes, base64url: safe inside JAAS options and properties without quoting. */
    static String randomSecret() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static void keytool(String password, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PAYGATE_KEYTOOL_PASSWORD", password);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("keytool " + args[0] + " failed: " + new String(output, StandardCharsets.UTF_8).trim());
        }
    }

    @Override
    public String toString() {
        return "SelfSignedTls[keystore=" + keystore + ", certificate=" + certificate + "]";
    }
}
