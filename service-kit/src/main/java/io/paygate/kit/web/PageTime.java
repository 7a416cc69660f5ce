package io.paygate.kit.web;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Times on the customer pages as people in Indonesia write them (docs/contract.md §2): {@code 25 Nov 2026, 23:29 WIB}, the
 * month abbreviated in the page's language ({@code Agu}, {@code Okt}, {@code Des} in Indonesian), in the gateway's
 * zone with its Indonesian name (WIB, WITA, WIT) or, elsewhere, its usual short name ({@code CET}, {@code UTC}).
 */
public final class PageTime {

    // Month names spelled out here, not taken from the JDK's locale data: a native image carries only the locales
    // it was built with, and CLDR's abbreviations change between JDKs ("Sep"/"Sept"); the page's form is fixed.
    private static final List<String> MONTHS_EN =
            List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");
    private static final List<String> MONTHS_ID =
            List.of("Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des");
    private static final Map<String, String> INDONESIAN_ZONES = Map.of(
            "Asia/Jakarta", "WIB", "Asia/Pontianak", "WIB",
            "Asia/Makassar", "WITA", "Asia/Ujung_Pandang", "WITA",
            "Asia/Jayapura", "WIT");
    private static final DateTimeFormatter ZONE_NAME = DateTimeFormatter.ofPattern("zzz", Locale.ENGLISH);
    private static final DateTimeFormatter EN = formatter(MONTHS_EN);
    private static final DateTimeFormatter ID = formatter(MONTHS_ID);

    private PageTime() {
    }

    /** {@code 25 Nov 2026, 23:29 WIB}: {@code instant} in {@code zone}, the month in {@code language}. */
    public static String format(Instant instant, ZoneId zone, PageLanguage language) {
        ZonedDateTime time = instant.atZone(zone);
        return (language == PageLanguage.ID ? ID : EN).format(time) + " " + zoneName(time);
    }

    /** WIB, WITA or WIT for Indonesia's zones; otherwise the zone's short English name at that time. */
    public static String zoneName(ZonedDateTime time) {
        String indonesian = INDONESIAN_ZONES.get(time.getZone().getId());
        return indonesian != null ? indonesian : ZONE_NAME.format(time);
    }

    private static DateTimeFormatter formatter(List<String> months) {
        Map<Long, String> names = new HashMap<>();
        for (int i = 0; i < months.size(); i++) {
            names.put((long) i + 1, months.get(i));
        }
        return new DateTimeFormatterBuilder()
                .appendValue(ChronoField.DAY_OF_MONTH)
                .appendLiteral(' ')
                .appendText(ChronoField.MONTH_OF_YEAR, names)
                .appendLiteral(' ')
                .appendValue(ChronoField.YEAR, 4)
                .appendPattern(", HH:mm")
                .toFormatter(Locale.ROOT);
    }
}
