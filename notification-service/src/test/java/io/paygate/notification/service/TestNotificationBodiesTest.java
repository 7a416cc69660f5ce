package io.paygate.notification.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.paygate.model.json.Json;
import io.paygate.notification.NotificationType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A test notification's body is its type's documented example (the webhooks' first example in META-INF/openapi.yaml,
 * which docs/openapi.yaml publishes) but for the order id and the test marker: compared as JSON, the example's
 * {@code signature} and the members that are null or empty on either side left out (the examples omit some), the times
 * of a SNAP body set to the example's (a real one says when it happened).
 */
class TestNotificationBodiesTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String ORDER = "TEST-0123456789ABCDEF";
    /** The webhook each type's example is documented under, and where its body carries the order id. */
    private static final Map<NotificationType, String[]> DOCUMENTED = Map.of(
            NotificationType.PAYMENT, new String[]{"payment", "/order/id"},
            NotificationType.DISBURSEMENT, new String[]{"disbursement", "/originalPartnerReferenceNo"},
            NotificationType.BINDING, new String[]{"binding", "/binding/id"},
            NotificationType.SUBSCRIPTION, new String[]{"subscription", "/recurring/id"},
            NotificationType.PAYMENT_LINK, new String[]{"paymentLink", "/link/id"},
            NotificationType.SNAP_VA, new String[]{"snapVaPayment", "/trxId"},
            NotificationType.SNAP_QR, new String[]{"snapQrNotify", "/originalPartnerReferenceNo"},
            NotificationType.SNAP_DEBIT, new String[]{"snapDebitNotify", "/originalPartnerReferenceNo"},
            NotificationType.SNAP_BINDING, new String[]{"snapBindingNotify", "/partnerReferenceNo"});

    @Test
    void eachTypesBodyIsItsDocumentedExampleWithTheTestOrderIdAndMarker() throws IOException {
        JsonNode webhooks = openApi().path("webhooks");
        for (Map.Entry<NotificationType, String[]> type : DOCUMENTED.entrySet()) {
            JsonNode examples = webhooks.path(type.getValue()[0]).path("post").path("requestBody").path("content")
                    .path("application/json").path("examples");
            JsonNode example = examples.elements().next().path("value").deepCopy();
            String payload = TestNotificationBodies.payload(type.getKey(), ORDER, "demo",
                    Instant.parse("2026-11-21T03:19:58Z"), ZoneId.of("Asia/Jakarta"));
            ObjectNode body = (ObjectNode) Json.tree(payload);

            assertEquals(ORDER, body.at(type.getValue()[1]).asText(), type.getKey() + " order id");
            boolean inMeta = body.has("meta");
            JsonNode marker = inMeta ? body.at("/meta/data/test") : body.at("/additionalInfo/test");
            assertTrue(marker.isBoolean() && marker.booleanValue(), type.getKey() + " marked as a test");
            assertTrue(!body.has("signature"), "the payload has no signature: an attempt adds it");

            if (inMeta) {
                body.remove("meta");
            } else {
                ((ObjectNode) body.get("additionalInfo")).remove("test");
            }
            ObjectNode documented = (ObjectNode) example;
            documented.remove("signature");
            ((ObjectNode) body.at(parent(type.getValue()[1]))).set(last(type.getValue()[1]),
                    example.at(type.getValue()[1]));
            for (String time : new String[]{"/trxDateTime", "/finishedTime", "/additionalInfo/finishedTime"}) {
                if (!body.at(time).isMissingNode() && !example.at(time).isMissingNode()) {
                    ((ObjectNode) body.at(parent(time))).set(last(time), example.at(time));
                }
            }
            assertEquals(withoutEmpty(documented), withoutEmpty(body), type.getKey().value());
        }
    }

    @Test
    void testIsTheLogsTypeNotABody() {
        assertThrows(IllegalArgumentException.class, () -> TestNotificationBodies.payload(NotificationType.TEST, ORDER,
                "demo", Instant.now(), ZoneId.of("Asia/Jakarta")));
        assertTrue(TestNotificationBodies.newOrderId().matches("TEST-[0-9A-HJKMNP-TV-Z]{16}"));
    }

    private static JsonNode openApi() throws IOException {
        try (InputStream in = TestNotificationBodiesTest.class.getResourceAsStream("/META-INF/openapi.yaml")) {
            return YAML.readTree(in);
        }
    }

    private static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash == 0 ? "" : pointer.substring(0, slash);
    }

    private static String last(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }

    /**
     * The tree without null members and objects left empty, numbers as text (YAML reads 150000.00 as a double, the
     * body keeps it as written).
     */
    private static JsonNode withoutEmpty(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = Json.mapper().createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                JsonNode value = withoutEmpty(member.getValue());
                if (!value.isNull() && !(value.isObject() && value.isEmpty())) {
                    copy.set(member.getKey(), value);
                }
            }
            return copy;
        }
        if (node.isNumber()) {
            return Json.mapper().getNodeFactory().textNode(node.decimalValue().stripTrailingZeros().toPlainString());
        }
        return node;
    }
}
