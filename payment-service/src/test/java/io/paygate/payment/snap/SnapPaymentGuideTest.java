package io.paygate.payment.snap;

import io.paygate.kit.snap.AccessTokens;
import io.paygate.payment.support.PaymentTestResources;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.paygate.payment.support.Methods.vaPay;
import static io.paygate.payment.support.PaymentApi.as;
import static io.paygate.payment.support.PaymentApi.awaitStatus;
import static io.paygate.payment.support.PaymentApi.status;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The merchant guide's SNAP virtual account, QRIS, direct debit and transfer commands (docs/merchant-guide.md "SNAP
 * BI"), run as printed by bash with curl and openssl against this service, the port of its URL aside; {@code $token}
 * is what step 1 of the guide leaves (a token the gateway issued). Each must answer the reply the guide shows, and
 * what it made is an ordinary payment the sandbox pays (or, for the direct debit, whose page opens; for the transfer,
 * an ordinary transfer the sandbox bank pays) as the guide says.
 */
@QuarkusTest
@PaymentTestResources
class SnapPaymentGuideTest {

    private static final Path GUIDE = Path.of("../docs/merchant-guide.md");
    private static final Pattern BASH_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);

    @Inject
    AccessTokens tokens;

    @BeforeEach
    void tools() {
        for (String tool : List.of("bash", "curl", "openssl")) {
            boolean present = onPath(tool);
            if (!present && "true".equals(System.getenv("CI"))) {
                fail(tool + " is missing: the guide's commands need it");
            }
            assumeTrue(present, tool + " is missing: the guide's commands need it");
        }
    }

    @Test
    void theGuidesVirtualAccountCommandWorksAsPrinted() throws Exception {
        JsonPath json = run("curl -s http://localhost:8081/v1.0/transfer-va/create-va");
        assertEquals("2002700", json.getString("responseCode"));
        assertEquals("   123450000000001", json.getString("virtualAccountData.virtualAccountNo"));
        assertEquals("VA-0001", json.getString("virtualAccountData.trxId"));
        status(DEMO, "VA-0001").then().statusCode(200).body("sourceOfFunds.type", equalTo("VA_BCA"))
                .body("sourceOfFunds.paymentCode", equalTo("123450000000001"));
        vaPay("123450000000001", "150000.00").then().statusCode(200);
        awaitStatus(DEMO, "VA-0001", "CAPTURED");
    }

    @Test
    void theGuidesQrisCommandWorksAsPrinted() throws Exception {
        JsonPath json = run("{\"partnerReferenceNo\":\"QR-0001\"");
        assertEquals("2004700", json.getString("responseCode"));
        assertEquals("QR-0001", json.getString("partnerReferenceNo"));
        assertTrue(json.getString("qrUrl").endsWith("/pg/pay/" + json.getString("referenceNo") + "/qr.png"));
        // The guide's sandbox payment of it, its qr= line holding the reply's qrContent as the reader pastes it.
        JsonPath paid = run("/pg/sandbox/qris/pay",
                Map.of("qr='000201010212…'", "qr='" + json.getString("qrContent") + "'"));
        assertEquals("2000000", paid.getString("responseCode"), paid.prettify());
        assertEquals("QRIS", paid.getString("method"));
        assertEquals("25000.00", paid.getString("amount"));
        awaitStatus(DEMO, "QR-0001", "CAPTURED");
    }

    @Test
    void theGuidesDirectDebitCommandWorksAsPrinted() throws Exception {
        JsonPath json = run("{\"partnerReferenceNo\":\"DD-0001\"");
        assertEquals("2005400", json.getString("responseCode"), json.prettify());
        assertEquals("DD-0001", json.getString("partnerReferenceNo"));
        assertEquals("PENDING", json.getString("additionalInfo.status"));
        String page = json.getString("webRedirectUrl");
        assertTrue(page.endsWith("/pg/pay/" + json.getString("referenceNo")), page);
        RestAssured.given().get("/pg/pay/" + json.getString("referenceNo")).then().statusCode(200);
        status(DEMO, "DD-0001").then().statusCode(200).body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void theGuidesTransferCommandWorksAsPrinted() throws Exception {
        JsonPath json = run("{\"partnerReferenceNo\":\"TRF-0001\"");
        assertEquals("2001800", json.getString("responseCode"), json.prettify());
        assertEquals("TRF-0001", json.getString("partnerReferenceNo"));
        assertEquals("01", json.getString("additionalInfo.latestTransactionStatus"));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                as(DEMO).get("/pg/disbursement/status/TRF-0001").then().statusCode(200)
                        .body("referenceNo", equalTo(json.getString("referenceNo")))
                        .body("additionalInfo.notes", equalTo("Invoice 7"))
                        .body("latestTransactionStatus", equalTo("00")));
    }

    /** Runs the guide's bash block that holds {@code marker}, with {@code $token} set as step 1 leaves it. */
    private JsonPath run(String marker) throws Exception {
        return run(marker, Map.of());
    }

    /** {@link #run(String)} with each of {@code pasted}'s lines of the block replaced as the reader fills it in. */
    private JsonPath run(String marker, Map<String, String> pasted) throws Exception {
        String command = command(Files.readString(GUIDE), marker)
                .replace("http://localhost:8081/", "http://localhost:" + RestAssured.port + "/");
        for (Map.Entry<String, String> line : pasted.entrySet()) {
            assertTrue(command.contains(line.getKey()), "the block has no " + line.getKey());
            command = command.replace(line.getKey(), line.getValue());
        }
        Process bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", command)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        bash.getOutputStream().close();
        String reply = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bash.waitFor(60, TimeUnit.SECONDS), "the command did not end");
        assertEquals(0, bash.exitValue(), reply);
        return new JsonPath(reply);
    }

    private String command(String guide, String marker) {
        Matcher block = BASH_BLOCK.matcher(guide);
        while (block.find()) {
            if (block.group(1).contains(marker)) {
                return "token='" + tokens.issue(DEMO.id()) + "'\n" + block.group(1);
            }
        }
        throw new AssertionError("the merchant guide has no command with " + marker);
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
