package io.paygate.payment.checkout;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.ReaderException;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the text of a QR code in an uploaded image (the sandbox QRIS app's "upload the QR"), as a scanning app would:
 * the JDK's ImageIO decodes the picture, ZXing finds and reads the code. The upload is a stranger's: its declared size
 * is checked before a pixel is decoded, so a small file claiming a huge picture costs nothing.
 */
public final class QrImageReader {

    /** Largest side accepted; a saved payment page QR is {@value QrImages#SIZE} px. */
    static final int MAX_SIDE = 2000;

    private QrImageReader() {
    }

    /** The QR's text; empty when the bytes are no image this JDK reads, too large, or hold no readable QR. */
    public static Optional<String> read(byte[] bytes) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            if (in == null) {
                return Optional.empty();
            }
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return Optional.empty();
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
                    return Optional.empty();
                }
                BufferedImage image = reader.read(0);
                // a photo needs the locating search; a code saved from a page is also read as the whole picture
                return decode(image).or(() -> decodeWhole(image));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a malformed image is no QR, whatever the decoder threw
        }
    }

    /** The QR's text in a decoded picture, as a locating scanner reads it (no hint that the code fills the image). */
    static Optional<String> decode(BufferedImage image) {
        return decode(image, Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE));
    }

    /** The QR's text in a picture that is nothing but the code and its quiet zone (a rendered code, not a photo). */
    private static Optional<String> decodeWhole(BufferedImage image) {
        return decode(image, Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE));
    }

    private static Optional<String> decode(BufferedImage image, Map<DecodeHintType, ?> hints) {
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        try {
            return Optional.of(new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(
                    new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels))), hints).getText());
        } catch (ReaderException e) {
            return Optional.empty();
        }
    }
}
