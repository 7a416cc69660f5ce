package io.paygate.kit.web;

import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §0: the merchant signature covers the request target exactly as sent, and a target that could name
 * another resource than its string is refused with {@code 400SS00} before authentication. A request signed for
 * {@code GET /pg/kit/whoami} replayed with a query behind a matrix segment was accepted with that query (issue 22).
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class SignedRequestTargetTest {

    static final String CLIENT = "127.0.0.61";
    static final byte[] NO_BODY = new byte[0];

    static RawRequests.Reply get(String target, String signedTarget) throws IOException {
        return RawRequests.send(CLIENT, "GET", target, RawRequests.signedAsDemo("GET", signedTarget, NO_BODY), NO_BODY);
    }

    @Test
    void aQueryAddedBehindAMatrixSegmentIsRefusedBeforeAuthentication() throws IOException {
        assertEquals(200, get("/pg/kit/whoami", "/pg/kit/whoami").status());

        RawRequests.Reply replayed = get("/pg/kit/whoami;x?x=evil", "/pg/kit/whoami");
        assertEquals(400, replayed.status(), replayed.text());
        assertTrue(replayed.has("\"responseCode\":\"4000100\""), replayed.text());
        assertTrue(replayed.has("Bad Request ambiguous request target"), replayed.text());
        assertTrue(!replayed.has("evil"), "the resource never ran: " + replayed.text());

        RawRequests.Reply signedAsSent = get("/pg/kit/whoami;x?x=evil", "/pg/kit/whoami;x?x=evil");
        assertEquals(400, signedAsSent.status(), "the contract's own string is refused the same way");
    }

    @Test
    void everyAmbiguousFormIsRefusedEvenWhenSignedAsSent() throws IOException {
        for (String target : List.of("/pg/kit//whoami", "/pg/./kit/whoami", "/pg/x/../kit/whoami",
                "/pg/kit%2Fwhoami", "/pg/kit/whoami%3Bx", "/pg/kit/%2E/whoami", "/pg/kit/whoami%25",
                "/pg/kit;v=1/whoami?x=1")) {
            RawRequests.Reply reply = get(target, target);
            assertEquals(400, reply.status(), target + ": " + reply.text());
            assertTrue(reply.has("\"responseCode\":\"4000100\""), target + ": " + reply.text());
        }
    }

    @Test
    void theSignatureCoversTheQueryAsSent() throws IOException {
        RawRequests.Reply asSigned = get("/pg/kit/whoami?x=a%20b", "/pg/kit/whoami?x=a%20b");
        assertEquals(200, asSigned.status(), asSigned.text());
        assertTrue(asSigned.has("\"x\":\"a b\""), asSigned.text());

        assertEquals(401, get("/pg/kit/whoami?x=evil", "/pg/kit/whoami?x=a%20b").status(), "another query");
        assertEquals(401, get("/pg/kit/whoami?x=a+b", "/pg/kit/whoami?x=a%20b").status(),
                "the same query decoded, spelt otherwise: another string");
        assertEquals(401, get("/pg/kit/whoami", "/pg/kit/whoami?x=a%20b").status(), "the query left out");
    }
}
