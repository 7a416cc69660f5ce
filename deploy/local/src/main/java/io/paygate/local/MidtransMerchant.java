package io.paygate.local;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A merchant of the local stack that pays through the Midtrans Core API channel instead of the sandbox (docs/contract.md §2,
 * {@code deploy/local/run --midtrans-merchant ID}): its {@code gateway.merchants.<id>.provider=midtrans} and
 * {@code .midtrans.server-key|client-key|base-url} lines. The keys come from the environment, never the command line
 * (every user of the machine reads command lines in {@code ps}).
 *
 * @param id        a merchant the stack configures ({@code demo}, {@code demo2}, or one added with {@code --set})
 * @param serverKey the Midtrans server key ({@code SB-Mid-server-…} on Midtrans's sandbox)
 * @param clientKey the Midtrans client key ({@code SB-Mid-client-…})
 * @param baseUrl   the Core API's base URL: Midtrans's sandbox unless told otherwise (e.g. a simulator's)
 */
public record MidtransMerchant(String id, String serverKey, String clientKey, String baseUrl) {

    /** Midtrans's sandbox Core API: test cards, no money (docs.midtrans.com/docs/testing-payment-on-sandbox). */
    public static final String SANDBOX_BASE_URL = "https://api.sandbox.midtrans.com";
    public static final String SERVER_KEY_ENV = "MIDTRANS_SERVER_KEY";
    public static final String CLIENT_KEY_ENV = "MIDTRANS_CLIENT_KEY";
    /** Where Midtrans's HTTP notifications go on payment-service (the URL to give Midtrans's dashboard). */
    public static final String NOTIFICATION_PATH = "/pg/provider/midtrans/notification";

    /** A merchant id as a configuration key segment: no dot, no space, nothing a properties file reads specially. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

    /** @throws IllegalArgumentException on an id that cannot be a key segment, a missing key or a bad URL */
    public MidtransMerchant {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("--midtrans-merchant: a merchant id is 1-64 letters, digits, '_' or '-',"
                    + " not '" + id + "'");
        }
        serverKey = key(serverKey, SERVER_KEY_ENV, id);
        clientKey = key(clientKey, CLIENT_KEY_ENV, id);
        baseUrl = baseUrl(baseUrl);
    }

    /** The merchant {@code id} with the keys of {@code environment} and {@code baseUrl} (null: Midtrans's sandbox). */
    static MidtransMerchant fromEnvironment(String id, String baseUrl, Map<String, String> environment) {
        return new MidtransMerchant(id, environment.get(SERVER_KEY_ENV), environment.get(CLIENT_KEY_ENV),
                baseUrl == null ? SANDBOX_BASE_URL : baseUrl);
    }

    /** The configuration lines of this merchant's channel; only payment-service gets the keys ({@link #paymentOnly}). */
    public List<String> configLines() {
        String prefix = "gateway.merchants." + id + ".";
        return List.of(prefix + "provider=midtrans",
                prefix + "midtrans.server-key=" + serverKey,
                prefix + "midtrans.client-key=" + clientKey,
                prefix + "midtrans.base-url=" + baseUrl);
    }

    /** Whether a configuration line is a Midtrans key or URL, which only payment-service (the channel) reads. */
    static boolean paymentOnly(String line) {
        return line.startsWith("gateway.merchants.") && line.contains(".midtrans.");
    }

    /** What the launcher prints about the merchants on the Midtrans channel among {@code lines}, never a key. */
    static List<String> describe(List<String> lines, String paymentBaseUrl) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String[] keyValue = line.split("=", 2);
            if (keyValue.length == 2 && keyValue[0].startsWith("gateway.merchants.")
                    && keyValue[0].endsWith(".midtrans.base-url")) {
                String id = keyValue[0].substring("gateway.merchants.".length(),
                        keyValue[0].length() - ".midtrans.base-url".length());
                out.add("  " + id + " pays through Midtrans at " + keyValue[1] + "; notification URL "
                        + paymentBaseUrl + NOTIFICATION_PATH);
            }
        }
        if (!out.isEmpty()) {
            out.addFirst("Merchants on the Midtrans channel (their keys are payment-service's alone):");
        }
        return out;
    }

    private static String key(String key, String env, String id) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("--midtrans-merchant " + id + " needs " + env + " in the environment"
                    + " (Midtrans dashboard: Settings > Access Keys)");
        }
        if (!key.strip().chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new IllegalArgumentException(env + " is printable ASCII without spaces");
        }
        return key.strip();
    }

    private static String baseUrl(String url) {
        if (url == null) {
            throw new IllegalArgumentException("--midtrans-base-url is an http(s) URL");
        }
        try {
            URI uri = new URI(url);
            boolean web = "https".equals(uri.getScheme()) || "http".equals(uri.getScheme());
            if (!web || uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new IllegalArgumentException("--midtrans-base-url is an http(s) URL without query, not " + url);
            }
            return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--midtrans-base-url is an http(s) URL, not " + url);
        }
    }

    @Override
    public String toString() { // never the keys
        return "MidtransMerchant[" + id + " at " + baseUrl + "]";
    }
}
