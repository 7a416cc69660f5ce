package io.paygate.qa;

import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapNotificationVerifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@link CallbackReceiver} checks a SNAP notification against: the merchant it is for, and the verifier of that
 * merchant's own gateway keys, made once, when first needed (fetching the keys may fail until the deployment is up: a
 * failure is not kept, the next notification tries again).
 */
final class SnapExpectation {

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", Pattern.DOTALL);

    private final String merchantId;
    private final Supplier<SnapNotificationVerifier> source;
    private SnapNotificationVerifier verifier;

    SnapExpectation(String merchantId, Supplier<SnapNotificationVerifier> source) {
        this.merchantId = merchantId;
        this.source = source;
    }

    String merchantId() {
        return merchantId;
    }

    synchronized SnapNotificationVerifier verifier() {
        if (verifier == null) {
            verifier = source.get();
        }
        return verifier;
    }

    /** Whether a request carries the SNAP notification headers (contract §9), not only §6's. */
    static boolean isSnap(Map<String, String> headers) {
        return headers.containsKey(SnapHeaders.EXTERNAL_ID) || headers.containsKey(SnapHeaders.CHANNEL_ID);
    }

    /** Each {@code BEGIN PUBLIC KEY} block of {@code text}; the text itself when it has none (base64 DER). */
    static List<String> pemBlocks(String text) {
        List<String> blocks = new ArrayList<>();
        Matcher block = PEM.matcher(text);
        while (block.find()) {
            blocks.add(block.group());
        }
        if (blocks.isEmpty()) {
            blocks.add(text.strip());
        }
        return blocks;
    }
}
