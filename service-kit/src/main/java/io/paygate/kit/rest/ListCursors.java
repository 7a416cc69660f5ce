package io.paygate.kit.rest;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.model.crypto.Hmac;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * The opaque keyset cursors of the lists (docs/contract.md §3b): the position after the last item returned (its time and id),
 * bound to the list and the merchant, and signed, so a cursor the gateway did not issue, or issued to another merchant
 * or list, is {@code 400SS01 Invalid Field Format cursor}. The key is derived from {@code gateway.events.signing-key},
 * which every replica holds, so any replica continues any other's list.
 */
@ApplicationScoped
public class ListCursors {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final Hmac hmac;

    protected ListCursors(GatewayConfig config) {
        byte[] key = Hmac.sha256(config.events().signingKey().getBytes(StandardCharsets.UTF_8))
                .mac("paygate list cursor v1".getBytes(StandardCharsets.UTF_8));
        this.hmac = Hmac.sha256(key);
    }

    /** A position: after the item created at {@code at} with id {@code id}. */
    public record Position(Instant at, String id) {
    }

    public String issue(String list, String merchantId, Position after) {
        String payload = list + "\n" + merchantId + "\n" + after.at().getEpochSecond() + "." + after.at().getNano()
                + "\n" + after.id();
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(bytes) + "." + ENCODER.encodeToString(hmac.mac(bytes));
    }

    /**
     * The position a cursor names; empty for none.
     *
     * @throws ApiException {@code 400SS01 Invalid Field Format cursor} for anything this gateway did not issue to this
     *                      merchant for this list
     */
    public Optional<Position> read(String list, String merchantId, String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return Optional.empty();
        }
        try {
            int dot = cursor.indexOf('.');
            byte[] payload = DECODER.decode(cursor.substring(0, dot));
            byte[] mac = DECODER.decode(cursor.substring(dot + 1));
            if (cursor.length() > 512 || !MessageDigest.isEqual(hmac.mac(payload), mac)) {
                throw ApiException.invalidFormat("cursor");
            }
            String[] parts = new String(payload, StandardCharsets.UTF_8).split("\n", -1);
            if (parts.length != 4 || !parts[0].equals(list) || !parts[1].equals(merchantId)) {
                throw ApiException.invalidFormat("cursor");
            }
            String[] time = parts[2].split("\\.");
            return Optional.of(new Position(Instant.ofEpochSecond(Long.parseLong(time[0]), Long.parseLong(time[1])),
                    parts[3]));
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            throw ApiException.invalidFormat("cursor");
        }
    }
}
