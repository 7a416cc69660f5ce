package io.paygate.model.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Published SNAP test vectors (docs/merchant-guide.md "SNAP BI"). Computed with midtrans-client 1.4.3's own functions
 * ({@code SnapBi.getAsymmetricSignatureSha256WithRsa}, {@code SnapBi.getSymmetricSignatureHmacSh512}: the bytes that
 * client sends) and Node's {@code crypto.sign('RSA-SHA256', …)} for the notification, not with our code. The keys are
 * the local stack's published sandbox keys, {@code deploy/local/snap/}.
 */
public final class SnapVectors {

    public static final String CLIENT_KEY = "demo";
    public static final String CLIENT_SECRET = "demo-client-secret";
    public static final String TIMESTAMP = "2026-11-21T10:15:30+07:00";
    /** The same instant as midtrans-client writes it ({@code new Date().toISOString()}), with milliseconds. */
    public static final String TIMESTAMP_MILLIS_Z = "2026-11-21T03:15:30.068Z";

    public static final String TOKEN_STRING_TO_SIGN = "demo|2026-11-21T10:15:30+07:00";
    public static final String TOKEN_SIGNATURE = "TcWtwfpSHr6Z0ic3WPsqBy6Ly8s5MtmgQa2VTPSrWmqGl7yZonrvHMIkOIfM+i53LOOzd2"
            + "i3qYA0jda1BYww09NaJDWgz9uF30xMquGjLG9uZGXI2KhAiA+MV47I0o2ajyXWlmJv3B1WLwX8t2B0NumITONsEO/rngB/c3tgQVUFyXMnsd"
            + "eR6vB4KtkjlDdPq7yZ7xe49XPNwgIlMbL78qFymHU9FuFmGX9YjRuNOjh+58KN9tSsmj1HCLXaZJeC4fILWG01tucfYO6SctukxcjvrNNYdnd"
            + "R+QUgMJm0dBPHU3umDI/TjJaXyjZIWdsjkU7a5BO87wO2JMAeCaoN1g==";
    public static final String TOKEN_SIGNATURE_MILLIS_Z = "xYmYDtQtOXTq/3+5Ep8NUuck0tzBpKlfKsVBvOu4j743BzxEs34hsi9+KWE"
            + "KKZ+jngBQi2oRBEBaWSpOB9f/W8JWVI6ma14jU1jLS9KvFoCx1BZo0JN42GX2CYhyOP8aNHN2NCj8355DhhdgeTdR24Xf0boX/OY4PKN+5aop"
            + "BiWTL5dmWa+I/1S1nkIK18ibUqJP2LGT4fyYxc6sdjPF6jAcd56TWWDLuACvvXm3aAOu4Rog3Crfx6mf/EXhxW321cdHQ5o4U7b380egTZWx0"
            + "PPoFwAuu8mzxi4WszhPv6JKy4d60337lY2YRzirhrjby1kkdKjwyuGSbaa0s0Tr4A==";

    /** Any string the gateway issued; the vector takes a fixed one. */
    public static final String ACCESS_TOKEN = "demo-access-token-0000";
    public static final String PATH = "/v1.0/transfer-va/create-va";
    /** As a person writes it: whitespace between tokens, and spaces, quotes and non-ASCII inside strings. */
    public static final String BODY = """
            {
              "partnerServiceId": "   12345",
              "customerNo": "00000000000001",
              "virtualAccountNo": "   1234500000000000001",
              "virtualAccountName": "Budi Santoso",
              "trxId": "INV-20261121-0001",
              "totalAmount": { "value": "150000.00", "currency": "IDR" },
              "virtualAccountTrxType": "C",
              "additionalInfo": { "channel": "VA_BCA", "note": "Kopi Aceh \\"Gayo\\" \u2013 1 kg, caf\u00e9" }
            }
            """;
    /** {@code JSON.stringify(JSON.parse(BODY))}, which is also BODY with the whitespace outside strings removed. */
    public static final String MINIFIED_BODY = "{\"partnerServiceId\":\"   12345\",\"customerNo\":\"00000000000001\","
            + "\"virtualAccountNo\":\"   1234500000000000001\",\"virtualAccountName\":\"Budi Santoso\","
            + "\"trxId\":\"INV-20261121-0001\",\"totalAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
            + "\"virtualAccountTrxType\":\"C\",\"additionalInfo\":{\"channel\":\"VA_BCA\","
            + "\"note\":\"Kopi Aceh \\\"Gayo\\\" \u2013 1 kg, caf\u00e9\"}}";
    public static final String MINIFIED_BODY_SHA256 = "e9876454c093915d6bc9b3c9a6b9a75f6bc14d5dddd375c766518fe8a2ea53e6";
    public static final String TRANSACTION_STRING_TO_SIGN = "POST:/v1.0/transfer-va/create-va:demo-access-token-0000:"
            + MINIFIED_BODY_SHA256 + ":2026-11-21T10:15:30+07:00";
    public static final String TRANSACTION_SIGNATURE = "5NW74kegz2Hj0VybGgEgjPXCjwNpObjdytsL3CCGKwK6eHUOYv649UOX4SDatsFh"
            + "QCapGlZWSG/f2lAVBa2CTw==";
    public static final String TRANSACTION_SIGNATURE_MILLIS_Z = "rePG3vPi7C/9K10NuJV4ybHJworl2OTEQ7Ya9+vLa16+TcS1aJ0cfJp"
            + "bwzgbVXvi1s/0RSw+xfdX/xNDz0XC0Q==";

    public static final String NOTIFICATION_PATH = "/snap/v1.0/transfer-va/payment";
    public static final String NOTIFICATION_TIMESTAMP = "2026-11-21T10:20:00+07:00";
    public static final String NOTIFICATION_BODY = "{\"partnerServiceId\":\"   12345\",\"customerNo\":\"00000000000001\","
            + "\"virtualAccountNo\":\"   1234500000000000001\",\"virtualAccountName\":\"Budi Santoso\","
            + "\"trxId\":\"INV-20261121-0001\",\"paymentRequestId\":\"PAY-7F3K9Q2M\","
            + "\"paidAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
            + "\"trxDateTime\":\"2026-11-21T10:19:58+07:00\",\"additionalInfo\":{\"merchantId\":\"demo\"}}";
    public static final String NOTIFICATION_STRING_TO_SIGN = "POST:/snap/v1.0/transfer-va/payment:"
            + "e175bd6c4571b063957b2a7da98348bc6ca69b4135c672f9585f358c1539d3d1:2026-11-21T10:20:00+07:00";
    /**
     * By {@code deploy/local/snap/gateway-demo-private.pem}, the gateway's signing key for merchant {@code demo} (made
     * with {@code openssl dgst -sha256 -sign}); midtrans-client's {@code isWebhookNotificationVerified} says true.
     */
    public static final String NOTIFICATION_SIGNATURE = "j4nLL2m5Rskq8/loxVinoMBsAZ1P5c2aZdtviBNb0PGp6Q82vfYMpgAnyOibH8"
            + "zWXGv38kMG048RBQtS5KLwpXyhgQ75nVD6NM7t0cCnRa1VCfpal44QS9T6ReTq6kP3Y3OS58tMN3aP/Pto9sMwuaHnahWucrgTNlrjGM"
            + "l65tGYHs4N4LOjus2FpZqOSAvDmTt0O/SJRgEgKyrc/rwJOEgTMkanyeqDf/AuJIG6n2YijQOd1pNtxisAXJw+7Yn/kHPTYWsBAdoVeV"
            + "GNWi8+o5001K3YchB4kq2dFiRp0OZwPeRTkARtqejGPJcCwHHBGEmasYUdvghzY/tXzLNaQ0eGbwj8auXVkxuUZ33yHC/cpb3kHnXZBv"
            + "PtUzEFLZK1vjiWcF6rOpw7+PwmBOE0R9apxv2qU7dlWhrMiA0vEd1SXeNM8O/4Mlv/l+jwsDnh7Zo0IOVAHEiNCsFQ81J1YL07W5JWuo"
            + "phbQ/UUrS9Fa4U4+EygjZSNxXOjdogajrV";

    /**
     * A SNAP binding notification (docs/merchant-guide.md "SNAP notifications"): the body as the gateway writes it for
     * an ACTIVE binding of merchant {@code demo}, hashed and signed with
     * {@code openssl dgst -sha256 -sign gateway-demo-private.pem} over
     * {@code POST:/snap/account-binding/notify:<hash>:2026-11-21T10:20:00+07:00}; midtrans-client 1.4.3's and dana-node
     * 1.5.11's verifiers accept it.
     */
    public static final String BINDING_NOTIFICATION_PATH = "/snap/account-binding/notify";
    public static final String BINDING_NOTIFICATION_BODY = "{\"partnerReferenceNo\":\"BIND-0001\","
            + "\"referenceNo\":\"bnd_7Q2M8X1B7D3H5F0T6W4K9Q2M\",\"accountNo\":\"+62 \u2022\u2022\u2022\u2022 7890\","
            + "\"accountToken\":\"bnd_7Q2M8X1B7D3H5F0T6W4K9Q2M\",\"additionalInfo\":{\"status\":\"ACTIVE\","
            + "\"channel\":\"BCA_DD\",\"finishedTime\":\"2026-11-21T10:19:58+07:00\",\"merchantId\":\"demo\"}}";
    public static final String BINDING_NOTIFICATION_SHA256 =
            "40aeee550876fb57749bc711194d55d9a09417ff9198b298d951f10f98cfe1a3";
    public static final String BINDING_NOTIFICATION_SIGNATURE = "bUrFb7ZrtvHGCqiBtKykNwyH06JvPrO+iJIevfo7W7Udfqnx8DFO3U"
            + "1Cvv+AJ1++vsf6E1pyhStmQnLuGIdyv2ZV8Qa701ggtJBn6W11jviTn+9uk16IwdRMZEvyOTgxHLUQOPCp1DkfKbaghSXgRW3Wx8+3es"
            + "Cgsyt2mRqDTSm5SWP/q+nFjNbWUKcTG3pUpkLep01m11b8dcR3Ib7rVRuB8r+TMPExZ7uHiKEnWzF4moMFZ5x3cNTfgN4YjYH/yC70bl"
            + "g+2BcgIiPuAtalzg2n1KK+HzcSmIwCYtf6MP9Rj9A7o/sBFQQ2NW6LAEV0no1tbBJfCUiGAlxp0RVsLRNMujOE2k8OWhSOQY1omRmb46"
            + "OolJuaEFYR5dLRKWWj23kwH9fE5xybbFFajQ+Y5bzEaZl73wuhZ/tWKYcAHSsqsMqnMhI2eYQjrDG7TbovyltKCtJGlWj4PI4FCZDDOA"
            + "6ULIwZkJA9vh/+Tqt+D5r36R1Irp/DKY8kBLrUOcMq";

    private SnapVectors() {
    }

    /** A published sandbox key of the local stack, {@code deploy/local/snap/<name>}. */
    public static String sandboxKey(String name) {
        return read(repositoryRoot().resolve("deploy/local/snap").resolve(name));
    }

    /** A file of the repository, e.g. {@code docs/merchant-guide.md}. */
    public static String repositoryFile(String path) {
        return read(repositoryRoot().resolve(path));
    }

    /** A key of this module's test resources, {@code snap/<name>}. */
    public static String testKey(String name) {
        try (var in = SnapVectors.class.getResourceAsStream("/snap/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource snap/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("deploy/local/snap"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no deploy/local/snap beside mvnw above " + Path.of("").toAbsolutePath());
    }
}
