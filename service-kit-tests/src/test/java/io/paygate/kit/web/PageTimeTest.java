package io.paygate.kit.web;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PageTimeTest {

    static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");

    static Instant jakarta(int year, int month, int day, int hour, int minute) {
        return ZonedDateTime.of(year, month, day, hour, minute, 0, 0, JAKARTA).toInstant();
    }

    @Test
    void writesTheTimeAsPeopleInIndonesiaWriteIt() {
        Instant time = jakarta(2026, 11, 25, 23, 29);
        assertEquals("25 Nov 2026, 23:29 WIB", PageTime.format(time, JAKARTA, PageLanguage.ID));
        assertEquals("25 Nov 2026, 23:29 WIB", PageTime.format(time, JAKARTA, PageLanguage.EN));
    }

    @Test
    void abbreviatesEveryMonthInThePagesLanguage() {
        String[] indonesian = {"Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"};
        String[] english = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        for (int month = 1; month <= 12; month++) {
            Instant time = jakarta(2027, month, 1, 8, 5);
            assertEquals("1 " + indonesian[month - 1] + " 2027, 08:05 WIB", PageTime.format(time, JAKARTA, PageLanguage.ID));
            assertEquals("1 " + english[month - 1] + " 2027, 08:05 WIB", PageTime.format(time, JAKARTA, PageLanguage.EN));
        }
    }

    @Test
    void namesIndonesiasThreeZones() {
        Instant time = Instant.parse("2026-11-25T16:29:00Z");
        assertEquals("25 Nov 2026, 23:29 WIB", PageTime.format(time, JAKARTA, PageLanguage.ID));
        assertEquals("26 Nov 2026, 00:29 WITA", PageTime.format(time, ZoneId.of("Asia/Makassar"), PageLanguage.ID));
        assertEquals("26 Nov 2026, 01:29 WIT", PageTime.format(time, ZoneId.of("Asia/Jayapura"), PageLanguage.ID));
        assertEquals("25 Nov 2026, 23:29 WIB", PageTime.format(time, ZoneId.of("Asia/Pontianak"), PageLanguage.ID));
    }

    @Test
    void otherZonesGetTheirUsualShortName() {
        Instant winter = Instant.parse("2026-11-25T16:29:00Z");
        Instant summer = Instant.parse("2026-07-01T10:00:00Z");
        assertEquals("25 Nov 2026, 16:29 UTC", PageTime.format(winter, ZoneId.of("UTC"), PageLanguage.EN));
        assertEquals("25 Nov 2026, 17:29 CET", PageTime.format(winter, ZoneId.of("Europe/Berlin"), PageLanguage.EN));
        assertEquals("1 Jul 2026, 12:00 CEST", PageTime.format(summer, ZoneId.of("Europe/Berlin"), PageLanguage.ID));
        assertEquals("25 Nov 2026, 23:29 +07:00", PageTime.format(winter, ZoneId.of("+07:00"), PageLanguage.EN));
    }
}
