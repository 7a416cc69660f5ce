package io.paygate.payment.sandbox;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.Result;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import io.paygate.payment.checkout.QrImages;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QrisPayloadTest {

    private static final String PAYLOAD = QrisPayload.dynamic("ID.PAYGATE.SANDBOX", "936000000000000001",
            "ID1026000000001", "Toko Kopi Nusantara Jaya Abadi", "JAKARTA", new BigDecimal("150000.00"),
            "SBX12345678901234567890");

    @Test
    void crcIsCcittFalse() {
        assertEquals("29B1", QrisPayload.crc("123456789")); // the check value of CRC-16/CCITT-FALSE
        // A published QRIS sample: everything up to "6304" and its CRC
        String sample = "00020101021126570011ID.DANA.WWW011893600915302259148102090225914810303UMI"
                + "51440014ID.CO.QRIS.WWW0215ID10200176114730303UMI5204581253033605802ID"
                + "5922Warung Sayur Bu Sugeng6010Kab. Demak610559567630458C7";
        assertEquals("58C7", QrisPayload.crc(sample.substring(0, sample.length() - 4)));
    }

    @Test
    void buildsADynamicRupiahPayloadFieldByField() {
        QrisPayload qr = QrisPayload.parse(PAYLOAD);
        assertEquals(Optional.of("01"), qr.field("00"));
        assertEquals(Optional.of("12"), qr.field("01"), "dynamic: point of initiation 12");
        assertEquals(Optional.of("360"), qr.field("53"), "rupiah");
        assertEquals(Optional.of("150000"), qr.field("54"));
        assertEquals(Optional.of(new BigDecimal("150000")), qr.amount());
        assertEquals(Optional.of("ID"), qr.field("58"));
        assertEquals(Optional.of("Toko Kopi Nusantara Jaya"), qr.field("59"), "the name is cut to 25 characters");
        assertEquals(Optional.of("JAKARTA"), qr.field("60"));
        assertEquals(Optional.of("ID.CO.QRIS.WWW"), qr.field("51").flatMap(t -> QrisPayload.subfield(t, "00")));
        assertEquals(Optional.of("ID1026000000001"), qr.field("51").flatMap(t -> QrisPayload.subfield(t, "02")));
        assertEquals(Optional.of("SBX12345678901234567890"), qr.reference());
        assertTrue(PAYLOAD.endsWith("6304" + QrisPayload.crc(PAYLOAD.substring(0, PAYLOAD.length() - 4))));
    }

    @Test
    void refusesAPayloadWhoseCrcDoesNotMatch() {
        String edited = PAYLOAD.replace("5406150000", "5406100000");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QrisPayload.parse(edited));
        assertEquals("the CRC does not match the payload", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QrisPayload.parse(PAYLOAD.substring(0, PAYLOAD.length() - 8)));
        assertThrows(IllegalArgumentException.class, () -> QrisPayload.parse("hello"));
        assertThrows(IllegalArgumentException.class, () -> QrisPayload.parse(""));
    }

    @Test
    void keepsCentsOfAnAmountWithCents() {
        String payload = QrisPayload.dynamic("A", "1", "N", "M", "C", new BigDecimal("10000.50"), "R");
        assertEquals(Optional.of("10000.5"), QrisPayload.parse(payload).field("54"));
        assertEquals(Optional.of(new BigDecimal("10000.5")), QrisPayload.parse(payload).amount());
    }

    @Test
    void thePngDecodesToThePayload() throws Exception {
        byte[] png = QrImages.png(PAYLOAD);
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertTrue(image.getWidth() >= 300 && image.getHeight() >= 300, "at least 300 px");
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        Result decoded = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(
                new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels))),
                java.util.Map.of(com.google.zxing.DecodeHintType.PURE_BARCODE, Boolean.TRUE));
        assertEquals(PAYLOAD, decoded.getText());
    }
}
