package io.paygate.model.api;

import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.Recurring;
import io.paygate.model.api.payment.RecurringRules;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.json.Json;
import io.paygate.model.testing.RequestVectors;
import io.paygate.model.validation.FieldViolation;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/contract.md §1b, the {@code recurring} table member by member: passing and failing cases of every rule. */
class RecurringRulesTest {

    /** "Today" of every case: 21 November 2026 in the gateway's time zone. */
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);
    /** The smallest subscription: the mandatory members only. */
    private static final String VALID = """
            {"subscribe":"Y","type":"PURCHASE","id":"SUB.2026_01","amount":"99000.00"}""";

    private static Recurring read(String json) {
        return Json.read(json, Recurring.class);
    }

    private static String outcome(Optional<FieldViolation> violation) {
        return violation.map(v -> (v.errorCase() == ErrorCase.INVALID_MANDATORY_FIELD ? "MANDATORY " : "FORMAT ")
                + v.field()).orElse("OK");
    }

    private static String outcome(String json) {
        return outcome(RecurringRules.first(read(json), TODAY));
    }

    private static String check(String member, String value) {
        return outcome(with(VALID, member, value));
    }

    @Test
    void acceptsTheSmallestSubscriptionAndReportsNothing() {
        assertEquals(List.of(), RecurringRules.check(read(VALID), TODAY));
    }

    @ParameterizedTest(name = "subscribe = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "Y"    | OK
            "y"    | FORMAT recurring.subscribe
            "YES"  | FORMAT recurring.subscribe
            "n"    | FORMAT recurring.subscribe
            ""     | FORMAT recurring.subscribe
            1      | FORMAT recurring.subscribe
            true   | FORMAT recurring.subscribe
            """)
    void subscribe(String value, String expected) {
        assertEquals(expected, check("subscribe", value));
    }

    @ParameterizedTest(name = "subscribe = {0}: members unchecked")
    @CsvSource(delimiter = '|', textBlock = """
            "N"
            null
            <absent>
            """)
    void withoutSubscribeYTheMembersAreNotChecked(String subscribe) {
        String garbage = with("""
                {"subscribe":"Y","type":"MONTHLY","id":"bad id!","amount":"-1","interval":500,"intervalUnit":"x",
                 "maxInterval":0,"startDate":"yesterday","endDate":1,"retry":"often","productCode":"TOO-LONG!"}""",
                "subscribe", subscribe);
        Recurring recurring = read(garbage);
        assertEquals(List.of(), RecurringRules.check(recurring, TODAY));
        assertFalse(recurring.subscribes());
        assertFalse(RecurringRules.isSubscription(recurring));
        assertEquals(11, recurring.memberCount() + (subscribe.equals("<absent>") ? 1 : 0), "kept as sent");
    }

    @ParameterizedTest(name = "type = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "PURCHASE"  | OK
            "TOPUP"     | OK
            "purchase"  | FORMAT recurring.type
            "Topup"     | FORMAT recurring.type
            "RENTAL"    | FORMAT recurring.type
            1           | FORMAT recurring.type
            ""          | MANDATORY recurring.type
            null        | MANDATORY recurring.type
            <absent>    | MANDATORY recurring.type
            """)
    void type(String value, String expected) {
        assertEquals(expected, check("type", value));
    }

    @ParameterizedTest(name = "id = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "A"              | OK
            "SUB.2026_01"    | OK
            repeat(a,30)     | OK
            repeat(a,31)     | FORMAT recurring.id
            "SUB-1"          | FORMAT recurring.id
            "SUB 1"          | FORMAT recurring.id
            "SUB/1"          | FORMAT recurring.id
            "SUB\\u00e91"    | FORMAT recurring.id
            12345            | FORMAT recurring.id
            ""               | MANDATORY recurring.id
            null             | MANDATORY recurring.id
            <absent>         | MANDATORY recurring.id
            """)
    void id(String value, String expected) {
        assertEquals(expected, check("id", value));
    }

    @ParameterizedTest(name = "productCode = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "GOLD1"      | OK
            "A"          | OK
            "ABCDEF"     | OK
            "ABCDEFG"    | FORMAT recurring.productCode
            "GO-LD"      | FORMAT recurring.productCode
            "GO_LD"      | FORMAT recurring.productCode
            ""           | FORMAT recurring.productCode
            123          | FORMAT recurring.productCode
            null         | OK
            <absent>     | OK
            """)
    void productCode(String value, String expected) {
        assertEquals(expected, check("productCode", value));
    }

    @ParameterizedTest(name = "amount = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "99000.00"           | OK
            "1"                  | OK
            "0.01"               | OK
            "9999999999999.99"   | OK
            99000                | OK
            99000.5              | OK
            99000.50             | OK
            1e2                  | OK
            "0"                  | FORMAT recurring.amount
            "0.00"               | FORMAT recurring.amount
            0                    | FORMAT recurring.amount
            -1                   | FORMAT recurring.amount
            "-1"                 | FORMAT recurring.amount
            "1.005"              | FORMAT recurring.amount
            1.005                | FORMAT recurring.amount
            "01"                 | FORMAT recurring.amount
            "1e3"                | FORMAT recurring.amount
            "10000000000000"     | FORMAT recurring.amount
            10000000000000       | FORMAT recurring.amount
            1e13                 | FORMAT recurring.amount
            true                 | FORMAT recurring.amount
            ""                   | MANDATORY recurring.amount
            null                 | MANDATORY recurring.amount
            <absent>             | MANDATORY recurring.amount
            """)
    void amountFollowsTheOrderAmountRuleAsAStringOrANumber(String value, String expected) {
        assertEquals(expected, check("amount", value));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            interval    | "1"       | OK
            interval    | 1         | OK
            interval    | "99"      | OK
            interval    | 99        | OK
            interval    | 100       | FORMAT recurring.interval
            interval    | "100"     | FORMAT recurring.interval
            interval    | 0         | FORMAT recurring.interval
            interval    | "0"       | FORMAT recurring.interval
            interval    | -1        | FORMAT recurring.interval
            interval    | "01"      | FORMAT recurring.interval
            interval    | " 1"      | FORMAT recurring.interval
            interval    | 1.5       | FORMAT recurring.interval
            interval    | 2.0       | FORMAT recurring.interval
            interval    | "2.0"     | FORMAT recurring.interval
            interval    | 4294967297 | FORMAT recurring.interval
            interval    | ""        | FORMAT recurring.interval
            interval    | true      | FORMAT recurring.interval
            interval    | <absent>  | OK
            maxInterval | "1"       | OK
            maxInterval | 12        | OK
            maxInterval | 99        | OK
            maxInterval | "99"      | OK
            maxInterval | 100       | FORMAT recurring.maxInterval
            maxInterval | 0         | FORMAT recurring.maxInterval
            maxInterval | "12x"     | FORMAT recurring.maxInterval
            maxInterval | <absent>  | OK
            """)
    void intervalAndMaxIntervalAreIntegersFromOneToNinetyNine(String member, String value, String expected) {
        assertEquals(expected, check(member, value));
    }

    @ParameterizedTest(name = "intervalUnit = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "minutes"  | OK
            "hours"    | OK
            "daily"    | OK
            "weekly"   | OK
            "monthly"  | OK
            "yearly"   | OK
            "MONTHLY"  | FORMAT recurring.intervalUnit
            "Monthly"  | FORMAT recurring.intervalUnit
            "month"    | FORMAT recurring.intervalUnit
            "monthly " | FORMAT recurring.intervalUnit
            "days"     | FORMAT recurring.intervalUnit
            ""         | FORMAT recurring.intervalUnit
            1          | FORMAT recurring.intervalUnit
            <absent>   | OK
            """)
    void intervalUnit(String value, String expected) {
        assertEquals(expected, check("intervalUnit", value));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            startDate | "20261121"   | OK
            startDate | "20261122"   | OK
            startDate | 20261201     | OK
            startDate | "20280229"   | OK
            startDate | "20261120"   | FORMAT recurring.startDate
            startDate | 20261120     | FORMAT recurring.startDate
            startDate | "20270229"   | FORMAT recurring.startDate
            startDate | "20261131"   | FORMAT recurring.startDate
            startDate | "20261301"   | FORMAT recurring.startDate
            startDate | "2026-11-21" | FORMAT recurring.startDate
            startDate | "261121"     | FORMAT recurring.startDate
            startDate | "202611211"  | FORMAT recurring.startDate
            startDate | ""           | FORMAT recurring.startDate
            startDate | 2026.1121    | FORMAT recurring.startDate
            startDate | <absent>     | OK
            endDate   | "20261121"   | OK
            endDate   | "20271130"   | OK
            endDate   | 20271130     | OK
            endDate   | "20261120"   | FORMAT recurring.endDate
            endDate   | "20261232"   | FORMAT recurring.endDate
            endDate   | "27-11-30"   | FORMAT recurring.endDate
            endDate   | <absent>     | OK
            """)
    void datesAreRealYyyymmddDatesTodayOrLater(String member, String value, String expected) {
        assertEquals(expected, check(member, value));
    }

    @Test
    void anEndDateBeforeTheStartDateNamesTheEndDate() {
        String start = with(VALID, "startDate", "\"20261201\"");
        assertEquals("FORMAT recurring.endDate", outcome(with(start, "endDate", "\"20261130\"")));
        assertEquals("OK", outcome(with(start, "endDate", "\"20261201\"")));
        assertEquals("OK", outcome(with(start, "endDate", "\"20261202\"")));
        // a start date that is itself wrong is reported alone: the end date is not compared with it
        String badStart = with(VALID, "startDate", "\"20261120\"");
        assertEquals(List.of(FieldViolation.format("recurring.startDate")),
                RecurringRules.check(read(with(badStart, "endDate", "\"20261125\"")), TODAY));
    }

    @Test
    void todayIsTheDateInTheGatewaysTimeZone() {
        // 18:00 UTC on 20 November is already 01:00 on 21 November in Jakarta
        Clock clock = Clock.fixed(Instant.parse("2026-11-20T18:00:00Z"), ZoneOffset.UTC);
        LocalDate jakarta = RecurringRules.today(clock, ZoneId.of("Asia/Jakarta"));
        LocalDate utc = RecurringRules.today(clock, ZoneOffset.UTC);
        assertEquals(LocalDate.of(2026, 11, 21), jakarta);
        Recurring yesterdayInJakarta = read(with(VALID, "startDate", "\"20261120\""));
        assertEquals("FORMAT recurring.startDate", outcome(RecurringRules.first(yesterdayInJakarta, jakarta)));
        assertEquals("OK", outcome(RecurringRules.first(yesterdayInJakarta, utc)));
    }

    @ParameterizedTest(name = "retry = {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"interval":1,"intervalUnit":"daily","maxInterval":3}            | OK
            {"interval":"30","intervalUnit":"minutes","maxInterval":"9"}     | OK
            {"interval":99,"intervalUnit":"hours","maxInterval":1}           | OK
            {"interval":1,"intervalUnit":"daily","maxInterval":3,"note":1}   | OK
            null                                                             | OK
            <absent>                                                         | OK
            "3"                                                              | FORMAT recurring.retry
            3                                                                | FORMAT recurring.retry
            [1,"daily",3]                                                    | FORMAT recurring.retry
            {}                                                               | MANDATORY recurring.retry.interval
            {"intervalUnit":"daily","maxInterval":3}                         | MANDATORY recurring.retry.interval
            {"interval":1,"maxInterval":3}                                   | MANDATORY recurring.retry.intervalUnit
            {"interval":1,"intervalUnit":"daily"}                            | MANDATORY recurring.retry.maxInterval
            {"interval":1,"intervalUnit":"","maxInterval":3}                 | MANDATORY recurring.retry.intervalUnit
            {"interval":0,"intervalUnit":"daily","maxInterval":3}            | FORMAT recurring.retry.interval
            {"interval":100,"intervalUnit":"daily","maxInterval":3}          | FORMAT recurring.retry.interval
            {"interval":1,"intervalUnit":"weekly","maxInterval":3}           | FORMAT recurring.retry.intervalUnit
            {"interval":1,"intervalUnit":"monthly","maxInterval":3}          | FORMAT recurring.retry.intervalUnit
            {"interval":1,"intervalUnit":"yearly","maxInterval":3}           | FORMAT recurring.retry.intervalUnit
            {"interval":1,"intervalUnit":"DAILY","maxInterval":3}            | FORMAT recurring.retry.intervalUnit
            {"interval":1,"intervalUnit":"daily","maxInterval":10}           | FORMAT recurring.retry.maxInterval
            {"interval":1,"intervalUnit":"daily","maxInterval":0}            | FORMAT recurring.retry.maxInterval
            {"interval":1,"intervalUnit":"daily","maxInterval":"3.0"}        | FORMAT recurring.retry.maxInterval
            """)
    void retry(String value, String expected) {
        assertEquals(expected, check("retry", value));
    }

    @Test
    void everyViolationIsFoundAndTheMandatoryOneIsReportedFirst() {
        String json = """
                {"subscribe":"Y","type":"PURCHASE","amount":"1.001","productCode":"TOO-LONG","interval":0,
                 "retry":{"interval":1,"intervalUnit":"weekly"}}""";
        assertEquals(List.of(FieldViolation.mandatory("recurring.id"), FieldViolation.format("recurring.productCode"),
                        FieldViolation.format("recurring.amount"), FieldViolation.format("recurring.interval"),
                        FieldViolation.format("recurring.retry.intervalUnit"),
                        FieldViolation.mandatory("recurring.retry.maxInterval")),
                RecurringRules.check(read(json), TODAY));
        assertEquals("MANDATORY recurring.id", outcome(json));
        String onlyTheAmount = json;
        for (String member : List.of("retry", "productCode", "interval")) {
            onlyTheAmount = with(onlyTheAmount, member, "<absent>");
        }
        assertEquals("FORMAT recurring.amount", outcome(with(onlyTheAmount, "id", "\"S1\"")));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            customer.id        | "CUST-1"       | <absent>         | OK
            customer.id        | <absent>       | <absent>         | MANDATORY customer.id
            customer.id        | ""             | <absent>         | MANDATORY customer.id
            sourceOfFunds.type | "CARD"         | "CARD"           | OK
            sourceOfFunds.type | "card"         | "card"           | OK
            sourceOfFunds.type | "DIRECT_DEBIT" | "DIRECT_DEBIT"   | OK
            sourceOfFunds.type | "BCA_DD"       | "BCA_DD"         | OK
            sourceOfFunds.type | "VA_BCA"       | "VA_BCA"         | FORMAT sourceOfFunds.type
            sourceOfFunds.type | "QRIS"         | "QRIS"           | FORMAT sourceOfFunds.type
            sourceOfFunds.type | "NOPE"         | "NOPE"           | FORMAT sourceOfFunds.type
            """)
    void aSubscriptionNeedsACustomerIdAndAMethodThatLeavesACredential(String field, String customerId,
                                                                      String sourceType, String expected) {
        String request = with(RequestVectors.POST_BODY, "recurring", VALID);
        request = with(request, "customer.id", field.equals("customer.id") ? customerId : "\"CUST-1\"");
        request = with(request, "sourceOfFunds.type", sourceType);
        assertEquals(expected, outcome(RecurringRules.first(Json.read(request, InitiateRequest.class), TODAY)));
    }

    @Test
    void theRequestLevelRulesApplyOnlyToASubscription() {
        String noCustomerId = with(RequestVectors.POST_BODY, "customer.id", "<absent>");
        String vaBca = with(noCustomerId, "sourceOfFunds.type", "\"VA_BCA\"");
        InitiateRequest plain = Json.read(vaBca, InitiateRequest.class);
        assertEquals("OK", outcome(RecurringRules.first(plain, TODAY)));
        InitiateRequest declined = Json.read(with(vaBca, "recurring", "{\"subscribe\":\"N\",\"id\":\"x-y\"}"),
                InitiateRequest.class);
        assertEquals("OK", outcome(RecurringRules.first(declined, TODAY)));
        InitiateRequest unclear = Json.read(with(vaBca, "recurring", "{\"subscribe\":\"yes\"}"), InitiateRequest.class);
        assertEquals("FORMAT recurring.subscribe", outcome(RecurringRules.first(unclear, TODAY)),
                "neither Y nor N: only subscribe is reported");
    }

    @Test
    void typedMembersReadStringsAndNumbersAlike() {
        Recurring strings = read("""
                {"subscribe":"Y","type":"TOPUP","id":"S1","productCode":"P1","amount":"150000.5","interval":"2",
                 "intervalUnit":"weekly","maxInterval":"12","startDate":"20261201","endDate":"20271130",
                 "retry":{"interval":"6","intervalUnit":"hours","maxInterval":"3"}}""");
        Recurring numbers = read("""
                {"subscribe":"Y","type":"TOPUP","id":"S1","productCode":"P1","amount":150000.50,"interval":2,
                 "intervalUnit":"weekly","maxInterval":12,"startDate":20261201,"endDate":20271130,
                 "retry":{"interval":6,"intervalUnit":"hours","maxInterval":3}}""");
        for (Recurring r : List.of(strings, numbers)) {
            assertTrue(r.subscribes());
            assertEquals(RecurringType.TOPUP, r.type());
            assertEquals("S1", r.id());
            assertEquals("P1", r.productCode());
            assertEquals(0, new BigDecimal("150000.5").compareTo(r.amount()));
            assertEquals(2, r.interval());
            assertEquals(IntervalUnit.WEEKLY, r.intervalUnit());
            assertEquals(12, r.maxInterval());
            assertEquals(LocalDate.of(2026, 12, 1), r.startDate());
            assertEquals(LocalDate.of(2027, 11, 30), r.endDate());
            assertEquals(new RetryPlan(6, IntervalUnit.HOURS, 3), r.retry());
            assertEquals(List.of(), RecurringRules.check(r, TODAY));
        }
        assertEquals(new BigDecimal("100"), read("{\"amount\":1e2}").amount());
    }

    @Test
    void absentOptionalMembersReadAsTheirDefaults() {
        Recurring r = read(VALID);
        assertEquals(1, r.interval());
        assertEquals(IntervalUnit.MONTHLY, r.intervalUnit());
        assertNull(r.maxInterval());
        assertNull(r.startDate());
        assertNull(r.endDate());
        assertNull(r.retry());
        assertNull(r.productCode());
        assertEquals(new BigDecimal("99000.00"), r.amount());
    }

    @Test
    void theObjectIsWrittenBackExactlyAsSent() {
        String sent = "{\"subscribe\":\"Y\",\"amount\":99000.50,\"interval\":\"1\",\"id\":\"S1\",\"type\":\"PURCHASE\","
                + "\"retry\":{\"maxInterval\":3,\"interval\":1,\"intervalUnit\":\"daily\"},\"unknown\":[1,null]}";
        assertEquals(sent, Json.write(read(sent)));
    }
}
