package io.paygate.merchant.operator;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.model.crypto.Hmac;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The opaque keyset cursors of the operator lists (docs/contract.md §10): the position after the last item returned,
 * bound to its list and signed, so a cursor the service did not issue (or issued for the other list) is
 * {@code 400SS01 cursor}. Keyed from {@code gateway.events.signing-key}, which every replica holds.
 */
@ApplicationScoped
class Cursors {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final int MAX_LENGTH = 256;

    private final Hmac hmac;

    Cursors(GatewayConfig config) {
        byte[] key = Hmac.sha256(config.events().signingKey().getBytes(StandardCharsets.UTF_8))
                .mac("paygate operator cursor v1".getBytes(StandardCharsets.UTF_8));
        this.hmac = Hmac.sha256(key);
    }

    String issue(String list, String position) {
        byte[] payload = (list + "\n" + position).getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(hmac.mac(payload));
    }

    /** The position a cursor names, null for none; {@code 400SS01 cursor} for one this service did not issue. */
    String read(String list, String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        try {
            int dot = cursor.indexOf('.');
            byte[] payload = DECODER.decode(cursor.substring(0, dot));
            byte[] mac = DECODER.decode(cursor.substring(dot + 1));
            String[] parts = new String(payload, StandardCharsets.UTF_8).split("\n", 2);
            if (cursor.length() > MAX_LENGTH || !MessageDigest.isEqual(hmac.mac(payload), mac) || parts.length != 2
                    || !parts[0].equals(list)) {
                throw ApiException.invalidFormat("cursor");
            }
            return parts[1];
        } catch (RuntimeException e) {
            throw ApiException.invalidFormat("cursor");
        }
    }
}
