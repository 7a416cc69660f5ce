package io.paygate.qa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The kit's settings: a system property ({@code -Dpaygate.base-url=…}) or, when it is absent or blank, the environment
 * variable of the same name in upper case with {@code _} for {@code .} and {@code -} ({@code PAYGATE_BASE_URL}).
 */
final class Settings {

    /** Each service's own URL, where there is no one base URL for all (the local stack). */
    static final List<String> SERVICE_URLS = List.of("paygate.payment-url", "paygate.binding-url",
            "paygate.notification-url");

    /** Where merchant-service is, as an error names it. */
    static final String MERCHANT_SERVICE_URL_SETTING = named("paygate.merchant-service-url") + " or "
            + named("paygate.base-url");

    /** Where ledger-service is, as an error names it. */
    static final String LEDGER_SERVICE_URL_SETTING = named("paygate.ledger-service-url") + " or "
            + named("paygate.base-url");

    /** An operator's bearer token, as an error names it. */
    static final String OPS_TOKEN_SETTING = named("paygate.ops-token");

    /**
     * Where the environment variables come from: the process's own. The kit's own tests replace it, so a suite run with
     * the settings exported (the QA guide's command, {@code -am} running the kit's tests too) does not change what
     * they see.
     */
    static UnaryOperator<String> environment = System::getenv;

    private Settings() {
    }

    static String get(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = environment.apply(environmentName(name));
        }
        return value == null || value.isBlank() ? null : value.strip();
    }

    static String getOr(String name, String fallback) {
        String value = get(name);
        return value == null ? fallback : value;
    }

    /** The SNAP private key: {@code paygate.snap.private-key-file}, else {@code paygate.snap.private-key}. */
    static String snapPrivateKey() {
        String file = get("paygate.snap.private-key-file");
        if (file != null) {
            try {
                return Files.readString(Path.of(file));
            } catch (IOException e) {
                throw new IllegalArgumentException("paygate-qa: cannot read paygate.snap.private-key-file " + file, e);
            }
        }
        String key = get("paygate.snap.private-key");
        if (key == null) {
            throw new IllegalArgumentException("paygate-qa: no SNAP key, missing " + named("paygate.snap.private-key-file")
                    + " or " + named("paygate.snap.private-key"));
        }
        return key;
    }

    static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /**
     * What {@link PaygateTarget#fromSystemProperties()} lacks, each as {@code paygate.x (PAYGATE_X)}; empty when it
     * has everything.
     */
    static List<String> missingForTarget() {
        List<String> missing = new ArrayList<>();
        if (get("paygate.base-url") == null) {
            List<String> services = SERVICE_URLS.stream().filter(name -> get(name) == null).toList();
            if (!services.isEmpty()) {
                missing.add(named("paygate.base-url") + " or " + String.join(", ", services));
            }
        }
        for (String name : List.of("paygate.merchant", "paygate.client-secret", "paygate.notification-secret")) {
            if (get(name) == null) {
                missing.add(named(name));
            }
        }
        return missing;
    }

    /**
     * What {@link MerchantAdmin#fromSystemProperties()} lacks: every service's URL (merchant-service's too, for the
     * operator API, and the others for the merchants it creates) and an operator's token; empty when it has them.
     */
    static List<String> missingForAdmin() {
        List<String> missing = new ArrayList<>();
        if (get("paygate.base-url") == null) {
            List<String> services = new ArrayList<>(SERVICE_URLS);
            services.add("paygate.merchant-service-url");
            services.removeIf(name -> get(name) != null);
            if (!services.isEmpty()) {
                missing.add(named("paygate.base-url") + " or " + String.join(", ", services));
            }
        }
        if (get("paygate.ops-token") == null) {
            missing.add(OPS_TOKEN_SETTING);
        }
        return missing;
    }

    static String named(String property) {
        return property + " (" + environmentName(property) + ")";
    }
}
