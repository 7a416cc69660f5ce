package io.paygate.payment.checkout;

import io.paygate.payment.sandbox.QrisPayload;
import io.paygate.payment.support.QrDecoder;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QrImagesTest {

    /** Encoded with ZXing's own choice (version 10, mask 2) its detector finds a false finder pattern. */
    static final String FALSE_FINDER = "00020101021226520018ID.PAYGATE.SANDBOX011993606381835968184860303UMI51440014"
            + "ID.CO.QRIS.WWW0215ID10260000000010303UMI52045999530336054061500005802ID5910Demo Store6007JAKARTA62270523"
            + "SBX16931405475104354933630493F8";

    @Test
    void aPayloadWhoseBestMaskMisleadsAScannerIsDrawnWithOneThatALocatingScannerReads() throws Exception {
        assertEquals(FALSE_FINDER, located(QrImages.png(FALSE_FINDER)).orElseThrow());
        assertEquals(FALSE_FINDER, QrDecoder.decode(QrImages.png(FALSE_FINDER)));
    }

    @Test
    void everySandboxQrisCodeReadsBackFromItsImage() throws Exception {
        Random random = new Random(23);
        for (int i = 0; i < 150; i++) {
            String payload = QrisPayload.dynamic("ID.PAYGATE.SANDBOX", "9360" + digits(random, 15), "ID1026000000001",
                    "Demo Store", "JAKARTA", new BigDecimal("150000.00"), "SBX" + digits(random, 20));
            byte[] png = QrImages.png(payload);
            assertTrue(png.length > 0 && png.length < 60 * 1024, "small enough for the sandbox QRIS app's upload");
            assertEquals(payload, located(png).orElse(null), "payload " + i);
        }
    }

    @Test
    void anImageWithoutAQrOrNotAnImageReadsAsNothing() {
        assertTrue(QrImageReader.read("not an image".getBytes()).isEmpty());
        assertTrue(QrImageReader.read(new byte[0]).isEmpty());
    }

    @Test
    void aPictureLargerThanAnyQrUploadIsNotDecoded() throws Exception {
        java.awt.image.BufferedImage huge = new java.awt.image.BufferedImage(QrImageReader.MAX_SIDE + 1, 10,
                java.awt.image.BufferedImage.TYPE_BYTE_BINARY);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(huge, "png", out);
        assertTrue(out.size() < 60 * 1024, "a small file");
        assertTrue(QrImageReader.read(out.toByteArray()).isEmpty(), "declared too wide: refused before decoding");
    }

    /** As a scanning app reads a photo: it must find the code in the picture first. */
    private static java.util.Optional<String> located(byte[] png) throws Exception {
        return QrImageReader.decode(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png)));
    }

    private static String digits(Random random, int n) {
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(random.nextInt(10));
        }
        return out.toString();
    }
}
