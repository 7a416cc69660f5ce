package io.paygate.payment.provider.midtrans;

import io.paygate.model.crypto.Digests;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The {@code signature_key} of a Midtrans notification: lowercase hex SHA-512 of
 * {@code order_id + status_code + gross_amount + server key}, over the strings exactly as received
 * (docs.midtrans.com "Handling HTTP Notification"), compared in constant time.
 */
final class MidtransSignatureCheck {

    private MidtransSignatureCheck() {
    }

    static String sign(String orderId, String statusCode, String grossAmount, String serverKey) {
        try {
            return Digests.hex(MessageDigest.getInstance("SHA-512")
                    .digest((orderId + statusCode + grossAmount + serverKey).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean verify(MidtransTransaction t, String serverKey) {
        if (t.orderId() == null || t.statusCode() == null || t.grossAmount() == null || t.signatureKey() == null) {
            return false;
        }
        return Digests.hexEquals(sign(t.orderId(), t.statusCode(), t.grossAmount(), serverKey), t.signatureKey());
    }
}
