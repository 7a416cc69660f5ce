package io.paygate.testsupport.midtrans;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The simulator's QR codes: a dynamic QRIS payload (EMVCo merchant-presented, currency 360, the amount, a CRC-16/CCITT
 * in tag 63) as Midtrans's {@code qr_string}, and its PNG as Midtrans's {@code generate-qr-code} action serves it.
 */
final class SimQris {

    private SimQris() {
    }

    /** A dynamic QRIS payload for {@code amount}, naming {@code reference} in its additional data. */
    static String payload(String acquirer, BigDecimal amount, String reference) {
        String merchantAccount = tag("00", "ID.CO." + acquirer.toUpperCase() + ".WWW") + tag("01", "936009140000000001")
                + tag("02", "G000000000") + tag("03", "UMI");
        String body = tag("00", "01") + tag("01", "12") + tag("26", merchantAccount) + tag("52", "5812")
                + tag("53", "360") + tag("54", amount.stripTrailingZeros().toPlainString()) + tag("58", "ID")
                + tag("59", "MIDTRANS SIMULATOR") + tag("60", "JAKARTA")
                + tag("62", tag("05", reference.length() > 25 ? reference.substring(0, 25) : reference)) + "6304";
        return body + crc(body);
    }

    /** The payload as a PNG, 300 px. */
    static byte[] png(String payload) {
        try {
            BitMatrix m = new QRCodeWriter().encode(payload, BarcodeFormat.QR_CODE, 300, 300,
                    Map.of(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name(), EncodeHintType.MARGIN, 2));
            BufferedImage image = new BufferedImage(m.getWidth(), m.getHeight(), BufferedImage.TYPE_BYTE_BINARY);
            for (int y = 0; y < m.getHeight(); y++) {
                for (int x = 0; x < m.getWidth(); x++) {
                    image.setRGB(x, y, m.get(x, y) ? 0x000000 : 0xFFFFFF);
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (WriterException | IOException e) {
            throw new IllegalStateException("could not draw the QR code", e);
        }
    }

    private static String tag(String id, String value) {
        return id + "%02d".formatted(value.length()) + value;
    }

    /** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) as four upper-case hex digits, as QRIS tag 63 wants. */
    static String crc(String data) {
        int crc = 0xFFFF;
        for (byte b : data.getBytes(StandardCharsets.UTF_8)) {
            crc ^= (b & 0xFF) << 8;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
                crc &= 0xFFFF;
            }
        }
        return "%04X".formatted(crc);
    }
}
