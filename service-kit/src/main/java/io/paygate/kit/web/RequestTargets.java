package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Locale;

/**
 * docs/contract.md §0: the merchant signature covers the request target exactly as sent on the request line, so the target
 * must mean one resource only. A path holding {@code ;} (matrix parameters, which the framework drops from the path it
 * matches), {@code //}, a {@code .} or {@code ..} segment (removed by normalisation), or an encoded {@code /}, {@code ;},
 * {@code .} or {@code %} ({@code %2F}, {@code %3B}, {@code %2E}, {@code %25}, decoded after the match) is refused with
 * {@code 400SS00} before any route runs: what is signed and what is acted on are always the same string.
 */
@ApplicationScoped
public class RequestTargets {

    /** After the per-address bound, before the body size limit. */
    static final int PRIORITY = BodySizeLimit.PRIORITY + 100;
    static final String DETAIL = "ambiguous request target";

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> {
            if (isAmbiguous(context.request().uri())) {
                EarlyReply.send(context, serviceCodes, ErrorCase.BAD_REQUEST, DETAIL);
                return;
            }
            context.next();
        }, PRIORITY);
    }

    /**
     * Whether the path of {@code target} (the request line's target: origin form {@code /a/b?q}, or absolute form
     * {@code http://host/a/b?q}) is one of the refused forms. The query is not looked at: its parameters are decoded
     * one way only.
     */
    public static boolean isAmbiguous(String target) {
        if (target == null) {
            return true;
        }
        String path = target;
        int query = path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        int scheme = path.indexOf("://");
        if (scheme >= 0 && !path.startsWith("/")) {
            int slash = path.indexOf('/', scheme + 3);
            path = slash < 0 ? "/" : path.substring(slash);
        }
        if (path.indexOf(';') >= 0 || path.contains("//")) {
            return true;
        }
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%3b") || lower.contains("%2e") || lower.contains("%25")) {
            return true;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return true;
            }
        }
        return false;
    }
}
