package io.paygate.model.testing;

/**
 * Published request-signing test vectors (README "Test vectors"). Computed with openssl, not with our code:
 * <pre>
 * printf %s "$BODY" | openssl dgst -sha256 -r
 * printf %s "$STRING_TO_SIGN" | openssl dgst -sha512 -mac HMAC -macopt key:demo-client-secret -r
 * </pre>
 */
public final class RequestVectors {

    public static final String CLIENT_SECRET = "demo-client-secret";
    public static final String TIMESTAMP = "2026-11-21T10:15:30+07:00";

    public static final String POST_METHOD = "POST";
    public static final String POST_PATH = "/pg/payment/card/initiate";
    public static final String POST_BODY = "{\"order\":{\"id\":\"ORD-20261121-0001\",\"amount\":\"150000.00\","
            + "\"description\":\"Coffee beans 1 kg\"},\"customer\":{\"email\":\"budi@example.com\","
            + "\"firstName\":\"Budi\",\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"},"
            + "\"url\":{\"callbackUrl\":\"https://merchant.example.com/callbacks/payment\"}}";
    public static final String POST_BODY_SHA256 = "8d8c8186b5a1cfd7d29637b1a15c7dc0602100ad9b6a59b098d17478162acf8b";
    public static final String POST_STRING_TO_SIGN = "POST:/pg/payment/card/initiate:" + POST_BODY_SHA256
            + ":2026-11-21T10:15:30+07:00";
    public static final String POST_SIGNATURE = "7fd48bc5b9c597fda0f76230ddf5357fac4ed5d0ff616ded01cdd6fa932569ce"
            + "76aea541e630e27ce8f5cbfa57125b39b4ae904f374a4ff707f76975870add4e";

    public static final String GET_METHOD = "GET";
    public static final String GET_PATH = "/pg/payment/card/status/ORD-20261121-0001";
    public static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    public static final String GET_STRING_TO_SIGN = "GET:/pg/payment/card/status/ORD-20261121-0001:" + EMPTY_SHA256
            + ":2026-11-21T10:15:30+07:00";
    public static final String GET_SIGNATURE = "f3a778ffa8b4d9a7ab41e16b8c814bceb5dbfaca01192064e1a12f06d7b6909c"
            + "0f95bf5777ef47aaafcb8affc8e3c0960f6ffcc5756431460144b2ffccead4b6";

    private RequestVectors() {
    }
}
