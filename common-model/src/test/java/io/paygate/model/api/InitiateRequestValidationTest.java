package io.paygate.model.api;

import static io.paygate.model.testing.Validating.outcome;
import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.testing.RequestVectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/contract.md §1 field rules with a real Hibernate Validator: one passing and one failing case at least each. */
class InitiateRequestValidationTest {

    /** The seed's smallest request (also the published request-signing body). */
    static final String VALID = RequestVectors.POST_BODY;

    private static String check(String path, String value) {
        return outcome(with(VALID, path, value), InitiateRequest.class);
    }

    @Test
    void acceptsTheSmallestRequest() {
        assertEquals("OK", outcome(VALID, InitiateRequest.class));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            order.id | "ORD-1._x"        | OK
            order.id | repeat(a,64)      | OK
            order.id | repeat(a,65)      | FORMAT order.id
            order.id | "ORD 1"           | FORMAT order.id
            order.id | "ORD/1"           | FORMAT order.id
            order.id | "ORD\\u00e91"     | FORMAT order.id
            order.id | ""                | MANDATORY order.id
            order.id | null              | MANDATORY order.id
            order.id | <absent>          | MANDATORY order.id
            """)
    void orderId(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            order.amount | "150000.00"          | OK
            order.amount | "1"                  | OK
            order.amount | "0.01"               | OK
            order.amount | "1.5"                | OK
            order.amount | "9999999999999.99"   | OK
            order.amount | "150000.001"         | FORMAT order.amount
            order.amount | "0"                  | FORMAT order.amount
            order.amount | "0.00"               | FORMAT order.amount
            order.amount | "01"                 | FORMAT order.amount
            order.amount | "-1"                 | FORMAT order.amount
            order.amount | "1e3"                | FORMAT order.amount
            order.amount | "10000000000000"     | FORMAT order.amount
            order.amount | "1."                 | FORMAT order.amount
            order.amount | ".5"                 | FORMAT order.amount
            order.amount | "1,000"              | FORMAT order.amount
            order.amount | " 1"                 | FORMAT order.amount
            order.amount | ""                   | MANDATORY order.amount
            order.amount | <absent>             | MANDATORY order.amount
            """)
    void orderAmount(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void rejectsAmountWithThreeDecimals() {
        assertEquals("FORMAT order.amount", check("order.amount", "\"10.505\""));
    }

    @Test
    void rejectsZeroAmount() {
        assertEquals("FORMAT order.amount", check("order.amount", "\"0.0\""));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            order.description | repeat(d,255)  | OK
            order.description | ""             | OK
            order.description | <absent>       | OK
            order.description | repeat(d,256)  | FORMAT order.description
            order.currency    | "IDR"          | OK
            order.currency    | "USD"          | OK
            order.currency    | <absent>       | OK
            order.currency    | "idr"          | FORMAT order.currency
            order.currency    | "IDRX"         | FORMAT order.currency
            order.currency    | "ID"           | FORMAT order.currency
            order.currency    | "I1R"          | FORMAT order.currency
            """)
    void orderDescriptionAndCurrency(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            customer.id          | <absent>                 | OK
            customer.id          | repeat(c,64)             | OK
            customer.id          | repeat(c,65)             | FORMAT customer.id
            customer.id          | ""                       | FORMAT customer.id
            customer.email       | "first.last+tag@mail.example.co.id" | OK
            customer.email       | "budi"                   | FORMAT customer.email
            customer.email       | "budi@localhost"         | FORMAT customer.email
            customer.email       | "budi@@example.com"      | FORMAT customer.email
            customer.email       | "budi @example.com"      | FORMAT customer.email
            customer.email       | ""                       | MANDATORY customer.email
            customer.email       | <absent>                 | MANDATORY customer.email
            customer.firstName   | "B"                      | OK
            customer.firstName   | repeat(f,50)             | OK
            customer.firstName   | repeat(f,51)             | FORMAT customer.firstName
            customer.firstName   | "   "                    | MANDATORY customer.firstName
            customer.firstName   | <absent>                 | MANDATORY customer.firstName
            customer.lastName    | "S"                      | OK
            customer.lastName    | repeat(l,50)             | OK
            customer.lastName    | repeat(l,51)             | FORMAT customer.lastName
            customer.lastName    | ""                       | MANDATORY customer.lastName
            customer.lastName    | <absent>                 | MANDATORY customer.lastName
            customer.mobilePhone | "+6281234567890"         | OK
            customer.mobilePhone | "+1234567"               | OK
            customer.mobilePhone | "+123456789012345"       | OK
            customer.mobilePhone | "+123456"                | FORMAT customer.mobilePhone
            customer.mobilePhone | "+1234567890123456"      | FORMAT customer.mobilePhone
            customer.mobilePhone | "081234567890"           | FORMAT customer.mobilePhone
            customer.mobilePhone | "+0812345678"            | FORMAT customer.mobilePhone
            customer.mobilePhone | "+62 812345678"          | FORMAT customer.mobilePhone
            customer.mobilePhone | "+62-812-345-678"        | FORMAT customer.mobilePhone
            customer.mobilePhone | ""                       | MANDATORY customer.mobilePhone
            customer.mobilePhone | <absent>                 | MANDATORY customer.mobilePhone
            """)
    void customerFields(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void acceptsEmailOfTwoHundredFiftyFourCharactersAndRejectsLonger() {
        String local = "a".repeat(64);
        String domain = "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(57) + ".com";
        String email254 = local + "@" + domain;
        assertEquals(254, email254.length());
        assertEquals("OK", check("customer.email", "\"" + email254 + "\""));
        String email255 = local + "@" + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(58) + ".com";
        assertEquals("FORMAT customer.email", check("customer.email", "\"" + email255 + "\""));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            url.callbackUrl | "https://merchant.example.com/cb" | OK
            url.callbackUrl | ""                                | MANDATORY url.callbackUrl
            url.callbackUrl | "   "                             | MANDATORY url.callbackUrl
            url.returnUrl   | "https://merchant.example.com/r"  | OK
            url.returnUrl   | repeat(r,2048)                    | OK
            url.returnUrl   | repeat(r,2049)                    | FORMAT url.returnUrl
            url.returnUrl   | ""                                | FORMAT url.returnUrl
            """)
    void urlFields(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void missingCallbackUrlBesideOtherUrlMembersIsMandatory() {
        String json = with(with(VALID, "url.returnUrl", "\"https://merchant.example.com/r\""), "url.callbackUrl", "<absent>");
        assertEquals("MANDATORY url.callbackUrl", outcome(json, InitiateRequest.class));
    }

    @Test
    void callbackUrlIsAtMostTwoThousandFortyEightCharacters() {
        String prefix = "https://merchant.example.com/";
        assertEquals("OK", check("url.callbackUrl", "\"" + prefix + "p".repeat(2048 - prefix.length()) + "\""));
        assertEquals("FORMAT url.callbackUrl",
                check("url.callbackUrl", "\"" + prefix + "p".repeat(2049 - prefix.length()) + "\""));
    }

    @ParameterizedTest(name = "{0} missing -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            order    | MANDATORY order
            customer | MANDATORY customer
            url      | MANDATORY url
            """)
    void mandatoryObjects(String object, String expected) {
        assertEquals(expected, check(object, "<absent>"));
        assertEquals(expected, check(object, "null"));
    }

    /** docs/contract.md §1b: {@code card.storedOnFile} takes {@code TO_BE_STORED} only; {@code card.token} 1-64. */
    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            card.storedOnFile | "TO_BE_STORED"     | OK
            card.storedOnFile | "to_be_stored"     | FORMAT card.storedOnFile
            card.storedOnFile | "STORED"           | FORMAT card.storedOnFile
            card.storedOnFile | ""                 | FORMAT card.storedOnFile
            card.storedOnFile | "TO_BE_STORED "    | FORMAT card.storedOnFile
            card.storedOnFile | true               | FORMAT card.storedOnFile
            card.token        | "tok_7Q2M8X1B7D3H" | OK
            card.token        | repeat(t,64)       | OK
            card.token        | repeat(t,65)       | FORMAT card.token
            card.token        | ""                 | FORMAT card.token
            """)
    void storedCardMembers(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void storedOnFileAndTokenCountAsCardMembers() {
        String sevenOthers = with(VALID, "card", "members(6)");
        assertEquals("OK", outcome(with(sevenOthers, "card.storedOnFile", "\"TO_BE_STORED\""), InitiateRequest.class));
        String eight = with(with(sevenOthers, "card.storedOnFile", "\"TO_BE_STORED\""), "card.token", "\"tok_1\"");
        assertEquals("FORMAT card", outcome(eight, InitiateRequest.class));
    }
}
