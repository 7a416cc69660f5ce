package io.paygate.kit.web;

import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The language of a customer page (docs/contract.md §2): Bahasa Indonesia or English. Chosen, first match wins, by the
 * page's switch ({@code ?lang=id|en}), then by the cookie the switch left ({@value #COOKIE}, so the choice survives
 * the forms' posts and their 303s), then by {@code Accept-Language}: Indonesian when the browser ranks {@code id}
 * above {@code en}, English otherwise. Anything else in the parameter or the cookie is ignored.
 */
public enum PageLanguage {
    EN("en"),
    ID("id");

    /** The query parameter of the switch's links. */
    public static final String PARAM = "lang";
    /** The cookie that keeps a switched language (path {@code /pg}, so the bank page follows the payment page). */
    public static final String COOKIE = "paygate_lang";
    /** Longest {@code Accept-Language} read; a longer one is a client we owe no preference (English). */
    private static final int MAX_ACCEPT_LANGUAGE = 512;

    private final String tag;
    private final Locale locale;

    PageLanguage(String tag) {
        this.tag = tag;
        this.locale = Locale.forLanguageTag(tag);
    }

    /** The BCP 47 tag: the page's {@code lang}, {@code Content-Language} and message bundle locale. */
    public String tag() {
        return tag;
    }

    public Locale locale() {
        return locale;
    }

    /** The language of this request's page. */
    public static PageLanguage of(HttpServerRequest request) {
        PageLanguage chosen = switched(request);
        if (chosen != null) {
            return chosen;
        }
        Cookie cookie = request.getCookie(COOKIE);
        PageLanguage remembered = cookie == null ? null : ofTag(cookie.getValue());
        return remembered != null ? remembered : fromAcceptLanguage(request.getHeader("Accept-Language"));
    }

    /** The language the switch asked for in this request's query ({@code ?lang=}), or null. */
    public static PageLanguage switched(HttpServerRequest request) {
        return ofTag(request.getParam(PARAM));
    }

    /** {@code id} or {@code en} exactly (any case), else null. */
    public static PageLanguage ofTag(String tag) {
        if (tag == null) {
            return null;
        }
        for (PageLanguage language : values()) {
            if (language.tag.equalsIgnoreCase(tag.strip())) {
                return language;
            }
        }
        return null;
    }

    /**
     * The supported language the header ranks highest (RFC 9110 §12.5.4: by q-value, a range of weight 0 means "not
     * this one", {@code in} is the old code of Indonesian); English when it names neither, only {@code *}, or is
     * unreadable.
     */
    public static PageLanguage fromAcceptLanguage(String header) {
        if (header == null || header.isBlank() || header.length() > MAX_ACCEPT_LANGUAGE) {
            return EN;
        }
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(header);   // sorted by weight, highest first, stable
        } catch (IllegalArgumentException malformed) {
            ranges = leniently(header);
        }
        for (Locale.LanguageRange range : ranges) {
            if (range.getWeight() <= 0) {
                continue;
            }
            String primary = range.getRange().split("-", 2)[0];
            if (primary.equals("id") || primary.equals("in")) {
                return ID;
            }
            if (primary.equals("en") || primary.equals("*")) {
                return EN;
            }
        }
        return EN;
    }

    /**
     * A header Java refuses, entry by entry: a malformed weight counts as 1 (Chromium, told a list with weights,
     * sends {@code id;q=0.9;q=0.9}); an entry with no readable tag is left out.
     */
    private static List<Locale.LanguageRange> leniently(String header) {
        List<Locale.LanguageRange> ranges = new ArrayList<>();
        for (String entry : header.split(",")) {
            try {
                ranges.addAll(Locale.LanguageRange.parse(entry));
            } catch (IllegalArgumentException malformed) {
                try {
                    ranges.addAll(Locale.LanguageRange.parse(entry.split(";", 2)[0]));
                } catch (IllegalArgumentException unreadable) {
                    // not a language
                }
            }
        }
        ranges.sort(Comparator.comparingDouble(Locale.LanguageRange::getWeight).reversed());
        return ranges;
    }
}
