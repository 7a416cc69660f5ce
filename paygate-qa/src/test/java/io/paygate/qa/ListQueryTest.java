package io.paygate.qa;

import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListQueryTest {

    @Test
    void filtersBecomeTheContractsQueryParameters() {
        ListQuery query = ListQuery.all().status("CAPTURED").method("VA_BCA").limit(200)
                .from(OffsetDateTime.of(2026, 11, 21, 0, 0, 0, 0, ZoneOffset.ofHours(7))).cursor("abc");
        assertEquals(Map.of("status", "CAPTURED", "method", "VA_BCA", "limit", "200",
                "from", "2026-11-21T00:00+07:00", "cursor", "abc"), query.parameters());
        assertEquals(Map.of("status", "CAPTURED", "method", "VA_BCA", "limit", "200", "from",
                "2026-11-21T00:00+07:00"), query.cursor(null).parameters(), "null removes");
        assertEquals("0", ListQuery.all().with("limit", "0").parameters().get("limit"), "any value, to test refusals");
    }

    @Test
    void aPageFindsItemsByDottedPathAndSaysWhenItIsTheLast() {
        ListPage page = ListPage.from(JsonPath.from("""
                {"responseCode":"2000000","responseMessage":"Success","items":[
                {"order":{"id":"QA-1"},"result":{"payment":{"status":"CAPTURED"}}},
                {"order":{"id":"QA-2"},"result":{"payment":{"status":"PENDING"}}}]}"""));
        assertEquals(2, page.items().size());
        assertNull(page.nextCursor());
        assertEquals("PENDING", ListPage.member(page.find("order.id", "QA-2").orElseThrow(), "result.payment.status"));
        assertTrue(page.find("order.id", "QA-3").isEmpty());
        assertNull(ListPage.member(page.items().getFirst(), "order.id.deeper"));
    }
}
