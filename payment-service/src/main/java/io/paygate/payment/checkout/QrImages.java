package io.paygate.payment.checkout;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** A QR payload as a PNG (docs/contract.md §2a: at least 300 px): ZXing's encoder, the JDK's PNG writer. */
public final class QrImages {

    /** Side of the image in pixels, quiet zone included. */
    public static final int SIZE = 360;
    private static final int MASKS = 8;

    private QrImages() {
    }

    /**
     * The PNG bytes of a QR code (error correction M, 4-module quiet zone) that encodes {@code payload}: QRIS payloads
     * are ASCII, so no ECI header (some scanning apps stumble on one). The image is read back before it is given out:
     * with some masks (seen with version 10, mask 2, about one QRIS payload in sixteen) a locating scanner such as
     * ZXing's finds a false finder pattern and cannot read the code, so another mask is taken until one reads.
     */
    public static byte[] png(String payload) {
        BufferedImage image = image(encode(payload, null));
        if (!reads(image, payload)) {
            for (int mask = 0; mask < MASKS; mask++) {
                BufferedImage other = image(encode(payload, mask));
                if (reads(other, payload)) {
                    image = other;
                    break;
                }
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static BitMatrix encode(String payload, Integer mask) {
        Map<EncodeHintType, Object> hints = new EnumMap<>(EncodeHintType.class);
        hints.put(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M);
        hints.put(EncodeHintType.MARGIN, 4);
        if (mask != null) {
            hints.put(EncodeHintType.QR_MASK_PATTERN, mask);
        }
        try {
            return new QRCodeWriter().encode(payload, BarcodeFormat.QR_CODE, SIZE, SIZE, hints);
        } catch (WriterException e) {
            throw new IllegalArgumentException("payload too long for a QR code", e);
        }
    }

    private static BufferedImage image(BitMatrix matrix) {
        BufferedImage image = new BufferedImage(matrix.getWidth(), matrix.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < matrix.getHeight(); y++) {
            for (int x = 0; x < matrix.getWidth(); x++) {
                image.setRGB(x, y, matrix.get(x, y) ? 0xFF000000 : 0xFFFFFFFF);
            }
        }
        return image;
    }

    private static boolean reads(BufferedImage image, String payload) {
        Optional<String> text = QrImageReader.decode(image);
        return text.isPresent() && text.get().equals(payload);
    }
}
