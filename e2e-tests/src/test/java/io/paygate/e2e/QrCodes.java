package io.paygate.e2e;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Map;

/** Reads a rendered QR image to its text as a scanning app would (ZXing, told the image is a pure code). */
final class QrCodes {

    private QrCodes() {
    }

    static String decode(byte[] png) {
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
