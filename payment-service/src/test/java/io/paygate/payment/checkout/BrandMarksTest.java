package io.paygate.payment.checkout;

import io.paygate.model.api.payment.PaymentMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The marks of the hosted page (docs/contract.md §2): every brand a method stands for has its badge, readable in the
 * page's stylesheet (white text on its colour at 4.5:1 or more, as WCAG AA asks of text), and every mark file sits
 * beside a NOTICE that names its source and licence.
 */
class BrandMarksTest {

    static final Path MARKS = Path.of("src/main/resources/paygate/marks");
    static final Path STYLE = Path.of("src/main/resources/templates/includes/style.html");

    @Test
    void everyMethodOfOneBrandHasABadgeNamedAsTheBrandWritesIt() {
        for (PaymentMethod method : PaymentMethod.values()) {
            BrandMarks.Badge badge = BrandMarks.of(method);
            if (method == PaymentMethod.CARD || method == PaymentMethod.DIRECT_DEBIT) {
                assertNull(badge, method + " is many brands");
                continue;
            }
            assertNotNull(badge, method.name());
            assertEquals(MethodChoices.name(method, null), badge.text(), "the badge reads as the button's name");
        }
        assertEquals(new BrandMarks.Badge("cimb", "CIMB Niaga"), BrandMarks.of(PaymentMethod.VA_CIMB));
        assertEquals(new BrandMarks.Badge("mandiri", "Mandiri"), BrandMarks.of(PaymentMethod.VA_MANDIRI));
        assertEquals(new BrandMarks.Badge("shopeepay", "ShopeePay"), BrandMarks.of(PaymentMethod.SHOPEEPAY));
    }

    @Test
    void aDirectDebitSourceShowsItsBanksBadge() {
        assertEquals(new BrandMarks.Badge("bca", "BCA"), BrandMarks.ofDirectDebit("BCA_DD"));
        assertEquals(new BrandMarks.Badge("bri", "BRI"), BrandMarks.ofDirectDebit("BRI_DD"));
        assertEquals(new BrandMarks.Badge("bni", "BNI"), BrandMarks.ofDirectDebit("BNI_DD"));
        assertEquals(new BrandMarks.Badge("mandiri", "Mandiri"), BrandMarks.ofDirectDebit("MANDIRI_DD"));
        assertNull(BrandMarks.ofDirectDebit("ALFAMART_DD"), "a store is no bank");
        assertNull(BrandMarks.ofDirectDebit("XYZ_DD"));
        assertNull(BrandMarks.ofDirectDebit("BCA"));
        assertNull(BrandMarks.ofDirectDebit(null));
    }

    @Test
    void everyBadgeHasItsColourAndWhiteTextIsReadableOnIt() throws IOException {
        String style = Files.readString(STYLE);
        for (PaymentMethod method : PaymentMethod.values()) {
            BrandMarks.Badge badge = BrandMarks.of(method);
            if (badge == null) {
                continue;
            }
            Matcher rule = Pattern.compile("\\.mark-" + badge.key() + "\\{background:#([0-9a-f]{6})[;}]")
                    .matcher(style);
            assertTrue(rule.find(), "style.html has .mark-" + badge.key());
            double contrast = contrast(rule.group(1), "ffffff");
            assertTrue(contrast >= 4.5, badge.key() + ": white on #" + rule.group(1) + " is " + contrast + ":1");
        }
    }

    @Test
    void everyMarkFileIsNamedInTheNoticeWithItsSourceAndLicence() throws IOException {
        String notice = Files.readString(MARKS.resolve("NOTICE.md"));
        List<String> files;
        try (Stream<Path> listed = Files.list(MARKS)) {
            files = listed.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".svg")).sorted().toList();
        }
        assertEquals(Set.of("amex.svg", "jcb.svg", "mastercard.svg", "visa.svg"), Set.copyOf(files));
        for (String file : files) {
            Matcher row = Pattern.compile("(?m)^\\| `" + Pattern.quote(file) + "` \\|[^|]+\\| npm `[^`]+` [^|]+\\| "
                    + "(CC0-1.0|MIT|Apache-2.0|CC-BY-4.0) \\|$").matcher(notice);
            assertTrue(row.find(), file + " has its source and licence in NOTICE.md");
            String svg = Files.readString(MARKS.resolve(file));
            assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\""), file);
            for (String unwanted : List.of("<script", "style", "href", "http://", "https://", "<foreignObject",
                    " on")) {
                assertFalse(svg.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").contains(unwanted),
                        file + " holds " + unwanted);
            }
        }
        assertTrue(Files.readString(MARKS.resolve("LICENSE-CC0-1.0.txt")).startsWith("CC0 1.0 Universal"));
        for (BrandMarks.CardNetwork network : BrandMarks.CardNetwork.values()) {
            assertTrue(files.contains(network.file() + ".svg"), network.name());
        }
    }

    @Test
    void longNumbersAreWrittenInGroupsOfFour() {
        assertEquals("8808 1234 5678 9012", Instructions.grouped("8808123456789012"));
        assertEquals("3910 8123 4567 8901 23", Instructions.grouped("391081234567890123"));
        assertEquals("1234 5678", Instructions.grouped("12345678"));
        assertEquals("70012", Instructions.grouped("70012"), "a biller code stays as it is");
        assertEquals("IDM1234567890", Instructions.grouped("IDM1234567890"), "a store code stays as it is");
        assertNull(Instructions.grouped(null));
        Instructions.Detail va = new Instructions.Detail("pay-number", "VA", "8808123456789012", true, true, "Copy");
        assertEquals("8808 1234 5678 9012", va.shown());
        assertTrue(va.regrouped());
        assertFalse(new Instructions.Detail("amount-to-pay", "Amount", "Rp 150.000", false, false, null).regrouped());
    }

    /** WCAG 2 contrast ratio of two sRGB colours ({@code rrggbb}). */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16) / 255.0;
            c[i] = v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }
}
