package io.paygate.model.testing;

/**
 * Published notification-signing test vectors (README "Test vectors"). Every expected value was computed with
 * openssl and coreutils, not with our code (commands in the README); {@code NotificationSigningOpensslTest}
 * recomputes them when openssl is on PATH.
 */
public final class NotificationVectors {

    /** Sandbox merchant {@code demo}'s notification secret; key = "local-demo-notification-secret!!". */
    public static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    public static final String SECRET_KEY_HEX = "6c6f63616c2d64656d6f2d6e6f74696669636174696f6e2d7365637265742121";
    /** A rotated secret; key = "rotated-demo-notification-secret". */
    public static final String NEW_SECRET = "whsec_cm90YXRlZC1kZW1vLW5vdGlmaWNhdGlvbi1zZWNyZXQ=";

    /** Payment notification as built (no signature yet). */
    public static final String PAYMENT_BODY = "{\"order\":{\"id\":\"ORD-20261121-0001\",\"amount\":150000.00,"
            + "\"reference\":\"PC7F3K9Q2M4X8B1N\",\"currency\":\"IDR\"},\"customer\":{\"id\":\"CUST-001\","
            + "\"email\":\"budi@example.com\",\"firstName\":\"Budi\",\"lastName\":\"Santoso\","
            + "\"mobilePhone\":\"+6281234567890\"},\"meta\":{\"data\":{\"cart\":\"A-17\",\"note\":\"caf\u00e9\"}},"
            + "\"card\":{\"mask\":\"411111******1111\",\"info\":{\"brand\":\"VISA\",\"issuing\":\"SANDBOX BANK\","
            + "\"type\":\"CREDIT\",\"subType\":\"CLASSIC\",\"country\":\"ID\"}},"
            + "\"result\":{\"payment\":{\"amount\":150000.00,\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
    /** Its RFC 8785 form: what is signed. */
    public static final String PAYMENT_CANONICAL = "{\"card\":{\"info\":{\"brand\":\"VISA\",\"country\":\"ID\","
            + "\"issuing\":\"SANDBOX BANK\",\"subType\":\"CLASSIC\",\"type\":\"CREDIT\"},\"mask\":\"411111******1111\"},"
            + "\"customer\":{\"email\":\"budi@example.com\",\"firstName\":\"Budi\",\"id\":\"CUST-001\","
            + "\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"},\"meta\":{\"data\":{\"cart\":\"A-17\","
            + "\"note\":\"caf\u00e9\"}},\"order\":{\"amount\":150000,\"currency\":\"IDR\",\"id\":\"ORD-20261121-0001\","
            + "\"reference\":\"PC7F3K9Q2M4X8B1N\"},\"result\":{\"payment\":{\"amount\":150000,\"status\":\"CAPTURED\","
            + "\"statusDesc\":null}}}";
    /** Body signature = X-SIGNATURE (demo secret). */
    public static final String PAYMENT_SIGNATURE = "ced9fe2a061653d309866e11ee5505fa8e7964d0196a7f12ff4795bc9100cbff"
            + "073fbec09b9608ba39af6b50a9cd0da5f30feb6576fb54e04275640b234f8310";
    /** Body signature with {@link #NEW_SECRET}. */
    public static final String PAYMENT_SIGNATURE_NEW_SECRET = "f2c7290bf3c1d91d124455f96279f61215d8136dac52c0eaf02b39a14"
            + "007d7de92dd575c751117f4f76436a5b4d023c24cf5f227922adf50b701fedb66eb7ae1";
    /** The raw body POSTed: {@link #PAYMENT_BODY} with the signature appended. */
    public static final String PAYMENT_RAW_BODY = PAYMENT_BODY.substring(0, PAYMENT_BODY.length() - 1)
            + ",\"signature\":\"" + PAYMENT_SIGNATURE + "\"}";
    public static final String PAYMENT_RAW_BODY_SHA256 = "7d4fdff25634b8271b5544ba3ae1e4f908e6bf64e1093f99f58f7c2715d1db5a";
    public static final String PAYMENT_WEBHOOK_ID = "9f1c2e4a-7b3d-4c5e-8f60-1a2b3c4d5e6f";
    /** 2026-11-21T10:15:30+07:00. */
    public static final long PAYMENT_WEBHOOK_TIMESTAMP = 1795230930L;
    public static final String PAYMENT_WEBHOOK_SIGNATURE = "v1,DfQnvyqA3qH0s+/W4EMzNIRts2dZaqe0JmrXpbw39F4=";
    public static final String PAYMENT_WEBHOOK_SIGNATURE_NEW_SECRET = "v1,jeUcVS09oUMaDc9N1r8o7J+ww1tI7BmwbYDBpTWLoow=";

    /** Disbursement notification (no body signature). */
    public static final String DISBURSEMENT_BODY = "{\"transactionDate\":\"2026-11-21T10:15:30+07:00\","
            + "\"transferDateTime\":\"2026-11-21T10:15:42+07:00\",\"originalReferenceNo\":\"DB7Q4M2X9K1P\","
            + "\"originalPartnerReferenceNo\":\"TRF-20261121-0001\",\"beneficiaryBankCode\":\"014\","
            + "\"beneficiaryAccountName\":\"Siti Rahayu\",\"beneficiaryAccountNo\":\"1234567890\","
            + "\"amount\":{\"value\":\"250000.00\",\"currency\":\"IDR\"},\"latestTransactionStatus\":\"00\","
            + "\"triggerType\":\"automatic\",\"additionalInfo\":{\"notes\":null}}";
    public static final String DISBURSEMENT_CANONICAL = "{\"additionalInfo\":{\"notes\":null},"
            + "\"amount\":{\"currency\":\"IDR\",\"value\":\"250000.00\"},\"beneficiaryAccountName\":\"Siti Rahayu\","
            + "\"beneficiaryAccountNo\":\"1234567890\",\"beneficiaryBankCode\":\"014\",\"latestTransactionStatus\":\"00\","
            + "\"originalPartnerReferenceNo\":\"TRF-20261121-0001\",\"originalReferenceNo\":\"DB7Q4M2X9K1P\","
            + "\"transactionDate\":\"2026-11-21T10:15:30+07:00\",\"transferDateTime\":\"2026-11-21T10:15:42+07:00\","
            + "\"triggerType\":\"automatic\"}";
    public static final String DISBURSEMENT_X_SIGNATURE = "fcfcd88d3d5f0741f4056fc8cc842765dd5460fe394f03ff32a3112ac1d"
            + "fdcb2f8f6dbbd2a6f2f3259232d13a4da73b2bd0066a0583c6a7657f09f9707350c6d";
    public static final String DISBURSEMENT_WEBHOOK_ID = "3c0d7b9e-2f41-4a8b-9c6d-5e7f8a9b0c1d";
    /** 2026-11-21T10:15:42+07:00. */
    public static final long DISBURSEMENT_WEBHOOK_TIMESTAMP = 1795230942L;
    public static final String DISBURSEMENT_WEBHOOK_SIGNATURE = "v1,nfMEhaPFTQ2bABbD4iAP5pNIhQGkJTb0Lu2iapKfAc4=";

    private NotificationVectors() {
    }
}
