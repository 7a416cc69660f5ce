package io.paygate.payment.support;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Map;

/**
 * Reads a QR image back to its text, as a scanning app would (ZXing; the image is a rendered code, not a photo, so
 * the decoder is told so: its finder-pattern search misses about 3 % of perfectly rendered codes otherwise, which
 * zbarimg reads).
 */
public final class QrDecoder {

    private QrDecoder() {
    }

    public static String decode(byte[] png) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
            return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(
                    new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels))),
                    Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE)).getText();
        } catch (Exception e) {
            throw new AssertionError("not a readable QR image: " + e, e);
        }
    }
}
