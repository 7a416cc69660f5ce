package io.paygate.payment.provider.midtrans;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** One merchant's Midtrans account. The keys never leave this record except in the calls that need them. */
public record MidtransAccount(String merchantId, String serverKey, String clientKey, String baseUrl) {

    /** {@code Authorization: Basic base64(serverKey + ":")} (docs.midtrans.com "API Authorization and Headers"). */
    String basicAuthorization() {
        return "Basic " + Base64.getEncoder().encodeToString((serverKey + ":").getBytes(StandardCharsets.UTF_8));
    }

    /** Whether this account talks to Midtrans's sandbox, which moves no money. */
    public boolean sandbox() {
        return baseUrl.contains("sandbox.midtrans.com");
    }

    @Override
    public String toString() {
        return "MidtransAccount[" + merchantId + ", " + baseUrl + "]";
    }
}
