package io.paygate.model.api;

import static io.paygate.model.testing.Validating.members;
import static io.paygate.model.testing.Validating.outcome;
import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed member counts (docs/contract.md §1): unknown members count, are kept, and are otherwise ignored. */
class MemberCountValidationTest {

    private static final String VALID = InitiateRequestValidationTest.VALID;

    private static String check(String path, String value) {
        return outcome(with(VALID, path, value), InitiateRequest.class);
    }

    /** Optional objects made only of unknown members: min and max accepted, 0 and max+1 refused. */
    @ParameterizedTest(name = "{0} {1}-{2}")
    @CsvSource({
            "billing, 1, 1",
            "shipping, 1, 4",
            "recurring, 1, 11",
            "sourceOfFunds, 1, 11",
            "device, 1, 7",
            "card, 1, 7"
    })
    void optionalObjectsHoldTheirMemberCount(String object, int min, int max) {
        assertEquals("OK", check(object, members(min)));
        assertEquals("OK", check(object, members(max)));
        assertEquals("FORMAT " + object, check(object, members(0)));
        assertEquals("FORMAT " + object, check(object, members(max + 1)));
    }

    @Test
    void orderHoldsOneToTwelveMembers() {
        String twelve = with(with(VALID, "order", "{\"id\":\"O1\",\"amount\":\"1\",\"description\":\"d\","
                + "\"currency\":\"IDR\",\"reference\":\"r\",\"x1\":1,\"x2\":2,\"x3\":3,\"x4\":4,\"x5\":5,\"x6\":6,"
                + "\"x7\":7}"), "customer.id", "\"C1\"");
        assertEquals("OK", outcome(twelve, InitiateRequest.class));
        assertEquals("FORMAT order", outcome(with(twelve, "order.x8", "8"), InitiateRequest.class));
    }

    @Test
    void emptyOrderIsAFormatErrorOfTheObjectNotAMissingField() {
        assertEquals("FORMAT order", check("order", "{}"));
    }

    @Test
    void objectLeftEmptyByAMissingMandatoryFieldIsAFormatErrorOfTheObject() {
        assertEquals("FORMAT url", check("url", "{}"));
        assertEquals("FORMAT url", check("url.callbackUrl", "<absent>"));
        assertEquals("FORMAT url", check("url.callbackUrl", "null"));
    }

    @Test
    void oversizedOrderWithoutIdIsStillAFormatErrorOfTheObject() {
        String order = "{\"amount\":\"1\",\"x1\":1,\"x2\":2,\"x3\":3,\"x4\":4,\"x5\":5,\"x6\":6,\"x7\":7,\"x8\":8,"
                + "\"x9\":9,\"x10\":10,\"x11\":11,\"x12\":12}";
        assertEquals("FORMAT order", check("order", order));
    }

    @Test
    void customerHoldsOneToEightMembers() {
        String eight = with(with(with(with(VALID, "customer.id", "\"C1\""), "customer.x1", "1"), "customer.x2", "2"),
                "customer.x3", "3");
        assertEquals("OK", outcome(eight, InitiateRequest.class));
        assertEquals("FORMAT customer", outcome(with(eight, "customer.x4", "4"), InitiateRequest.class));
        assertEquals("FORMAT customer", check("customer", "{}"));
    }

    @Test
    void urlHoldsOneToFourMembers() {
        String four = with(with(with(VALID, "url.returnUrl", "\"https://m.example.com/r\""), "url.a", "1"), "url.b", "2");
        assertEquals("OK", outcome(four, InitiateRequest.class));
        assertEquals("FORMAT url", outcome(with(four, "url.c", "3"), InitiateRequest.class));
        assertEquals("FORMAT url", check("url", "{}"));
    }

    @Test
    void metaHoldsExactlyOneMemberWhichMayBeNull() {
        assertEquals("OK", check("meta", "{\"data\":null}"));
        assertEquals("OK", check("meta", "{\"data\":{\"any\":[1,\"two\",null]}}"));
        assertEquals("OK", check("meta", "{\"data\":\"text\"}"));
        assertEquals("FORMAT meta", check("meta", "{}"));
        assertEquals("FORMAT meta", check("meta", "{\"data\":1,\"more\":2}"));
    }

    @Test
    void cardHoldsMaskInfoAndUnknownMembers() {
        assertEquals("OK", check("card", "{\"mask\":\"411111******1111\",\"info\":{\"brand\":\"VISA\"},"
                + "\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5}"));
        assertEquals("FORMAT card", check("card", "{\"mask\":\"411111******1111\",\"info\":{\"brand\":\"VISA\"},"
                + "\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6}"));
    }

    @Test
    void unknownMembersAreKeptAndWrittenBack() {
        String json = with(with(VALID, "order.note", "{\"gift\":true}"), "billing", "{\"address\":\"Jl. Sudirman 1\"}");
        InitiateRequest request = Json.read(json, InitiateRequest.class);
        assertEquals("{\"gift\":true}", Json.write(request.order().extra().get("note")));
        assertEquals(4, request.order().memberCount());
        assertEquals(1, request.billing().memberCount());
        String written = Json.write(request);
        assertEquals(Json.tree(json), Json.tree(written));
    }

    @Test
    void unknownTopLevelMembersAreIgnored() {
        assertEquals("OK", check("somethingNew", "{\"x\":1}"));
    }
}
