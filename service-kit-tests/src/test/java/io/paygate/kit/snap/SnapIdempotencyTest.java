package io.paygate.kit.snap;

import io.paygate.kit.app.SnapTestResource;
import io.paygate.qa.SnapClient;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.SnapClients;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9 {@code partnerReferenceNo} idempotency ({@link SnapIdempotency}) behind a test endpoint at
 * {@code /v1.0/qr/qr-mpm-generate} (SNAP service 47) that counts the runs of its work.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class SnapIdempotencyTest {

    static final String GENERATE = "/v1.0/qr/qr-mpm-generate";

    SnapClient demo;

    @BeforeEach
    void client() { // RestAssured knows the test's port only now
        demo = SnapClients.of(DEMO);
    }

    static String body(String reference, String note) {
        return "{\"partnerReferenceNo\":\"" + reference + "\",\"note\":\"" + note + "\"}";
    }

    static String reference() {
        return "QR-" + UUID.randomUUID();
    }

    @Test
    void theSameReferenceAndBodyGetsTheFirstReplyAgainWithoutRunningAgain() {
        String reference = reference();
        Response first = demo.request().body(body(reference, "a b")).post(GENERATE);
        first.then().statusCode(200).body("responseCode", equalTo("2004700")).body("merchant", equalTo("demo"));
        long runs = SnapTestResource.RUNS.get();
        // Another request (another X-EXTERNAL-ID), the same body with other whitespace outside its strings.
        Response again = demo.request().body("{ \"partnerReferenceNo\" : \"" + reference + "\",\n \"note\": \"a b\" }")
                .post(GENERATE);
        again.then().statusCode(200).contentType("application/json");
        assertEquals(first.asString(), again.asString(), "the first reply, byte for byte");
        assertEquals(runs, SnapTestResource.RUNS.get(), "nothing ran again");
    }

    @Test
    void theSameReferenceWithAnotherBodyIsADuplicate() {
        String reference = reference();
        demo.request().body(body(reference, "a")).post(GENERATE).then().statusCode(200);
        long runs = SnapTestResource.RUNS.get();
        demo.request().body(body(reference, "b")).post(GENERATE).then().statusCode(409)
                .body("responseCode", equalTo("4094701"))
                .body("responseMessage", equalTo("Duplicate partnerReferenceNo"));
        demo.request().body(body(reference, "a ")).post(GENERATE).then().statusCode(409)
                .body("responseCode", equalTo("4094701")); // whitespace inside a string is content
        assertEquals(runs, SnapTestResource.RUNS.get());
    }

    @Test
    void referencesAreTheMerchantsOwn() {
        String reference = reference();
        demo.request().body(body(reference, "a")).post(GENERATE).then().statusCode(200).body("merchant", equalTo("demo"));
        SnapClients.of(DEMO2).request().body(body(reference, "other")).post(GENERATE).then().statusCode(200)
                .body("merchant", equalTo("demo2"));
    }

    @Test
    void aFailedRequestIsNotRememberedAndMayBeSentAgain() {
        String reference = reference();
        long before = SnapTestResource.RUNS.get();
        for (int i = 0; i < 2; i++) {
            demo.request().body(body(reference, "fail")).post(GENERATE).then().statusCode(404)
                    .body("responseCode", equalTo("4044713")).body("responseMessage", equalTo("Invalid Amount"));
        }
        assertEquals(before + 2, SnapTestResource.RUNS.get(), "each attempt ran: nothing was stored");
        demo.request().body(body(reference, "now fine")).post(GENERATE).then().statusCode(200)
                .body("partnerReferenceNo", equalTo(reference));
    }

    @Test
    void theSameRequestWhileTheFirstIsRunningIsAConflictAndThenGetsItsReply() throws Exception {
        String reference = reference();
        SnapTestResource.hold = new CountDownLatch(1);
        long before = SnapTestResource.RUNS.get();
        CompletableFuture<Response> first = CompletableFuture.supplyAsync(
                () -> demo.request().body(body(reference, "hold")).post(GENERATE));
        try {
            await().atMost(10, TimeUnit.SECONDS).until(() -> SnapTestResource.RUNS.get() > before);
            demo.request().body(body(reference, "hold")).post(GENERATE).then().statusCode(409)
                    .body("responseCode", equalTo("4094700")).body("responseMessage", equalTo("Conflict"));
        } finally {
            SnapTestResource.hold.countDown();
        }
        Response done = first.get(15, TimeUnit.SECONDS);
        done.then().statusCode(200);
        assertEquals(done.asString(), demo.request().body(body(reference, "hold")).post(GENERATE).asString());
    }
}
