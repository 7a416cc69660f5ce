package io.paygate.model.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.json.Json;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResponseCodeTest {

    @Test
    void successIsTheSeedValue() {
        assertEquals("2000000", ResponseCode.SUCCESS_CODE);
        assertEquals("Success", ResponseCode.SUCCESS_MESSAGE);
    }

    @Test
    void serviceCodesAreTheContractTable() {
        List<String> expected = List.of("PAYMENT_INITIATION 01", "DIRECT_DEBIT_BINDING 02", "PAYMENT_STATUS 03",
                "DISBURSEMENT_TRANSFER 04", "DISBURSEMENT_STATUS 05", "CALLBACK_REGISTRATION 06", "NOTIFICATION_LOG 07",
                "HOSTED_PAGE 08", "REFUNDS_AND_CANCELLATION 09", "LISTS_AND_REPORTS 10",
                "RECURRING_AND_STORED_CREDENTIALS 11", "MERCHANTS 12", "PAYMENT_LINKS 13",
                "BALANCE_LEDGER_SETTLEMENT 14");
        assertEquals(expected, Arrays.stream(ServiceCode.values()).filter(s -> !s.isSnap())
                .map(s -> s.name() + " " + s.code()).toList());
    }

    @Test
    void snapServiceCodesAreTheStandards() {
        List<String> expected = List.of("SNAP_ACCOUNT_BINDING 07", "SNAP_ACCOUNT_INQUIRY 08", "SNAP_ACCOUNT_UNBINDING 09",
                "SNAP_BALANCE_INQUIRY 11",
                "SNAP_TRANSFER_INTERBANK 18", "SNAP_VA_STATUS 26", "SNAP_VA_CREATE 27", "SNAP_VA_DELETE 31",
                "SNAP_TRANSFER_STATUS 36", "SNAP_QR_GENERATE 47", "SNAP_QR_QUERY 51", "SNAP_DEBIT_PAYMENT 54",
                "SNAP_DEBIT_STATUS 55", "SNAP_DEBIT_CANCEL 57", "SNAP_DEBIT_REFUND 58", "SNAP_ACCESS_TOKEN 73",
                "SNAP_QR_CANCEL 77", "SNAP_QR_REFUND 78");
        assertEquals(expected, Arrays.stream(ServiceCode.values()).filter(ServiceCode::isSnap)
                .map(s -> s.name() + " " + s.code()).toList());
    }

    /** Every case of the docs/contract.md §0 table (plus 404SS00/405SS00 for unknown routes and methods), for service 01. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "BAD_REQUEST, 4000100, 400, Bad Request",
            "INVALID_FIELD_FORMAT, 4000101, 400, Invalid Field Format",
            "INVALID_MANDATORY_FIELD, 4000102, 400, Invalid Mandatory Field",
            "UNAUTHORIZED, 4010100, 401, Unauthorized.",
            "MERCHANT_SUSPENDED, 4030105, 403, Merchant Suspended",
            "ADDRESS_NOT_ALLOWED, 4030106, 403, Address Not Allowed",
            "NOT_FOUND, 4040101, 404, Transaction Not Found",
            "ROUTE_NOT_FOUND, 4040100, 404, Not Found",
            "METHOD_NOT_ALLOWED, 4050100, 405, Method Not Allowed",
            "CONFLICT, 4090100, 409, Conflict.",
            "GONE, 4100100, 410, Gone.",
            "PAYLOAD_TOO_LARGE, 4130100, 413, Payload Too Large",
            "UNSUPPORTED_MEDIA_TYPE, 4150100, 415, Unsupported Media Type",
            "TOO_MANY_REQUESTS, 4290100, 429, Too Many Requests",
            "REQUEST_TIMEOUT, 4080100, 408, Request Timeout",
            "REQUEST_HEADER_FIELDS_TOO_LARGE, 4310100, 431, Request Header Fields Too Large",
            "GENERAL_ERROR, 5000100, 500, General Error",
            "BAD_GATEWAY, 5020100, 502, Bad Gateway",
            "SERVICE_UNAVAILABLE, 5030100, 503, Service Unavailable",
            "INSUFFICIENT_FUNDS, 4030101, 403, Insufficient Funds",
            "BALANCE_UNAVAILABLE, 5030101, 503, Balance Unavailable"
    })
    void caseCodesMatchTheContractTable(ErrorCase errorCase, String code, int status, String message) {
        ResponseCode responseCode = ResponseCode.of(ServiceCode.PAYMENT_INITIATION, errorCase);
        assertEquals(code, responseCode.code());
        assertEquals(status, responseCode.httpStatus());
        assertEquals(message, responseCode.message());
        assertEquals(code, responseCode.toString());
    }

    @Test
    void everyCodeIsSevenDigitsAndStartsWithItsHttpStatus() {
        for (ServiceCode service : ServiceCode.values()) {
            for (ErrorCase errorCase : ErrorCase.values()) {
                String code = ResponseCode.of(service, errorCase).code();
                assertTrue(code.matches("[0-9]{7}"), code);
                assertEquals(String.valueOf(errorCase.httpStatus()), code.substring(0, 3));
                assertEquals(service.code(), code.substring(3, 5));
                assertEquals(errorCase.caseCode(), code.substring(5, 7));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "4040301, PAYMENT_STATUS, NOT_FOUND",
            "4090400, DISBURSEMENT_TRANSFER, CONFLICT",
            "4040501, DISBURSEMENT_STATUS, NOT_FOUND",
            "4010200, DIRECT_DEBIT_BINDING, UNAUTHORIZED",
            "4000601, CALLBACK_REGISTRATION, INVALID_FIELD_FORMAT",
            "5000700, NOTIFICATION_LOG, GENERAL_ERROR",
            "4290800, HOSTED_PAGE, TOO_MANY_REQUESTS",
            "4041101, RECURRING_AND_STORED_CREDENTIALS, NOT_FOUND",
            "4091100, RECURRING_AND_STORED_CREDENTIALS, CONFLICT",
            "4001102, RECURRING_AND_STORED_CREDENTIALS, INVALID_MANDATORY_FIELD",
            "4030401, DISBURSEMENT_TRANSFER, INSUFFICIENT_FUNDS",
            "5030401, DISBURSEMENT_TRANSFER, BALANCE_UNAVAILABLE",
            "5031801, SNAP_TRANSFER_INTERBANK, BALANCE_UNAVAILABLE"
    })
    void codesNamedInTheContractAreProduced(String expected, ServiceCode service, ErrorCase errorCase) {
        assertEquals(expected, ResponseCode.of(service, errorCase).code());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "SUCCESSFUL, SNAP_ACCESS_TOKEN, 2007300, Successful",
            "UNAUTHORIZED, SNAP_ACCESS_TOKEN, 4017300, Unauthorized.",
            "INVALID_TOKEN, SNAP_VA_CREATE, 4012701, Invalid Token (B2B)",
            "TOKEN_NOT_FOUND, SNAP_VA_CREATE, 4012703, Token Not Found (B2B)",
            "INVALID_FIELD_FORMAT, SNAP_QR_GENERATE, 4004701, Invalid Field Format",
            "INVALID_MANDATORY_FIELD, SNAP_DEBIT_PAYMENT, 4005402, Invalid Mandatory Field",
            "TRANSACTION_NOT_FOUND, SNAP_DEBIT_STATUS, 4045501, Transaction Not Found",
            "CONFLICT, SNAP_DEBIT_REFUND, 4095800, Conflict",
            "DUPLICATE_PARTNER_REFERENCE, SNAP_ACCOUNT_BINDING, 4090701, Duplicate partnerReferenceNo",
            "IN_PROGRESS, SNAP_TRANSFER_INTERBANK, 2021800, Request In Progress",
            "INVALID_TRANSACTION_STATUS, SNAP_QR_CANCEL, 4047700, Invalid Transaction Status",
            "PAID_BILL, SNAP_VA_DELETE, 4043114, Paid Bill",
            "INSUFFICIENT_FUNDS, SNAP_TRANSFER_INTERBANK, 4031814, Insufficient Funds"
    })
    void snapCasesMakeTheStandardsCodes(SnapCase snapCase, ServiceCode service, String code, String message) {
        assertEquals(code, snapCase.code(service));
        assertEquals(message, snapCase.message());
        assertEquals(snapCase.httpStatus(), Integer.parseInt(code.substring(0, 3)));
    }

    @Test
    void snapMessagesTakeTheFieldOrReasonAfterOneSpace() {
        assertEquals(new ErrorResponse("4017300", "Unauthorized. Invalid signature"),
                SnapCase.UNAUTHORIZED.body(ServiceCode.SNAP_ACCESS_TOKEN, "Invalid signature"));
        assertEquals("Invalid Mandatory Field X-EXTERNAL-ID", SnapCase.INVALID_MANDATORY_FIELD.message("X-EXTERNAL-ID"));
        assertEquals("Invalid Token (B2B)", SnapCase.INVALID_TOKEN.message(null));
    }

    @Test
    void aPgCaseRaisedOnASnapPathSpeaksTheStandardsMessage() {
        assertEquals("Conflict", ResponseCode.of(ServiceCode.SNAP_VA_CREATE, ErrorCase.CONFLICT).message());
        assertEquals("4092700", ResponseCode.of(ServiceCode.SNAP_VA_CREATE, ErrorCase.CONFLICT).code());
        assertEquals("Conflict.", ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.CONFLICT).message());
        assertEquals("Invalid Field Format totalAmount.value", ResponseCode.of(ServiceCode.SNAP_VA_CREATE,
                ErrorCase.INVALID_FIELD_FORMAT).message("totalAmount.value"));
        assertEquals("Too Many Requests", ResponseCode.of(ServiceCode.SNAP_QR_QUERY, ErrorCase.TOO_MANY_REQUESTS)
                .message());
    }

    @Test
    void messageAppendsTheDetailAfterOneSpace() {
        assertEquals("Invalid Field Format customer.mobilePhone",
                ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.INVALID_FIELD_FORMAT).message("customer.mobilePhone"));
        assertEquals("Invalid Mandatory Field order.id",
                ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.INVALID_MANDATORY_FIELD).message("order.id"));
        assertEquals("Unauthorized. Invalid signature",
                ResponseCode.of(ServiceCode.DIRECT_DEBIT_BINDING, ErrorCase.UNAUTHORIZED).message("Invalid signature"));
    }

    @Test
    void messageWithoutDetailIsTheCaseMessage() {
        ResponseCode conflict = ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.CONFLICT);
        assertEquals("Conflict.", conflict.message(null));
        assertEquals("Conflict.", conflict.message("  "));
    }

    @Test
    void messageIsCutToFiveHundredCharacters() {
        ResponseCode format = ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.INVALID_FIELD_FORMAT);
        String message = format.message("x".repeat(1000));
        assertEquals(500, message.length());
        assertTrue(message.startsWith("Invalid Field Format xxx"));
    }

    @Test
    void cutNeverSplitsASurrogatePair() {
        ResponseCode format = ResponseCode.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.INVALID_FIELD_FORMAT);
        // "Invalid Field Format " is 21 chars; 478 more puts an emoji's high surrogate at index 499.
        String message = format.message("a".repeat(478) + "\ud83d\ude00tail");
        assertEquals(499, message.length());
        assertEquals('a', message.charAt(498));
    }

    @Test
    void errorResponseCarriesCodeAndMessageUnderTheContractNames() {
        ErrorResponse body = ErrorResponse.of(ServiceCode.PAYMENT_INITIATION, ErrorCase.INVALID_MANDATORY_FIELD, "order.id");
        assertEquals("{\"responseCode\":\"4000102\",\"responseMessage\":\"Invalid Mandatory Field order.id\"}",
                Json.write(body));
        assertEquals(400, body.httpStatus());
        assertEquals(body, Json.read(Json.write(body), ErrorResponse.class));
    }

    @Test
    void errorResponseWithoutDetail() {
        ErrorResponse body = ErrorResponse.of(ServiceCode.PAYMENT_STATUS, ErrorCase.NOT_FOUND);
        assertEquals(new ErrorResponse("4040301", "Transaction Not Found"), body);
        assertEquals(404, body.httpStatus());
    }

    @Test
    void errorResponseMessageIsAtMostFiveHundredCharacters() {
        ErrorResponse body = ErrorResponse.of(ServiceCode.DISBURSEMENT_TRANSFER, ErrorCase.UNAUTHORIZED, "r".repeat(600));
        assertEquals(500, body.responseMessage().length());
    }
}
