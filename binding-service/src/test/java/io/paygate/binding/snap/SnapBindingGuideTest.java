package io.paygate.binding.snap;

import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.snap.AccessTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The merchant guide's SNAP account binding command (docs/merchant-guide.md "SNAP BI"), run as printed by bash with
 * curl and openssl against this service, the port of its URL aside; {@code $token} is what step 1 of the guide leaves
 * (a token the gateway issued). It must answer the reply the guide shows, and the binding must be a §4 binding.
 */
@QuarkusTest
@BindingTestResources
class SnapBindingGuideTest {

    private static final Path GUIDE = Path.of("../docs/merchant-guide.md");
    private static final Pattern BASH_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);

    @Inject
    AccessTokens tokens;

    @Test
    void theGuidesBindingCommandWorksAsPrinted() throws Exception {
        for (String tool : List.of("bash", "curl", "openssl")) {
            boolean present = onPath(tool);
            if (!present && "true".equals(System.getenv("CI"))) {
                fail(tool + " is missing: the guide's commands need it");
            }
            assumeTrue(present, tool + " is missing: the guide's commands need it");
        }
        String command = bindingCommand(Files.readString(GUIDE))
                .replace("http://localhost:8082/", "http://localhost:" + RestAssured.port + "/");
        Process bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", command)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        bash.getOutputStream().close();
        String reply = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bash.waitFor(60, TimeUnit.SECONDS), "the command did not end");
        assertEquals(0, bash.exitValue(), reply);

        JsonPath json = new JsonPath(reply);
        assertEquals("2000700", json.getString("responseCode"), reply);
        assertEquals("BIND-0001", json.getString("partnerReferenceNo"), reply);
        String id = json.getString("referenceNo");
        assertTrue(json.getString("redirectUrl").endsWith("/pg/bind/" + id), reply);
        as(DEMO).get(BIND + "/" + id).then().statusCode(200).body("bindingId", equalTo(id));
    }

    /** The guide's bash block that binds, with {@code $token} set as step 1 leaves it. */
    private String bindingCommand(String guide) {
        Matcher block = BASH_BLOCK.matcher(guide);
        while (block.find()) {
            if (block.group(1).contains("curl -s http://localhost:8082/v1.0/registration-account-binding")) {
                return "token='" + tokens.issue(DEMO.id()) + "'\n" + block.group(1);
            }
        }
        throw new AssertionError("the merchant guide has no account binding command");
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
