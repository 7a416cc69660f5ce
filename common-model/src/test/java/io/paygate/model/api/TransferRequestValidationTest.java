package io.paygate.model.api;

import static io.paygate.model.testing.Validating.outcome;
import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/contract.md §5 transfer request rules. */
class TransferRequestValidationTest {

    static final String VALID = "{\"partnerReferenceNo\":\"TRF-20261121-0001\",\"beneficiaryBankCode\":\"014\","
            + "\"beneficiaryAccountName\":\"Siti Rahayu\",\"beneficiaryAccountNo\":\"1234567890\","
            + "\"amount\":{\"value\":\"250000.00\",\"currency\":\"IDR\"},\"additionalInfo\":{\"notes\":\"Invoice 17\"}}";

    private static String check(String path, String value) {
        return outcome(with(VALID, path, value), TransferRequest.class);
    }

    @Test
    void acceptsAFullRequest() {
        assertEquals("OK", outcome(VALID, TransferRequest.class));
    }

    @ParameterizedTest(name = "{0} = {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            partnerReferenceNo     | repeat(p,64)          | OK
            partnerReferenceNo     | repeat(p,65)          | FORMAT partnerReferenceNo
            partnerReferenceNo     | ""                    | MANDATORY partnerReferenceNo
            partnerReferenceNo     | <absent>              | MANDATORY partnerReferenceNo
            partnerReferenceNo     | "TRF_2026.11-21"      | OK
            partnerReferenceNo     | "-2-3"                | OK
            partnerReferenceNo     | "TRF/1"               | FORMAT partnerReferenceNo
            partnerReferenceNo     | "TRF 1"               | FORMAT partnerReferenceNo
            partnerReferenceNo     | "TRF\\r\\nINFO forged" | FORMAT partnerReferenceNo
            partnerReferenceNo     | "TRF\\n"              | FORMAT partnerReferenceNo
            partnerReferenceNo     | "=1+1"                | FORMAT partnerReferenceNo
            partnerReferenceNo     | "TRF-é"               | FORMAT partnerReferenceNo
            beneficiaryBankCode    | "123456"              | OK
            beneficiaryBankCode    | "1"                   | OK
            beneficiaryBankCode    | "CENAIDJA"            | OK
            beneficiaryBankCode    | "CENAIDJA1"           | FORMAT beneficiaryBankCode
            beneficiaryBankCode    | <absent>              | MANDATORY beneficiaryBankCode
            beneficiaryAccountName | repeat(n,64)          | OK
            beneficiaryAccountName | repeat(n,65)          | FORMAT beneficiaryAccountName
            beneficiaryAccountName | <absent>              | MANDATORY beneficiaryAccountName
            beneficiaryAccountNo   | repeat(9,64)          | OK
            beneficiaryAccountNo   | repeat(9,65)          | FORMAT beneficiaryAccountNo
            beneficiaryAccountNo   | ""                    | MANDATORY beneficiaryAccountNo
            amount.value           | "0.01"                | OK
            amount.value           | "9999999999999.99"    | OK
            amount.value           | "0000000000001.00"    | OK
            amount.value           | "250000"              | FORMAT amount.value
            amount.value           | "250000.0"            | FORMAT amount.value
            amount.value           | "250000.001"          | FORMAT amount.value
            amount.value           | "0.00"                | FORMAT amount.value
            amount.value           | "10000000000000.00"   | FORMAT amount.value
            amount.value           | "-1.00"               | FORMAT amount.value
            amount.value           | "1,000.00"            | FORMAT amount.value
            amount.value           | <absent>              | MANDATORY amount.value
            amount.currency        | "USD"                 | OK
            amount.currency        | "idr"                 | FORMAT amount.currency
            amount.currency        | <absent>              | MANDATORY amount.currency
            amount                 | <absent>              | MANDATORY amount
            additionalInfo         | <absent>              | OK
            additionalInfo         | {"notes":null}        | OK
            """)
    void fieldRules(String path, String value, String expected) {
        assertEquals(expected, check(path, value));
    }

    @Test
    void rejectsTransferAmountWithOneDecimal() {
        assertEquals("FORMAT amount.value", check("amount.value", "\"10.5\""));
    }

    @Test
    void notesMayBeNull() {
        TransferRequest request = Json.read(with(VALID, "additionalInfo.notes", "null"), TransferRequest.class);
        assertNull(request.additionalInfo().notes());
    }
}
