package io.paygate.model.api;

import static io.paygate.model.testing.Validating.members;
import static io.paygate.model.testing.Validating.outcome;
import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed §2 and docs/contract.md §4: every field of the bind request is mandatory, customer.id 1-64. */
class BindRequestValidationTest {

    static final String VALID = "{\"customer\":{\"id\":\"CUST-001\",\"email\":\"budi@example.com\",\"firstName\":\"Budi\","
            + "\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}}";

    private static String check(String path, String value) {
        return outcome(with(VALID, path, value), BindRequest.class);
    }

    @Test
    void acceptsTheFullRequest() {
        assertEquals("OK", outcome(VALID, BindRequest.class));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            customer.id          | repeat(c,64)     | OK
            customer.id          | "C"              | OK
            customer.id          | repeat(c,65)     | FORMAT customer.id
            customer.id          | ""               | MANDATORY customer.id
            customer.id          | <absent>         | MANDATORY customer.id
            customer.email       | <absent>         | MANDATORY customer.email
            customer.email       | "not-an-email"   | FORMAT customer.email
            customer.firstName   | <absent>         | MANDATORY customer.firstName
            customer.firstName   | repeat(f,51)     | FORMAT customer.firstName
            customer.lastName    | <absent>         | MANDATORY customer.lastName
            customer.lastName    | repeat(l,51)     | FORMAT customer.lastName
            customer.mobilePhone | <absent>         | MANDATORY customer.mobilePhone
            customer.mobilePhone | "0812345678"     | FORMAT customer.mobilePhone
            sourceOfFunds.type   | "MANDIRI_DD"     | OK
            sourceOfFunds.type   | repeat(T,64)     | OK
            sourceOfFunds.type   | repeat(T,65)     | FORMAT sourceOfFunds.type
            sourceOfFunds.type   | ""               | MANDATORY sourceOfFunds.type
            sourceOfFunds.type   | null             | FORMAT sourceOfFunds
            customer             | <absent>         | MANDATORY customer
            sourceOfFunds        | <absent>         | MANDATORY sourceOfFunds
            customer             | {}               | FORMAT customer
            sourceOfFunds        | {}               | FORMAT sourceOfFunds
            """)
    void fieldRules(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void missingTypeBesideOtherSourceOfFundsMembersIsMandatory() {
        String json = with(with(VALID, "sourceOfFunds.bank", "\"BCA\""), "sourceOfFunds.type", "<absent>");
        assertEquals("MANDATORY sourceOfFunds.type", outcome(json, BindRequest.class));
    }

    @Test
    void sourceOfFundsHoldsOneToElevenMembers() {
        String eleven = with(VALID, "sourceOfFunds", "{\"type\":\"BCA_DD\",\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,"
                + "\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":10}");
        assertEquals("OK", outcome(eleven, BindRequest.class));
        assertEquals("FORMAT sourceOfFunds", outcome(with(eleven, "sourceOfFunds.k", "11"), BindRequest.class));
        assertEquals("FORMAT sourceOfFunds", check("sourceOfFunds", members(12)));
    }

    @Test
    void customerConvertsToTheSharedRecord() {
        BindRequest request = Json.read(VALID, BindRequest.class);
        Customer customer = request.customer().toCustomer();
        assertEquals(new Customer("CUST-001", "budi@example.com", "Budi", "Santoso", "+6281234567890"), customer);
        assertEquals("BCA_DD", request.sourceOfFunds().toSourceOfFunds().type());
    }
}
