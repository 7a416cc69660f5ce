package io.paygate.testsupport.midtrans;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The {@code signature_key} of a Midtrans HTTP notification and status answer: lowercase hex
 * SHA-512 of {@code order_id + status_code + gross_amount + server key}, the strings exactly as sent
 * (docs.midtrans.com "Handling HTTP Notification"). Tests use it to forge notifications.
 */
public final class MidtransSignature {

    private MidtransSignature() {
    }

    public static String of(String orderId, String statusCode, String grossAmount, String serverKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-512")
                    .digest((orderId + statusCode + grossAmount + serverKey).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
